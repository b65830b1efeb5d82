import Foundation
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import XCTest

/// End to end over the sample app in Examples/: deliberate anti-patterns are found, look-alikes
/// (comments, strings, regexes, an enum case named `constant`, a dual-initializer view, a
/// suppressed legacy view) are not.
final class ExampleAppTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples").path

    func testExactFindings() {
        let discovery = FileDiscovery.find(paths: [Self.root], excluded: [])
        XCTAssertEqual(discovery.problems, [])
        XCTAssertEqual(discovery.files.count, 8)
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: Configuration())
        let result = linter.lint(discovery.files.map { LintInput.disk($0) })
        let found = result.findings.map {
            "\(($0.path as NSString).lastPathComponent):\($0.line):\($0.column) \($0.severity.rawValue) \($0.ruleID)"
        }
        XCTAssertEqual(
            found,
            [
                "BudgetPages.swift:47:44 error constant-binding",
                "BudgetPages.swift:54:24 info constant-binding",
                "ComposeSheet.swift:5:20 info presentation-mode-deprecated",
                "ComposeSheet.swift:6:18 info binding-never-written",
                "ComposeSheet.swift:12:10 warning misplaced-navigation-modifier",
                "ComposeSheet.swift:23:14 info deprecated-navigation-modifier",
                "HelpCenter.swift:13:10 warning exclusive-bool-flags",
                "InboxView.swift:15:13 warning eager-list-destination",
                "MessageDetail.swift:10:9 warning heavy-view-init",
                "MessageDetail.swift:14:9 error nested-navigation-stack",
                "RootView.swift:9:13 warning tabview-in-navigation-stack",
                "SettingsView.swift:5:5 warning state-not-private",
                "SettingsView.swift:9:9 info navigation-view-deprecated",
                // Shown in RootView's stack, and AboutView pushed from it: nested `NavigationView`s
                // (info: no deployment target says macOS is not among the platforms).
                "SettingsView.swift:9:9 info nested-navigation-stack",
                "SettingsView.swift:12:58 warning navigation-link-is-active",
                "SettingsView.swift:23:9 info nested-navigation-stack",
            ])
        // Every finding carries its note.
        for finding in result.findings {
            XCTAssertNotNil(finding.note, finding.ruleID)
            XCTAssertTrue(finding.message.hasSuffix("See: \(finding.note!.title)"), finding.message)
        }
        // One finding per mistake: the call's `constant-binding` finding names the view that has
        // no standalone initializer as a step, where `missing-standalone-init` would have said it again.
        XCTAssertTrue(
            result.findings[0].related.contains { $0.message.contains("missing-standalone-init") },
            "the call's finding names the view's missing initializer")
    }

    func testOutputIsTheSameWhateverTheOrderOfInputs() {
        let files = FileDiscovery.find(paths: [Self.root], excluded: []).files
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: Configuration())
        let forward = linter.lint(files.map { LintInput.disk($0) }).findings
        let backward = linter.lint(files.reversed().map { LintInput.disk($0) }).findings
        XCTAssertEqual(forward, backward)
    }
}
