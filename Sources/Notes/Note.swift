/// A parsed pattern note: front matter, headings, code blocks, links and observations,
/// every position true to the file (1-based line; column counted in Unicode scalars).
public struct Note: Sendable {
    /// Display path (as given on the command line, or `notes/...` for the built-in catalogue).
    public var path: String
    /// Path relative to the vault root, with `/` separators; the base of derived permalinks.
    public var relativePath: String
    public var title: String
    public var type: String?
    public var permalink: String
    public var tags: [String]
    public var aliases: [String]
    /// Front matter keys other than the ones above, rendered as text.
    public var extra: [String: String]
    public var headings: [Heading]
    public var codeBlocks: [CodeBlock]
    public var links: [NoteLink]
    public var observations: [Observation]
    /// The markdown after the front matter (front matter lines blanked so line numbers hold).
    /// A note loaded from a file reads it again when asked: a graph does not keep every note's
    /// text in memory (on a 10,000-note vault that was the vault's size again).
    public var body: String { bodySource.text }
    var bodySource: NoteBody
    /// Problems found while reading this note (bad YAML, unclosed front matter, bad encoding).
    public var diagnostics: [NoteDiagnostic]

    /// The file name without directories and without `.md`.
    /// The note's tags and those of its observations (`- [question] … #open`), without repeats.
    public var allTags: [String] {
        var seen = Set<String>()
        return (tags + observations.flatMap(\.tags)).filter { seen.insert($0).inserted }
    }

    public var stem: String {
        let last = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        return last.hasSuffix(".md") ? String(last.dropLast(3)) : last
    }
}

/// Where a note's body comes from: kept, or read again from its source.
enum NoteBody: Sendable {
    case kept(String)
    case reread(@Sendable () throws -> [UInt8])

    var text: String {
        switch self {
        case .kept(let text): return text
        case .reread(let read): return (try? read()).map(NoteParser.body(of:)) ?? ""
        }
    }
}

public struct Heading: Sendable, Equatable {
    public var level: Int
    public var text: String
    public var slug: String
    public var line: Int
}

public struct CodeBlock: Sendable, Equatable {
    /// The whole info string, e.g. `swift bad constant-binding`.
    public var info: String
    /// First word of the info string (`swift`), empty when there is none.
    public var language: String { info.split(separator: " ").first.map(String.init) ?? "" }
    public var content: String
    /// Line of the opening fence.
    public var line: Int
    /// Line of the first content line.
    public var contentLine: Int { line + 1 }
}

public enum LinkStyle: String, Sendable, Codable {
    case wiki, embed, markdown
}

/// A link in a note. Its strings live in one buffer per note (`LinkText`) and the link keeps only
/// where each starts: on a link-dense vault that is one allocation a note instead of three or four
/// a link, and a third of the memory.
public struct NoteLink: Sendable, Equatable {
    /// The link exactly as written, e.g. `[[Dual Initializer#Usage|dual init]]`.
    public var raw: String { text.string(layout.raw) }
    /// The note named, without heading or label.
    public var target: String { text.string(layout.target) }
    public var anchor: String? { text.optionalString(layout.anchor) }
    public var label: String? { text.optionalString(layout.label) }
    public let style: LinkStyle
    public var line: Int { Int(layout.line) }
    public var column: Int { Int(layout.column) }
    /// `links_to` by default, `related` under a "Related…" heading, or a Basic Memory relation type.
    public var kind: String { text.string(layout.kind) }
    /// Text of the heading of the section the link sits in.
    public var section: String? { text.optionalString(layout.section) }
    /// The text following the link on its line (`[[X]] - Uses this for …` keeps `Uses this for …`).
    public var context: String? { text.optionalString(layout.context) }

    public static let defaultKind = "links_to"

    let text: LinkText
    let layout: Layout

    /// Where each of a link's strings is in its note's `LinkText`.
    struct Layout: Sendable, Equatable {
        var raw, target, anchor, label, kind, section, context: LinkText.Span
        var line, column: UInt32
    }

    init(text: LinkText, layout: Layout, style: LinkStyle) {
        self.text = text
        self.layout = layout
        self.style = style
    }

    public static func == (a: NoteLink, b: NoteLink) -> Bool {
        a.raw == b.raw && a.target == b.target && a.anchor == b.anchor && a.label == b.label && a.style == b.style
            && a.line == b.line && a.column == b.column && a.kind == b.kind && a.section == b.section
            && a.context == b.context
    }
}

/// The UTF-8 of a note's link strings, one after the other.
public final class LinkText: Sendable {
    let bytes: [UInt8]

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Where a string starts and how many bytes it has; `absent` stands for nil.
    struct Span: Sendable, Equatable {
        var start: UInt32
        var count: UInt32
        static let absent = Span(start: 0, count: .max)
    }

    func string(_ span: Span) -> String { optionalString(span) ?? "" }

    func optionalString(_ span: Span) -> String? {
        guard span.count != Span.absent.count else { return nil }
        let start = Int(span.start)
        return String(decoding: bytes[start..<(start + Int(span.count))], as: UTF8.self)
    }

    struct Builder {
        private var bytes: [UInt8] = []

        mutating func add<Bytes: Collection<UInt8>>(bytes added: Bytes) -> Span {
            let start = UInt32(bytes.count)
            bytes.append(contentsOf: added)
            return Span(start: start, count: UInt32(bytes.count) - start)
        }

        mutating func add(_ string: String) -> Span { add(bytes: string.utf8) }

        mutating func add(_ string: String?) -> Span { string.map { add($0) } ?? .absent }

        func finish() -> LinkText { LinkText(bytes: bytes) }
    }
}

/// A Basic Memory observation: `- [category] text #tag`.
public struct Observation: Sendable, Equatable {
    public var category: String
    public var text: String
    public var tags: [String]
    public var line: Int
}

public struct NoteDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable, Comparable {
        case warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }
    public var severity: Severity
    /// A stable identifier, e.g. `broken-link`, `bad-front-matter`.
    public var code: String
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(_ severity: Severity, _ code: String, path: String, line: Int, column: Int = 1, _ message: String) {
        self.severity = severity
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(path):\(line):\(column): \(severity.rawValue): \(message) [\(code)]"
    }
}
