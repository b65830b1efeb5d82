import Catalog
import CatalogGenerator
import Foundation
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import XCTest

/// What is listed is generated (issue 29, item 4): the embedded catalogue, the rule registry and
/// the README's rule table come from the rule files and rule types through `scripts/embed-catalog`,
/// as swift-format's registry and SwiftFormat's `MetadataTests` do; a stale one fails here.
final class GeneratedFilesTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testTheGeneratedFilesAreWhatTheRuleFilesAndTypesMake() throws {
        for file in try GeneratedFiles.make(root: Self.packageRoot) {
            let committed = try String(contentsOfFile: Self.packageRoot + "/" + file.path, encoding: .utf8)
            XCTAssertTrue(
                committed == file.contents,
                "\(file.path) is stale: run scripts/embed-catalog (\(Self.firstDifference(committed, file.contents)))")
        }
    }

    /// The generator reads front matter without `Lint`; it must read what `RuleMetadata` reads.
    func testTheTableReadsEachRuleFileAsTheCatalogueDoes() throws {
        for entry in CatalogFixture.catalog.entries {
            let metadata = entry.metadata
            let file = try RuleFile.parse(path: metadata.path, text: metadata.markdown)
            XCTAssertEqual(file.id, metadata.id)
            XCTAssertEqual(file.severity, metadata.severity.rawValue, metadata.id)
            XCTAssertEqual(file.summary, metadata.summary, metadata.id)
            XCTAssertEqual(file.noteTitle, metadata.noteTarget, metadata.id)
            XCTAssertEqual(file.correctable, metadata.correctable, metadata.id)
            XCTAssertEqual(file.optIn, metadata.optIn, metadata.id)
        }
    }

    /// Every built-in rule file that is neither a declarative pattern nor the engine's own rule.
    func testTheRegistryHoldsARuleTypeForEachBuiltinRuleFile() throws {
        let files = try BuiltinCatalog.ruleFiles.map { try RuleMetadata.parse(path: $0.path, text: $0.contents) }
        let implemented = files.filter { $0.pattern == nil && $0.id != RuleCatalog.unusedSuppressionID }
        XCTAssertEqual(BuiltinRules.all.map(\.id), implemented.map(\.id).sorted(), "every rule type, in id order")
    }

    /// Rule types are found by the lexer: comments, strings and non-rule types do not count.
    func testRuleTypesAreFoundByTheirIDLiteral() throws {
        let source = """
            // public struct OldRule: Rule { public let id = "old" }
            public struct AlphaRule: ProjectRule {
                public let id = "alpha"
                let example = "struct FakeRule: Rule { let id = \\"fake\\" }"
                struct Nested: Rule { let id: String = "nested" }
            }
            struct Helper { let id = "helper" }
            extension AlphaRule: CustomStringConvertible { var description: String { id } }
            """
        XCTAssertEqual(
            try RuleTypes.inSource(source, path: "Rules/A.swift").map { "\($0.id) \($0.typeName)" },
            ["alpha AlphaRule", "nested AlphaRule.Nested"])
        XCTAssertThrowsError(
            try RuleTypes.inSource("struct BetaRule: Rule { var id: String { \"beta\" } }", path: "Rules/B.swift")
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("Rules/B.swift: `BetaRule` conforms to `Rule` but has no `let id"))
        }
    }

    func testAPackageWhoseListsCannotBeMadeIsToldWhichFileToFix() throws {
        let root = try Self.package(
            ruleType: "FooRule", id: "foo", readme: "# App\n<!-- rules:begin -->\n<!-- rules:end -->\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        XCTAssertThrowsError(try GeneratedFiles.make(root: root)) { error in
            XCTAssertEqual(
                "\(error)",
                "Sources/BuiltinRules/FooRule.swift: `FooRule` implements rule `foo`, which has no rule file: write Rules/foo.md"
            )
        }
        try Self.write(Self.ruleFile("foo"), to: root + "/Rules/foo.md")
        try Self.write("# App\n", to: root + "/README.md")
        XCTAssertThrowsError(try GeneratedFiles.make(root: root)) { error in
            XCTAssertTrue("\(error)".hasPrefix("README.md: no `<!-- rules:begin … -->` line"), "\(error)")
        }
    }

    func testTheTableAndRegistryOfASmallPackage() throws {
        let readme = "# App\n\nRules:\n\n<!-- rules:begin -->\n| old |\n<!-- rules:end -->\n\nMore.\n"
        let root = try Self.package(ruleType: "FooRule", id: "foo", readme: readme)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(Self.ruleFile("foo"), to: root + "/Rules/foo.md")
        let files = Dictionary(uniqueKeysWithValues: try GeneratedFiles.make(root: root).map { ($0.path, $0.contents) })
        XCTAssertEqual(
            files[GeneratedFiles.readmePath],
            """
            # App

            Rules:

            <!-- rules:begin: generated from Rules/*.md by scripts/embed-catalog; edit the rule files, not this table -->
            | rule | severity | what it flags | note |
            |---|---|---|---|
            | [`foo`](Rules/foo.md) | warning, fix, opt-in | Foo \\| bar. | [Foo Pattern](notes/foo-pattern.md) |
            <!-- rules:end -->

            More.

            """)
        XCTAssertTrue(files[GeneratedFiles.registryPath]?.contains("        FooRule(), // foo\n") ?? false)
        XCTAssertEqual(try GeneratedFiles.stale(root: root).map(\.path).sorted(), files.keys.sorted())
    }

    // MARK: Helpers

    static func ruleFile(_ id: String) -> String {
        "---\nid: \(id)\nnote: \"[[Foo Pattern]]\"\nsummary: Foo | bar.\ncorrectable: true\nopt_in: true\n---\n\n# \(id)\n"
    }

    /// A package with one rule type, a note and a README; no rule file yet.
    static func package(ruleType: String, id: String, readme: String) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plint-gen-\(UUID().uuidString)").path
        try write(
            "public struct \(ruleType): Rule {\n    public let id = \"\(id)\"\n}\n",
            to: root + "/Sources/BuiltinRules/\(ruleType).swift")
        try write("---\ntitle: Foo Pattern\n---\n\n# Foo Pattern\n", to: root + "/notes/foo-pattern.md")
        try write(readme, to: root + "/README.md")
        return root
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Where the committed file first differs, so the message says more than "stale".
    static func firstDifference(_ committed: String, _ generated: String) -> String {
        let (old, new) = (committed.components(separatedBy: "\n"), generated.components(separatedBy: "\n"))
        let line = old.indices.first { $0 >= new.count || old[$0] != new[$0] } ?? old.count
        guard line < max(old.count, new.count) else { return "same text" }
        return "line \(line + 1): committed `\(line < old.count ? String(old[line].prefix(120)) : "(end of file)")`"
    }
}
