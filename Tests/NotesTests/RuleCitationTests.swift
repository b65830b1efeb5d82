import Foundation
import XCTest
@testable import Notes

/// A rule file's `note:` is a link: read in every way it is written, and counted by the graph.
final class RuleCitationTests: XCTestCase {
    func citation(_ frontMatter: String) -> RuleCitation? {
        RuleCitation.read(
            path: "rules/r.md", bytes: Array("---\n\(frontMatter)\n---\n# body\nnote: \"[[Body]]\"\n".utf8))
    }

    func testTheNoteIsReadInEveryFormAndPlaced() throws {
        let forms = [
            "id: r\nnote: \"[[Checkout Flow]]\"": "Checkout Flow",
            "id: r\nnote: '[[Checkout Flow#Usage|shown]]'   # why": "Checkout Flow",
            "id: \"r\"\nnote: [[ Checkout Flow ]]": "Checkout Flow",
            "note: Checkout Flow\nid: r": "Checkout Flow",
            "id: r\nnote: \"team/checkout-flow\"": "team/checkout-flow",
        ]
        for (matter, target) in forms {
            let found = try XCTUnwrap(citation(matter), matter)
            XCTAssertEqual(found.ruleID, "r")
            XCTAssertEqual(found.target, target, matter)
            let bytes = Array("---\n\(matter)\n---\n".utf8)
            XCTAssertEqual(String(decoding: bytes[found.targetRange], as: UTF8.self), target, matter)
            XCTAssertEqual(found.line, matter.hasPrefix("note") ? 2 : 3)
        }
        // No id, no note, no closed front matter, a note only in the body, an escaped name: none.
        XCTAssertNil(citation("note: \"[[X]]\""))
        XCTAssertNil(citation("id: r"))
        XCTAssertNil(citation("id: r\nnote: \"\""))
        XCTAssertNil(citation("id: r\nnote: \"[[A\\\\B]]\""))
        XCTAssertNil(RuleCitation.read(path: "r.md", bytes: Array("---\nid: r\nnote: \"[[X]]\"\n".utf8)))
        XCTAssertNil(RuleCitation.read(path: "r.md", bytes: Array("# r\nid: r\nnote: X\n".utf8)))
    }

    func testACitedNoteIsNoOrphanAndListsTheRule() {
        var graph = Graph(
            vault: Vault.load(sources: [
                .text(path: "a.md", relativePath: "a.md", "# Cited\n"),
                .text(path: "b.md", relativePath: "b.md", "# Lonely\n"),
            ]))
        XCTAssertEqual(graph.orphans.count, 2)
        graph.cite([
            citation("id: z-rule\nnote: \"[[cited]]\"")!, citation("id: a-rule\nnote: \"[[Cited]]\"")!,
            citation("id: lost\nnote: \"[[Nowhere]]\"")!,
        ])
        XCTAssertEqual(graph.orphans.map { graph.notes[$0].title }, ["Lonely"])
        XCTAssertEqual(graph.rulesCiting(0).map(\.ruleID), ["a-rule", "z-rule"])
        XCTAssertEqual(graph.backlinkCount(0), 2)
        XCTAssertFalse(graph.check().contains { $0.code == "orphan" && $0.path == "a.md" })
        let shown = NotePresenter(color: false).show(0, in: graph)
        XCTAssertTrue(shown.contains("cited_by_rule  ← rule a-rule  rules/r.md:3"), shown)
    }
}
