import Foundation
import XCTest

/// The MCP write tools (issue 31): off unless the configuration or `--allow-writes` turns them on,
/// and inside the note folders only.
extension CLITests {
    func testMCPWritesFollowTheConfigurationAndStayInTheNoteFolders() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "notes: [notes]\n",
            "notes/checkout.md": "---\ntitle: Checkout Flow\n---\n# Checkout Flow\n",
        ])
        let off = try mcpSession(in: folder)
        let refused = off.call("write_note", ["title": "Learned", "content": "A lesson."])
        XCTAssertTrue(MCPSession.isError(refused))
        XCTAssertTrue(MCPSession.text(refused).contains("writes are off"), MCPSession.text(refused))
        XCTAssertEqual(off.finish().status, 0)
        XCTAssertNil(fileText(folder, "notes/learned.md"))

        try Data("notes: [notes]\nmcp: { writes: true }\n".utf8).write(
            to: folder.appendingPathComponent(".patternlint.yml"))
        let on = try mcpSession(in: folder)
        let written = on.call("write_note", ["title": "Learned", "content": "A lesson about [[Checkout Flow]]."])
        XCTAssertFalse(MCPSession.isError(written), MCPSession.text(written))
        XCTAssertEqual(
            fileText(folder, "notes/learned.md"),
            "---\ntitle: Learned\ntype: note\npermalink: learned\ntags: []\n---\n\nA lesson about [[Checkout Flow]].\n")
        // Seen by the next call: a backlink from the note just written.
        let read = MCPSession.json(MCPSession.text(on.call("read_note", ["name": "Checkout Flow"]))) as? [String: Any]
        let backlinks = (read?["backlinks"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        XCTAssertEqual(backlinks, ["Learned"])
        let outside = on.call("write_note", ["title": "Outside", "content": "x", "folder": "."])
        XCTAssertTrue(MCPSession.isError(outside))
        XCTAssertTrue(MCPSession.text(outside).contains("not inside a note folder"), MCPSession.text(outside))
        XCTAssertNil(fileText(folder, "outside.md"))
        XCTAssertEqual(on.finish().status, 0)
    }
}
