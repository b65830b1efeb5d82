import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Notes

/// In a pattern note: go to the note a `[[wiki link]]` names (and its `#heading`), hover on it
/// for that note's summary, and complete note names after `[[` (headings after `[[Name#`).
struct NoteNavigation {
    let graph: Graph

    /// The `[[…]]` around the cursor: its target and heading, label dropped, and the bytes of the target.
    static func wikiLink(at cursor: TextCursor) -> (note: String, heading: String?, name: Range<Int>)? {
        let bytes = cursor.text.bytes
        let line = cursor.lineBytes
        guard let open = lastIndex(of: "[[", in: bytes, from: line.lowerBound, before: cursor.offset),
            let close = firstIndex(of: "]]", in: bytes, from: open + 2, before: line.upperBound),
            close + 2 >= cursor.offset
        else { return nil }
        let bar = bytes[(open + 2)..<close].firstIndex(of: UInt8(ascii: "|")) ?? close
        let hash = bytes[(open + 2)..<bar].firstIndex(of: UInt8(ascii: "#"))
        let name = trimmed(bytes, (open + 2)..<(hash ?? bar))
        let heading = hash.map { String(decoding: bytes[trimmed(bytes, ($0 + 1)..<bar)], as: UTF8.self) }
        return (String(decoding: bytes[name], as: UTF8.self), heading, name)
    }

    /// `range` without the spaces and tabs around it.
    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return start..<end
    }

    /// A note's file, at a heading when one is named. A built-in note is no file, so it leads
    /// nowhere an editor can open.
    func location(of index: Int, heading: String? = nil) -> JSON {
        let note = graph.notes[index]
        let path = PathKey.of(note.path)
        guard FileManager.default.fileExists(atPath: path) else { return .null }
        let found = heading.flatMap { name in
            note.headings.first { $0.slug == Slug.heading(name) || $0.text == name }
        }
        return [
            "uri": .string(DocumentURI.from(path: path)),
            "range": LSPRange.startOf(line: max(0, (found?.line ?? 1) - 1)).json,
        ]
    }

    /// Hover on a link: the note it leads to, its title and summary.
    func hover(of link: (note: String, heading: String?), notes: NoteLookup) -> JSON {
        guard !link.note.isEmpty, case .resolved(let index) = graph.resolve(link.note) else { return .null }
        return hover(of: index, notes: notes)
    }

    func hover(of index: Int, notes: NoteLookup) -> JSON {
        let note = graph.notes[index]
        var markdown = "**\(note.title)** (`\(note.permalink)`)"
        if let summary = notes.summary(of: note) { markdown += "\n\n" + summary }
        return ["contents": ["kind": "markdown", "value": .string(markdown)]]
    }

    /// After an unclosed `[[` before the cursor: every note by title, alias and permalink,
    /// replacing what was typed since `[[`; after `[[Name#`, that note's headings. On a rule
    /// file's `note:` line before any `[[`: every note as the `"[[Title]]"` the field takes.
    func completions(at cursor: TextCursor) -> JSON? {
        let bytes = cursor.text.bytes
        guard let open = Self.lastIndex(of: "[[", in: bytes, from: cursor.lineBytes.lowerBound, before: cursor.offset),
            Self.firstIndex(of: "]]", in: bytes, from: open + 2, before: cursor.offset) == nil
        else { return noteFieldCompletions(at: cursor) }
        if let hash = bytes[(open + 2)..<cursor.offset].firstIndex(of: UInt8(ascii: "#")) {
            // `[[Name#`: the headings of the note named so far.
            let name = String(decoding: bytes[Self.trimmed(bytes, (open + 2)..<hash)], as: UTF8.self)
            let replaced = cursor.text.range(of: (hash + 1)..<cursor.offset).json
            guard !name.isEmpty, case .resolved(let index) = graph.resolve(name) else { return nil }
            let items = graph.notes[index].headings.map { heading in
                item(label: heading.text, detail: "heading of \(graph.notes[index].title)", replacing: replaced)
            }
            return ["isIncomplete": false, "items": .array(items)]
        }
        let replaced = cursor.text.range(of: (open + 2)..<cursor.offset).json
        var items: [JSON] = []
        for note in graph.notes {
            items.append(item(label: note.title, detail: note.permalink, replacing: replaced))
            for alias in note.aliases {
                items.append(item(label: alias, detail: "alias of \(note.title)", replacing: replaced))
            }
            if note.permalink != note.title {
                items.append(item(label: note.permalink, detail: "permalink of \(note.title)", replacing: replaced))
            }
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    /// `note: ` in a rule file's front matter, the cursor after it: every note's title as a link.
    private func noteFieldCompletions(at cursor: TextCursor) -> JSON? {
        let bytes = cursor.text.bytes
        let line = cursor.lineBytes
        let field = Array("note:".utf8)
        guard bytes[line].starts(with: field), cursor.offset >= line.lowerBound + field.count else { return nil }
        var start = line.lowerBound + field.count
        while start < cursor.offset, bytes[start] == 0x20 { start += 1 }
        let replaced = cursor.text.range(of: start..<cursor.offset).json
        let items: [JSON] = graph.notes.map { note in
            let link = JSON.string("\"[[\(note.title)]]\"")
            // Filtered by what it inserts: `"[[Sh` typed so far still matches.
            return [
                "label": .string(note.title), "kind": 18, "detail": .string(note.permalink), "filterText": link,
                "textEdit": ["range": replaced, "newText": link],
            ]
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    private func item(label: String, detail: String, replacing range: JSON) -> JSON {
        // 18: CompletionItemKind.Reference.
        [
            "label": .string(label), "kind": 18, "detail": .string(detail),
            "textEdit": ["range": range, "newText": .string(label)],
        ]
    }

    /// Where the last `pair` wholly before `end` (and from `start` on) begins.
    private static func lastIndex(of pair: StaticString, in bytes: [UInt8], from start: Int, before end: Int) -> Int? {
        let mark = pair.utf8Start
        var index = end - 2
        while index >= start {
            if bytes[index] == mark[0], bytes[index + 1] == mark[1] { return index }
            index -= 1
        }
        return nil
    }

    /// Where the first `pair` from `start` on, wholly before `end`, begins.
    private static func firstIndex(of pair: StaticString, in bytes: [UInt8], from start: Int, before end: Int) -> Int? {
        let mark = pair.utf8Start
        var index = start
        while index + 1 < end {
            if bytes[index] == mark[0], bytes[index + 1] == mark[1] { return index }
            index += 1
        }
        return nil
    }
}

/// A place in an open buffer: its text, the position's 0-based line, and the byte offset the
/// position stands before.
struct TextCursor {
    let text: DocumentPositions
    let line: Int
    let offset: Int

    init(_ text: DocumentPositions, at position: LSPPosition) {
        self.text = text
        line = position.line
        offset = text.offset(of: position)
    }

    /// The bytes of the cursor's line, without its line break.
    var lineBytes: Range<Int> { text.lineRange(lspLine: line) }
}
