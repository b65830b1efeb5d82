import Foundation
import LintEngine
import ProjectSettings
import XCTest

/// Code that never ships and APIs deprecated with no version: both lower every built-in rule's
/// findings to `info` (issue 45), decided once for all rules.
final class ScaffoldingAndSoftDeprecationTests: XCTestCase {
    /// One deprecated API per deprecation rule, in a view only a `#Preview` builds.
    static let deprecations = """
        import SwiftUI
        struct Legacy: View {
            @Environment(\\.presentationMode) var presentationMode
            @State private var on = false
            @State private var tab: Int? = 0
            var body: some View {
                NavigationView {
                    List {
                        NavigationLink(destination: Text("A"), isActive: $on) { Text("A") }
                        NavigationLink(destination: Text("B"), tag: 1, selection: $tab) { Text("B") }
                    }
                    .navigationBarTitle("Legacy")
                }
            }
        }
        """
    static let rules = [
        "navigation-view-deprecated", "deprecated-navigation-modifier", "presentation-mode-deprecated",
        "navigation-link-is-active", "navigation-link-tag-selection",
    ]
    static let iOS17 = DeploymentTargets([.iOS: .init(17)], source: "test")

    func severities(_ result: LintResult) -> [String: Severity] {
        Dictionary(result.findings.map { ($0.ruleID, $0.severity) }, uniquingKeysWith: max)
    }

    /// Shipping code: the versioned deprecations (`deprecated: 16.0`) warn, the soft ones are
    /// notes until the team opts in, top level or per rule.
    func testSoftDeprecationsAreInfoUnlessOptedIn() {
        let files = [(path: "Legacy.swift", text: Self.deprecations)]
        let plain = severities(CatalogFixture.lint(files, only: Self.rules, deploymentTargets: Self.iOS17))
        XCTAssertEqual(
            plain,
            [
                "navigation-view-deprecated": .info, "deprecated-navigation-modifier": .info,
                "presentation-mode-deprecated": .info, "navigation-link-is-active": .warning,
                "navigation-link-tag-selection": .warning,
            ])
        let optedIn = severities(
            CatalogFixture.lint(
                files, only: Self.rules,
                options: Dictionary(
                    uniqueKeysWithValues: Self.rules.map { ($0, RuleOptions(["soft_deprecations": "warning"])) }),
                deploymentTargets: Self.iOS17))
        XCTAssertEqual(Set(optedIn.values), [.warning], "\(optedIn)")
    }

    /// `soft_deprecations:` at the top level reaches every rule that takes it; other values are refused.
    func testTopLevelSoftDeprecationsKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-soft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(".patternlint.yml").path
        try Data("soft_deprecations: warning\nnavigation-view-deprecated: { soft_deprecations: info }\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let configuration = try Configuration.load(path: path)
        XCTAssertEqual(configuration.options(for: "presentation-mode-deprecated")["soft_deprecations"], "warning")
        XCTAssertEqual(configuration.options(for: "navigation-view-deprecated")["soft_deprecations"], "info")
        XCTAssertEqual(
            configuration.warnings(rules: EngineTests.optionSpecs(CatalogFixture.catalog)), [],
            "the key is a setting, and the rules take the option")
        try Data("soft_deprecations: error\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Configuration.load(path: path))
    }

    /// Every deprecation rule: under no project the tool can read, `info` (low confidence), even
    /// with warnings asked for soft deprecations.
    func testUnknownTargetsMakeEveryDeprecationInfo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-unknown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Legacy.swift").path
        try Data(Self.deprecations.utf8).write(to: URL(fileURLWithPath: file))
        var configuration = Configuration()
        configuration.detectsDeploymentTargets = true
        configuration.onlyRules = Self.rules
        configuration.softDeprecations = "warning"
        let result = Linter(catalog: CatalogFixture.catalog, configuration: configuration).lint([.disk(file)])
        XCTAssertEqual(Set(result.findings.map(\.ruleID)), Set(Self.rules))
        XCTAssertEqual(Set(result.findings.map(\.severity)), [.info], "\(result.findings)")
        XCTAssertEqual(Set(result.findings.map(\.confidence)), [.low])
    }

    /// Tuist's `Project.swift` and XcodeGen's `project.yml` set the targets end to end.
    func testGeneratedProjectsSetTheTargets() throws {
        for (name, text) in [
            ("Project.swift", "let project = Project(targets: [.target(deploymentTargets: .iOS(\"17.0\"))])\n"),
            ("project.yml", "options:\n  deploymentTarget:\n    iOS: 17.0\n"),
        ] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-gen-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            let file = folder.appendingPathComponent("Legacy.swift").path
            try Data(Self.deprecations.utf8).write(to: URL(fileURLWithPath: file))
            var configuration = Configuration()
            configuration.detectsDeploymentTargets = true
            configuration.onlyRules = ["navigation-link-is-active"]
            let result = Linter(catalog: CatalogFixture.catalog, configuration: configuration).lint([.disk(file)])
            XCTAssertEqual(result.findings.map(\.severity), [.warning], "\(name): \(result.findings)")
            XCTAssertEqual(result.findings.map(\.confidence), [.high], name)
        }
    }

    /// A view only a preview builds, in a `#if DEBUG` preview too: every rule's finding there
    /// is `info`, saying why, with a place that builds it.
    func testFindingsInCodeThatNeverShipsAreInfo() {
        let preview = Self.deprecations + "\n#Preview { Legacy() }\n"
        let debug =
            Self.deprecations.replacingOccurrences(of: "struct Legacy", with: "#if DEBUG\nstruct Legacy") + "\n#endif\n"
        for text in [preview, debug] {
            let result = CatalogFixture.lint(
                [(path: "Legacy.swift", text: text)], only: Self.rules,
                options: Dictionary(
                    uniqueKeysWithValues: Self.rules.map { ($0, RuleOptions(["soft_deprecations": "warning"])) }),
                deploymentTargets: Self.iOS17)
            XCTAssertEqual(Set(result.findings.map(\.ruleID)), Set(Self.rules))
            XCTAssertEqual(Set(result.findings.map(\.severity)), [.info], "\(result.findings)")
            XCTAssertTrue(result.findings.allSatisfy { $0.message.contains("which never ships") }, "\(result.findings)")
        }
        let host = CatalogFixture.lint(
            [(path: "Legacy.swift", text: preview)], only: ["navigation-link-is-active"], deploymentTargets: Self.iOS17)
        XCTAssertEqual(host.findings.first?.related.last?.line, Self.deprecations.split(separator: "\n").count + 1)
    }

    /// A view built in shipping code as well as by a preview keeps its severity.
    func testAViewTheAppShowsKeepsItsFindings() {
        let text =
            Self.deprecations + "\nstruct Root: View { var body: some View { Legacy() } }\n#Preview { Legacy() }\n"
        let result = CatalogFixture.lint(
            [(path: "Legacy.swift", text: text)], only: ["navigation-link-is-active"], deploymentTargets: Self.iOS17)
        XCTAssertEqual(result.findings.map(\.severity), [.warning])
    }
}
