import Foundation
import XCTest

/// `patternlint mcp` end to end, over its standard input and output as a client uses it.
extension CLITests {
    /// A server in `folder`, stopped at the end of the test if the test left it running.
    func mcpSession(in folder: URL, _ arguments: [String] = []) throws -> MCPSession {
        let session = try MCPSession(binary: binary, arguments: arguments, in: folder)
        addTeardownBlock { session.stop() }
        return session
    }

    func makeSymbolicLink(_ path: String, in folder: URL, to destination: URL) throws {
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent(path), withDestinationURL: destination)
    }

    /// JSON numbers too large for an `Int` arrive as doubles, and converting one with `Int(_:)`
    /// killed the server (SIGILL). Each numeric argument out of range, or not whole, is the
    /// tool's error naming the argument and its range, and the server answers on. A number past
    /// what a double holds (`1e400`) was a parse error; arguments that are not an object were
    /// -32603 "The data isn't in the correct format".
    func testMCPNumbersOutOfRangeAreToolErrorsNamingTheArgument() throws {
        let folder = try makeFolder(["Sources/Home.swift": deprecated])
        let session = try mcpSession(in: folder)
        let calls: [(tool: String, arguments: String, said: String)] = [
            ("search_notes", #"{"query":"navigation","limit":1e30}"#, "`limit` must be a whole number from 1 to 200"),
            (
                "build_context", #"{"name":"Dual Initializer Pattern","depth":-1e19}"#,
                "`depth` must be a whole number from 1 to 3"
            ),
            ("lint", #"{"limit":99999999999999999999}"#, "`limit` must be a whole number from 1 to 10000"),
            (
                "lint_snippet", #"{"source":"let x = 1","path":"A.swift","limit":2.5}"#,
                "`limit` must be a whole number from 1 to 10000"
            ),
            (
                "search_notes", #"{"query":"1e400","limit":1e400}"#,
                "`limit` must be a whole number from 1 to 200, not a number past"
            ),
            ("lint", #"{"limit":-1e-400}"#, "`limit` must be a whole number from 1 to 10000, not 0"),
            ("lint", "[1,2]", "`arguments` must be an object"),
        ]
        for (index, call) in calls.enumerated() {
            let id = 100 + index
            session.send(
                line:
                    #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(call.tool)","arguments":\#(call.arguments)}}"#
            )
            let result = try XCTUnwrap(session.answer(to: id)?["result"] as? [String: Any], "\(call.tool): no result")
            XCTAssertTrue(MCPSession.isError(result), "\(call.tool): \(result)")
            XCTAssertTrue(MCPSession.text(result).contains(call.said), MCPSession.text(result))
        }
        // A whole number written as a double is still a number.
        session.send(
            line:
                #"{"jsonrpc":"2.0","id":200,"method":"tools/call","params":{"name":"search_notes","arguments":{"query":"navigation","limit":2.0}}}"#
        )
        let whole = session.answer(to: 200)?["result"] as? [String: Any]
        XCTAssertFalse(MCPSession.isError(whole), MCPSession.text(whole))
        XCTAssertEqual((MCPSession.json(MCPSession.text(whole)) as? [Any])?.count, 2, MCPSession.text(whole))
        XCTAssertNotNil(session.request("ping", [:])?["result"], "the server still answers")
        XCTAssertEqual(session.finish().status, 0)
    }

    /// A symbolic link inside the workspace must not let the server read outside it: named
    /// paths that lead out are refused, and the tree walk skips such links and says so.
    func testMCPRefusesPathsThatLeadOutOfTheWorkspaceThroughSymbolicLinks() throws {
        let outside = try makeFolder([
            "Secret.swift": deprecated.replacingOccurrences(of: "Home", with: "OutsideSecret")
        ])
        let folder = try makeFolder(["Sources/Home.swift": deprecated])
        try makeSymbolicLink("out_link", in: folder, to: outside)
        try makeSymbolicLink("Sources/Linked", in: folder, to: outside)
        try makeSymbolicLink("Sources/Leak.swift", in: folder, to: outside.appendingPathComponent("Secret.swift"))
        try makeSymbolicLink("in_link", in: folder, to: folder.appendingPathComponent("Sources"))
        let session = try mcpSession(in: folder)
        for (tool, arguments) in [
            ("lint", ["paths": ["out_link"]]), ("lint", ["paths": ["out_link/Secret.swift"]]),
            ("lint", ["paths": ["Sources/Leak.swift"]]),
            ("lint_snippet", ["path": "out_link/New.swift", "source": "let x = 1"] as [String: Any]),
        ] {
            let refused = session.call(tool, arguments)
            XCTAssertTrue(MCPSession.isError(refused), "\(tool) \(arguments): \(MCPSession.text(refused))")
            XCTAssertTrue(MCPSession.text(refused).contains("outside the workspace"), MCPSession.text(refused))
        }
        // A link that stays inside is followed.
        let inside = MCPSession.text(session.call("lint", ["paths": ["in_link"]]))
        XCTAssertTrue(inside.contains("in_link/Home.swift"), inside)
        for walked in [session.call("lint", [:]), session.call("lint", ["paths": ["Sources"]])] {
            let text = MCPSession.text(walked)
            XCTAssertFalse(MCPSession.isError(walked), text)
            XCTAssertTrue(text.contains("\"path\": \"Sources/Home.swift\""), text)
            XCTAssertFalse(text.contains("OutsideSecret"), text)
            XCTAssertFalse(text.contains("Secret.swift\""), text)
            XCTAssertTrue(text.contains("Sources/Linked: leads outside"), text)
            XCTAssertTrue(text.contains("Sources/Leak.swift: leads outside"), text)
        }
        XCTAssertEqual(session.finish().status, 0)
    }

    /// `search_notes` takes a question: any word makes a hit, best first; `all_words` keeps only
    /// the notes holding every one. `notes search --all-words` does the same.
    func testSearchTakesAQuestionAndAllWordsFilters() throws {
        let root = try makeFolder([
            "ws/notes/kiln.md": "---\ntitle: Kiln Firing\n---\nFiring a kiln slowly saves the glaze.\n",
            "ws/notes/glaze.md": "---\ntitle: Glaze Recipes\n---\nMixing glazes by weight.\n",
            "ws/.patternlint.yml": "notes: [notes]\n",
        ])
        let workspace = root.appendingPathComponent("ws")
        let session = try mcpSession(in: workspace)
        func titles(_ arguments: [String: Any]) -> [String] {
            let text = MCPSession.text(session.call("search_notes", arguments))
            return (MCPSession.json(text) as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        XCTAssertEqual(Set(titles(["query": "the kiln and the glazes"])), ["Kiln Firing", "Glaze Recipes"])
        XCTAssertEqual(titles(["query": "kiln glazes", "all_words": true]), ["Kiln Firing"])
        XCTAssertTrue(MCPSession.isError(session.call("search_notes", ["query": "kiln", "all_words": "yes"])))
        let all = try run(
            ["notes", "search", "--no-builtin-notes", "--notes", "notes", "--all-words", "kiln", "recipes"],
            in: workspace)
        XCTAssertEqual(all.status, 1, all.stdout + all.stderr)
        let any = try run(
            ["notes", "search", "--no-builtin-notes", "--notes", "notes", "kiln", "recipes"], in: workspace)
        XCTAssertEqual(any.status, 0, any.stderr)
        XCTAssertTrue(any.stdout.contains("Kiln Firing") && any.stdout.contains("Glaze Recipes"), any.stdout)
    }

    /// A workspace's `.patternlint.yml` naming note and rule folders outside it, or a note that
    /// is a link out of it, must not make the server serve what is outside: those are ignored,
    /// with a warning on stderr and in the answers.
    func testMCPIgnoresConfiguredNotesAndRulesOutsideTheWorkspace() throws {
        let root = try makeFolder([
            "outside/notes/secret.md": "---\ntitle: Outside Secret Note\n---\nThe password is TOPSECRET-4242.\n",
            "outside/leak.md": "---\ntitle: Leaked Note\n---\nThe password is TOPSECRET-4343.\n",
            "outside/rules/outside-rule.md":
                "---\nid: outside-secret-rule\nseverity: error\nnote: \"[[Dual Initializer Pattern]]\"\n"
                + "summary: TOPSECRET rule.\npattern:\n  callee: [Text]\n  message: TOPSECRET\n---\n",
            "ws/.patternlint.yml": "notes: [../outside/notes, notes]\nrules: [../outside/rules]\n",
            "ws/notes/inside.md": "---\ntitle: Inside Note\n---\nServed.\n",
        ])
        let workspace = root.appendingPathComponent("ws")
        try makeSymbolicLink("notes/leak.md", in: workspace, to: root.appendingPathComponent("outside/leak.md"))
        let session = try mcpSession(in: workspace)
        XCTAssertTrue(MCPSession.text(session.call("read_note", ["name": "Inside Note"])).contains("Served."))
        for name in ["Outside Secret Note", "Leaked Note"] {
            let refused = session.call("read_note", ["name": name])
            XCTAssertTrue(MCPSession.isError(refused), MCPSession.text(refused))
            XCTAssertFalse(MCPSession.text(refused).contains("TOPSECRET"), MCPSession.text(refused))
        }
        XCTAssertTrue(MCPSession.isError(session.call("explain_rule", ["id": "outside-secret-rule"])))
        let hits = MCPSession.text(session.call("search_notes", ["query": "TOPSECRET"]))
        XCTAssertEqual((MCPSession.json(hits) as? [Any])?.count, 0, hits)
        let resources = try XCTUnwrap(session.request("resources/list", [:])?["result"] as? [String: Any])
        XCTAssertFalse("\(resources)".contains("secret"), "\(resources)")
        XCTAssertFalse("\(resources)".contains("leak"), "\(resources)")
        let checked = MCPSession.text(session.call("check_notes", ["examples": false]))
        let outsidePaths = (MCPSession.json(checked) as? [[String: Any]] ?? [])
            .filter { $0["code"] as? String == "outside-workspace" }.compactMap { $0["path"] as? String }
        XCTAssertEqual(
            outsidePaths.map { $0.hasSuffix("/outside/notes") ? "…/outside/notes" : $0 },
            ["…/outside/notes", "notes/leak.md"], checked)
        let linted = MCPSession.text(session.call("lint", [:]))
        XCTAssertTrue(linted.contains("outside/rules: outside the workspace"), linted)
        let finished = session.finish()
        XCTAssertEqual(finished.status, 0)
        XCTAssertTrue(finished.stderr.contains("outside/notes: outside the workspace"), finished.stderr)
        XCTAssertTrue(finished.stderr.contains("outside/rules: outside the workspace"), finished.stderr)
    }

    /// A request line over the 16 MiB the server reads is dropped; the client waiting on it is
    /// told so, by the id at the line's start, or with id null when the start shows none (an
    /// `id` inside the params is not the request's).
    func testMCPAnswersAnOverlongRequestWithAnErrorCarryingItsID() throws {
        let folder = try makeFolder(["notes/a.md": "# A\n"])
        let session = try mcpSession(in: folder)
        let padding = String(repeating: "x", count: 17 * 1024 * 1024)
        let lines: [(start: String, id: Any)] = [
            (
                #"{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"name":"search_notes","arguments":{"query":""#,
                41
            ),
            (
                #"{"jsonrpc": "2.0", "id" : "big-\"one\"", "method":"tools/call","params":{"arguments":{"query":""#,
                "big-\"one\""
            ),
            (
                #"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"explain_rule","arguments":{"id":"nested","pad":""#,
                NSNull()
            ),
        ]
        for line in lines {
            session.send(line: line.start + padding + #""}}}"#)
            let answer = try XCTUnwrap(session.answer(to: line.id), "no answer to \(line.start)")
            let error = try XCTUnwrap(answer["error"] as? [String: Any], "\(answer)")
            XCTAssertEqual(error["code"] as? Int, -32600)
            XCTAssertTrue((error["message"] as? String ?? "").contains("over 16 MiB"), "\(error)")
        }
        XCTAssertNotNil(session.request("ping", [:])?["result"], "the server still answers")
        XCTAssertEqual(session.finish().status, 0)
    }

    /// JSON-RPC 2.0's answers to what is not a request: an id that is neither a string nor an
    /// integer was taken for a notification and never answered; a line that is not JSON got a
    /// parse error under a made-up id, and the request the line held was then waited for a minute
    /// when input ended; no `method` was a parse error. Each is answered with id null, or with
    /// the id the line shows, and the server exits as soon as input ends.
    func testMCPAnswersWhatIsNotARequestWithIdNullOrItsOwn() throws {
        let folder = try makeFolder(["notes/a.md": "# A\n"])
        let search = #""method":"tools/call","params":{"name":"search_notes","arguments":{"query":"nav\udfff"}}"#
        let lines: [(line: String, id: String, code: Int)] = [
            (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, "null", -32600),
            (#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}"#, "null", -32600),
            (#"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#, "null", -32600),
            (#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, "null", -32600),
            (#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, "null", -32600),
            (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, "null", -32600),
            (#"{"jsonrpc":"2.0","id":7,"method":"ping""#, "null", -32700),
            ("[]", "null", -32600),
            (#"{"jsonrpc":"2.0","id":2,\#(search)}"#, "2", -32700),
            (#"{"jsonrpc":"2.0","id":15}"#, "15", -32600),
            (#"{"jsonrpc":"1.0","id":"old","method":"ping"}"#, "old", -32600),
            (#"{"jsonrpc":"2.0","id":16,"method":["ping"]}"#, "16", -32600),
        ]
        let started = Date()
        let result = try run(["mcp"], in: folder, stdin: lines.map(\.line).joined(separator: "\n") + "\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "an answer owed held the exit")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("unanswered"), result.stderr)
        let answers = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let answer = MCPSession.json(String(line)) as? [String: Any],
                let code = (answer["error"] as? [String: Any])?["code"] as? Int
            else { return nil }
            return "\(answer["id"] is NSNull ? "null" : "\(answer["id"] ?? "none")") \(code)"
        }
        XCTAssertEqual(answers.sorted(), lines.map { "\($0.id) \($0.code)" }.sorted(), result.stdout)
    }

    /// A client may write its requests and close stdin at once (a script piping a file in): the
    /// server must answer every request it read before it exits, however long they take. It
    /// used to stop when input ended, dropping the answers still being worked out.
    func testMCPAnswersEveryRequestReadBeforeInputEnds() throws {
        let folder = try makeFolder(["Sources/Home.swift": deprecated, "Sources/Help.swift": frozenSheet])
        let calls = [
            #""name":"check_notes","arguments":{}"#, #""name":"lint","arguments":{}"#,
            #""name":"search_notes","arguments":{"query":"navigation"}"#,
        ]
        let count = 24
        let requests = (1...count).map { id in
            #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{\#(calls[id % calls.count])}}"#
        }
        let result = try run(["mcp"], in: folder, stdin: requests.joined(separator: "\n") + "\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        let answered = Set(
            result.stdout.split(separator: "\n").compactMap { line in
                (MCPSession.json(String(line)) as? [String: Any])?["id"] as? Int
            })
        XCTAssertEqual(answered.sorted(), Array(1...count), "every request is answered before the server exits")
    }

    /// A request the client cancelled is owed no answer (the SDK sends none), nor is a message
    /// the SDK reads as the client's answer (it has a `result`): neither may hold the server's
    /// exit for the minute that answers still owed are waited for.
    func testMCPExitsPromptlyWhenInputEndsWithNothingOwed() throws {
        let folder = try makeFolder(["Sources/Home.swift": deprecated])
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"check_notes","arguments":{}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"test"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"ping","result":{}}"#,
        ]
        let started = Date()
        let result = try run(["mcp"], in: folder, stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "a message owed no answer held the exit")
        XCTAssertFalse(result.stderr.contains("unanswered"), result.stderr)
    }

    /// A client gone altogether (stdout closed as well as stdin) cannot be answered: an answer
    /// that fails to be written is owed no more, and the server exits without waiting out the
    /// minute. SIGPIPE is ignored, as a parent can leave it, so that writing fails rather than kills.
    func testMCPExitsPromptlyWhenTheClientStopsReading() throws {
        let folder = try makeFolder(["Sources/Home.swift": deprecated])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"trap "" PIPE; exec "$0" mcp"#, binary.path]
        process.currentDirectoryURL = folder
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try output.fileHandleForReading.close()
        let requests = (1...4).map { id in
            #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"check_notes","arguments":{}}}"#
        }
        let started = Date()
        try input.fileHandleForWriting.write(contentsOf: Data((requests.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "the server waited for answers it could not write")
        XCTAssertEqual(process.terminationReason, .exit, "SIGPIPE was ignored: the server saw the write fail")
    }
}
