import XCTest

@testable import SwiftLexer

/// The editor's line table is found without lexing (the language server and MCP need no tokens):
/// it must end lines where the lexer does, inside strings and comments too.
final class LineTableTests: XCTestCase {
    func testLineStartsWithoutLexingAreTheLexers() {
        let sources = [
            "", "\n", "\r", "\r\n", "\r\r\n\n", "a\rb\r\nc\nd", "a\r",
            "#!/usr/bin/env swift\rlet a = 1",
            "let s = \"\"\"\r\n  one\r  two\n  \"\"\"\rlet t = 2",
            "/* a\r b\r\n c */ let x = \"unterminated\r y",
            "let r = #\"raw\r\"# + \"\\\r\"\n// end\r",
            "let e = \"\"\"\n  line \\\r\n  next\n  \"\"\"\n",
            "let re = /a\rb/\r😀 e\u{301}\r\n",
        ]
        for source in sources {
            let bytes = Array(source.utf8)
            XCTAssertEqual(
                LineTable(lineStartsOf: bytes).starts, Lexer.tokenize(bytes).lineStarts, source.debugDescription)
        }
    }
}
