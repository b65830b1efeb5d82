import Foundation
import Support

/// Writes the graph as JSON (documented in the README), Graphviz DOT or Mermaid.
public enum GraphExport {
    public struct NoteRecord: Codable, Equatable {
        public var path: String
        public var title: String
        public var permalink: String
        public var type: String?
        public var tags: [String]
        public var aliases: [String]
        /// Tags written in the text (`#team/ios`), each once; the front matter's are `tags`.
        public var inlineTags: [String] = []
        /// `- [category] text #tag (context)` lines, with their tags.
        public var observations: [ObservationRecord] = []

        enum CodingKeys: String, CodingKey {
            case path, title, permalink, type, tags, aliases, observations
            case inlineTags = "inline_tags"
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(title, forKey: .title)
            try container.encode(permalink, forKey: .permalink)
            try container.encode(type, forKey: .type)
            try container.encode(tags, forKey: .tags)
            try container.encode(aliases, forKey: .aliases)
            try container.encode(inlineTags, forKey: .inlineTags)
            try container.encode(observations, forKey: .observations)
        }
    }

    public struct ObservationRecord: Codable, Equatable {
        public var category: String
        public var text: String
        public var tags: [String]
        public var line: Int
        /// The closing `(…)`, `null` when there is none.
        public var context: String?

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(category, forKey: .category)
            try container.encode(text, forKey: .text)
            try container.encode(tags, forKey: .tags)
            try container.encode(line, forKey: .line)
            try container.encode(context, forKey: .context)
        }
    }

    public struct LinkRecord: Codable, Equatable {
        public var source: String
        public var line: Int
        public var column: Int
        public var raw: String
        /// Path of the note linked to, `null` when unresolved or ambiguous.
        public var target: String?
        /// `resolved`, `unresolved` or `ambiguous`.
        public var status: String
        public var candidates: [String]?
        public var kind: String
        public var style: String
        public var heading: String?
        public var context: String?

        /// Optional fields are written as `null`, never left out, so consumers see a fixed shape.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(source, forKey: .source)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(raw, forKey: .raw)
            try container.encode(target, forKey: .target)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(candidates, forKey: .candidates)
            try container.encode(kind, forKey: .kind)
            try container.encode(style, forKey: .style)
            try container.encode(heading, forKey: .heading)
            try container.encode(context, forKey: .context)
        }
    }

    public struct Document: Codable, Equatable {
        public var notes: [NoteRecord]
        public var links: [LinkRecord]
    }

    public static func document(_ graph: Graph) -> Document {
        let notes = graph.notes.map {
            NoteRecord(
                path: $0.path, title: $0.title, permalink: $0.permalink, type: $0.type, tags: $0.tags,
                aliases: $0.aliases, inlineTags: $0.inlineTags,
                observations: $0.observations.map {
                    ObservationRecord(
                        category: $0.category, text: $0.text, tags: $0.tags, line: $0.line, context: $0.context)
                })
        }
        let links = graph.edges.map { edge -> LinkRecord in
            var record = LinkRecord(
                source: graph.notes[edge.source].path, line: edge.link.line, column: edge.link.column,
                raw: edge.link.raw, target: nil, status: "unresolved", candidates: nil,
                kind: edge.link.kind, style: edge.link.style.rawValue, heading: edge.link.section,
                context: edge.link.context)
            switch edge.resolution {
            case .resolved(let target):
                record.target = graph.notes[target].path
                record.status = "resolved"
            case .ambiguous(let candidates):
                record.status = "ambiguous"
                record.candidates = candidates.map { graph.notes[$0].path }
            case .unresolved:
                if let attachment = graph.attachment(for: edge) {
                    record.status = "attachment"
                    record.target = attachment.path
                }
            }
            return record
        }
        return Document(notes: notes, links: links)
    }

    /// The graph as JSON, written straight from the graph in the exact layout JSONEncoder gives
    /// `document(graph)` (pretty, sorted keys, slashes as they are): on a vault of 480,000 links the
    /// encoder took seconds and a gigabyte to build what this writes in one pass.
    public static func json(_ graph: Graph) -> String {
        String(decoding: jsonBytes(graph), as: UTF8.self)
    }

    /// `json(graph)` as UTF-8, for writing out without a second copy.
    public static func jsonBytes(_ graph: Graph) -> [UInt8] {
        var out = PrettyJSON()
        out.object { out in
            out.array("links", graph.edges) { out, edge in
                let link = edge.link
                out.object { out in
                    if case .ambiguous(let candidates) = edge.resolution {
                        out.array("candidates", candidates) { out, index in out.string(graph.notes[index].path) }
                    }
                    out.field("column", link.column)
                    out.field("context", link.context)
                    out.field("heading", link.section)
                    out.field("kind", link.kind)
                    out.field("line", link.line)
                    out.field("raw", link.raw)
                    out.field("source", graph.notes[edge.source].path)
                    // An unresolved link may name a file beside the notes: an attachment.
                    let attachment = edge.target == nil ? graph.attachment(for: edge) : nil
                    switch edge.resolution {
                    case .resolved: out.field("status", "resolved")
                    case .ambiguous: out.field("status", "ambiguous")
                    case .unresolved: out.field("status", attachment == nil ? "unresolved" : "attachment")
                    }
                    out.field("style", link.style.rawValue)
                    out.field("target", edge.target.map { graph.notes[$0].path } ?? attachment?.path)
                }
            }
            out.array("notes", graph.notes) { out, note in
                out.object { out in
                    out.array("aliases", note.aliases) { out, alias in out.string(alias) }
                    out.array("inline_tags", note.inlineTags) { out, tag in out.string(tag) }
                    out.array("observations", note.observations) { out, observation in
                        out.object { out in
                            out.field("category", observation.category)
                            out.field("context", observation.context)
                            out.field("line", observation.line)
                            out.array("tags", observation.tags) { out, tag in out.string(tag) }
                            out.field("text", observation.text)
                        }
                    }
                    out.field("path", note.path)
                    out.field("permalink", note.permalink)
                    out.array("tags", note.tags) { out, tag in out.string(tag) }
                    out.field("title", note.title)
                    out.field("type", note.type)
                }
            }
        }
        out.bytes.append(UInt8(ascii: "\n"))
        return out.bytes
    }

    /// How one diagram language spells nodes and edges; the walk over the graph is shared.
    struct DiagramSyntax {
        var header: String
        var footer: String
        var node: (_ id: String, _ note: Note) -> String
        var missingNode: (_ id: String, _ target: String) -> String
        var edge: (_ from: String, _ to: String, _ kind: String?) -> String
        var missingEdge: (_ from: String, _ to: String) -> String
    }

    /// Nodes `n0…` for notes, `missing0…` once per unresolved target; self links left out.
    static func diagram(_ graph: Graph, _ syntax: DiagramSyntax) -> String {
        var out = syntax.header
        for (index, note) in graph.notes.enumerated() { out += syntax.node("n\(index)", note) }
        var unresolved: [String: Int] = [:]
        for edge in graph.edges {
            let kind = edge.link.kind == NoteLink.defaultKind ? nil : edge.link.kind
            if let target = edge.target {
                guard target != edge.source else { continue }
                out += syntax.edge("n\(edge.source)", "n\(target)", kind)
            } else {
                let id: Int
                if let known = unresolved[edge.link.target] {
                    id = known
                } else {
                    id = unresolved.count
                    unresolved[edge.link.target] = id
                    out += syntax.missingNode("missing\(id)", edge.link.target)
                }
                out += syntax.missingEdge("n\(edge.source)", "missing\(id)")
            }
        }
        return out + syntax.footer
    }

    public static func dot(_ graph: Graph) -> String {
        diagram(
            graph,
            DiagramSyntax(
                header: "digraph notes {\n  rankdir=LR;\n  node [shape=box, style=rounded];\n",
                footer: "}\n",
                node: { id, note in "  \(id) [label=\(dotQuoted(note.title)), tooltip=\(dotQuoted(note.path))];\n" },
                missingNode: { id, target in "  \(id) [label=\(dotQuoted(target)), style=dashed, color=red];\n" },
                edge: { from, to, kind in "  \(from) -> \(to)\(kind.map { " [label=\(dotQuoted($0))]" } ?? "");\n" },
                missingEdge: { from, to in "  \(from) -> \(to) [style=dashed, color=red];\n" }))
    }

    public static func mermaid(_ graph: Graph) -> String {
        diagram(
            graph,
            DiagramSyntax(
                header: "graph LR\n",
                footer: "",
                node: { id, note in "  \(id)[\"\(mermaidText(note.title))\"]\n" },
                missingNode: { id, target in "  \(id)[\"\(mermaidText(target)) (missing)\"]\n" },
                edge: { from, to, kind in "  \(from) \(kind.map { "-- \(mermaidText($0)) -->" } ?? "-->") \(to)\n" },
                missingEdge: { from, to in "  \(from) -.-> \(to)\n" }))
    }

    static func dotQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func mermaidText(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "\n", with: " ")
    }
}

/// JSON in JSONEncoder's pretty layout: two-space indents, `"key" : value`, an empty list as `[`, a
/// blank line and `]`; only `"`, `\\` and control characters escaped. Keys are written in the order given.
struct PrettyJSON {
    var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the container being written has an element yet.
    private var hasElement: [Bool] = []

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Starts an element of the enclosing container (a value in a list, or a key in an object).
    private mutating func element() {
        guard !hasElement.isEmpty else { return }
        if hasElement[hasElement.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasElement[hasElement.count - 1] = true
        newline()
    }

    private mutating func container(_ open: UInt8, _ close: UInt8, _ body: (inout PrettyJSON) -> Void) {
        bytes.append(open)
        depth += 1
        hasElement.append(false)
        body(&self)
        let empty = !hasElement.removeLast()
        depth -= 1
        if empty { bytes.append(UInt8(ascii: "\n")) }
        newline()
        bytes.append(close)
    }

    mutating func object(_ body: (inout PrettyJSON) -> Void) {
        if !inObjectValue { element() }
        inObjectValue = false
        container(UInt8(ascii: "{"), UInt8(ascii: "}"), body)
    }

    mutating func array<S: Sequence>(_ key: String, _ items: S, _ write: (inout PrettyJSON, S.Element) -> Void) {
        self.key(key)
        inObjectValue = false
        container(UInt8(ascii: "["), UInt8(ascii: "]")) { out in
            for item in items { write(&out, item) }
        }
    }

    /// Set after a key: the value that follows sits on the key's line.
    private var inObjectValue = false

    mutating func key(_ name: String) {
        element()
        quoted(name)
        bytes.append(contentsOf: " : ".utf8)
        inObjectValue = true
    }

    mutating func field(_ name: String, _ value: String?) {
        key(name)
        string(value)
    }

    mutating func field(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    mutating func string(_ value: String?) {
        if !inObjectValue { element() }
        inObjectValue = false
        guard let value else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        quoted(value)
    }

    mutating func number(_ value: Int) {
        if !inObjectValue { element() }
        inObjectValue = false
        bytes.append(contentsOf: String(value).utf8)
    }

    /// As `JSONEncoder` writes a string (`\b` and `\f` by letter).
    private mutating func quoted(_ text: String) {
        JSONQuoting.append(text, to: &bytes, lettersForBackspaceAndFormFeed: true)
    }
}
