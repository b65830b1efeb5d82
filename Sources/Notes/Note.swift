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
    /// Obsidian block ids: `^id` ending a paragraph or list item, the target of `[[Note#^id]]`.
    public var blockIDs: [BlockID] = []
    /// Tags written in the text: `#tag`, `#team/ios` (not in code, headings or URLs).
    public var inlineTags: [String] = []
    /// The markdown after the front matter (front matter lines blanked so line numbers hold).
    /// A note loaded from a file reads it again when asked: a graph does not keep every note's
    /// text in memory (on a 10,000-note vault that was the vault's size again).
    public var body: String { bodySource.text }
    var bodySource: NoteBody
    /// Problems found while reading this note (bad YAML, unclosed front matter, bad encoding).
    public var diagnostics: [NoteDiagnostic]
    /// Whether the front matter set the title and the permalink; otherwise they were made from
    /// the first heading or the file name, and from the path.
    var titleIsDeclared = false
    var permalinkIsDeclared = false
    /// Which of its names besides its path a link may find it by: set from its source's vault.
    public var linkNames: LinkNames = .declared

    /// Whether a link may find this note by its title, permalink or an alias (besides its path).
    func answers(to name: LinkNames.Name) -> Bool { linkNames.answers(to: name, titleIsDeclared: titleIsDeclared) }

    /// The front matter as it was read: the fields it set, none made up from the file.
    public var frontMatter: FrontMatter {
        FrontMatter(
            title: titleIsDeclared ? title : nil, type: type, permalink: permalinkIsDeclared ? permalink : nil,
            tags: tags, aliases: aliases, extra: extra)
    }

    /// The note's tags, those of its observations (`- [question] … #open`) and those in its
    /// text (`#team/ios`), without repeats.
    public var allTags: [String] {
        var all = tags
        for observation in observations { all += observation.tags }
        all += inlineTags
        // A note has a dozen tags or so: compared in place, without a set's hashing.
        guard all.count > 32 else {
            var unique: [String] = []
            unique.reserveCapacity(all.count)
            for tag in all where !unique.contains(tag) { unique.append(tag) }
            return unique
        }
        var seen = Set<String>(minimumCapacity: all.count)
        return all.filter { seen.insert($0).inserted }
    }

    /// The file name without directories and without `.md`.
    public var stem: String {
        // The same stem the parser gives the title: `.md` dropped in any case.
        Note.stemOf(relativePath)
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

/// `^summary` at the end of a paragraph: the block `[[Note#^summary]]` leads to.
public struct BlockID: Sendable, Equatable {
    public var id: String
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

/// A Basic Memory observation: `- [category] text #tag (context)`. Kept, like a link, as a record
/// in its note's `NoteRecords`: line, category, text, the number of tags, the tags, then the context.
public struct Observation: Sendable, Equatable, CustomStringConvertible {
    public var category: String { fields.category }
    public var text: String { fields.text }
    /// Read alone, past the category and text: a search reads every observation's tags.
    public var tags: [String] {
        var at = Int(record)
        _ = records.number(&at)
        records.skipString(&at)
        records.skipString(&at)
        return readTags(&at)
    }
    public var line: Int { fields.line }
    /// The closing `(…)` of the line, without its parentheses; not part of `text`.
    public var context: String? { fields.context }

    let records: NoteRecords
    let record: UInt32

    init(records: NoteRecords, record: UInt32) {
        self.records = records
        self.record = record
    }

    /// An observation of its own, outside any note.
    public init(category: String, text: String, tags: [String], line: Int, context: String? = nil) {
        var builder = NoteRecords.Builder()
        let record = builder.addObservation(
            line: line, category: category.utf8, text: text.utf8, tags: tags.map(\.utf8), context: context?.utf8)
        self.init(records: builder.finish(), record: record)
    }

    private var fields: (line: Int, category: String, text: String, tags: [String], context: String?) {
        var at = Int(record)
        let line = records.number(&at)
        let category = records.string(&at) ?? "", text = records.string(&at) ?? ""
        let tags = readTags(&at)
        return (line, category, text, tags, records.string(&at))
    }

    /// The tag count and the tags, from `at`.
    private func readTags(_ at: inout Int) -> [String] {
        let count = records.number(&at)
        var tags: [String] = []
        tags.reserveCapacity(count)
        for _ in 0..<count { tags.append(records.string(&at) ?? "") }
        return tags
    }

    public static func == (a: Observation, b: Observation) -> Bool { a.fields == b.fields }

    public var description: String {
        "Observation(category: \(category.debugDescription), text: \(text.debugDescription), tags: \(tags), line: \(line), context: \(context.debugDescription))"
    }
}

extension NoteRecords.Builder {
    mutating func addObservation<
        Category: Collection<UInt8>, Text: Collection<UInt8>, Tag: Collection<UInt8>, Context: Collection<UInt8>
    >(line: Int, category: Category, text: Text, tags: [Tag], context: Context?) -> UInt32 {
        let start = position
        append(number: line)
        append(category)
        append(text)
        append(number: tags.count)
        for tag in tags { append(tag) }
        append(context)
        return start
    }
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
