import Support

/// Edits to a note's text as Basic Memory's `edit_note` makes them: append, prepend (after the
/// front matter), replace the section under a heading, or find and replace with an expected
/// count. Pure: bytes in, bytes out, or a refusal saying why (the heading is not there, the text
/// occurs another number of times).
public enum NoteEdit: Sendable {
    case append(String)
    case prepend(String)
    /// The lines under the heading (`Steps`, `## Steps` or its slug), up to the next heading of
    /// the same or a higher level, become `content`; the heading stays.
    case replaceSection(heading: String, content: String)
    /// Every occurrence of `find` becomes `replacement`; refused unless there are `expected`.
    case findReplace(find: String, replacement: String, expected: Int)

    public func apply(to bytes: [UInt8], path: String) throws -> [UInt8] {
        switch self {
        case .append(let content):
            var out = bytes
            if !out.isEmpty, out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
            if !out.isEmpty, !out.suffix(2).elementsEqual("\n\n".utf8) { out.append(UInt8(ascii: "\n")) }
            return out + Self.ended(content)
        case .prepend(let content):
            let start = Self.bodyStart(bytes)
            var inserted = Self.ended(content)
            if start < bytes.count, bytes[start] != UInt8(ascii: "\n") { inserted.append(UInt8(ascii: "\n")) }
            var out = bytes
            out.insert(contentsOf: inserted, at: start)
            return out
        case .replaceSection(let wanted, let content):
            let note = NoteParser.parse(path: path, relativePath: path, data: bytes)
            let name = wanted.trimmed.drop(while: { $0 == "#" }).trimmed
            guard
                let position = note.headings.firstIndex(where: {
                    $0.text == name || $0.slug == name || $0.slug == Slug.heading(name)
                })
            else {
                let known = note.headings.map { "\"\($0.text)\"" }.joined(separator: ", ")
                throw NoteWriteRefusal(
                    "\(path) has no heading \"\(name)\"" + (known.isEmpty ? "" : "; its headings: \(known)"))
            }
            let heading = note.headings[position]
            let next = note.headings[(position + 1)...].first { $0.level <= heading.level }?.line
            let lines = LineStarts(bytes)
            let start = lines.start(ofLine: heading.line + 1)
            let end = next.map { lines.start(ofLine: $0) } ?? bytes.count
            var replacement = Self.ended(content)
            if next != nil { replacement.append(UInt8(ascii: "\n")) }
            var out = bytes
            out.replaceSubrange(start..<max(start, end), with: replacement)
            return out
        case .findReplace(let find, let replacement, let expected):
            let needle = Array(find.utf8)
            guard !needle.isEmpty else { throw NoteWriteRefusal("`find` is empty") }
            var out: [UInt8] = []
            var count = 0, copied = 0, index = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                    out += bytes[copied..<index]
                    out += replacement.utf8
                    count += 1
                    index += needle.count
                    copied = index
                } else {
                    index += 1
                }
            }
            out += bytes[copied...]
            guard count == expected else {
                throw NoteWriteRefusal(
                    "\(path): \"\(find.clipped(to: 80))\" occurs \(count) time\(count == 1 ? "" : "s"), "
                        + "not \(expected) as expected; nothing changed")
            }
            return out
        }
    }

    /// The text with a final line break.
    private static func ended(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    /// Where the body starts: after the front matter's closing line, or 0.
    static func bodyStart(_ bytes: [UInt8]) -> Int {
        guard let matter = FrontMatterLines(bytes) else { return 0 }
        let closing = (matter.lines.last?.number ?? 1) + 1
        return LineStarts(bytes).start(ofLine: closing + 1)
    }
}

/// Where each line of a text starts.
struct LineStarts {
    let starts: [Int]
    let count: Int

    init(_ bytes: [UInt8]) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.starts = starts
        count = bytes.count
    }

    /// The offset of a 1-based line; the end of the text past the last line.
    func start(ofLine line: Int) -> Int {
        guard line >= 1 else { return 0 }
        return line <= starts.count ? min(starts[line - 1], count) : count
    }
}
