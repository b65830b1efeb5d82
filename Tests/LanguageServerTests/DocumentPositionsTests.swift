import XCTest

@testable import LanguageServer

/// LSP counts columns in UTF-16 units (or bytes, or scalars, when the client takes them); the
/// linter counts bytes (edits) and Unicode scalars (findings), and ends lines at `\n`, `\r\n` and `\r`.
final class DocumentPositionsTests: XCTestCase {
    let source = "let a = 1\nlet é = \"🦋\"; @State var page\n"

    func positions(_ encoding: PositionEncoding, _ text: String? = nil) -> DocumentPositions {
        DocumentPositions(Array((text ?? source).utf8), encoding: encoding)
    }

    func testByteOffsetsBecomeColumnsInTheEncodingAgreed() {
        // `@` on line 2: after `let é = "🦋"; ` — 13 scalars, 14 UTF-16 units, 17 bytes.
        let offset = Array("let a = 1\nlet é = \"🦋\"; ".utf8).count
        XCTAssertEqual(positions(.utf16).position(of: offset), LSPPosition(line: 1, character: 14))
        XCTAssertEqual(positions(.utf8).position(of: offset), LSPPosition(line: 1, character: 17))
        XCTAssertEqual(positions(.utf32).position(of: offset), LSPPosition(line: 1, character: 13))
        XCTAssertEqual(positions(.utf16).position(of: 0), LSPPosition(line: 0, character: 0))
        XCTAssertEqual(positions(.utf16).position(of: 10_000).line, 2) // clamped to the end
    }

    func testAFindingMarksTheNameItStartsAtSigilIncluded() {
        // Column 14 in scalars (1-based) is `@State`.
        XCTAssertEqual(
            positions(.utf16).range(line: 2, column: 14),
            LSPRange(start: LSPPosition(line: 1, character: 14), end: LSPPosition(line: 1, character: 20)))
        XCTAssertEqual(
            positions(.utf8).range(line: 2, column: 14),
            LSPRange(start: LSPPosition(line: 1, character: 17), end: LSPPosition(line: 1, character: 23)))
        // On a space: one scalar.
        let space = positions(.utf16).range(line: 1, column: 4)
        XCTAssertEqual(space.end.character - space.start.character, 1)
        // On the butterfly: one scalar, two UTF-16 units.
        let butterfly = positions(.utf16).range(line: 2, column: 10)
        XCTAssertEqual([butterfly.start.character, butterfly.end.character], [9, 11])
    }

    /// The linter counts `e` and its combining accent as two scalars; a count of `Character`s
    /// (one) put every place after it one to the right.
    func testACombiningAccentIsTwoScalars() {
        let text = "Text(\"e\u{301}\").navigationBarTitle(\"x\")\n"
        // `.navigationBarTitle` is at scalar 10: `Text("` 6, e and U+0301 2, `")` 2.
        XCTAssertEqual(
            positions(.utf16, text).range(line: 1, column: 11),
            LSPRange(start: LSPPosition(line: 0, character: 10), end: LSPPosition(line: 0, character: 29)))
        XCTAssertEqual(positions(.utf8, text).range(line: 1, column: 11).start.character, 11)
        // A name with the accent on it is one word.
        let name = positions(.utf16, "let e\u{301}x = 1").range(line: 1, column: 5)
        XCTAssertEqual([name.start.character, name.end.character], [4, 7])
    }

    func testLinesEndAtNewlineCarriageReturnAndBoth() {
        for ending in ["\n", "\r\n", "\r"] {
            let text = positions(.utf16, ["a", "😀 b", "c"].joined(separator: ending) + ending)
            XCTAssertEqual(text.lines.count, 4, ending.debugDescription)
            let b = Array(("a" + ending + "😀 ").utf8).count
            XCTAssertEqual(text.position(of: b), LSPPosition(line: 1, character: 3), ending.debugDescription)
            XCTAssertEqual(text.offset(of: LSPPosition(line: 1, character: 3)), b, ending.debugDescription)
            XCTAssertEqual(text.offset(line: 2, column: 3), b, ending.debugDescription)
            // Past the line's end is its end, before the line break.
            XCTAssertEqual(text.offset(of: LSPPosition(line: 1, character: 99)), b + 1, ending.debugDescription)
            XCTAssertEqual(text.range(line: 3, column: 1).start, LSPPosition(line: 2, character: 0))
        }
    }

    func testPositionsBackToBytes() {
        let at = Array("let a = 1\nlet é = \"🦋\"; ".utf8).count
        XCTAssertEqual(positions(.utf16).offset(of: LSPPosition(line: 1, character: 14)), at)
        XCTAssertEqual(positions(.utf8).offset(of: LSPPosition(line: 1, character: 17)), at)
        XCTAssertEqual(positions(.utf32).offset(of: LSPPosition(line: 1, character: 13)), at)
        XCTAssertEqual(positions(.utf16).offset(of: LSPPosition(line: 9, character: 0)), positions(.utf16).bytes.count)
        // Inside the butterfly (between its two UTF-16 units, or its bytes): after it.
        let after = Array("let a = 1\nlet é = \"🦋".utf8).count
        XCTAssertEqual(positions(.utf16).offset(of: LSPPosition(line: 1, character: 10)), after)
        XCTAssertEqual(positions(.utf8).offset(of: LSPPosition(line: 1, character: 11)), after)
    }

    func testTheClientsOfferChoosesTheEncoding() {
        XCTAssertEqual(PositionEncoding.negotiated(offered: []), .utf16)
        XCTAssertEqual(PositionEncoding.negotiated(offered: ["utf-16"]), .utf16)
        XCTAssertEqual(PositionEncoding.negotiated(offered: ["utf-16", "utf-8"]), .utf8)
        XCTAssertEqual(PositionEncoding.negotiated(offered: ["utf-32", "utf-16"]), .utf32)
    }

    func testIncrementalChangesApplyInOrder() {
        var document = OpenDocument(uri: "file:///a.swift", version: 1, bytes: Array("let é = 1\n".utf8))
        XCTAssertNil(
            document.apply(
                [
                    [
                        "range": ["start": ["line": 0, "character": 4], "end": ["line": 0, "character": 5]],
                        "text": "x",
                    ],
                    [
                        "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]],
                        "text": "// end\n",
                    ],
                ], encoding: .utf16))
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let x = 1\n// end\n")
        XCTAssertNil(document.apply([["text": "whole"]], encoding: .utf16))
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "whole")
    }

    /// After an emoji, `+` is character 11 in UTF-16, 13 in UTF-8 and 10 in scalars: each range is
    /// read in the encoding agreed.
    func testAnIncrementalChangeAfterAnEmojiCountsInTheEncodingAgreed() {
        for (encoding, character) in [(PositionEncoding.utf16, 11), (.utf8, 13), (.utf32, 10)] {
            var document = OpenDocument(uri: "file:///a.swift", version: 1, bytes: Array("let s = 😀 + t\r\n".utf8))
            let range: JSON = [
                "start": ["line": 0, "character": .number(Double(character))],
                "end": ["line": 0, "character": .number(Double(character + 1))],
            ]
            XCTAssertNil(document.apply([["range": range, "text": "-"]], encoding: encoding))
            XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let s = 😀 - t\r\n", "\(encoding)")
        }
    }

    /// A range whose line is a string, a fraction or 2^63 was taken for no range at all: the whole
    /// buffer became the change's text. It is refused, the buffer kept, and the document out of
    /// sync (later ranges skipped) until a change without a range sends the whole text again.
    func testAMalformedRangeIsRefusedUntilTheWholeTextComesAgain() {
        let text = "let a = 1\n"
        for line: JSON in ["0", .number(0.5), .number(9_223_372_036_854_775_808), nil] {
            var document = OpenDocument(uri: "file:///a.swift", version: 1, bytes: Array(text.utf8))
            let refused = document.apply(
                [
                    [
                        "range": ["start": ["line": line, "character": 0], "end": ["line": 0, "character": 0]],
                        "text": " ",
                    ],
                    [
                        "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                        "text": "x",
                    ],
                ], encoding: .utf16)
            XCTAssertNotNil(refused, "\(line)")
            XCTAssertFalse(document.inSync)
            XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), text, "\(line)")
            XCTAssertNil(document.apply([["text": "let b = 2\n"]], encoding: .utf16))
            XCTAssertTrue(document.inSync)
            XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let b = 2\n")
        }
        // Whole numbers past the text are clamped to it, as before.
        var document = OpenDocument(uri: "file:///a.swift", version: 1, bytes: Array(text.utf8))
        XCTAssertNil(
            document.apply(
                [
                    [
                        "range": ["start": ["line": 0, "character": 99], "end": ["line": 7, "character": 0]],
                        "text": "!",
                    ]
                ],
                encoding: .utf16))
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "let a = 1!")
        XCTAssertTrue(document.inSync)
    }
}
