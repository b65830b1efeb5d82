import Foundation
import XCTest

/// `explain` given a line SwiftUI printed: every row of the runtime-warnings table reaches its entry
/// (and its rule where one finds the cause), whatever type the line names.
extension CLITests {
    static let runtimeLines: [(line: String, section: String, rule: String?)] = [
        (
            "A NavigationLink is presenting a value of type “Order” but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.",
            "No destination for a value link", "value-link-without-destination"
        ),
        (
            "A navigationDestination for “Shop.Profile” was declared earlier on the stack. Only the destination declared closest to the root view of the stack will be used.",
            "The same destination type twice on a stack", "duplicate-navigation-destination"
        ),
        (
            "NavigationLink presenting a value must appear inside a NavigationContent-based NavigationView. Link will be disabled.",
            "A value link in a NavigationView", "navigation-view-deprecated"
        ),
        (
            "Do not put a navigation destination modifier inside a \"lazy\" container, like `List` or `LazyVStack`.",
            "A destination in a lazy container", "destination-in-lazy-container"
        ),
        (
            "Update NavigationAuthority bound path tried to update multiple times per frame.",
            "Two presented destinations at once", "exclusive-bool-flags"
        ),
        (
            "[SwiftUI] Modifying state during view update, this will cause undefined behavior.",
            "State changed while the body is computed", "state-modified-in-body"
        ),
        (
            "Publishing changes from within view updates is not allowed, this will cause undefined behavior.",
            "State changed while the body is computed", "state-modified-in-body"
        ),
        ("@State assigned in init has no effect", "State assigned in init", "state-assigned-in-init"),
        (
            "Accessing StateObject's object without being installed on a View. This will create a new instance each time.",
            "A state object read in init", "state-read-in-init"
        ),
        (
            "@StateObject var store = Store.shared", "A state object wrapping a shared instance",
            "state-object-singleton"
        ),
        (
            "@ObservedObject var model = Model()", "An observed object the view creates",
            "observed-object-created-by-view"
        ),
    ]

    func testExplainFindsTheEntryAndRuleOfEachRuntimeLine() throws {
        let folder = try makeFolder(["Package.swift": manifest])
        for row in Self.runtimeLines {
            let result = try run(["explain", row.line], in: folder, environment: ["PAGER": "cat"])
            XCTAssertEqual(result.status, 0, row.line + ": " + result.stderr)
            XCTAssertTrue(result.stdout.contains("SwiftUI runtime warning: " + row.section), row.line)
            if let rule = row.rule {
                XCTAssertTrue(result.stdout.contains(rule), row.line)
            } else {
                XCTAssertTrue(result.stdout.contains("No rule finds this cause"), row.line)
            }
        }
    }

    /// `--in` lists the rule's findings in the folder: the places that can print the line.
    func testExplainInListsThePlacesThatCanPrintTheLine() throws {
        let view = """
            import SwiftUI

            struct Counter: View {
                @State private var count = 0
                init(start: Int) { self.count = start }
                var body: some View { Text("\\(count)") }
            }

            """
        let folder = try makeFolder(["Sources/Counter.swift": view, "Package.swift": manifest])
        let result = try run(
            ["explain", "@State assigned in init has no effect", "--in", "Sources"], in: folder,
            environment: ["PAGER": "cat"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Counter.swift:5:"), result.stdout)
    }

    func testMCPExplainRuleAcceptsARuntimeLine() throws {
        let folder = try makeFolder(["Package.swift": manifest])
        let session = try mcpSession(in: folder)
        let result = session.call(
            "explain_rule",
            [
                "id":
                    "Accessing StateObject's object without being installed on a View. This will create a new instance each time."
            ])
        let text = MCPSession.text(result)
        XCTAssertFalse(MCPSession.isError(result), text)
        XCTAssertTrue(text.contains("\"id\" : \"state-read-in-init\""), text)
        XCTAssertTrue(text.contains("A state object read in init"), text)
        XCTAssertEqual(session.finish().status, 0)
    }
}
