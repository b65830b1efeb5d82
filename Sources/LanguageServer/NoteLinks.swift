import Foundation
import BuiltinRules
import LintEngine
import Reporters
import Support
import SwiftUIModel
import Notes
import Support

/// The links of the note being edited, as its graph parsed them (wiki links and markdown links
/// alike): the one under the cursor, where it leads, and what leads to a note (its backlinks from
/// notes, and the rule files citing it); the note's headings as its outline.
struct NoteLinks {
    let graph: Graph
    let catalog: RuleCatalog

    /// The link under a position of the note's buffer (0-based line, UTF-16 column).
    func edge(in note: Int, line: Int, character: Int, text: TextPositions) -> Graph.Edge? {
        let scalars = Array(text.text(ofLine: line).unicodeScalars)
        for edge in graph.outgoing(note) where edge.link.line == line + 1 {
            let first = min(max(0, edge.link.column - 1), scalars.count)
            let start = scalars[0..<first].reduce(0) { $0 + $1.utf16.count }
            if start <= character, character <= start + edge.link.raw.utf16.count { return edge }
        }
        return nil
    }

    /// Every place that leads to the note: the links of other notes, and the rule files that cite
    /// it (whose findings send the reader there).
    func references(to index: Int, includingItself: Bool) -> JSON {
        var locations: [JSON] =
            includingItself ? [NoteNavigation(graph: graph).location(of: index)].filter { $0 != .null } : []
        // Each source note's text read once, to count its links' columns in UTF-16 as LSP does.
        var texts: [String: TextPositions] = [:]
        for edge in graph.backlinks(index) {
            let path = PathKey.of(graph.notes[edge.source].path)
            if texts[path] == nil {
                guard let bytes = try? FileContents.read(path, regularOnly: true) else { continue } // built in
                texts[path] = TextPositions(bytes)
            }
            guard let text = texts[path] else { continue }
            let line = edge.link.line - 1
            let scalars = Array(text.text(ofLine: line).unicodeScalars)
            let first = min(max(0, edge.link.column - 1), scalars.count)
            let start = scalars[..<first].reduce(0) { $0 + $1.utf16.count }
            locations.append([
                "uri": .string(DocumentURI.from(path: path)),
                "range": FindingDiagnostics.range((line, start, start + edge.link.raw.utf16.count)),
            ])
        }
        let permalink = graph.notes[index].permalink
        for entry in catalog.entries where entry.note?.permalink == permalink {
            let path = PathKey.of(entry.metadata.path)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue } // built in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = lines.firstIndex { $0.hasPrefix("note:") } ?? 0
            locations.append([
                "uri": .string(DocumentURI.from(path: path)),
                "range": FindingDiagnostics.range((line, 0, lines.isEmpty ? 0 : lines[line].utf16.count)),
            ])
        }
        return .array(locations)
    }

    /// The note's headings as nested document symbols (each holds the deeper ones after it).
    func symbols(of index: Int, text: TextPositions) -> JSON {
        struct Open {
            var level: Int
            var symbol: [String: JSON]
            var children: [JSON]
        }
        var stack: [Open] = []
        var top: [JSON] = []
        func close() {
            var done = stack.removeLast()
            done.symbol["children"] = .array(done.children)
            if stack.isEmpty {
                top.append(.object(done.symbol))
            } else {
                stack[stack.count - 1].children.append(.object(done.symbol))
            }
        }
        for heading in graph.notes[index].headings {
            while let last = stack.last, last.level >= heading.level { close() }
            let line = max(0, heading.line - 1)
            let range = FindingDiagnostics.range((line, 0, text.text(ofLine: line).utf16.count))
            // 15: SymbolKind.String, as markdown servers show headings.
            stack.append(
                Open(
                    level: heading.level,
                    symbol: [
                        "name": .string(heading.text), "detail": .string(String(repeating: "#", count: heading.level)),
                        "kind": 15, "range": range, "selectionRange": range,
                    ], children: []))
        }
        while !stack.isEmpty { close() }
        return .array(top)
    }
}
