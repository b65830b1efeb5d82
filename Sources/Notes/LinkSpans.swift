/// Where a link's name stands in its file's bytes, to rewrite the name and nothing else: `Old` in
/// `[[Old#Usage|shown]]`, `../old.md` in `[text](../old.md#usage)`. A link's record holds its
/// line and column (in scalars); the bytes there must still spell the link, or it is left alone.
struct LinkSpans {
    let bytes: [UInt8]
    private let lineStarts: [Int]
    /// A byte order mark before the first line: the parser drops it, so columns start after it.
    private let firstLineOffset: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
        firstLineOffset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The byte offset of a 1-based line and column (in Unicode scalars), within the line.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        var offset = lineStarts[line - 1] + (line == 1 ? firstLineOffset : 0)
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        var count = 1
        while count < column, offset < end {
            offset += 1
            while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            count += 1
        }
        return count == column ? offset : nil
    }

    /// The bytes of a 1-based line, without its line break.
    func lineRange(_ line: Int) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > lineStarts[line - 1], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return lineStarts[line - 1]..<end
    }

    /// The line (1-based) of a byte offset.
    func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// Where the link's raw text ends, when the file holds it at its place (a `\r` before a line
    /// break in the file is not in the raw text).
    func rawEnd(of link: NoteLink, at start: Int) -> Int? {
        var at = start
        for byte in link.raw.utf8 {
            if byte == UInt8(ascii: "\n"), at < bytes.count, bytes[at] == UInt8(ascii: "\r") { at += 1 }
            guard at < bytes.count, bytes[at] == byte else { return nil }
            at += 1
        }
        return at
    }

    /// The bytes naming the note in the link: the target of a wiki link or embed (without the
    /// spaces around it), the path of a markdown link's destination (without `#anchor`), and
    /// whether that destination is written in `<…>`. Nil when the file does not hold the link
    /// where its record places it.
    func nameRange(of link: NoteLink) -> (range: Range<Int>, angled: Bool)? {
        guard let start = offset(line: link.line, column: link.column), let end = rawEnd(of: link, at: start) else {
            return nil
        }
        switch link.style {
        case .wiki, .embed: return wikiName(from: start, to: end).map { ($0, false) }
        case .markdown: return markdownName(from: start, to: end)
        }
    }

    /// The first heading of a wiki link or embed's anchor as written (`Old` in `[[Note#Old#Sub|x]]`,
    /// `[[#Old]]`), without its spaces; nil without one, or for a block (`#^id`).
    func headingRange(of link: NoteLink) -> Range<Int>? {
        guard link.style != .markdown, let start = offset(line: link.line, column: link.column),
            let end = rawEnd(of: link, at: start)
        else { return nil }
        var at = start
        if bytes[at] == UInt8(ascii: "!") { at += 1 }
        let name = wikiSegment(from: at + 2, to: end)
        guard name.stop < end - 2, bytes[name.stop] == UInt8(ascii: "#") else { return nil }
        let heading = wikiSegment(from: name.stop + 1, to: end).range
        guard !heading.isEmpty, bytes[heading.lowerBound] != UInt8(ascii: "^") else { return nil }
        return heading
    }

    /// One part of a wiki link from `start` to the next `#` or `|` (a `\|` in a table is the
    /// bar, escaped: not the part's), without its spaces, and where it stopped.
    private func wikiSegment(from start: Int, to end: Int) -> (range: Range<Int>, stop: Int) {
        var segmentStart = start
        var stop = start
        while stop < end - 2, bytes[stop] != UInt8(ascii: "#"), bytes[stop] != UInt8(ascii: "|") { stop += 1 }
        var segmentEnd = stop
        if stop < end - 2, bytes[stop] == UInt8(ascii: "|"), stop > start, bytes[stop - 1] == UInt8(ascii: "\\") {
            segmentEnd -= 1
        }
        while segmentStart < segmentEnd, bytes[segmentStart].isSpaceOrTab { segmentStart += 1 }
        while segmentEnd > segmentStart, bytes[segmentEnd - 1].isSpaceOrTab { segmentEnd -= 1 }
        return (segmentStart..<segmentEnd, stop)
    }

    private func wikiName(from start: Int, to end: Int) -> Range<Int>? {
        var at = start
        if bytes[at] == UInt8(ascii: "!") { at += 1 }
        guard at + 1 < end, bytes[at] == UInt8(ascii: "["), bytes[at + 1] == UInt8(ascii: "[") else { return nil }
        return wikiSegment(from: at + 2, to: end).range
    }

    private func markdownName(from start: Int, to end: Int) -> (Range<Int>, Bool)? {
        // The destination follows the last `](` of the link: its text may hold brackets of its own.
        var open = end - 2
        while open > start, !(bytes[open] == UInt8(ascii: "]") && bytes[open + 1] == UInt8(ascii: "(")) { open -= 1 }
        guard open > start else { return nil }
        var at = open + 2
        while at < end, bytes[at].isSpaceOrTab { at += 1 }
        if at < end, bytes[at] == UInt8(ascii: "<") {
            var close = at + 1
            while close < end, bytes[close] != UInt8(ascii: ">"), bytes[close] != UInt8(ascii: "#") { close += 1 }
            return (at + 1..<close, true)
        }
        var close = at
        while close < end, !bytes[close].isSpaceOrTab, bytes[close] != UInt8(ascii: ")"),
            bytes[close] != UInt8(ascii: "#"), bytes[close] != UInt8(ascii: "\n")
        {
            close += 1
        }
        return (at..<close, false)
    }
}
