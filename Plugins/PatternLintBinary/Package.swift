// swift-tools-version:6.0
// PatternLint's plugins with a prebuilt `patternlint` (as SwiftLint's SwiftLintPlugins package does
// with SwiftLintBinary.artifactbundle): an app's first build compiles neither PatternLint nor
// libcmark's module, and `swift package patternlint` does not bring a tool up to date before each
// run. The plugins are the source package's own files (symbolic links to ../*Plugin).
//
// From a checkout: `scripts/binary-plugin-package --bundle ZIP DIR` copies this package to DIR with
// the bundle `scripts/artifactbundle` made beside it. A release publishes the copy with the bundle
// it attached (`scripts/binary-plugin-package --url URL --checksum SUM DIR`):
//     .binaryTarget(
//         name: "PatternLintBinary",
//         url: "https://github.com/OWNER/patternlint/releases/download/v0.2.0/patternlint.artifactbundle.zip",
//         checksum: "the sha256 `swift package compute-checksum` prints")
// The machine that runs the binary needs libcmark (apt libcmark0.30.0, brew cmark) and, on Linux,
// libcurl.so.4 (apt libcurl4).
import PackageDescription

let package = Package(
    name: "PatternLintBinary",
    products: [
        .plugin(name: "PatternLintBuildToolPlugin", targets: ["PatternLintBuildToolPlugin"]),
        .plugin(name: "PatternLintCommandPlugin", targets: ["PatternLintCommandPlugin"]),
        .plugin(name: "PatternLintFixPlugin", targets: ["PatternLintFixPlugin"]),
    ],
    targets: [
        .binaryTarget(name: "PatternLintBinary", path: "patternlint.artifactbundle.zip"),
        .plugin(name: "PatternLintBuildToolPlugin", capability: .buildTool(), dependencies: ["PatternLintBinary"]),
        .plugin(
            name: "PatternLintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "patternlint", description: "Lint the package against its pattern notes")),
            dependencies: ["PatternLintBinary"]),
        .plugin(
            name: "PatternLintFixPlugin",
            capability: .command(
                intent: .custom(verb: "patternlint-fix", description: "Apply the fixes PatternLint's findings carry"),
                permissions: [
                    .writeToPackageDirectory(reason: "it rewrites Swift files to apply the fixes findings carry")
                ]
            ),
            dependencies: ["PatternLintBinary"]),
    ]
)
