import Foundation
import XCTest

@testable import LanguageServer

/// The server as an editor meets it: what a client that sends something wrong, or too late, gets.
final class ProtocolTests: XCTestCase {
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
