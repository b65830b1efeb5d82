// swift-tools-version:6.0
// A small app package that uses PatternLint's build-tool plugin (scripts/plugin-check builds it).
// SwiftUI does not exist on Linux: Sources/App/StandIns.swift declares the few names it uses; the
// linter is lexical, so it reads them as SwiftUI.
import PackageDescription

let package = Package(
    name: "PluginApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(name: "PatternLint", path: "../../..")],
    targets: [
        .target(name: "App", plugins: [.plugin(name: "PatternLintBuildToolPlugin", package: "PatternLint")])
    ]
)
