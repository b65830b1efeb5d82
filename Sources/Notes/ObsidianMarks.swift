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
        var escaped = escapedTagCounts(block)
        for tag in Self.inlineTags(in: flat) {
            // cmark's text has `\#tag` unescaped: as many of a name as the source escapes are not tags.
            if let count = escaped?[tag], count > 0 {
                escaped?[tag] = count - 1
                continue
            }
            if seenInlineTags.insert(tag).inserted { inlineTags.append(tag) }
        }
    }

    /// How often each tag name follows an escaped `\#` in the block's source lines; nil when
    /// none does (most blocks: one memchr for a backslash).
    func escapedTagCounts(_ block: CMarkNode) -> [String: Int]? {
        let first = max(1, block.startLine), last = min(lineStarts.count, max(block.startLine, block.endLine))
        guard first <= last else { return nil }
        let start = lineStarts[first - 1], end = last < lineStarts.count ? lineStarts[last] : bytes.count
        let hasBackslash = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0 + start, 0x5C, end - start) != nil } ?? false
        }
        guard hasBackslash else { return nil }
        var counts: [String: Int] = [:]
        var index = start
        while index + 1 < end {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "#") else { continue }
            // An escaped backslash before it leaves the `#` as it is.
            var backslashes = 0
            var before = index
            while before > start, bytes[before - 1] == UInt8(ascii: "\\") {
                backslashes += 1
                before -= 1
            }
            guard backslashes % 2 == 0 else { continue }
            let tagEnd = Self.tagEnd(bytes, from: index + 2, limit: end)
            if tagEnd > index + 2 {
                counts[String(decoding: bytes[(index + 2)..<tagEnd], as: UTF8.self), default: 0] += 1
            }
        }
        return counts.isEmpty ? nil : counts
    }

    /// Where a tag's name starting at `from` ends: letters, digits, `_`, `-`, `/` and, as
    /// Obsidian reads them, any other character but blanks and punctuation (`#équipe`, `#idea🙂`);
    /// a trailing `/` or `-` is not part of it.
    static func tagEnd(_ bytes: [UInt8], from: Int, limit: Int, code: FlatInline? = nil) -> Int {
        var end = from
        while end < limit, code?.inCode(end) != true {
            let byte = bytes[end]
            if byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "/")
            {
                end += 1
            } else if byte >= 0x80 {
                let (scalar, length) = bytes.scalar(at: end)
                guard isTagScalar(scalar) else { break }
                end += length
            } else {
                break
            }
        }
        while end > from, bytes[end - 1] == UInt8(ascii: "/") || bytes[end - 1] == UInt8(ascii: "-") { end -= 1 }
        return end
    }

    /// A character past ASCII that may stand in a tag: not a space, punctuation (`…`, `—`, `«`) or a control.
    static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .connectorPunctuation,
            .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation, .unassigned, .surrogate, .privateUse:
            return false
        default:
            return true
        }
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

    /// `#tag` after a space or a line start, outside code: `tagEnd`'s characters (`/` nests), not
    /// digits only (`#1` is a number).
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
            let end = tagEnd(bytes, from: index + 1, limit: bytes.count, code: flat)
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
