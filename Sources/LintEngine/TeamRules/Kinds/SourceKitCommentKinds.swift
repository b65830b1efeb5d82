import SwiftLexer
import Support
import SwiftUIModel

/// The kinds inside a comment as SourceKit's syntax map gives them (SwiftLint's
/// `execution_mode: sourcekit`, and every SwiftLint before its SwiftSyntax mode), where the
/// SwiftSyntax mode the kind map follows gives the comment one kind whole: a URL
/// (`scheme://…`, to a space or a closing bracket or quote) is `comment.url`; `MARK:`, `TODO:`
/// or `FIXME:` (even inside a word) to the end of its line is `comment.mark`; in a doc comment,
/// a line's `- returns:` names a `doccomment.field` (the word only). What the Swift compiler's
/// own syntax-colouring test (test/IDE/coloring.swift) shows SourceKit doing; one difference:
/// a field word in a nested list item (`  - note:` under another item) is a field here.
enum SourceKitCommentKinds {
    /// The kinds of the comment `comment`'s pieces that `range` touches (for an empty range,
    /// those strictly around its position, as `SwiftLintKindMap.kinds(touching:)`); `base`: the
    /// comment's own kind (`comment` or `doccomment`), for the bytes no piece covers.
    static func kinds(
        touching range: Range<Int>, of comment: Token, base: SwiftLintKind, bytes: [UInt8]
    ) -> SwiftLintKindSet {
        let pieces = self.pieces(of: comment, isDoc: base == .docComment, bytes: bytes)
        var set = SwiftLintKindSet()
        func touches(_ span: Range<Int>) -> Bool {
            range.isEmpty
                ? span.lowerBound < range.lowerBound && span.upperBound > range.lowerBound
                : span.lowerBound < range.upperBound && span.upperBound > range.lowerBound
        }
        // The bytes of the comment no piece covers are the comment's own kind.
        var uncovered = comment.offset
        for piece in pieces {
            if touches(piece.span) { set.insert(piece.kind) }
            if piece.span.lowerBound > uncovered, touches(uncovered..<piece.span.lowerBound) { set.insert(base) }
            uncovered = max(uncovered, piece.span.upperBound)
        }
        if comment.end > uncovered, touches(uncovered..<comment.end) { set.insert(base) }
        return set
    }

    /// The comment's URL, marker and field pieces, sorted and not overlapping (a URL inside a
    /// marker splits it, as SourceKit nests them).
    static func pieces(of comment: Token, isDoc: Bool, bytes: [UInt8]) -> [(span: Range<Int>, kind: SwiftLintKind)] {
        let start = comment.offset
        var end = comment.end
        // A block comment's closing `*/` is no part of a URL or marker.
        if end - start >= 4, bytes[start + 1] == UInt8(ascii: "*"), bytes[end - 2] == UInt8(ascii: "*"),
            bytes[end - 1] == UInt8(ascii: "/")
        {
            end -= 2
        }
        let urls = self.urls(in: start..<end, bytes)
        var pieces: [(span: Range<Int>, kind: SwiftLintKind)] = urls.map { ($0, .commentURL) }
        var lineStart = start
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, bytes[lineEnd] != 10 { lineEnd += 1 }
            if let marker = self.marker(in: lineStart..<lineEnd, bytes) {
                // The marker less the URLs inside it.
                var from = marker
                for url in urls where url.lowerBound < lineEnd && url.upperBound > from {
                    if url.lowerBound > from { pieces.append((from..<url.lowerBound, .commentMark)) }
                    from = max(from, url.upperBound)
                }
                if from < lineEnd { pieces.append((from..<lineEnd, .commentMark)) }
            } else if isDoc, let field = self.field(in: lineStart..<lineEnd, first: lineStart == start, bytes) {
                pieces.append((field, .docCommentField))
            }
            lineStart = lineEnd + 1
        }
        return pieces.sorted { $0.span.lowerBound < $1.span.lowerBound }
    }

    /// `scheme://rest`: the scheme a letter then letters, digits, `+`, `-` or `.`; the rest at
    /// least one byte, up to a space or one of `)>]"'`.
    static func urls(in range: Range<Int>, _ bytes: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = range.lowerBound
        while index + 3 <= range.upperBound {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] == UInt8(ascii: "/")
            else {
                index += 1
                continue
            }
            var schemeStart = index
            while schemeStart > range.lowerBound, isSchemeByte(bytes[schemeStart - 1]) { schemeStart -= 1 }
            while schemeStart < index, !isLetter(bytes[schemeStart]) { schemeStart += 1 }
            var urlEnd = index + 3
            while urlEnd < range.upperBound, !endsURL(bytes[urlEnd]) { urlEnd += 1 }
            if schemeStart < index, urlEnd > index + 3, found.last.map({ $0.upperBound <= schemeStart }) ?? true {
                found.append(schemeStart..<urlEnd)
                index = urlEnd
            } else {
                index += 3
            }
        }
        return found
    }

    /// Where `MARK:`, `TODO:` or `FIXME:` first stands on the line.
    static func marker(in line: Range<Int>, _ bytes: [UInt8]) -> Int? {
        for index in line {
            for word in markers where index + word.count <= line.upperBound {
                if bytes[index] == word[0], zip(bytes[index..<index + word.count], word).allSatisfy({ $0 == $1 }) {
                    return index
                }
            }
        }
        return nil
    }

    static let markers: [[UInt8]] = ["MARK:", "TODO:", "FIXME:"].map { Array($0.utf8) }

    /// A doc line `/// - Returns: …` (or a line of `/** … */` starting so): the field word.
    static func field(in line: Range<Int>, first: Bool, _ bytes: [UInt8]) -> Range<Int>? {
        var index = line.lowerBound
        func skipSpaces() { while index < line.upperBound, bytes[index] == 32 || bytes[index] == 9 { index += 1 } }
        skipSpaces()
        // The comment's opening `///` or `/**` on its first line; a `*` starting a later line.
        if first {
            while index < line.upperBound, bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "*") {
                index += 1
            }
        } else if index < line.upperBound, bytes[index] == UInt8(ascii: "*") {
            index += 1
        }
        skipSpaces()
        guard index < line.upperBound, bytes[index] == UInt8(ascii: "-") else { return nil }
        index += 1
        skipSpaces()
        let wordStart = index
        while index < line.upperBound, isLetter(bytes[index]) { index += 1 }
        let word = wordStart..<index
        skipSpaces()
        // `- parameter x:` names its parameter before the colon.
        let lowered = String(decoding: bytes[word].map { $0 | 0x20 }, as: UTF8.self)
        if lowered == "parameter" {
            while index < line.upperBound, bytes[index] != UInt8(ascii: ":"), bytes[index] != 32 { index += 1 }
            skipSpaces()
        }
        guard !word.isEmpty, index < line.upperBound, bytes[index] == UInt8(ascii: ":"), fields.contains(lowered)
        else { return nil }
        return word
    }

    /// Swift markup's callouts and the parameter fields.
    static let fields: Set<String> = [
        "attention", "author", "authors", "bug", "complexity", "copyright", "date", "experiment", "important",
        "invariant", "keyword", "note", "parameter", "parameters", "postcondition", "precondition", "recommended",
        "recommendedover", "remark", "remarks", "requires", "returns", "seealso", "since", "tag", "throws", "todo",
        "version", "warning", "localizationkey", "mutatingvariant", "nonmutatingvariant",
    ]

    static func isLetter(_ byte: UInt8) -> Bool { byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") }
    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
    static func endsURL(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
