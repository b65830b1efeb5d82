import XCTest
@testable import LintEngine
@testable import SwiftLexer
@testable import SwiftUIModel

/// Comments split into kinds as SourceKit's syntax map does (SwiftLint's `execution_mode:
/// sourcekit`), after the Swift compiler's syntax-colouring test.
final class SourceKitCommentKindsTests: XCTestCase {
    func pieces(_ text: String) -> [(String, SwiftLintKind)] {
        let file = SourceFile(path: "A.swift", text: text)
        let bytes = file.bytes
        return file.comments.flatMap { comment in
            let isDoc =
                text.utf8.dropFirst(comment.offset).starts(with: "///".utf8)
                || text.utf8.dropFirst(comment.offset).starts(with: "/**".utf8)
            return SourceKitCommentKinds.pieces(of: comment, isDoc: isDoc, bytes: bytes).map {
                (String(decoding: bytes[$0.span], as: UTF8.self), $0.kind)
            }
        }
    }

    func testURLsStopAtASpaceOrAClosingBracket() {
        let found = pieces("// docs at https://example.com/a?b=1&c=2 and app://x\n/// [a link](http://x.org/y#z).\n")
        XCTAssertEqual(found.map(\.0), ["https://example.com/a?b=1&c=2", "app://x", "http://x.org/y#z"])
        XCTAssertTrue(found.allSatisfy { $0.1 == .commentURL })
    }

    func testAMarkerRunsToTheEndOfItsLineAroundTheURLsInIt() {
        let found = pieces("/* FIXME: read http://x.org/a first\n   then the rest */\n// aTODO: later\n")
        XCTAssertEqual(found.map(\.0), ["FIXME: read ", "http://x.org/a", " first", "TODO: later"])
        XCTAssertEqual(found.map(\.1), [.commentMark, .commentURL, .commentMark, .commentMark])
    }

    func testADocFieldIsItsWordOnly() {
        let found = pieces("/// Adds.\n/// - Parameter x: A number\n/// - returns: The sum\n/// - y: not a field\n")
        XCTAssertEqual(found.map(\.0), ["Parameter", "returns"])
        XCTAssertTrue(found.allSatisfy { $0.1 == .docCommentField })
        XCTAssertTrue(pieces("// - returns: a plain comment has no fields\n").isEmpty)
    }

    func testTheKindsARangeTouches() {
        let text = "// see http://x.org/y here\n"
        let file = SourceFile(path: "A.swift", text: text)
        let comment = file.comments[0]
        func kinds(_ range: Range<Int>) -> [SwiftLintKind] {
            SourceKitCommentKinds.kinds(touching: range, of: comment, base: .comment, bytes: file.bytes).kinds
        }
        XCTAssertEqual(kinds(0..<2), [.comment])
        XCTAssertEqual(kinds(11..<13), [.commentURL], "the `//` of the URL")
        XCTAssertEqual(kinds(4..<10), [.comment, .commentURL])
    }
}
