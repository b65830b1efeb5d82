import Foundation
import XCTest
@testable import Notes
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The graph as a static SVG picture: the whole vault and a note's neighbourhood, laid out the
/// same way every time, every note a link to its page, rules citing a note as squares.
final class GraphPictureTests: XCTestCase {
    var graph: Graph = {
        var graph = Graph(
            vault: Vault.load(sources: [
                .text(path: "hub.md", relativePath: "hub.md", "---\ntitle: Hub\ntype: hub\n---\n[[A]] [[B]]\n"),
                .text(path: "a.md", relativePath: "a.md", "# A\n[[B]] [[C]]\n"),
                .text(path: "b.md", relativePath: "b.md", "# B\n"),
                .text(path: "c.md", relativePath: "team/c.md", "# C & <D>\n[[D]]\n"),
                .text(path: "d.md", relativePath: "d.md", "# D\n"),
                .text(path: "alone.md", relativePath: "alone.md", "# Alone\n"),
            ]))
        graph.cite([RuleCitation.read(path: "r.md", bytes: Array("---\nid: r1\nnote: \"[[B]]\"\n---\n".utf8))!])
        return graph
    }()

    func testTheVaultPictureIsValidSVGWithALinkPerNote() throws {
        let pages = HTMLExport.pageNames(for: graph.notes)
        let svg = GraphPicture.vault(graph, pages: pages, from: "index.html")
        XCTAssertEqual(svg, GraphPicture.vault(graph, pages: pages, from: "index.html"), "the same every time")
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg)
        for page in pages { XCTAssertTrue(svg.contains("<a href=\"\(page)\">"), page) }
        XCTAssertTrue(svg.contains("<rect"), "the rule is a square")
        XCTAssertTrue(svg.contains("rule r1"))
        XCTAssertTrue(svg.contains("C &amp; &lt;D&gt;"), "labels escaped")
        XCTAssertEqual(svg.components(separatedBy: "<line ").count - 1, 6, "five links and a citation")
        let parser = XMLParser(data: Data(svg.utf8))
        XCTAssertTrue(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        // Every place inside the picture.
        let numbers = svg.matches(of: /c[xy]="([0-9.]+)"/).compactMap { Double($0.1) }
        XCTAssertFalse(numbers.isEmpty)
        XCTAssertTrue(numbers.allSatisfy { $0 >= 0 && $0 <= 560 }, "\(numbers)")
        XCTAssertTrue(
            GraphPicture.vault(graph, pages: pages, from: "index.html", limit: 2).contains(
                "The 2 most linked of 6 notes"))
    }

    func testANeighbourhoodHoldsTheNotesWithinTwoLinks() {
        let pages = HTMLExport.pageNames(for: graph.notes)
        let a = graph.notes.firstIndex { $0.title == "A" }!
        let svg = GraphPicture.neighbourhood(of: a, in: graph, pages: pages, from: pages[a])
        for title in ["A", "Hub", "B", "C & &lt;D&gt;", "D"] {
            XCTAssertTrue(svg.contains(">\(title.replacingOccurrences(of: "& ", with: "&amp; "))</text>"), title)
        }
        XCTAssertFalse(svg.contains(">Alone</text>"))
        XCTAssertTrue(svg.contains("fill=\"#d60\""), "the note itself stands out")
        XCTAssertFalse(svg.contains("rule r1"), "only the rules citing the note itself")
        let small = GraphPicture.neighbourhood(of: a, in: graph, pages: pages, from: pages[a], limit: 2)
        XCTAssertEqual(small.components(separatedBy: "<a href").count - 1, 2)
    }
}
