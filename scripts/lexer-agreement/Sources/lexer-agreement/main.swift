import Foundation
import SwiftLexer
import SwiftParser
import SwiftSyntax

// Every byte of a file gets a class from each lexer; the files agree when every byte does.
// Whitespace is left out (neither side's "token"), and the bytes of an interpolation's `\(` and
// `)` count as string on both sides (PatternLint keeps them in its string segments; swift-syntax
// makes them tokens of their own).
enum ByteClass: UInt8 { case none = 0, code, string, comment }

func swiftSyntaxClasses(_ bytes: [UInt8]) -> [ByteClass] {
    var classes = [ByteClass](repeating: .none, count: bytes.count)
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    final class Segments: SyntaxVisitor {
        var delimiters: [Range<Int>] = []
        override func visit(_ node: ExpressionSegmentSyntax) -> SyntaxVisitorContinueKind {
            for token in [node.backslash, node.leftParen, node.rightParen] {
                delimiters.append(token.positionAfterSkippingLeadingTrivia.utf8Offset..<token.endPositionBeforeTrailingTrivia.utf8Offset)
            }
            if let pounds = node.pounds {
                delimiters.append(pounds.positionAfterSkippingLeadingTrivia.utf8Offset..<pounds.endPositionBeforeTrailingTrivia.utf8Offset)
            }
            return .visitChildren
        }
    }
    func mark(_ range: Range<Int>, _ value: ByteClass) {
        for i in range where i >= 0 && i < classes.count { classes[i] = value }
    }
    func markTrivia(_ trivia: Trivia, from start: Int) {
        var offset = start
        for piece in trivia {
            let length = piece.sourceLength.utf8Length
            switch piece {
            case .lineComment, .blockComment, .docLineComment, .docBlockComment: mark(offset..<offset + length, .comment)
            case .unexpectedText: mark(offset..<offset + length, .code)
            // A multi-line string's line continuation (`\` before a line break) is trivia there.
            case .backslashes, .pounds: mark(offset..<offset + length, .string)
            default: break
            }
            offset += length
        }
    }
    for token in tree.tokens(viewMode: .sourceAccurate) {
        markTrivia(token.leadingTrivia, from: token.position.utf8Offset)
        let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = token.endPositionBeforeTrailingTrivia.utf8Offset
        switch token.tokenKind {
        case .stringSegment, .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter,
            .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
            mark(start..<end, .string)
        case .shebang: mark(start..<end, .comment)
        case .endOfFile: break
        default: mark(start..<end, .code)
        }
        markTrivia(token.trailingTrivia, from: end)
    }
    let visitor = Segments(viewMode: .sourceAccurate)
    visitor.walk(tree)
    for range in visitor.delimiters { mark(range, .string) }
    return classes
}

func patternLintClasses(_ bytes: [UInt8], path: String) -> [ByteClass] {
    var classes = [ByteClass](repeating: .none, count: bytes.count)
    let file = SourceFile(path: path, bytes: bytes)
    for token in file.tokens {
        let value: ByteClass
        switch token.kind {
        case .comment: value = .comment
        case .string, .regex: value = .string
        default: value = .code
        }
        for i in token.range where i < classes.count { classes[i] = value }
    }
    // Whitespace inside a comment or string token stays that token's; outside, both say none.
    for i in bytes.indices where bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D {
        if classes[i] == .code { classes[i] = .none }
    }
    return classes
}

var files = 0, agreeing = 0, bytesTotal = 0, bytesAgreeing = 0
var disagreements: [(String, Int, ByteClass, ByteClass)] = []
let paths = CommandLine.arguments.dropFirst().isEmpty
    ? AnyIterator { readLine() }.map { $0 } : Array(CommandLine.arguments.dropFirst())
for path in paths {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    let bytes = [UInt8](data)
    var theirs = swiftSyntaxClasses(bytes)
    let ours = patternLintClasses(bytes, path: path)
    // swift-syntax's whitespace inside strings and comments is the token's too.
    for i in bytes.indices where theirs[i] == .none && ours[i] != .none && ours[i] != .code {
        if bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { theirs[i] = ours[i] }
    }
    for i in bytes.indices where theirs[i] == .code && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D) {
        theirs[i] = .none
    }
    files += 1
    bytesTotal += bytes.count
    var same = 0
    var first: Int?
    for i in bytes.indices {
        if theirs[i] == ours[i] { same += 1 } else if first == nil { first = i }
    }
    bytesAgreeing += same
    if let first {
        disagreements.append((path, first, theirs[first], ours[first]))
    } else {
        agreeing += 1
    }
}
for (path, offset, theirs, ours) in disagreements.prefix(40) {
    print("differs: \(path) at byte \(offset): swift-syntax \(theirs), patternlint \(ours)")
}
print(String(format: "%d files, %d agree byte for byte (%.3f%%); %d of %d bytes agree (%.4f%%)", files, agreeing,
    100 * Double(agreeing) / Double(max(files, 1)), bytesAgreeing, bytesTotal, 100 * Double(bytesAgreeing) / Double(max(bytesTotal, 1))))
