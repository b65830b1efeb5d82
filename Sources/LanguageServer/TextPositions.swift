/// Converts between the linter's places (byte offsets; 1-based lines with character columns) and
/// LSP positions (0-based line, UTF-16 column), for one buffer's bytes.
struct TextPositions {
    let bytes: [UInt8]
    /// Byte offset where each line starts.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The 0-based line holding `offset`.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// A byte offset as an LSP position.
    func position(ofByte offset: Int) -> (line: Int, character: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let line = line(of: clamped)
        let prefix = bytes[lineStarts[line]..<clamped]
        return (line, String(decoding: prefix, as: UTF8.self).utf16.count)
    }

    /// The text of a 0-based line, without its line break.
    func text(ofLine line: Int) -> Substring {
        guard line >= 0, line < lineStarts.count else { return "" }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return Substring(String(decoding: bytes[lineStarts[line]..<max(end, lineStarts[line])], as: UTF8.self))
    }

    /// A finding's place (1-based line, 1-based column in characters) as an LSP range over the
    /// word that starts there, sigil included (one character when none does), so the squiggle marks the name.
    func range(line: Int, column: Int) -> (line: Int, start: Int, end: Int) {
        let zeroLine = max(0, line - 1)
        let text = text(ofLine: zeroLine)
        let start = text.index(text.startIndex, offsetBy: max(0, column - 1), limitedBy: text.endIndex) ?? text.endIndex
        var end = start
        // `@State`, `.constant`, `$page`: the sigil belongs to the name it marks.
        if end < text.endIndex, "@.$#".contains(text[end]) { end = text.index(after: end) }
        while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" {
            end = text.index(after: end)
        }
        if end == start, end < text.endIndex { end = text.index(after: end) }
        let startColumn = text[text.startIndex..<start].utf16.count
        return (zeroLine, startColumn, startColumn + text[start..<end].utf16.count)
    }

    /// An LSP position as a byte offset (for applying incremental changes).
    func byteOffset(line: Int, character: Int) -> Int {
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[max(0, line)]
        let text = text(ofLine: max(0, line))
        var units = 0
        var offset = start
        for scalar in text.unicodeScalars {
            guard units < character else { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return offset
    }
}
