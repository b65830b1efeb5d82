import Foundation
import XCTest
@testable import Notes
import Support

/// An Obsidian vault (Fixtures/obsidian-vault): attachments beside the notes, block ids and
/// `[[Note#^id]]` links, inline and nested tags.
final class ObsidianVaultTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/obsidian-vault").path
    let graph = Graph(vault: Vault.load(roots: [ObsidianVaultTests.root]))

    func note(_ title: String) -> Note { graph.notes.first { $0.title == title }! }

    func testBlockIDsAndInlineTagsAreRead() {
        XCTAssertEqual(note("Home").blockIDs, [BlockID(id: "intro", line: 9), BlockID(id: "item-1", line: 11)])
        XCTAssertEqual(note("Other").blockIDs.map(\.id), ["para", "table-id"])
        // Not in code, not a number, not in a URL or a word, not in a heading.
        XCTAssertEqual(note("Home").inlineTags, ["team/ios", "draft", "équipe"])
        XCTAssertEqual(note("Home").allTags, ["team", "team/ios", "draft", "équipe"])
        for (line, expected) in [
            ("#a and #b/c-d, (#no) x#no #1 #2x #trail/ #u_v.", ["a", "b/c-d", "2x", "trail", "u_v"]),
            ("Start\n#next-line", ["next-line"]),
        ] {
            let parsed = NoteParser.parse(path: "t.md", relativePath: "t.md", text: line + "\n")
            XCTAssertEqual(parsed.inlineTags, expected, line)
        }
        for (line, id) in [("Text ^abc-1", "abc-1"), ("^alone", "alone"), ("Text^glued", nil), ("Text ^bad!", nil)] {
            let parsed = NoteParser.parse(path: "t.md", relativePath: "t.md", text: line + "\n")
            XCTAssertEqual(parsed.blockIDs.first?.id, id, line)
        }
    }

    func testAttachmentsAndBlockLinksResolveAndOnlyWhatIsMissingIsAWarning() {
        let problems = graph.check()
        XCTAssertEqual(
            problems.map { "\($0.severity.rawValue) \($0.code) \($0.line)" },
            ["warning missing-attachment 7", "warning missing-block 14"],
            problems.map(\.description).joined(separator: "\n"))
        let found = graph.edges.compactMap { graph.attachment(for: $0)?.relativePath }
        XCTAssertEqual(found, ["assets/diagram.png", "docs/spec.pdf", "docs/spec.pdf"])
        XCTAssertTrue(graph.attachments.contains { $0.relativePath == "assets/diagram.png" && $0.isImage })
        // The JSON graph says so, written straight or encoded.
        let json = GraphExport.json(graph)
        XCTAssertTrue(json.contains("\"status\" : \"attachment\""), json)
        XCTAssertEqual(GraphExport.document(graph).links.filter { $0.status == "attachment" }.count, 3)
        XCTAssertFalse(Attachment.looksLikeFile("Swift 5.9"))
        XCTAssertFalse(Attachment.looksLikeFile("v1.2 Release"))
        XCTAssertFalse(Attachment.looksLikeFile("notes/page.md"))
        XCTAssertTrue(Attachment.looksLikeFile("archive.tar.gz"))
    }

    func testNestedTagsFilter() {
        var query = NoteQuery()
        query.tags = ["team"]
        XCTAssertEqual(query.run(on: graph).map { graph.notes[$0].title }, ["Home"])
        query.tags = ["draft"]
        XCTAssertEqual(query.run(on: graph).count, 1)
    }

    func testTheExportCopiesAttachmentsAndAnchorsBlocks() throws {
        let out = NSTemporaryDirectory() + "patternlint-obsidian-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try HTMLExport.write(graph, to: out)
        XCTAssertEqual(try FileContents.read(out + "/attachments/assets/diagram.png"), Array("PNG".utf8))
        XCTAssertEqual(try FileContents.read(out + "/attachments/docs/spec.pdf"), Array("PDF".utf8))
        let home = String(decoding: try FileContents.read(out + "/home.html"), as: UTF8.self)
        XCTAssertTrue(home.contains("<img src=\"attachments/assets/diagram.png\" alt=\"diagram.png\""), home)
        XCTAssertTrue(home.contains("<a href=\"attachments/docs/spec.pdf\">the spec</a>"), home)
        XCTAssertTrue(home.contains("<p id=\"^intro\">A paragraph to point at.</p>"), home)
        XCTAssertTrue(home.contains("<li id=\"^item-1\">item with id</li>"), home)
        XCTAssertTrue(home.contains("<a href=\"other.html#%5Epara\">"), home)
        let other = String(decoding: try FileContents.read(out + "/other.html"), as: UTF8.self)
        XCTAssertTrue(other.contains("<p id=\"^para\">Linked text.</p>"), other)
        XCTAssertTrue(other.contains("<a id=\"^table-id\"></a>"), other)
    }
}
