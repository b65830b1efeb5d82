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
        .library(name: "Lint", targets: ["Lint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
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
        .target(name: "Notes", dependencies: ["CCMark", "Yams", "Support"]),
        // The lexer has no dependencies at all, by design.
        .target(name: "SwiftLexer"),
        .target(name: "Lint", dependencies: ["SwiftLexer", "Support", "Notes", "Yams"]),
        // The shipped Rules/ and notes/, compiled into the binary by the EmbedCatalog plugin.
        .executableTarget(name: "EmbedTool"),
        .plugin(name: "EmbedCatalog", capability: .buildTool(), dependencies: ["EmbedTool"]),
        .target(name: "Catalog", dependencies: ["Notes"], plugins: ["EmbedCatalog"]),
        .executableTarget(
            name: "patternlint",
            dependencies: [
                "Support", "Notes", "SwiftLexer", "Lint", "Catalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "NotesTests", dependencies: ["Notes", "Support"], exclude: ["Fixtures"]),
        .testTarget(name: "SwiftLexerTests", dependencies: ["SwiftLexer"]),
        .testTarget(
            name: "LintTests", dependencies: ["Lint", "Notes", "Support", "SwiftLexer", "Catalog"], exclude: ["Fixtures"]),
        // Runs the built binary: exit codes, messages, standard input, --fix.
        .testTarget(name: "CLITests", dependencies: ["patternlint"]),
    ]
)
