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

    /// One frame with a length that is not one (`abc`, `-5`, past 64 bits, none) or is over the
    /// limit left the server reading every later message as headers, deaf for good; a length of
    /// 2^63 - 1 was buffered for ever. Each is refused, and the next well-formed frame is read.
    func testABadOrOverlongLengthIsSkippedAndTheNextFrameRead() throws {
        let body = #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#
        let good = "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let hover = #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{}}"#
        let lengths = [
            ("abc", false), ("-5", false), ("99999999999999999999999", false), ("", false),
            ("9223372036854775807", true), ("16777217", true),
        ]
        for (length, overlong) in lengths {
            let pipe = Pipe()
            let reader = MessageReader(handle: pipe.fileHandleForReading)
            pipe.fileHandleForWriting.write(Data("Content-Length: \(length)\r\n\r\n\(hover)\(good)".utf8))
            try pipe.fileHandleForWriting.close()
            switch reader.next() {
            case .badHeader: XCTAssertFalse(overlong, length)
            case .overlong(let read): XCTAssertEqual(read, Int(length))
            default: XCTFail("\(length): the bad frame was not refused")
            }
            guard case .message(let data) = reader.next() else { return XCTFail("\(length): the next frame was lost") }
            XCTAssertEqual(JSON.parse(data)?["id"], 3)
            guard case .endOfInput = reader.next() else { return XCTFail("input did not end") }
        }
    }

    /// Header bytes that never end in a blank line are not held without bound either.
    func testAHeaderThatNeverEndsIsRefused() throws {
        let pipe = Pipe()
        let reader = MessageReader(handle: pipe.fileHandleForReading)
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(repeating: UInt8(ascii: "x"), count: 1 << 20))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        guard case .badHeader = reader.next() else { return XCTFail("an endless header was held") }
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
