import Foundation
import BuiltinRules
import LintEngine
import SwiftLintImport
import ProjectSettings
import Reporters
import Support
import SwiftUIModel
import Notes
import XCTest

extension SwiftLintImportTests {
    /// The importer's result for one configuration file of the fixture.
    static func imported(_ config: Config) throws -> SwiftLintImporter {
        let path = fixtures + "/configs/" + config.rawValue
        return SwiftLintImporter(rules: try SwiftLintConfigReader.read(path: path), sourcePath: path)
    }

    /// Lints `text` as the file `path` with the one imported rule (and its stub note).
    static func findings(of rule: SwiftLintImporter.Imported, path: String, text: String) -> (LintResult, RuleCatalog) {
        let note = Vault.Source.text(path: "/rules/" + rule.noteFile, relativePath: rule.noteFile, rule.noteText)
        let graph = Graph(vault: Vault.load(sources: [note]))
        let catalog = RuleCatalog(builtinFiles: [("/rules/" + rule.ruleFile, rule.ruleText)], graph: graph)
        var configuration = Configuration()
        configuration.onlyRules = [rule.id]
        configuration.root = String(project.dropLast())
        let result = Linter(catalog: catalog, configuration: configuration).lint([
            LintInput(path: path) { Array(text.utf8) }
        ])
        return (result, catalog)
    }

    func testEveryRuleOfTheSurveyImports() throws {
        var total = 0, text = 0, regex = 0
        for config in Config.allCases {
            let importer = try Self.imported(config)
            XCTAssertEqual(importer.skipped.map(\.key), [], "\(config): SwiftLint takes every one of these rules")
            total += importer.imported.count
            text += importer.textCount
            regex += importer.regexCount
            for rule in importer.imported {
                // Each rule file reads back, and its regex or text is the one SwiftLint had.
                let metadata = try RuleMetadata.parse(path: rule.ruleFile, text: rule.ruleText)
                XCTAssertEqual(metadata.id, rule.id)
                XCTAssertNotNil(metadata.team, "\(rule.ruleFile) has no match")
                XCTAssertEqual(metadata.team?.examplesToWrite, true)
                let (_, catalog) = Self.findings(of: rule, path: Self.project + "A.swift", text: "")
                XCTAssertNotNil(catalog.entry(rule.id)?.note, "\(rule.id): its stub note resolves")
                XCTAssertFalse(catalog.problems.contains { $0.contains(rule.ruleFile) }, "\(catalog.problems)")
            }
        }
        XCTAssertEqual(total, 103)
        XCTAssertEqual(text + regex, 103)
        XCTAssertEqual(text, 20, "literal rules written as `text:`")
        XCTAssertEqual(regex, 83, "rules kept through `regex:`")
    }

    func testEveryImportedRuleHasACase() throws {
        var missing: [String] = []
        for config in Config.allCases {
            for rule in try Self.imported(config).imported
            where !Self.cases.contains(where: { $0.config == config && $0.rule == rule.key }) {
                missing.append("\(config).\(rule.key)")
            }
        }
        XCTAssertEqual(missing, [])
    }

    func testImportedRulesReportWhatSwiftLintReports() throws {
        var importers: [Config: SwiftLintImporter] = [:]
        for test in Self.cases {
            let importer = try importers[test.config] ?? Self.imported(test.config)
            importers[test.config] = importer
            guard let rule = importer.imported.first(where: { $0.key == test.rule }) else {
                XCTFail("\(test.config): no imported rule `\(test.rule)`")
                continue
            }
            let text = try String(contentsOfFile: Self.fixtures + "/cases/" + test.file, encoding: .utf8)
            let (result, _) = Self.findings(of: rule, path: Self.project + test.file, text: text)
            XCTAssertEqual(result.problems, [])
            let found = result.findings.filter { $0.ruleID == rule.id }
            XCTAssertEqual(
                found.map { "\($0.line):\($0.column)" }, test.expected, "\(test.config) \(test.rule) on \(test.file)")
            let swiftLintRule = try SwiftLintConfigReader.read(path: Self.fixtures + "/configs/" + test.config.rawValue)
                .first { $0.key == test.rule }
            for finding in found {
                XCTAssertTrue(finding.message.hasPrefix(swiftLintRule?.message ?? "Regex matched"), finding.message)
                XCTAssertEqual(finding.severity.rawValue, swiftLintRule?.severity ?? "warning")
            }
        }
    }
}

extension SwiftLintImportTests {
    /// What a configuration writes cannot choose a line of the stub note or the rule file, and an
    /// id too long to name a file after is skipped with its reason before anything is written.
    func testConfigTextCannotStartALineAndLongIdsAreSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(".swiftlint.yml").path
        let long = String(repeating: "r", count: 300)
        try Data(
            """
            custom_rules:
              no_print:
                name: "No print\\n# Injected heading"
                message: "Use Logger\\necho INJECTED"
                regex: 'print\\('
              \(long):
                regex: "bar"
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let importer = SwiftLintImporter(rules: try SwiftLintConfigReader.read(path: path), sourcePath: path)
        XCTAssertEqual(importer.imported.map(\.id), ["no-print"])
        XCTAssertEqual(importer.skipped.map(\.reason), ["its id is over 200 bytes long, too long to name a file after"])
        for text in [importer.imported[0].noteText, importer.imported[0].ruleText] {
            let lines = text.split(separator: "\n")
            XCTAssertFalse(lines.contains { $0.hasPrefix("echo INJECTED") || $0.hasPrefix("# Injected") }, text)
        }
    }
}
