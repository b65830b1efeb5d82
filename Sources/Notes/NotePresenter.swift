import Foundation

/// The readable terminal view of one note, as `notes show` and `explain` print it.
public struct NotePresenter {
    public var renderer: TerminalRenderer

    public init(color: Bool) { renderer = TerminalRenderer(color: color) }

    public func show(_ index: Int, in graph: Graph) -> String {
        let note = graph.notes[index]
        var out = renderer.styled(note.title, .bold, .green) + "\n"
        var facts: [(String, String)] = [("permalink", note.permalink), ("path", note.path)]
        if let type = note.type { facts.append(("type", type)) }
        if !note.aliases.isEmpty { facts.append(("aliases", note.aliases.joined(separator: ", "))) }
        // Front matter's, observations' and the text's tags: what `notes tags` and `--tag` see.
        let tags = note.allTags
        if !tags.isEmpty { facts.append(("tags", tags.map { "#" + $0 }.joined(separator: " "))) }
        for (key, value) in facts {
            out += renderer.styled(key.padding(toLength: 10, withPad: " ", startingAt: 0), .dim) + value + "\n"
        }
        out += "\n" + renderer.render(markdown: note.body)

        let outgoing = graph.outgoing(index)
        if !outgoing.isEmpty {
            out += "\n" + renderer.styled("Links", .bold, .cyan) + "\n"
            for edge in outgoing { out += "  " + describe(edge, towards: true, in: graph) + "\n" }
        }
        let incoming = graph.backlinks(index)
        let rules = graph.rulesCiting(index)
        out += "\n" + renderer.styled("Backlinks", .bold, .cyan) + "\n"
        if incoming.isEmpty && rules.isEmpty { out += renderer.styled("  none\n", .dim) }
        for edge in incoming { out += "  " + describe(edge, towards: false, in: graph) + "\n" }
        for rule in rules { out += "  " + describe(rule) + "\n" }
        return out
    }

    /// A rule citing the note: `cited_by_rule  ← rule ID  path:line`.
    public func describe(_ citation: RuleCitation) -> String {
        renderer.styled("cited_by_rule".padding(toLength: 14, withPad: " ", startingAt: 0) + " ", .dim) + "← rule "
            + citation.ruleID + renderer.styled("  \(citation.path):\(citation.line)", .dim)
    }

    /// One edge: `kind → Title (path)`, or the source for a backlink.
    public func describe(_ edge: Graph.Edge, towards: Bool, in graph: Graph) -> String {
        // Padded to a column, always with a space before the arrow (`alternative_to` fills 14).
        let kind = renderer.styled(
            edge.link.kind.padding(toLength: max(14, edge.link.kind.count), withPad: " ", startingAt: 0) + " ", .dim)
        if !towards {
            let source = graph.notes[edge.source]
            return kind + "← " + source.title + renderer.styled("  \(source.path):\(edge.link.line)", .dim)
        }
        switch edge.resolution {
        case .resolved(let target):
            let note = graph.notes[target]
            let context = edge.link.context.map { renderer.styled(" — \($0)", .dim) } ?? ""
            return kind + "→ " + note.title + renderer.styled("  (\(note.permalink))", .dim) + context
        case .unresolved:
            return kind + "→ " + renderer.styled("\(edge.link.raw) (missing)", .red)
        case .ambiguous(let candidates):
            return kind + "→ "
                + renderer.styled(
                    "\(edge.link.raw) (ambiguous: \(candidates.map { graph.notes[$0].path }.joined(separator: ", ")))",
                    .yellow)
        }
    }
}
