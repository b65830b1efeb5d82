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

    /// The `[[…]]` around a UTF-16 column of a line: its target and heading, label dropped.
    static func wikiLink(in line: Substring, at character: Int) -> (note: String, heading: String?)? {
        let utf16 = Array(line.utf16)
        let cursor = min(character, utf16.count)
        guard let open = lastIndex(of: "[[", in: utf16, before: cursor),
            let close = firstIndex(of: "]]", in: utf16, from: open + 2), close + 2 >= cursor
        else { return nil }
        let inner = String(decoding: utf16[(open + 2)..<close], as: UTF16.self)
        let target = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let note = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return (note, parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil)
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
            "range": FindingDiagnostics.range((max(0, (found?.line ?? 1) - 1), 0, 0)),
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
    func completions(in line: Substring, lineNumber: Int, at character: Int) -> JSON? {
        let utf16 = Array(line.utf16)
        let cursor = min(character, utf16.count)
        guard let open = Self.lastIndex(of: "[[", in: utf16, before: cursor),
            Self.firstIndex(of: "]]", in: Array(utf16[(open + 2)..<cursor]), from: 0) == nil
        else { return noteFieldCompletions(in: utf16, lineNumber: lineNumber, at: cursor) }
        let typed = String(decoding: utf16[(open + 2)..<cursor], as: UTF16.self)
        if let hash = typed.firstIndex(of: "#") {
            // `[[Name#`: the headings of the note named so far (of this note when no name).
            let name = typed[..<hash].trimmingCharacters(in: .whitespaces)
            let headingStart = open + 2 + typed[..<hash].utf16.count + 1
            let replaced = FindingDiagnostics.range((lineNumber, headingStart, cursor))
            guard !name.isEmpty, case .resolved(let index) = graph.resolve(name) else { return nil }
            let items = graph.notes[index].headings.map { heading in
                item(label: heading.text, detail: "heading of \(graph.notes[index].title)", replacing: replaced)
            }
            return ["isIncomplete": false, "items": .array(items)]
        }
        let replaced = FindingDiagnostics.range((lineNumber, open + 2, cursor))
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
    private func noteFieldCompletions(in utf16: [UInt16], lineNumber: Int, at cursor: Int) -> JSON? {
        let field = Array("note:".utf16)
        guard utf16.starts(with: field), cursor >= field.count else { return nil }
        var start = field.count
        while start < cursor, utf16[start] == 0x20 { start += 1 }
        let replaced = FindingDiagnostics.range((lineNumber, start, cursor))
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

    private static func lastIndex(of pair: String, in utf16: [UInt16], before end: Int) -> Int? {
        let mark = Array(pair.utf16)
        var index = end - 2
        while index >= 0 {
            if utf16[index] == mark[0], utf16[index + 1] == mark[1] { return index }
            index -= 1
        }
        return nil
    }

    private static func firstIndex(of pair: String, in utf16: [UInt16], from start: Int) -> Int? {
        let mark = Array(pair.utf16)
        var index = start
        while index + 1 < utf16.count {
            if utf16[index] == mark[0], utf16[index + 1] == mark[1] { return index }
            index += 1
        }
        return nil
    }
}
