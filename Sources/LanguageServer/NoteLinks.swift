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
    /// The encoding of the positions answered, as `initialize` agreed.
    let encoding: PositionEncoding

    /// The link under the cursor in the note's buffer, and its bytes there.
    func edge(in note: Int, at cursor: TextCursor) -> (edge: Graph.Edge, bytes: Range<Int>)? {
        for edge in graph.outgoing(note) where edge.link.line == cursor.line + 1 {
            let bytes = Self.bytes(of: edge.link, in: cursor.text)
            if bytes.lowerBound <= cursor.offset, cursor.offset <= bytes.upperBound { return (edge, bytes) }
        }
        return nil
    }

    /// Where a link's raw text stands in its file (its record places it by line and scalar column).
    static func bytes(of link: NoteLink, in text: DocumentPositions) -> Range<Int> {
        let start = text.offset(line: link.line, column: link.column)
        return start..<min(text.bytes.count, start + link.raw.utf8.count)
    }

    /// Every place that leads to the note: the links of other notes, and the rule files that cite
    /// it (whose findings send the reader there).
    func references(to index: Int, includingItself: Bool) -> JSON {
        var locations: [JSON] =
            includingItself ? [NoteNavigation(graph: graph).location(of: index)].filter { $0 != .null } : []
        // Each source note's text read once, to place its links in the negotiated encoding.
        var texts: [String: DocumentPositions] = [:]
        for edge in graph.backlinks(index) {
            let path = PathKey.of(graph.notes[edge.source].path)
            if texts[path] == nil {
                guard let bytes = try? FileContents.read(path, regularOnly: true) else { continue } // built in
                texts[path] = DocumentPositions(bytes, encoding: encoding)
            }
            guard let text = texts[path] else { continue }
            locations.append([
                "uri": .string(DocumentURI.from(path: path)),
                "range": text.range(of: Self.bytes(of: edge.link, in: text)).json,
            ])
        }
        let permalink = graph.notes[index].permalink
        for entry in catalog.entries where entry.note?.permalink == permalink {
            let path = PathKey.of(entry.metadata.path)
            guard let bytes = try? FileContents.read(path, regularOnly: true) else { continue } // built in
            let text = DocumentPositions(bytes, encoding: encoding)
            let line =
                (0..<text.lines.count).first { text.bytes[text.lineRange(lspLine: $0)].starts(with: "note:".utf8) } ?? 0
            locations.append([
                "uri": .string(DocumentURI.from(path: path)),
                "range": text.range(of: text.lineRange(lspLine: line)).json,
            ])
        }
        return .array(locations)
    }

    /// The note's headings as nested document symbols (each holds the deeper ones after it).
    func symbols(of index: Int, text: DocumentPositions) -> JSON {
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
            let range = text.range(of: text.lineRange(lspLine: line)).json
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
