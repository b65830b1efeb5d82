import Support

/// A rule file's `note: "[[Title]]"`: the rule cites its pattern note, which makes it a link in
/// the graph (the note is not an orphan, and shows the rule among its backlinks) and a name a
/// rename must rewrite. Read from the front matter's lines, so the name's bytes are known.
public struct RuleCitation: Sendable, Equatable {
    public var ruleID: String
    /// The rule file, as its folder was given.
    public var path: String
    /// The line of `note:` in the file.
    public var line: Int
    /// The note's name as written, without brackets, `#heading` or `|label`.
    public var target: String
    /// Where `target` stands in the file's bytes.
    public var targetRange: Range<Int>

    /// The citation in a rule file's text, if its front matter has an `id:` and a `note:`.
    public static func read(path: String, bytes: [UInt8]) -> RuleCitation? {
        guard let lines = FrontMatterLines(bytes), let id = lines.value(of: "id"), !id.range.isEmpty,
            let note = lines.value(of: "note"), let range = nameRange(in: bytes, note.range), !range.isEmpty
        else { return nil }
        return RuleCitation(
            ruleID: unquoted(String(decoding: bytes[id.range], as: UTF8.self)), path: path, line: note.line,
            target: String(decoding: bytes[range], as: UTF8.self), targetRange: range)
    }

    /// Every citation of the rule files below the folders (unreadable files are skipped: loading
    /// the rules reports them).
    public static func read(folders: [String], within boundary: RealPathBoundary? = nil) -> [RuleCitation] {
        var citations: [RuleCitation] = []
        for folder in folders {
            for source in Vault.markdownFiles(under: folder, within: boundary).0 {
                guard let bytes = try? source.read(), let citation = read(path: source.path, bytes: bytes) else {
                    continue
                }
                citations.append(citation)
            }
        }
        return citations
    }

    /// In `"[[Title#H|x]]"`, `'[[Title]]'`, `[[Title]]` or `Title`: the title's bytes.
    private static func nameRange(in bytes: [UInt8], _ value: Range<Int>) -> Range<Int>? {
        var start = value.lowerBound, end = value.upperBound
        if end - start >= 2, bytes[start] == bytes[end - 1],
            bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'")
        {
            start += 1
            end -= 1
        }
        if end - start >= 4, bytes[start] == UInt8(ascii: "["), bytes[start + 1] == UInt8(ascii: "["),
            bytes[end - 1] == UInt8(ascii: "]"), bytes[end - 2] == UInt8(ascii: "]")
        {
            start += 2
            end -= 2
        }
        var nameEnd = start
        while nameEnd < end, bytes[nameEnd] != UInt8(ascii: "#"), bytes[nameEnd] != UInt8(ascii: "|") { nameEnd += 1 }
        while start < nameEnd, bytes[start].isSpaceOrTab { start += 1 }
        while nameEnd > start, bytes[nameEnd - 1].isSpaceOrTab { nameEnd -= 1 }
        // A name with escapes in a quoted value is not rewritten byte for byte.
        guard !bytes[start..<nameEnd].contains(UInt8(ascii: "\\")) else { return nil }
        return start..<nameEnd
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }
}
