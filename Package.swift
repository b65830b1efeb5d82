// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PatternLint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "patternlint", targets: ["patternlint"]),
        .library(name: "SwiftLexer", targets: ["SwiftLexer"]),
        .library(name: "Support", targets: ["Support"]),
        .library(name: "Notes", targets: ["Notes"]),
        // The linter as a library: the engine, the rules PatternLint ships, and the reporters.
        .library(name: "Lint", targets: ["LintEngine", "BuiltinRules", "Reporters", "SwiftUIModel", "ProjectSettings"]),
        // For apps: lint a target on every build, or on demand with `swift package patternlint`.
        .plugin(name: "PatternLintBuildToolPlugin", targets: ["PatternLintBuildToolPlugin"]),
        .plugin(name: "PatternLintCommandPlugin", targets: ["PatternLintCommandPlugin"]),
        .plugin(name: "PatternLintFixPlugin", targets: ["PatternLintFixPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `patternlint mcp`: the official Model Context Protocol SDK (its MCP library needs swift-log and swift-system).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // Already in the build through the SDK; named for the `Logger` our own stdio transport declares.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
        // libcmark, found through pkg-config; only the Notes module talks to it.
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Small utilities every module uses: file reads and atomic writes, escaping, parallel slots, timing.
        .target(name: "Support", dependencies: ["Yams"]),
        // A bump allocator per thread for cmark's parse of a note (C: thread-local, called per node).
        .target(name: "CMarkArena"),
        .target(name: "Notes", dependencies: ["CCMark", "CMarkArena", "Yams", "Support"]),
        // The lexer has no dependencies at all, by design.
        .target(name: "SwiftLexer"),
        // The layers of the linter; each arrow is a dependency, and nothing depends on a rule:
        // SwiftLexer → SwiftUIModel (what SwiftUI code means: per-file facts, the project index)
        // → LintEngine (rule contracts, session, configuration, baseline, fixer) ← BuiltinRules;
        // Reporters read findings; ProjectSettings reads Xcode projects and packages.
        .target(name: "SwiftUIModel", dependencies: ["SwiftLexer", "Support"]),
        .target(name: "ProjectSettings", dependencies: ["Support"]),
        .target(name: "LintEngine", dependencies: ["SwiftLexer", "SwiftUIModel", "ProjectSettings", "Support", "Notes", "Yams"]),
        .target(name: "BuiltinRules", dependencies: ["LintEngine", "SwiftUIModel", "SwiftLexer", "Support"]),
        .target(name: "Reporters", dependencies: ["LintEngine", "Support", "Notes"]),
        // `import-swiftlint`: a .swiftlint.yml's custom_rules as team rule files; only the CLI uses it.
        .target(name: "SwiftLintImport", dependencies: ["LintEngine", "SwiftLexer", "SwiftUIModel", "Support", "Yams"]),
        // The shipped Rules/ and notes/, compiled into the binary from Sources/Catalog/EmbeddedCatalog.swift,
        // which scripts/embed-catalog writes with EmbedTool (a test fails while it is stale), with the rule
        // registry and the README's rule table. Never depends on Lint: a stale registry must not stop it.
        .target(name: "CatalogGenerator", dependencies: ["Notes", "SwiftLexer"]),
        .executableTarget(name: "EmbedTool", dependencies: ["CatalogGenerator"]),
        .target(name: "Catalog", dependencies: ["Notes"]),
        // `patternlint lsp`: its own small JSON-RPC over stdio, no protocol package.
        .target(
            name: "LanguageServer",
            dependencies: [
                "SwiftLexer", "LintEngine", "BuiltinRules", "Reporters", "SwiftUIModel", "Support", "Notes", "Catalog",
            ]),
        .executableTarget(
            name: "patternlint",
            dependencies: [
                "Support", "Notes", "SwiftLexer", "SwiftUIModel", "ProjectSettings", "LintEngine", "BuiltinRules", "Reporters",
                "SwiftLintImport", "Catalog", "LanguageServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .plugin(name: "PatternLintBuildToolPlugin", capability: .buildTool(), dependencies: ["patternlint"]),
        .plugin(
            name: "PatternLintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "patternlint", description: "Lint the package against its pattern notes")),
            dependencies: ["patternlint"]),
        .plugin(
            name: "PatternLintFixPlugin",
            capability: .command(
                intent: .custom(verb: "patternlint-fix", description: "Apply the fixes PatternLint's findings carry"),
                permissions: [.writeToPackageDirectory(reason: "it rewrites Swift files to apply the fixes findings carry")]
            ),
            dependencies: ["patternlint"]),
        .testTarget(name: "NotesTests", dependencies: ["Notes", "Support", "CCMark"], exclude: ["Fixtures"]),
        .testTarget(name: "SwiftLexerTests", dependencies: ["SwiftLexer"]),
        .testTarget(
            name: "LintTests",
            dependencies: [
                "LintEngine", "BuiltinRules", "Reporters", "SwiftUIModel", "ProjectSettings", "Notes", "Support",
                "SwiftLexer", "Catalog", "CatalogGenerator", "SwiftLintImport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "LintEngine"]),
        // Runs the built binary: exit codes, messages, standard input, --fix.
        .testTarget(name: "CLITests", dependencies: ["patternlint"]),
    ]
)
