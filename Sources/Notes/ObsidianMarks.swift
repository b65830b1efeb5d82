import Foundation

/// Obsidian's marks in a paragraph: a block id ending it (`… ^summary`, or `^summary` alone on a
/// line after a table or quote) and tags in its text (`#tag`, `#team/ios`). Read from bytes: the
/// block's source lines for the id, cmark's flattened text for tags, so code spans, link
/// destinations and escapes are already out of the way.
extension BodyWalker {
    mutating func collectObsidianMarks(in block: CMarkNode, marks: ParagraphMarks, flat: FlatInline?) {
        if marks.caret, let id = Self.blockID(endingLine: bytes[marks.lastLine]) {
            blockIDs.append(BlockID(id: id, line: marks.lastLineNumber))
        }
        guard marks.hash, let flat else { return }
        for tag in Self.inlineTags(in: flat) where seenInlineTags.insert(tag).inserted { inlineTags.append(tag) }
    }

    /// `summary` for a line ending in ` ^summary` (or holding only `^summary`): letters, digits, `-`.
    static func blockID(endingLine line: ArraySlice<UInt8>) -> String? {
        var end = line.endIndex
        while end > line.startIndex,
            line[end - 1].isSpaceOrTab || line[end - 1] == UInt8(ascii: "\n")
                || line[end - 1] == UInt8(ascii: "\r")
        {
            end -= 1
        }
        var start = end
        while start > line.startIndex,
            line[start - 1].isASCIILetterOrDigit || line[start - 1] == UInt8(ascii: "-")
        {
            start -= 1
        }
        guard start < end, start > line.startIndex, line[start - 1] == UInt8(ascii: "^") else { return nil }
        let caret = start - 1
        // After a space, or alone on its line (its indentation aside).
        guard
            caret == line.startIndex || line[caret - 1].isSpaceOrTab
                || line[line.startIndex..<caret].allSatisfy(\.isSpaceOrTab)
        else { return nil }
        return String(decoding: line[start..<end], as: UTF8.self)
    }

    /// `#tag` after a space or a line start, outside code: letters, digits, `_`, `-` and `/`
    /// (nesting), not digits only (`#1` is a number), not ending in `/`.
    static func inlineTags(in flat: FlatInline) -> [String] {
        let bytes = flat.bytes
        var tags: [String] = []
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "#"), !flat.inCode(index) else { continue }
            if index > 0 {
                let before = bytes[index - 1]
                guard before.isSpaceOrTab || before == UInt8(ascii: "\n") else { continue }
            }
            var end = index + 1
            while end < bytes.count, !flat.inCode(end) {
                let byte = bytes[end]
                if byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "/")
                {
                    end += 1
                } else if byte >= 0x80 {
                    // A letter or digit of another script (`#équipe`); other symbols end the tag.
                    let (scalar, length) = bytes.scalar(at: end)
                    guard scalar.isLetterOrNumber else { break }
                    end += length
                } else {
                    break
                }
            }
            while end > index + 1, bytes[end - 1] == UInt8(ascii: "/") || bytes[end - 1] == UInt8(ascii: "-") {
                end -= 1
            }
            guard end > index + 1, bytes[(index + 1)..<end].contains(where: { !$0.isASCIIDigit }) else { continue }
            tags.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
            index = end - 1
        }
        return tags
    }
}

/// What a paragraph's source lines hold, in one pass over their bytes: a `[` (a link or an
/// observation may follow), a `#` (a tag), a `^` (a block id).
struct ParagraphMarks {
    var bracket = false, hash = false, caret = false
    /// The source's length, and its last line (for a block id) and that line's number.
    var length = 0
    var lastLine = 0..<0
    var lastLineNumber = 0

    init(bytes: UnsafeBufferPointer<UInt8>, lineStarts: UnsafeBufferPointer<Int>, _ block: CMarkNode) {
        let first = max(1, block.startLine), last = min(lineStarts.count, max(block.startLine, block.endLine))
        guard first <= last else { return }
        let start = lineStarts[first - 1], end = last < lineStarts.count ? lineStarts[last] : bytes.count
        length = end - start
        lastLine = lineStarts[last - 1]..<end
        lastLineNumber = last
        // Three memchr calls look at many bytes a step, where a loop took one at a time.
        guard let base = bytes.baseAddress, end > start else { return }
        func holds(_ byte: UInt8) -> Bool { memchr(base + start, Int32(byte), end - start) != nil }
        bracket = holds(UInt8(ascii: "["))
        hash = holds(UInt8(ascii: "#"))
        caret = holds(UInt8(ascii: "^"))
    }
}
