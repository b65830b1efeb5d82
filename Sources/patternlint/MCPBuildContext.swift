import Foundation
import MCP
import Notes

/// `build_context`: a note and its neighbourhood, in pages that keep to a size budget. Depth 2
/// of a linked vault came back whole (megabytes an assistant cannot take in); now a page holds
/// what fits, says what it left out and gives the cursor of the next.
extension MCPTools {
    /// One page of the answer: the root note (whole on the first page, named on later ones),
    /// related notes from `from`, and the cursor past them.
    struct ContextPage {
        var root: [String: Any]
        var related: [[String: Any]] = []
        var from: Int
        var total: Int
        var next: Int { from + related.count }
        var clipped: Int { (related + [root]).filter { $0["markdown_clipped"] as? Bool == true }.count }

        var object: [String: Any] {
            var object: [String: Any] = [
                "root": root, "related": related, "total_related": total,
                "next_cursor": next < total ? String(next) as Any : NSNull(),
            ]
            if let cut = cut { object["cut"] = cut }
            return object
        }

        /// What this page leaves out, in words, or nil when nothing.
        var cut: String? {
            var cuts: [String] = []
            if let omitted = root["omitted"] as? [String: Int] {
                cuts.append(
                    "the root note's " + omitted.keys.sorted().joined(separator: ", ") + " (omitted counts them)")
            }
            if clipped > 0 {
                cuts.append("the markdown of \(clipped) note\(clipped == 1 ? "" : "s") (markdown_clipped)")
            }
            var parts: [String] = []
            if next < total {
                parts.append(
                    "\(total - next) of \(total) related notes are on later pages: call build_context again "
                        + "with cursor \"\(next)\"")
            }
            if !cuts.isEmpty {
                parts.append(
                    "cut to fit max_chars: " + cuts.joined(separator: " and ") + "; read_note gives a note whole")
            }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
    }

    func buildContext(_ arguments: [String: Value], _ graph: Graph) throws -> String {
        let start = try note(arguments, graph)
        let depth = try integer(arguments, "depth", default: 1, range: 1...3)
        let budget = try integer(arguments, "max_chars", default: 20_000, range: 2_000...1_000_000)
        let related = Self.related(to: start, depth: depth, in: graph)
        let from = try contextCursor(arguments, total: related.count)
        // The first page gives the root whole; later ones name it, the budget going to related notes.
        var page = ContextPage(
            root: noteObject(start, in: graph, full: from == nil), from: from ?? 0, total: related.count)
        clipRootIfAloneOverBudget(&page, budget: budget)
        fill(&page, budget: budget) { index in
            var object = noteObject(related[index].note, in: graph, full: false)
            object["distance"] = related[index].distance
            object["markdown"] = Self.withoutLeadingBlankLines(graph.notes[related[index].note].body)
            return object
        }
        return fitted(page, budget: budget)
    }

    /// The notes up to `depth` links away (either way), nearest first, then by title and path:
    /// the same order on every call, so a cursor means the same place.
    static func related(to start: Int, depth: Int, in graph: Graph) -> [(note: Int, distance: Int)] {
        var seen: [Int: Int] = [start: 0]
        var frontier = [start]
        for level in 1...depth {
            var next: [Int] = []
            for index in frontier {
                let neighbours = graph.outgoing(index).compactMap(\.target) + graph.backlinks(index).map(\.source)
                for neighbour in neighbours where seen[neighbour] == nil {
                    seen[neighbour] = level
                    next.append(neighbour)
                }
            }
            frontier = next
        }
        seen[start] = nil
        return seen.map { (note: $0.key, distance: $0.value) }.sorted {
            let (a, b) = (graph.notes[$0.note], graph.notes[$1.note])
            return ($0.distance, a.title, a.path) < ($1.distance, b.title, b.path)
        }
    }

    /// Where the page starts: nil for the first page, else a cursor this server gave.
    func contextCursor(_ arguments: [String: Value], total: Int) throws -> Int? {
        guard let value = arguments["cursor"] else { return nil }
        guard let cursor = value.stringValue else { throw MCPError.invalidParams("`cursor` must be a string") }
        guard let start = Int(cursor), (0...total).contains(start) else {
            throw MCPError.invalidParams(
                "cursor \"\(cursor.clipped(to: 40))\" is not one this server gave (pages go from 0 to \(total))")
        }
        return start
    }

    /// A root note over the budget on its own is cut to fit: first the lists that `related`
    /// repeats (backlinks, links out), then its markdown, then the lists only it has. A list keeps
    /// the most entries that fit, `omitted` counting what it leaves out.
    func clipRootIfAloneOverBudget(_ page: inout ContextPage, budget: Int) {
        var omitted: [String: Int] = [:]
        // What a cut adds to the page (its mark, and a sentence in `cut`) is on it before it is measured.
        func cutList(_ list: String) {
            guard Self.size(of: page) > budget, let entries = page.root[list] as? [Any], !entries.isEmpty else {
                return
            }
            omitted[list] = entries.count
            page.root["omitted"] = omitted
            let kept = Self.mostThatFit(entries.count, budget: budget) { count in
                page.root[list] = Array(entries.prefix(count))
                return Self.size(of: page)
            }
            page.root[list] = Array(entries.prefix(kept))
            omitted[list] = entries.count - kept
            page.root["omitted"] = omitted
        }
        cutList("backlinks")
        cutList("links_out")
        if Self.size(of: page) > budget, let markdown = page.root["markdown"] as? String {
            page.root["markdown_clipped"] = true
            let left = Self.escapedLength(of: markdown) - (Self.size(of: page) - budget)
            page.root["markdown"] = Self.prefix(of: markdown, escapedLength: max(0, left))
        }
        cutList("relations")
        cutList("observations")
    }

    /// The largest count below `total` whose size is within the budget (0 when none is), by
    /// halving: each size is a page written out.
    static func mostThatFit(_ total: Int, budget: Int, size: (Int) -> Int) -> Int {
        var (low, high) = (0, total - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if size(middle) <= budget { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Adds related notes while they fit. Sizes are estimated, from each note written alone;
    /// `fitted` checks the page as written. A note that does not fit whole as a page's first is
    /// clipped to fit, when enough of it does; on a later page it is given however little fits,
    /// so that paging always moves on.
    func fill(_ page: inout ContextPage, budget: Int, relatedObject: (Int) -> [String: Any]) {
        let laterPage = page.root["markdown"] == nil
        var used = Self.size(of: page)
        while page.next < page.total {
            var entry = relatedObject(page.next)
            var size = Self.embeddedSize(of: entry)
            if used + size > budget {
                guard page.related.isEmpty else { return }
                let least = laterPage ? 0 : Self.leastMarkdownWorthClipping
                if let clipped = Self.clippingMarkdown(of: entry, toFit: budget - used, least: least) {
                    entry = clipped
                } else if laterPage {
                    entry["markdown"] = ""
                    entry["markdown_clipped"] = true
                } else {
                    return
                }
                size = Self.embeddedSize(of: entry)
            }
            page.related.append(entry)
            used += size
        }
    }

    /// A first page gives a clipped note only if this much of its markdown fits; less waits for the next page.
    static let leastMarkdownWorthClipping = 500

    /// The page as written, related notes dropped from the end while it is over the budget
    /// (an estimate was short); a later page keeps its one note.
    func fitted(_ page: ContextPage, budget: Int) -> String {
        var page = page
        var text = json(page.object)
        let keep = page.root["markdown"] == nil ? 1 : 0
        while text.unicodeScalars.count > budget, page.related.count > keep {
            page.related.removeLast()
            text = json(page.object)
        }
        return text
    }

    /// The page's size with no more related notes, its `cut` as long as it can get.
    static func size(of page: ContextPage) -> Int {
        var frame = page.object
        frame["cut"] = (page.cut ?? "") + String(repeating: "x", count: 200)
        frame["next_cursor"] = String(page.total)
        return jsonText(frame).unicodeScalars.count
    }

    /// What an object takes as an element of `related`: written alone, then each line indented
    /// two levels (four spaces) and a separator.
    static func embeddedSize(of object: [String: Any]) -> Int {
        let alone = jsonText(object)
        let lines = alone.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return alone.unicodeScalars.count + 4 * lines + 2
    }

    /// The object with its markdown cut so that it takes at most `room` characters in the
    /// answer, marked `markdown_clipped`; nil when no more than `least` of the markdown fits.
    static func clippingMarkdown(of object: [String: Any], toFit room: Int, least: Int) -> [String: Any]? {
        guard let markdown = object["markdown"] as? String else { return nil }
        var clipped = object
        clipped["markdown"] = ""
        clipped["markdown_clipped"] = true
        let left = room - embeddedSize(of: clipped)
        guard left > least else { return nil }
        clipped["markdown"] = prefix(of: markdown, escapedLength: left)
        return clipped
    }

    /// Characters a string takes written in JSON (escapes count in full).
    static func escapedLength(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + escapedLength(of: $1) }
    }

    /// The longest start of `text` that takes at most `length` characters written in JSON.
    static func prefix(of text: String, escapedLength length: Int) -> String {
        var used = 0
        var end = text.unicodeScalars.startIndex
        for index in text.unicodeScalars.indices {
            used += escapedLength(of: text.unicodeScalars[index])
            if used > length { break }
            end = text.unicodeScalars.index(after: index)
        }
        return String(text.unicodeScalars[..<end])
    }

    private static func escapedLength(of scalar: Unicode.Scalar) -> Int {
        switch scalar {
        case "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}": return 2
        case _ where scalar.value < 0x20: return 6
        default: return 1
        }
    }
}
