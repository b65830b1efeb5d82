import Foundation
import XCTest

/// What the MCP tools answer, read as an assistant reads it: errors it can correct itself from,
/// answers that fit its context, fixes it can apply.
extension CLITests {
    /// A name that is not found is the tool's error (`isError`), naming the closest names, so the
    /// assistant can correct itself; a JSON-RPC error is kept for a request that is malformed.
    func testMCPNotFoundIsTheToolsErrorNamingTheClosest() throws {
        let folder = try makeFolder(["Sources/Home.swift": deprecated, "Sources/Help.swift": frozenSheet])
        let session = try mcpSession(in: folder)
        let calls: [(tool: String, arguments: [String: Any], closest: String)] = [
            ("read_note", ["name": "Dual Initialiser Patern"], "Dual Initializer Pattern"),
            ("build_context", ["name": "NavigationStack Esentials"], "NavigationStack Essentials"),
            ("explain_rule", ["id": "constant-bindng"], "constant-binding"),
            ("lint", ["paths": ["Sorces"]], "Sources"),
            ("lint", ["paths": ["Sources", "Sources/Hom.swift"]], "Sources/Home.swift"),
        ]
        for call in calls {
            let result = session.call(call.tool, call.arguments)
            let text = MCPSession.text(result)
            XCTAssertTrue(MCPSession.isError(result), "\(call.tool) \(call.arguments): \(text)")
            XCTAssertTrue(text.contains("closest: " + call.closest), "\(call.tool) \(call.arguments): \(text)")
        }
        // A configuration broken while serving is the tool's error too, naming the file.
        try Data("notes: [notes\n".utf8).write(to: folder.appendingPathComponent(".patternlint.yml"))
        Thread.sleep(forTimeInterval: 0.6)
        let broken = session.call("list_rules", [:])
        XCTAssertTrue(MCPSession.isError(broken), MCPSession.text(broken))
        XCTAssertTrue(MCPSession.text(broken).contains(".patternlint.yml"), MCPSession.text(broken))
        XCTAssertEqual(session.finish().status, 0)
    }

    /// `read_note` gives the front matter it read as an object, and the markdown without the
    /// blank lines left where the front matter was.
    func testMCPReadNoteGivesItsFrontMatterAndTheBodyWithoutLeadingBlankLines() throws {
        let folder = try makeFolder([
            "notes/checkout.md":
                "---\ntitle: Checkout Flow\npermalink: team/checkout\ntags: [team, payments]\n"
                + "aliases: [Payment Flow]\nowner: payments-team\n---\n\n# Checkout Flow\n\nPay once.\n",
            "notes/plain.md": "# Plain\nNo front matter.\n",
        ])
        let session = try mcpSession(in: folder, ["--notes", "notes"])
        let note = try XCTUnwrap(
            MCPSession.json(MCPSession.text(session.call("read_note", ["name": "Checkout Flow"]))) as? [String: Any])
        let matter = try XCTUnwrap(note["front_matter"] as? [String: Any], "\(note)")
        XCTAssertEqual(matter["title"] as? String, "Checkout Flow")
        XCTAssertEqual(matter["permalink"] as? String, "team/checkout")
        XCTAssertEqual(matter["tags"] as? [String], ["team", "payments"])
        XCTAssertEqual(matter["aliases"] as? [String], ["Payment Flow"])
        XCTAssertEqual(matter["owner"] as? String, "payments-team")
        XCTAssertEqual(note["markdown"] as? String, "# Checkout Flow\n\nPay once.\n")
        // A title made from the heading was not read from front matter, and is not said to be.
        let plain = try XCTUnwrap(
            MCPSession.json(MCPSession.text(session.call("read_note", ["name": "Plain"]))) as? [String: Any])
        XCTAssertEqual((plain["front_matter"] as? [String: Any])?.count, 0, "\(plain)")
        XCTAssertEqual(plain["title"] as? String, "Plain")
        XCTAssertEqual(session.finish().status, 0)
    }
}
