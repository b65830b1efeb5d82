// swift-tools-version:6.0
// Not part of the product: a measuring tool that compares PatternLint's lexer with swift-syntax's
// on real files (see scripts/lexer-agreement/README.md). The product never depends on swift-syntax.
import PackageDescription

let package = Package(
    name: "lexer-agreement",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(name: "PatternLint", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "lexer-agreement",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftLexer", package: "PatternLint"),
            ])
    ]
)
