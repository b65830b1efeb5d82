import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import Notes
import XCTest

final class NoteExampleTests: XCTestCase {
    func testEveryMarkedExampleOfTheShippedNotesHolds() {
        let outcome = NoteExampleChecker(catalog: CatalogFixture.catalog).check(CatalogFixture.graph.notes)
        XCTAssertEqual(outcome.diagnostics.map(\.description), [])
        XCTAssertGreaterThanOrEqual(outcome.examplesChecked, 25)
    }

    func testShippedCatalogueIsComplete() {
        let graph = CatalogFixture.graph
        XCTAssertGreaterThanOrEqual(graph.notes.filter { $0.type == "pattern" }.count, 12)
        XCTAssertEqual(graph.check().map(\.description), [], "notes check must be clean")
        // Every pattern note is reachable from the hub.
        let hub = graph.notes.firstIndex { $0.type == "hub" }!
        var reached: Set<Int> = [hub]
        var queue = [hub]
        while let next = queue.popLast() {
            for edge in graph.outgoing(next) {
                if let target = edge.target, reached.insert(target).inserted { queue.append(target) }
            }
        }
        for (index, note) in graph.notes.enumerated() {
            XCTAssertTrue(reached.contains(index), "\(note.title) is not reachable from the hub")
        }
        // Every rule cites a note, and every pattern note with a lint section names real rules.
        XCTAssertEqual(NoteExampleChecker(catalog: CatalogFixture.catalog).ruleProblems().map(\.description), [])
    }

    func testDriftingExamplesAreReported() {
        let note = NoteParser.parse(
            path: "team/note.md", relativePath: "note.md",
            text: """
                # Team Note

                ```swift good
                struct A: View {
                    @State var flag = false
                    var body: some View { Text("a") }
                }
                ```

                ```swift bad constant-binding
                struct B: View { var body: some View { Text("b") } }
                ```

                ```swift bad no-such-rule
                let x = 1
                ```
                """)
        let outcome = NoteExampleChecker(catalog: CatalogFixture.catalog).check([note])
        XCTAssertEqual(outcome.examplesChecked, 3)
        XCTAssertEqual(
            outcome.diagnostics.map { "\($0.line) \($0.message.prefix(40))" },
            [
                "5 example marked `good` triggers `state-no",
                "10 example marked `bad constant-binding` do",
                "14 example names unknown rule `no-such-rule",
            ])
    }
}
