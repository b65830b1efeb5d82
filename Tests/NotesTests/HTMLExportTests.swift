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
}
