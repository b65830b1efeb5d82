import XCTest
import LintEngine

/// `value-link-without-destination` and `duplicate-navigation-destination` across files: the
/// facts each file gives, the verdict on another file, and what lowers or removes it.
final class RuntimeWarningRuleTests: XCTestCase {
    static let orders = (
        "Orders.swift",
        "import SwiftUI\nenum Route: Hashable { case order(Int) }\nstruct Orders: View {\n    var body: some View {\n        NavigationStack {\n            List { NavigationLink(\"Order\", value: Route.order(1)) }\n                .navigationDestination(for: Route.self) { _ in OrderScreen() }\n        }\n    }\n}\n"
    )

    func lint(_ files: [(String, String)], _ rule: String) -> [Finding] {
        CatalogFixture.lint(files.map { (path: $0.0, text: $0.1) }, only: [rule]).findings
    }

    func testALinkWhoseTypeNoFileDeclaresADestinationForIsAWarningWithTheDestinationsSearched() {
        let screen = (
            "OrderScreen.swift",
            "import SwiftUI\nstruct Item: Hashable { let id: Int }\nstruct OrderScreen: View {\n    let items: [Item]\n    var body: some View {\n        ForEach(items, id: \\.id) { item in\n            NavigationLink(\"Item\", value: item)\n        }\n    }\n}\n"
        )
        let findings = lint([Self.orders, screen], "value-link-without-destination")
        XCTAssertEqual(
            findings.map { "\($0.path):\($0.line) \($0.severity) \($0.confidence)" },
            ["OrderScreen.swift:7 warning medium"])
        XCTAssertEqual(
            findings.first?.related.map { "\($0.path):\($0.line)" }, ["OrderScreen.swift:7", "Orders.swift:7"])
        XCTAssertTrue(findings.first?.related.first?.message.contains("element of a `[Item]`") == true)
        // A destination for it in a third file covers it.
        let destination = (
            "Items.swift",
            "import SwiftUI\nstruct Items: View {\n    var body: some View { Text(\"\").navigationDestination(for: Item.self) { Text(\"\\($0.id)\") } }\n}\n"
        )
        XCTAssertEqual(lint([Self.orders, screen, destination], "value-link-without-destination").count, 0)
    }

    func testAStringLinkWithAPackageTheLintDoesNotSeeIsOnlyInfo() {
        let home = (
            "Home.swift",
            "import SwiftUI\nimport RouterKit\nstruct Home: View {\n    var body: some View { NavigationLink(\"Inbox\", value: \"inbox\").navigationDestination(for: Int.self) { Text(\"\\($0)\") } }\n}\n"
        )
        XCTAssertEqual(lint([home], "value-link-without-destination").map(\.severity), [.info])
        // A folder of the run named as the module is not a package the lint misses.
        let package = ("RouterKit/Router.swift", "struct Router {}\n")
        XCTAssertEqual(lint([home, package], "value-link-without-destination").map(\.severity), [.warning])
    }

    func testBrokenDestinationsAndLinksSayNothingAndDoNotCrash() {
        let broken = (
            "Broken.swift",
            "import SwiftUI\nstruct B: View {\n    var body: some View {\n        NavigationLink(value: ) { Text(\"\") }\n        .navigationDestination(for: ) { _ in B() }\n        .navigationDestination(for: .self) { B() }\n        path.append(\n"
        )
        XCTAssertEqual(lint([broken], "value-link-without-destination").count, 0)
        XCTAssertEqual(lint([broken], "duplicate-navigation-destination").count, 0)
    }

    func testAScreenPushedOntoAStackThatDeclaresItsDestinationIsReportedAcrossFiles() {
        let screen = (
            "OrderScreen.swift",
            "import SwiftUI\nstruct OrderScreen: View {\n    var body: some View {\n        NavigationLink(\"Related\", value: Route.order(2))\n            .navigationDestination(for: Route.self) { _ in Text(\"Related\") }\n    }\n}\n"
        )
        let findings = lint([Self.orders, screen], "duplicate-navigation-destination")
        XCTAssertEqual(findings.map { "\($0.path):\($0.line) \($0.severity)" }, ["OrderScreen.swift:5 warning"])
        // The root's destination both pushes it and declares the type: one step, not two.
        XCTAssertEqual(findings.first?.related.map { "\($0.path):\($0.line)" }, ["Orders.swift:7"])
        // A screen with a stack of its own starts another stack (rule nested-navigation-stack's case).
        let stacked = (
            "OrderScreen.swift",
            "import SwiftUI\nstruct OrderScreen: View {\n    var body: some View {\n        NavigationStack {\n            NavigationLink(\"Related\", value: Route.order(2))\n                .navigationDestination(for: Route.self) { _ in Text(\"Related\") }\n        }\n    }\n}\n"
        )
        XCTAssertEqual(lint([Self.orders, stacked], "duplicate-navigation-destination").count, 0)
    }

    func testANestedTypeOfTheSameNameInAnotherViewIsAnotherType() {
        let screens = (
            "Screens.swift",
            "import SwiftUI\nstruct A: View {\n    enum Sub: Hashable { case x }\n    var body: some View { NavigationStack { Text(\"\").navigationDestination(for: Sub.self) { _ in B() } } }\n}\nstruct B: View {\n    var body: some View { Text(\"\").navigationDestination(for: Sub.self) { _ in Text(\"\") } }\n}\nextension B {\n    enum Sub: Hashable { case y }\n}\n"
        )
        XCTAssertEqual(lint([screens], "duplicate-navigation-destination").count, 0)
        // Written qualified, the two name one type.
        let qualified = screens.1.replacingOccurrences(
            of: "Text(\"\").navigationDestination(for: Sub.self) { _ in Text",
            with: "Text(\"\").navigationDestination(for: A.Sub.self) { _ in Text")
        XCTAssertEqual(lint([("Screens.swift", qualified)], "duplicate-navigation-destination").count, 1)
    }
}

/// `state-modified-in-body` with the helper in another file's extension.
final class StateModifiedInBodyTests: XCTestCase {
    func lint(_ files: [(String, String)]) -> [Finding] {
        CatalogFixture.lint(files.map { (path: $0.0, text: $0.1) }, only: ["state-modified-in-body"]).findings
    }

    static let view = (
        "Ticket.swift",
        "import SwiftUI\nstruct Ticket: View {\n    @State private var issued = 0\n    var body: some View {\n        VStack { Text(nextNumber()) }\n    }\n}\n"
    )

    func testAHelperInAnotherFileThatChangesTheViewsStateIsReportedWhereBodyCallsIt() {
        let helper = (
            "Ticket+Numbers.swift",
            "extension Ticket {\n    func nextNumber() -> String {\n        self.issued += 1\n        return \"\\(issued)\"\n    }\n}\n"
        )
        let findings = lint([Self.view, helper])
        XCTAssertEqual(findings.map { "\($0.path):\($0.line) \($0.severity)" }, ["Ticket.swift:5 info"])
        XCTAssertEqual(findings.first?.related.map { "\($0.path):\($0.line)" }, ["Ticket+Numbers.swift:3"])
    }

    func testAChangeInAClosureTheHelperBuildsOrToAnotherTypesNameIsNotReported() {
        let later = (
            "Ticket+Numbers.swift",
            "import Foundation\nextension Ticket {\n    func nextNumber() -> String {\n        DispatchQueue.main.async { issued += 1 }\n        return \"\"\n    }\n}\n"
        )
        XCTAssertEqual(lint([Self.view, later]).count, 0)
        // The same name changed by another type's method is not this view's state.
        let other = (
            "Counter.swift",
            "struct Counter {\n    var issued = 0\n    mutating func nextNumber() -> String { issued += 1; return \"\" }\n}\n"
        )
        XCTAssertEqual(lint([Self.view, other]).count, 0)
    }
}
