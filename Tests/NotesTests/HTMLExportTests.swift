import Foundation
import XCTest
@testable import Notes

final class HTMLExportTests: XCTestCase {
    func testExportLinksPagesAndStaysInsideTheFolder() throws {
        let a = NoteParser.parse(
            path: "a.md", relativePath: "a.md",
            text: """
                ---
                title: Alpha
                permalink: ../../etc/evil
                tags: [x]
                ---
                # Alpha

                See [[Beta#Part Two|the beta note]], [[Gone]] and `[[Not A Link]]`.

                <script>alert(1)</script>
                """)
        let b = NoteParser.parse(
            path: "b.md", relativePath: "b.md", text: "---\npermalink: deep/beta\n---\n# Beta\n\n## Part Two\n")
        let graph = Graph(vault: Vault(notes: [a, b]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plint-html-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try HTMLExport.write(graph, to: folder)
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        XCTAssertEqual(result.written.count, 3)
        for path in result.written { XCTAssertTrue(path.hasPrefix(root + "/"), path) }
        XCTAssertEqual(HTMLExport.pageNames(for: graph.notes), ["note/note/etc/evil.html", "deep/beta.html"])

        let alpha = try String(contentsOfFile: root + "/note/note/etc/evil.html", encoding: .utf8)
        XCTAssertTrue(alpha.contains("<a href=\"../../../deep/beta.html#part-two\">the beta note</a>"), alpha)
        XCTAssertTrue(alpha.contains("<em>Gone</em> (missing note)"))
        XCTAssertTrue(alpha.contains("<code>[[Not A Link]]</code>"))
        XCTAssertFalse(alpha.contains("<script>"), "raw HTML is not passed through")
        let beta = try String(contentsOfFile: root + "/deep/beta.html", encoding: .utf8)
        XCTAssertTrue(beta.contains("<h2>Backlinks</h2>"))
        XCTAssertTrue(beta.contains("href=\"../note/note/etc/evil.html\""))
        XCTAssertTrue(
            try String(contentsOfFile: root + "/index.html", encoding: .utf8).contains("href=\"deep/beta.html\""))
    }

    /// Headings after a thematic break keep their ids; an ambiguous link says so; a markdown
    /// link keeps an image as its text; links on one line
    /// with multi-byte text before them land where they stand.
    func testIdsAfterABreakAmbiguousAndOverlappingLinks() {
        let notes = [
            NoteParser.parse(
                path: "a.md", relativePath: "a.md",
                text: "# Alpha\n\n---\n\n## After\n\né [[Twin]] ü [[Beta]] [![d](d.png)](b.md) 🧭 [[Beta#After]]\n"),
            NoteParser.parse(path: "b.md", relativePath: "b.md", text: "# Beta\n"),
            NoteParser.parse(path: "t1.md", relativePath: "t1.md", text: "---\ntitle: Twin\n---\n"),
            NoteParser.parse(path: "t2.md", relativePath: "t2.md", text: "---\ntitle: Twin\n---\n"),
        ]
        let graph = Graph(vault: Vault(notes: notes))
        let html = HTMLExport.markdownToHTML(
            HTMLExport.linkedMarkdown(note: 0, in: graph, pages: ["a.html", "b.html", "t1.html", "t2.html"]))
        XCTAssertTrue(html.contains("<h2 id=\"after\">After</h2>"), html)
        XCTAssertTrue(
            html.contains(
                "é <em>Twin</em> (ambiguous link) ü <a href=\"b.html\">Beta</a> <a href=\"b.html\"><img src=\"d.png\" alt=\"d\" /></a> 🧭 <a href=\"b.html#after\">Beta</a>"
            ), html)
    }

    /// An embed alone on its line is the embedded note (or section) quoted under a link to it;
    /// its headings do not take the page's ids, and embeds inside it stay links (no cycle).
    func testEmbedsAreQuotedOnceAndInlineOnesStayLinks() throws {
        let a = NoteParser.parse(
            path: "a.md", relativePath: "a.md",
            text: "# Alpha\n\n## Setup\n\n![[Beta]]\n\n![[Beta#Part]]\n\nInline ![[Beta]] here.\n")
        let b = NoteParser.parse(
            path: "b.md", relativePath: "b.md",
            text:
                "# Beta\n\nBeta body, back to ![[Alpha]].\n\n![[Alpha]]\n\n## Part\n\nPart text.\n\n## Setup\n\nLast.\n"
        )
        let graph = Graph(vault: Vault(notes: [a, b]))
        let html = HTMLExport.markdownToHTML(
            HTMLExport.linkedMarkdown(note: 0, in: graph, pages: ["a.html", "b.html"]))
        XCTAssertTrue(html.contains("<blockquote>\n<p><strong><a href=\"b.html\">Beta</a></strong></p>"), html)
        XCTAssertTrue(html.contains("<p>Beta body, back to <a href=\"a.html\">Alpha</a>.</p>"), html)
        XCTAssertTrue(
            html.contains("<p><a href=\"a.html\">Alpha</a></p>"), "an embed inside an embed is a link: \(html)")
        XCTAssertTrue(html.contains("<a href=\"b.html#part\">Beta › Part</a>"), html)
        XCTAssertEqual(html.components(separatedBy: "Part text.").count, 3, "the whole note, then the section")
        XCTAssertEqual(html.components(separatedBy: "<h2").count, 2, "only Alpha's own heading is a heading: \(html)")
        XCTAssertTrue(html.contains("Inline <a href=\"b.html\">Beta</a> here."), html)
    }

    /// A hub written as one paragraph of links: each link asks whether it stands alone on its line,
    /// and the line is trimmed once for all of them (it was decoded again for every link, so a
    /// note of a million links never finished exporting). An embed between blanks is still alone
    /// on its line; one with text beside it is a link.
    func testALineOfManyLinksIsTrimmedOnce() {
        let count = 20_000
        let hub = (0..<count).map { $0 % 2 == 0 ? "[[Beta]]" : "![[Gone]]" }.joined(separator: " ")
        let a = NoteParser.parse(
            path: "a.md", relativePath: "a.md",
            text: "# Alpha\n\n" + hub + "\n\n  ![[Beta]]\t \n\n![[Beta]] x\n")
        let b = NoteParser.parse(path: "b.md", relativePath: "b.md", text: "# Beta\n\nBeta body.\n")
        let graph = Graph(vault: Vault(notes: [a, b]))
        XCTAssertEqual(graph.outgoing(0).count, count + 2)
        let work = HTMLExport.LinkingWork()
        let markdown = HTMLExport.linkedMarkdown(note: 0, in: graph, pages: ["a.html", "b.html"], work: work)
        XCTAssertEqual(work.linesTrimmed, 3, "once per line that holds links")
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[2].components(separatedBy: "[Beta](b.html)").count - 1, count / 2)
        XCTAssertEqual(lines[2].components(separatedBy: "*Gone* (missing note)").count - 1, count / 2)
        XCTAssertEqual(lines[4], "  > **[Beta](b.html)**", "the embed between blanks is quoted")
        XCTAssertEqual(lines[6], "> Beta body.\t ")
        XCTAssertEqual(lines[8], "[Beta](b.html) x")
    }

    /// Headings carry the ids `[[Note#Heading]]` links use; fences keep their labels; a second
    /// export replaces the first (a deleted note's page goes); a folder of other files is refused.
    func testExportAnchorsLabelsAndReplacesItsOwnFolder() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("pl-export-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: parent) }
        let a = NoteParser.parse(
            path: "a.md", relativePath: "a.md",
            text:
                "# Alpha\n\n## Usage Notes\n\nSee [[Beta#Setup Steps]].\n\n```swift bad constant-binding\nlet x = 1\n```\n"
        )
        let b = NoteParser.parse(path: "b.md", relativePath: "b.md", text: "# Beta\n\n## Setup Steps\n\nText.\n")
        let site = parent.appendingPathComponent("site").path
        _ = try HTMLExport.write(Graph(vault: Vault(notes: [a, b])), to: site)
        let alpha = try String(contentsOfFile: site + "/a.html", encoding: .utf8)
        XCTAssertTrue(alpha.contains("<h2 id=\"usage-notes\">Usage Notes</h2>"), alpha)
        XCTAssertTrue(alpha.contains("b.html#setup-steps"), alpha)
        XCTAssertTrue(alpha.contains("<em>Example: bad · constant-binding</em>"), alpha)
        XCTAssertTrue(try String(contentsOfFile: site + "/b.html", encoding: .utf8).contains("id=\"setup-steps\""))
        _ = try HTMLExport.write(Graph(vault: Vault(notes: [a])), to: site)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/b.html"), "the deleted note's page is gone")
        let other = parent.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: other.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try HTMLExport.write(Graph(vault: Vault(notes: [a])), to: other.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: other.appendingPathComponent("notes.txt").path))
    }
}
