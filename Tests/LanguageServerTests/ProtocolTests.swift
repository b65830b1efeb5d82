import Foundation
import XCTest

@testable import LanguageServer

/// The server as an editor meets it: what a client that sends something wrong, or too late, gets.
final class ProtocolTests: XCTestCase {
    let home = """
        import SwiftUI
        struct HomeView: View {
            @State var count = 0
            var body: some View {
                NavigationView { Text("x").navigationBarTitle("Home") }
            }
        }

        """

    /// A workspace with `Sources/Home.swift`, opened in the editor; the diagnostics it got.
    func openHome() throws -> (session: LSPSession, uri: String, opened: (count: Int, index: Int)) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try home.write(to: folder.appendingPathComponent("Sources/Home.swift"), atomically: true, encoding: .utf8)
        let session = LSPSession(folder: folder, test: self)
        session.start()
        let uri = session.uri("Sources/Home.swift")
        session.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "swift", "version": 1, "text": .string(home)]])
        let opened = try XCTUnwrap(session.diagnostics(), "no diagnostics for the opened file")
        XCTAssertGreaterThan(opened.count, 0)
        return (session, uri, opened)
    }

    func hover(_ session: LSPSession, _ uri: String) -> JSON? {
        // On `NavigationView`, which has a finding.
        session.request(
            "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 4, "character": 10]])
    }

    /// What the messages were, for a failure's message: methods, and ids for answers.
    func methods(_ messages: ArraySlice<JSON>) -> [String] {
        messages.map { $0["method"]?.string ?? "answer \($0["id"] ?? .null)" }
    }

    func change(_ uri: String, version: Int, _ change: JSON) -> JSON {
        ["textDocument": ["uri": .string(uri), "version": .number(Double(version))], "contentChanges": [change]]
    }

    /// A `didChange` whose range has a line that is a string replaced the whole buffer with its
    /// text, and the file's diagnostics vanished. It is refused and logged; the document is out of
    /// sync, so nothing is published or answered from it until the whole text comes again.
    func testAMalformedRangeIsRefusedAndNothingPublishedUntilTheWholeTextComes() throws {
        let (session, uri, opened) = try openHome()
        XCTAssertNotEqual(hover(session, uri)?["result"], .null, "no hover on the finding")
        let range: JSON = ["start": ["line": "0", "character": 0], "end": ["line": "0", "character": 0]]
        session.notify("textDocument/didChange", change(uri, version: 2, ["range": range, "text": " "]))
        // A lint that change scheduled has published by the second answer: messages are handled in turn.
        XCTAssertEqual(hover(session, uri)?["result"], .null, "answered from a buffer out of sync")
        XCTAssertNotNil(hover(session, uri))
        let since = session.messages[(opened.index + 1)...]
        XCTAssertFalse(since.contains { $0["method"] == "textDocument/publishDiagnostics" }, "\(methods(since))")
        XCTAssertTrue(
            since.contains {
                $0["method"] == "window/logMessage" && ($0["params"]?["message"]?.string ?? "").contains("`range`")
            }, "\(methods(since))")
        session.notify("textDocument/didChange", change(uri, version: 3, ["text": .string(home)]))
        XCTAssertEqual(session.diagnostics(from: opened.index + 1)?.count, opened.count)
        XCTAssertNotEqual(hover(session, uri)?["result"], .null, "in sync again")
    }

    /// A `didChange` after `shutdown` was linted and its diagnostics published. After it only
    /// `exit` counts: a request is Invalid Request, a notification is dropped.
    func testAfterShutdownOnlyExitIsHonoured() throws {
        let (session, uri, opened) = try openHome()
        XCTAssertEqual(session.request("shutdown", nil)?["result"], .null)
        let edit: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
        session.notify("textDocument/didChange", change(uri, version: 2, ["range": edit, "text": "// x\n"]))
        XCTAssertEqual(hover(session, uri)?["error"]?["code"], .number(Double(JSONRPC.invalidAfterShutdown)))
        XCTAssertNotNil(hover(session, uri))
        let since = session.messages[(opened.index + 1)...]
        XCTAssertFalse(since.contains { $0["method"] == "textDocument/publishDiagnostics" }, "\(methods(since))")
    }

    /// A frame whose length cannot be read is answered with a parse error, and the request after
    /// it is answered: the server used to read every later message as headers.
    func testABadContentLengthIsAnsweredAndTheNextRequestToo() throws {
        let folder = FileManager.default.temporaryDirectory
        let session = LSPSession(folder: folder, test: self)
        let body = #"{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{}}"#
        session.send(raw: Data("Content-Length: abc\r\n\r\n\(body)".utf8))
        let refused = session.wait { $0["error"]?["code"] == .number(Double(JSONRPC.parseError)) }
        XCTAssertEqual(refused?.message["id"], .null)
        XCTAssertEqual(
            session.request("initialize", ["capabilities": [:]])?["result"]?["serverInfo"]?["name"], "patternlint")
    }
}
