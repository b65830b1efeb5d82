import Foundation
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import XCTest

/// Issue 28: each error and warning names the code that proves it, and the patterns that fooled
/// the rules on real apps stay fixed (the rule files hold the single-file examples; these need
/// several files or a deployment target).
final class EvidenceTests: XCTestCase {
    func related(_ finding: Finding?) -> [String] {
        finding?.related.map { "\($0.path):\($0.line) \($0.message)" } ?? []
    }

    func testANestedStackNamesThePushAndTheOuterStack() {
        let root = """
            struct Inbox: View {
                var body: some View {
                    NavigationStack {
                        List { NavigationLink("Open") { Thread() } }
                    }
                }
            }
            """
        let thread =
            "struct Thread: View {\n    var body: some View { NavigationStack { NavigationLink(\"t\", value: 1) } }\n}\n"
        let result = CatalogFixture.lint(
            [("Inbox.swift", root), ("Thread.swift", thread)], only: ["nested-navigation-stack"])
        XCTAssertEqual(result.findings.map(\.severity), [.error])
        XCTAssertEqual(related(result.findings.first).first, "Inbox.swift:4 `Thread` is pushed here by `Inbox`")
        XCTAssertEqual(related(result.findings.first).count, 2, "the push and where the pusher's stack is")
        let direct = CatalogFixture.lint(
            [
                (
                    "A.swift",
                    "struct A: View {\n    var body: some View {\n        NavigationStack {\n            NavigationStack { Text(\"a\") }\n        }\n    }\n}\n"
                )
            ],
            only: ["nested-navigation-stack"])
        XCTAssertEqual(related(direct.findings.first), ["A.swift:3 the outer `NavigationStack` starts here"])
    }

    func testATabViewWarningNamesThePushFromATab() {
        let root = "struct Root: View {\n    var body: some View { NavigationStack { Tabs() } }\n}\n"
        let tabs = "struct Tabs: View {\n    var body: some View { TabView { Feed().tabItem { Text(\"Feed\") } } }\n}\n"
        let feed =
            "struct Feed: View {\n    var body: some View { List { NavigationLink(\"Story\") { Story() } } }\n}\n"
        let result = CatalogFixture.lint(
            [("Root.swift", root), ("Tabs.swift", tabs), ("Feed.swift", feed)], only: ["tabview-in-navigation-stack"])
        XCTAssertEqual(result.findings.map(\.severity), [.warning])
        XCTAssertEqual(
            related(result.findings.first),
            [
                "Root.swift:2 `Tabs` is shown inside a navigation stack here",
                "Feed.swift:2 the tab `Feed` pushes `Story` here, onto the shared path",
            ])
    }

    /// On a macOS-only app a toolbar on a sheet's stack reaches the sheet: nothing is lost.
    func testAToolbarOnAStackIsNotMisplacedOnMacOSAlone() {
        let sheet = """
            struct CloneSheet: View {
                var body: some View {
                    NavigationStack { Text("Cloning") }
                        .toolbar { Button("Cancel") {} }
                }
            }
            """
        let mac = DeploymentTargets([.macOS: DeploymentTargets.Version(14)], source: "test")
        let iOS = DeploymentTargets([.iOS: DeploymentTargets.Version(17)], source: "test")
        for (targets, count) in [(mac, 0), (iOS, 1)] {
            let result = CatalogFixture.lint(
                [("CloneSheet.swift", sheet)], only: ["misplaced-navigation-modifier"], deploymentTargets: targets)
            XCTAssertEqual(result.findings.count, count, "\(targets)")
        }
    }

    func testStateNotPrivateNamesTheExtensionOrTheCallerThatMakesItInfo() {
        let player = "struct Player: View {\n    @State var volume = 0.5\n    var body: some View { controls }\n}\n"
        let controls = "extension Player {\n    var controls: some View { Slider(value: $volume) }\n}\n"
        let result = CatalogFixture.lint(
            [("Player.swift", player), ("Player+Controls.swift", controls)], only: ["state-not-private"])
        XCTAssertEqual(result.findings.map(\.severity), [.info])
        XCTAssertEqual(
            related(result.findings.first), ["Player+Controls.swift:1 this extension of `Player` uses `volume`"])
        XCTAssertNil(result.findings.first?.fix, "`private` would not build: no fix at all")
        let seeded =
            "struct Badge: View {\n    @State var count = 0\n    var body: some View { Text(\"\\(count)\") }\n}\n"
        let caller = "struct Home: View {\n    var body: some View { Badge(count: 3) }\n}\n"
        let passed = CatalogFixture.lint(
            [("Badge.swift", seeded), ("Home.swift", caller)], only: ["state-not-private"])
        XCTAssertEqual(related(passed.findings.first), ["Home.swift:2 a caller passes `count:` here"])
    }

    /// Every warning and error the shipped rules report on the sample app names its evidence,
    /// except the rules whose finding is the code itself (deprecated API, a modifier on the stack).
    func testEveryCrossFileWarningOrErrorOnTheSampleAppNamesItsEvidence() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples").path
        let files = FileDiscovery.find(paths: [root], excluded: []).files
        let result = CatalogFixture.lint(
            try files.map { ($0, try String(contentsOfFile: $0, encoding: .utf8)) })
        let crossFile: Set<String> = [
            "constant-binding", "missing-standalone-init", "nested-navigation-stack", "tabview-in-navigation-stack",
            "eager-list-destination", "destination-in-lazy-container",
        ]
        let unproven = result.findings.filter {
            $0.severity >= .warning && crossFile.contains($0.ruleID) && $0.related.isEmpty
        }
        XCTAssertEqual(unproven.map { "\($0.path):\($0.line) \($0.ruleID)" }, [])
    }

    /// A model declared in a file with no SwiftUI in it, built in each row's destination, is work
    /// every row pays; its initializer is the one the call's labels pick.
    func testAModelBuiltPerRowIsJudgedByTheInitializerTheCallRuns() {
        let model = """
            import Foundation
            final class EpisodesModel {
                init(filter: String) { NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { _ in } }
                convenience init?(uuid: String) { guard let filter = Store.load(uuid) else { return nil }; self.init(filter: filter) }
                init(cached: String) {}
            }
            """
        func list(_ argument: String) -> String {
            "struct Filters: View {\n    let filters: [String]\n    var body: some View {\n        List(filters, id: \\.self) { filter in\n            NavigationLink(destination: Episodes(model: \(argument))) { Text(filter) }\n        }\n    }\n}\nstruct Episodes: View {\n    let model: EpisodesModel\n    var body: some View { Text(\"e\") }\n}\n"
        }
        let costly = CatalogFixture.lint(
            [("EpisodesModel.swift", model), ("Filters.swift", list("EpisodesModel(filter: filter)"))],
            only: ["eager-list-destination"])
        XCTAssertEqual(costly.findings.map(\.severity), [.warning])
        XCTAssertEqual(
            related(costly.findings.first).first?.hasPrefix("EpisodesModel.swift:3 `EpisodesModel` does work"), true)
        let cheap = CatalogFixture.lint(
            [("EpisodesModel.swift", model), ("Filters.swift", list("EpisodesModel(cached: filter)"))],
            only: ["eager-list-destination"])
        XCTAssertEqual(cheap.findings.count, 0, "the initializer the call runs only stores")
    }
}
