import XCTest

@testable import LanguageServer

/// LSP counts columns in UTF-16 units; the linter counts bytes (edits) and characters (findings).
final class TextPositionsTests: XCTestCase {
    let text = TextPositions(Array("let a = 1\nlet é = \"🦋\"; @State var page\n".utf8))

    func testByteOffsetsBecomeUTF16Columns() {
        // `@` on line 2: after `let é = "🦋"; ` — 13 characters, 14 UTF-16 units, 17 bytes.
        let offset = Array("let a = 1\nlet é = \"🦋\"; ".utf8).count
        XCTAssertEqual(text.position(ofByte: offset).line, 1)
        XCTAssertEqual(text.position(ofByte: offset).character, 14)
        XCTAssertEqual(text.position(ofByte: 0).character, 0)
        XCTAssertEqual(text.position(ofByte: 10_000).line, 2) // clamped to the end
    }

    func testAFindingMarksTheNameItStartsAtSigilIncluded() {
        // Column 14 in characters (1-based) is `@State`, 14 UTF-16 units in.
        let range = text.range(line: 2, column: 14)
        XCTAssertEqual(range.line, 1)
        XCTAssertEqual(range.start, 14)
        XCTAssertEqual(range.end, 20)
        // On a space: one character.
        XCTAssertEqual(text.range(line: 1, column: 4).end - text.range(line: 1, column: 4).start, 1)
    }

    func testPositionsBackToBytes() {
        XCTAssertEqual(text.byteOffset(line: 1, character: 14), Array("let a = 1\nlet é = \"🦋\"; ".utf8).count)
        XCTAssertEqual(text.byteOffset(line: 9, character: 0), text.bytes.count)
    }

    func testIncrementalChangesApplyInOrder() {
        var document = OpenDocument(uri: "file:///a.swift", version: 1, bytes: Array("let é = 1\n".utf8))
        XCTAssertNil(
            document.apply([
                ["range": ["start": ["line": 0, "character": 4], "end": ["line": 0, "character": 5]], "text": "x"],
                [
                    "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]],
                    "text": "// end\n",
                ],
            ]))
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let x = 1\n// end\n")
        XCTAssertNil(document.apply([["text": "whole"]]))
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "whole")
    }

    /// A range whose line is a string, a fraction or 2^63 was taken for no range at all: the whole
    /// buffer became the change's text. It is refused, the buffer kept, and the document out of
    /// sync (later ranges skipped) until a change without a range sends the whole text again.
    func testAMalformedRangeIsRefusedUntilTheWholeTextComesAgain() {
        let text = "let a = 1\n"
        for line: JSON in ["0", .number(0.5), .number(9_223_372_036_854_775_808), nil] {
            var document = OpenDocument(uri: "file:///a.swift", version: 1, bytes: Array(text.utf8))
            let refused = document.apply([
                [
                    "range": ["start": ["line": line, "character": 0], "end": ["line": 0, "character": 0]], "text": " ",
                ],
                ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": "x"],
            ])
            XCTAssertNotNil(refused, "\(line)")
            XCTAssertFalse(document.inSync)
            XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), text, "\(line)")
            XCTAssertNil(document.apply([["text": "let b = 2\n"]]))
            XCTAssertTrue(document.inSync)
            XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let b = 2\n")
        }
        // Whole numbers past the text are clamped to it, as before.
        var document = OpenDocument(uri: "file:///a.swift", version: 1, bytes: Array(text.utf8))
        XCTAssertNil(
            document.apply([
                ["range": ["start": ["line": 0, "character": 99], "end": ["line": 7, "character": 0]], "text": "!"]
            ]))
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let a = 1!")
        XCTAssertTrue(document.inSync)
    }
}
