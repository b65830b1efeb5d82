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
}
