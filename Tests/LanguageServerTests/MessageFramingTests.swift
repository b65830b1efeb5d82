import Foundation
import XCTest

@testable import LanguageServer

final class MessageFramingTests: XCTestCase {
    /// Frames split anywhere by the pipe, a header block without a length, then the end.
    func testFramesAcrossReadsAndABadHeader() throws {
        let pipe = Pipe()
        let reader = MessageReader(handle: pipe.fileHandleForReading)
        let body = #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#
        let bytes = Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)X-Other: 1\r\n\r\n".utf8)
        pipe.fileHandleForWriting.write(bytes.prefix(7))
        pipe.fileHandleForWriting.write(bytes.dropFirst(7))
        try pipe.fileHandleForWriting.close()
        guard case .message(let data) = reader.next() else { return XCTFail("no message") }
        XCTAssertEqual(JSON.parse(data)?["method"], "shutdown")
        guard case .badHeader = reader.next() else { return XCTFail("the header without a length was read") }
        guard case .endOfInput = reader.next() else { return XCTFail("input did not end") }
    }

    func testIdsAndNumbersAreWrittenWhole() {
        let message = JSONRPC.response(id: 7, result: ["line": 3, "ratio": .number(0.5)])
        XCTAssertEqual(
            String(decoding: message.serialized(), as: UTF8.self),
            #"{"id":7,"jsonrpc":"2.0","result":{"line":3,"ratio":0.5}}"#)
        XCTAssertNil(JSON.parse(Data("{bad".utf8)))
    }
}
