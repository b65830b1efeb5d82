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

    /// `build_context` keeps to a size budget (`max_chars`, default 20,000) and pages: depth 2
    /// of a linked vault once came back whole. Each page says what it left out and the cursor
    /// of the next; the pages together give every related note once, in order.
    func testMCPBuildContextKeepsToItsBudgetAndPages() throws {
        var files = ["notes/hub.md": "# Hub\n" + (1...30).map { "- [[Topic \($0)]]\n" }.joined()]
        for index in 1...30 {
            files["notes/topic-\(index).md"] =
                "# Topic \(index)\nBack to [[Hub]].\n\n" + String(repeating: "Words about topic \(index). ", count: 70)
        }
        files["notes/huge.md"] = "# Huge\n" + String(repeating: "A very long note. ", count: 3_000) + "\n[[Hub]]\n"
        let folder = try makeFolder(files)
        let session = try mcpSession(in: folder, ["--notes", "notes"])
        func page(_ arguments: [String: Any]) throws -> (text: String, object: [String: Any]) {
            let result = session.call("build_context", arguments)
            let text = MCPSession.text(result)
            XCTAssertFalse(MCPSession.isError(result), text)
            return (text, try XCTUnwrap(MCPSession.json(text) as? [String: Any], text))
        }
        func titles(_ object: [String: Any]) -> [String] {
            (object["related"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        let whole = try page(["name": "Hub", "depth": 2, "max_chars": 1_000_000])
        XCTAssertTrue(whole.object["next_cursor"] is NSNull, "\(whole.object["next_cursor"] ?? "none")")
        XCTAssertEqual(titles(whole.object).count, 31, whole.text.prefix(300) + "")
        let first = try page(["name": "Hub", "depth": 2])
        XCTAssertLessThanOrEqual(first.text.unicodeScalars.count, 20_000, "the default budget")
        var paged = titles(first.object)
        var cursor = first.object["next_cursor"] as? String
        XCTAssertNotNil(cursor, "a first page of 20,000 characters cannot hold 31 notes")
        XCTAssertTrue((first.object["cut"] as? String ?? "").contains("cursor"), "\(first.object["cut"] ?? "none")")
        while let next = cursor {
            let more = try page(["name": "Hub", "depth": 2, "max_chars": 6_000, "cursor": next])
            XCTAssertLessThanOrEqual(more.text.unicodeScalars.count, 6_000)
            XCTAssertFalse(titles(more.object).isEmpty, "a page moves on")
            paged += titles(more.object)
            cursor = more.object["next_cursor"] as? String
        }
        XCTAssertEqual(paged, titles(whole.object), "the pages give every related note once, in order")
        // A note larger than the budget is clipped, and said to be.
        let huge = try page(["name": "Huge", "max_chars": 5_000])
        XCTAssertLessThanOrEqual(huge.text.unicodeScalars.count, 5_000)
        XCTAssertEqual((huge.object["root"] as? [String: Any])?["markdown_clipped"] as? Bool, true)
        // So is a root whose links alone are over it: its lists are cut, and counted.
        let hub = try page(["name": "Hub", "max_chars": 2_000])
        XCTAssertLessThanOrEqual(hub.text.unicodeScalars.count, 2_000)
        let omitted = (hub.object["root"] as? [String: Any])?["omitted"] as? [String: Int] ?? [:]
        XCTAssertEqual(omitted["backlinks"], 31, hub.text)
        XCTAssertGreaterThan(omitted["links_out"] ?? 0, 0, hub.text)
        XCTAssertTrue((hub.object["cut"] as? String ?? "").contains("backlinks"), hub.text)
        for (arguments, said) in [
            (["name": "Hub", "max_chars": 10] as [String: Any], "`max_chars` must be a whole number from 2000"),
            (["name": "Hub", "cursor": "not-a-cursor"], "cursor"),
        ] {
            let refused = session.call("build_context", arguments)
            XCTAssertTrue(MCPSession.isError(refused), MCPSession.text(refused))
            XCTAssertTrue(MCPSession.text(refused).contains(said), MCPSession.text(refused))
        }
        XCTAssertEqual(session.finish().status, 0)
    }

    /// A finding's fix comes with it as edits (start and end as line and column in characters,
    /// byte offset and length, the replacement) and whether it is safe: applied by offset or by
    /// line and column, they give what `lint --fix --unsafe-fixes` writes.
    func testMCPFindingsCarryTheirFixAsEdits() throws {
        let source = """
            import SwiftUI
            struct Sheet: View {
                @State var count = 0
                @Environment(\\.presentationMode) var presentationMode
                var body: some View { Button("Fertig ✓ \\(count)") { presentationMode.wrappedValue.dismiss() } }
            }

            """
        let folder = try makeFolder(["Sources/Sheet.swift": source])
        let session = try mcpSession(in: folder)
        // The snippet is another view: one declared twice would make its fixes unsafe.
        let snippet = source.replacingOccurrences(of: "struct Sheet", with: "struct Snippet")
        for (tool, arguments, original) in [
            ("lint", ["paths": ["Sources/Sheet.swift"]] as [String: Any], source),
            ("lint_snippet", ["path": "Sources/Snippet.swift", "source": snippet], snippet),
        ] {
            let expected = try fixedByTheCLI(original)
            let text = MCPSession.text(session.call(tool, arguments))
            let findings = try XCTUnwrap((MCPSession.json(text) as? [String: Any])?["findings"] as? [[String: Any]])
            let fixes = findings.compactMap { $0["fix"] as? [String: Any] }
            XCTAssertEqual(
                Set(findings.filter { $0["fix"] is [String: Any] }.compactMap { $0["rule"] as? String }),
                ["state-not-private", "presentation-mode-deprecated"], text)
            XCTAssertEqual(
                Set(fixes.compactMap { $0["applicability"] as? String }), ["safe", "unsafe"], "\(tool): \(fixes)")
            let edits = fixes.flatMap { $0["edits"] as? [[String: Any]] ?? [] }
            XCTAssertEqual(try Self.applyingByOffset(edits, to: original), expected, tool)
            XCTAssertEqual(try Self.applyingByLineAndColumn(edits, to: original), expected, tool)
            XCTAssertTrue(findings.allSatisfy { $0.keys.contains("fix") }, "every finding says whether it has a fix")
        }
        XCTAssertEqual(session.finish().status, 0)
    }

    /// The server tells the assistant what it is for (`instructions`), and every tool has a title
    /// and says which tools only read, in a closed world, the same each time, and which write.
    func testMCPSendsInstructionsAndToolAnnotations() throws {
        let folder = try makeFolder(["Sources/Home.swift": deprecated])
        let session = try mcpSession(in: folder)
        let instructions = session.initializeResult["instructions"] as? String ?? ""
        for tool in ["search_notes", "read_note", "build_context", "lint_snippet", "lint"] {
            XCTAssertTrue(instructions.contains(tool), "instructions name \(tool): \(instructions)")
        }
        let listed = try XCTUnwrap(session.request("tools/list", [:])?["result"] as? [String: Any])
        let tools = try XCTUnwrap(listed["tools"] as? [[String: Any]])
        XCTAssertEqual(tools.count, 12)
        let writers: Set = ["write_note", "edit_note", "move_note"]
        for tool in tools {
            let name = tool["name"] as? String ?? "?"
            let annotations = try XCTUnwrap(tool["annotations"] as? [String: Any], "\(name) has no annotations")
            XCTAssertFalse((annotations["title"] as? String ?? "").isEmpty, name)
            XCTAssertEqual(tool["title"] as? String, annotations["title"] as? String, name)
            XCTAssertEqual(annotations["readOnlyHint"] as? Bool, !writers.contains(name), name)
            XCTAssertEqual(annotations["openWorldHint"] as? Bool, false, name)
            XCTAssertEqual(annotations["idempotentHint"] as? Bool, !writers.contains(name), name)
            if writers.contains(name) { XCTAssertEqual(annotations["destructiveHint"] as? Bool, true, name) }
        }
        XCTAssertEqual(session.finish().status, 0)
    }

    /// What `lint --fix --unsafe-fixes` makes of the source, alone in a folder.
    func fixedByTheCLI(_ source: String) throws -> String {
        let folder = try makeFolder(["Fixed.swift": source])
        let fixed = try run(["lint", "--fix", "--unsafe-fixes", "Fixed.swift"], in: folder)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        let text = try String(contentsOf: folder.appendingPathComponent("Fixed.swift"), encoding: .utf8)
        XCTAssertNotEqual(text, source, "the CLI fixes it")
        return text
    }

    struct EditFailure: Error {
        var message: String
    }

    /// The edits applied by `offset` and `length` (UTF-8 bytes), last first.
    static func applyingByOffset(_ edits: [[String: Any]], to source: String) throws -> String {
        var bytes = Array(source.utf8)
        for edit in edits.sorted(by: { ($0["offset"] as? Int ?? 0) > ($1["offset"] as? Int ?? 0) }) {
            guard let offset = edit["offset"] as? Int, let length = edit["length"] as? Int,
                let replacement = edit["replacement"] as? String
            else { throw EditFailure(message: "\(edit)") }
            bytes.replaceSubrange(offset..<offset + length, with: Array(replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The edits applied by `start` and `end` (1-based line, and column in characters), last first.
    static func applyingByLineAndColumn(_ edits: [[String: Any]], to source: String) throws -> String {
        var scalars = Array(source.unicodeScalars)
        var lineStarts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { lineStarts.append(index + 1) }
        func position(_ place: Any?) throws -> Int {
            guard let place = place as? [String: Any], let line = place["line"] as? Int,
                let column = place["column"] as? Int
            else { throw EditFailure(message: "\(String(describing: place))") }
            return lineStarts[line - 1] + column - 1
        }
        let placed = try edits.map {
            (try position($0["start"]), try position($0["end"]), $0["replacement"] as? String)
        }
        for (start, end, replacement) in placed.sorted(by: { $0.0 > $1.0 }) {
            scalars.replaceSubrange(start..<end, with: Array((replacement ?? "").unicodeScalars))
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
