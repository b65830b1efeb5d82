import Dispatch
import Foundation
import Support

/// The notes as a graph: links resolved to notes, backlinks, tags, orphans and problems.
///
/// A link target resolves as Obsidian resolves it, by path, then (for the notes that answer to
/// them) by permalink, title and alias: see `ResolutionIndex`. Nothing is fuzzy.
public struct Graph: Sendable {
    public enum Resolution: Sendable, Equatable {
        case resolved(Int)
        case unresolved
        case ambiguous([Int])
    }

    /// A link from one note, with where it leads. It refers to its link rather than holding a
    /// copy, and keeps the resolution as one number (an ambiguous link's candidates are kept
    /// aside, in the store).
    public struct Edge: Sendable {
        let store: NoteStore
        let sourceIndex: UInt32
        /// The link's position in its note's `links`.
        let linkPosition: UInt32
        /// The note linked to, or `Edge.unresolvedCode`, or `Edge.ambiguousCode`.
        let resolvedNote: Int32

        static let unresolvedCode: Int32 = -1, ambiguousCode: Int32 = -2

        public var source: Int { Int(sourceIndex) }
        public var linkIndex: Int { Int(linkPosition) }
        public var link: NoteLink { store.notes[source].links[linkIndex] }

        public var resolution: Resolution {
            switch resolvedNote {
            case 0...: return .resolved(Int(resolvedNote))
            case Self.ambiguousCode: return .ambiguous(store.ambiguous[Self.key(source, linkIndex)] ?? [])
            default: return .unresolved
            }
        }

        public var target: Int? { resolvedNote >= 0 ? Int(resolvedNote) : nil }

        static func key(_ source: Int, _ linkIndex: Int) -> UInt64 { UInt64(source) << 32 | UInt64(linkIndex) }
    }

    /// The edges of a graph, note by note and in link order within a note: one per link. Only
    /// where each link leads is kept (4 bytes); the rest is the link's position, found from where
    /// each note's edges start, and the `Edge` is made when read.
    public struct Edges: RandomAccessCollection, Sendable {
        let store: NoteStore
        /// Per link: the note it leads to, or `Edge.unresolvedCode`, or `Edge.ambiguousCode`.
        let resolved: [Int32]
        /// Per note, where its edges start; one more entry at the end, the total.
        let firstEdge: [Int]
        /// The positions of the edges leading to each note, made on the first backlinks asked
        /// for: a scan of every edge per note made an export of 10,000 link-dense notes quadratic.
        private let incoming: LazyBox<Incoming>

        struct Incoming: Sendable {
            /// Per note, where its incoming edges start in `positions`; one more at the end.
            var starts: [Int32]
            var positions: [Int32]
        }

        init(store: NoteStore, resolved: [Int32], firstEdge: [Int]) {
            self.store = store
            self.resolved = resolved
            self.firstEdge = firstEdge
            let notes = firstEdge.count - 1
            incoming = LazyBox { Self.incoming(resolved, notes: notes) }
        }

        /// A counting sort of the edge positions by the note they lead to, in position order.
        private static func incoming(_ resolved: [Int32], notes: Int) -> Incoming {
            var starts = [Int32](repeating: 0, count: notes + 1)
            for target in resolved where target >= 0 { starts[Int(target) + 1] += 1 }
            for note in 0..<notes { starts[note + 1] += starts[note] }
            var next = starts
            var positions = [Int32](repeating: 0, count: Int(starts[notes]))
            for (position, target) in resolved.enumerated() where target >= 0 {
                positions[Int(next[Int(target)])] = Int32(position)
                next[Int(target)] += 1
            }
            return Incoming(starts: starts, positions: positions)
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { resolved.count }

        /// Walks note by note, so reading every edge costs no search.
        public struct Iterator: IteratorProtocol {
            let edges: Edges
            var position = 0, note = 0

            public mutating func next() -> Edge? {
                guard position < edges.resolved.count else { return nil }
                while edges.firstEdge[note + 1] <= position { note += 1 }
                defer { position += 1 }
                return edges.edge(position, of: note)
            }
        }

        public func makeIterator() -> Iterator { Iterator(edges: self) }

        /// The edges of one note's links.
        func of(_ note: Int) -> [Edge] { (firstEdge[note]..<firstEdge[note + 1]).map { edge($0, of: note) } }

        /// The edges that lead to a note, in order.
        func leading(to target: Int) -> [Edge] {
            let incoming = incoming.value
            guard target >= 0, target + 1 < incoming.starts.count else { return [] }
            return incoming.positions[Int(incoming.starts[target])..<Int(incoming.starts[target + 1])].map {
                self[Int($0)]
            }
        }

        private func edge(_ position: Int, of note: Int) -> Edge {
            Edge(
                store: store, sourceIndex: UInt32(note), linkPosition: UInt32(position - firstEdge[note]),
                resolvedNote: resolved[position])
        }

        public subscript(position: Int) -> Edge {
            // The last note whose edges start at or before `position`.
            var low = 0, high = firstEdge.count - 2
            while low < high {
                let middle = (low + high + 1) / 2
                if firstEdge[middle] <= position { low = middle } else { high = middle - 1 }
            }
            return edge(position, of: low)
        }
    }

    public let notes: [Note]
    public let edges: Edges
    public let loadDiagnostics: [NoteDiagnostic]
    private let index: ResolutionIndex
    /// Every note's names lowered, made on the first "did you mean".
    let suggestions: LazyBox<TitleSuggestions>
    /// The files beside the notes that are not notes, and an index of them made on first use.
    public let attachments: [Attachment]
    let attachmentIndex: LazyBox<AttachmentIndex>
    /// Each note's path as loaded, to the notes with it, for `resolve`: made on first use.
    private let notesByPath: LazyBox<[String: [Int]]>
    /// The rule files citing each note (`note:`), once `cite` has read them: links too.
    public internal(set) var citingRules: [Int: [RuleCitation]] = [:]

    public init(vault: Vault) {
        notes = vault.notes
        loadDiagnostics = vault.loadDiagnostics
        let attachments = vault.attachments
        self.attachments = attachments
        attachmentIndex = LazyBox { AttachmentIndex(attachments) }
        index = ResolutionIndex(notes: vault.notes)
        let loaded = vault.notes
        suggestions = LazyBox { TitleSuggestions(loaded) }
        notesByPath = LazyBox { Dictionary(grouping: loaded.indices, by: { loaded[$0].path }) }
        // Where each note's edges start, so that workers write their notes' resolutions in place.
        var firstEdge = [0]
        firstEdge.reserveCapacity(notes.count + 1)
        for note in notes.indices { firstEdge.append(firstEdge[note] + notes[note].links.count) }
        // Links are resolved note by note in parallel: on a link-dense vault this is most of the graph's cost.
        var resolved = [Int32](repeating: Edge.unresolvedCode, count: firstEdge[notes.count])
        let ambiguousByNote = ConcurrentSlots<[Int: [Int]]>(count: notes.count)
        let (notes, index, starts) = (notes, index, firstEdge)
        resolved.withUnsafeMutableBufferPointer { slots in
            let slots = DisjointSlots(slots)
            DispatchQueue.concurrentPerform(iterations: notes.count) { source in
                var ambiguous: [Int: [Int]] = [:]
                let folder = ResolutionIndex.folderKey(of: notes[source])
                for (position, link) in notes[source].links.enumerated() {
                    let target = link.target
                    let slot = starts[source] + position
                    // A markdown link names a file relative to its note, as a browser reads it; a
                    // wiki link does when it starts `./` or `../`, as Obsidian reads it.
                    let relative =
                        link.style == .markdown || target.hasPrefix("./") || target.hasPrefix("../")
                        ? index.resolve(target, from: notes[source].path) : nil
                    switch target.isEmpty ? .resolved(source) : relative ?? index.resolve(target, inFolder: folder) {
                    case .resolved(let note): slots[slot] = Int32(note)
                    case .unresolved: slots[slot] = Edge.unresolvedCode
                    case .ambiguous(let candidates):
                        slots[slot] = Edge.ambiguousCode
                        ambiguous[position] = candidates
                    }
                }
                if !ambiguous.isEmpty { ambiguousByNote[source] = ambiguous }
            }
        }
        var ambiguous: [UInt64: [Int]] = [:]
        for (source, found) in ambiguousByNote.values.enumerated() {
            for (position, candidates) in found ?? [:] { ambiguous[Edge.key(source, position)] = candidates }
        }
        edges = Edges(store: NoteStore(notes: notes, ambiguous: ambiguous), resolved: resolved, firstEdge: firstEdge)
    }

    /// Resolves a name the way a link would (title, alias, permalink or path).
    public func resolve(_ name: String) -> Resolution {
        var name = name.trimmed
        if name.hasPrefix("[["), name.hasSuffix("]]") { name = String(name.dropFirst(2).dropLast(2)) }
        let target = BodyWalker.splitInner(name).target
        let byName = index.resolve(target, everyName: true)
        if case .resolved(let found) = byName { return .resolved(found) }
        // A path names its note: as printed by `notes list`, relative to the current folder, or absolute.
        // (Looked up, not scanned: a scan of every note per unresolved rule citation cost more than
        // the rest of `notes check`'s rule lookups.)
        let paths = notesByPath.value
        let byPath = (paths[name] ?? []) + (paths["./" + name] ?? [])
        if byPath.count == 1 { return .resolved(byPath[0]) }
        if name.hasSuffix(".md") {
            let absolute = URL(fileURLWithPath: name).standardizedFileURL.path
            let matches = notes.indices.filter {
                URL(fileURLWithPath: notes[$0].path).standardizedFileURL.path == absolute
            }
            if matches.count == 1 { return .resolved(matches[0]) }
        }
        return byName
    }

    public func outgoing(_ note: Int) -> [Edge] { edges.of(note) }

    public func backlinks(_ note: Int) -> [Edge] { edges.leading(to: note).filter { $0.source != note } }

    /// Tags with the number of notes carrying each, most used first.
    public var tagCounts: [(tag: String, count: Int)] {
        var counts: [String: Int] = [:]
        for note in notes { for tag in Set(note.allTags) { counts[tag, default: 0] += 1 } }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Notes no other note links to and no rule cites (hubs and indexes excepted: they are entry points).
    public var orphans: [Int] {
        var linked = Set<Int>()
        for edge in edges { if let target = edge.target, target != edge.source { linked.insert(target) } }
        return notes.indices.filter {
            !linked.contains($0) && citingRules[$0] == nil && !Self.isEntryPoint(notes[$0])
        }
    }

    static func isEntryPoint(_ note: Note) -> Bool {
        ["hub", "index", "moc"].contains(note.type?.lowercased() ?? "")
    }

    /// Titles close to `name`, for "did you mean" messages (by shared words and edit distance).
    public func closestTitles(to name: String, limit: Int = 3) -> [String] {
        suggestions.value.closest(to: name, limit: limit)
    }

    /// The closest title for the names of the first `count` broken links: a suggestion is a pass
    /// over every note, so only so many are offered, each name once, on every core.
    private func suggestionsForBrokenLinks(first count: Int) -> [String: String] {
        var names: [String] = []
        var seen = Set<String>()
        var broken = 0
        for edge in edges {
            guard broken < count else { break }
            guard case .unresolved = edge.resolution else { continue }
            broken += 1
            let target = edge.link.target
            if seen.insert(target).inserted { names.append(target) }
        }
        let found = ConcurrentSlots<String>(count: names.count)
        let (wanted, graph) = (names, self)
        DispatchQueue.concurrentPerform(iterations: wanted.count) { position in
            // A title more than a third of the name away is no typo of it, and not worth offering:
            // bounded so, most titles are passed over by their length alone.
            let name = wanted[position]
            found[position] =
                graph.suggestions.value.closest(
                    to: name, limit: 1, maxDistance: max(2, name.unicodeScalars.count / 3)
                ).first
        }
        var byName: [String: String] = [:]
        for (name, title) in zip(names, found.take()) { byName[name] = title }
        return byName
    }

    /// How `check` reports a link that leads to no note (`note_links: { unresolved: … }`).
    public enum BrokenLinks: String, Sendable, CaseIterable {
        case error, warning, off
    }

    /// Every problem in the vault: per-note diagnostics, broken and ambiguous links,
    /// duplicate titles and permalinks, orphans; sorted by path and line.
    /// `brokenLinks`: nil reports a broken link as an error, or as a warning in an Obsidian vault
    /// (whose notes go by path only: such a vault keeps links to notes not written yet).
    public func check(reportOrphans: Bool = true, brokenLinks: BrokenLinks? = nil) -> [NoteDiagnostic] {
        var problems = loadDiagnostics
        // Suggestions cost a pass over every note: the first 200 broken links get one (none when
        // broken links are not reported).
        let suggestionLimit = brokenLinks == .off ? 0 : 200
        var suggestions = 0
        let suggested = suggestionsForBrokenLinks(first: suggestionLimit)
        // Each linked note's heading texts and slugs, gathered once: a scan of its headings per
        // `#anchor` link, slugging each, took 16 s for a note of 10,000 headings linking to them.
        var headingNamesByNote: [Int: Set<String>] = [:]
        func headingNames(of note: Int) -> Set<String> {
            if let names = headingNamesByNote[note] { return names }
            let names = Set(notes[note].headings.flatMap { [$0.slug, $0.text] })
            headingNamesByNote[note] = names
            return names
        }
        /// `[[Note#Setup#Linux]]`: a heading under another.
        func hasNestedHeading(_ anchor: String, in note: Int) -> Bool {
            guard anchor.utf8.contains(UInt8(ascii: "#")) else { return false }
            return HeadingPath(anchor).isFound(in: notes[note].headings) { heading, part in
                heading.text == part || heading.slug == part || heading.slug == Slug.heading(part)
            }
        }
        for index in notes.indices where !notes[index].diagnostics.isEmpty { problems += notes[index].diagnostics }
        for edge in edges {
            // The path only when a problem names it: copying the note for each of 480,000 links
            // cost its dozen references each time, and the path alone a retain and a release.
            var path: String { notes[edge.source].path }
            switch edge.resolution {
            case .resolved(let target):
                // The anchor read once: each read walks the link's record (480,000 links).
                guard let anchor = edge.link.anchor else { break }
                if anchor.hasPrefix("^") {
                    let id = String(anchor.dropFirst())
                    if !notes[target].blockIDs.contains(where: { $0.id == id }) {
                        problems.append(
                            NoteDiagnostic(
                                .warning, "missing-block", path: path, line: edge.link.line,
                                column: edge.link.column,
                                "\(edge.link.raw): note \"\(notes[target].title)\" has no block ^\(id)"))
                    }
                } else if !anchor.isEmpty,
                    !headingNames(of: target).contains(anchor),
                    !headingNames(of: target).contains(Slug.heading(anchor)),
                    !hasNestedHeading(anchor, in: target)
                {
                    problems.append(
                        NoteDiagnostic(
                            .warning, "missing-heading", path: path, line: edge.link.line,
                            column: edge.link.column,
                            "\(edge.link.raw): note \"\(notes[target].title)\" has no heading \"\(anchor)\""))
                }
            case .unresolved where Attachment.looksLikeFile(edge.link.target):
                // A file, not a note: found beside the notes, or a warning (an image not added yet).
                if attachment(for: edge) == nil {
                    problems.append(
                        NoteDiagnostic(
                            .warning, "missing-attachment", path: path, line: edge.link.line,
                            column: edge.link.column,
                            "\(edge.link.raw): no file \(edge.link.target) beside the notes"))
                }
            case .unresolved:
                let severity: NoteDiagnostic.Severity
                switch brokenLinks {
                case .off?: continue
                case .warning?: severity = .warning
                case .error?: severity = .error
                case nil: severity = notes[edge.source].linkNames == .none ? .warning : .error
                }
                var message = "broken link \(edge.link.raw): no note has this title, alias, permalink or file name"
                suggestions += 1
                if suggestions <= suggestionLimit, let first = suggested[edge.link.target] {
                    message += " (closest: \"\(first)\")"
                }
                problems.append(
                    NoteDiagnostic(
                        severity, "broken-link", path: path, line: edge.link.line, column: edge.link.column, message)
                )
            case .ambiguous(let candidates):
                let names = candidates.lazy.map { notes[$0].path }.joined(separator: ", ", atMost: 5)
                problems.append(
                    NoteDiagnostic(
                        .error, "ambiguous-link", path: path, line: edge.link.line, column: edge.link.column,
                        "ambiguous link \(edge.link.raw): it matches \(names)"))
            }
        }
        // A name two notes share matters where links find notes by it: an Obsidian note goes by its
        // path, and a title made from a heading or the file name is no name a team chose.
        problems += duplicates(
            of: { notes[$0].permalink }, code: "duplicate-permalink", severity: .error, what: "permalink")
        problems += duplicates(of: { notes[$0].title }, code: "duplicate-title", severity: .warning, what: "title")
        if reportOrphans {
            for orphan in orphans {
                problems.append(
                    NoteDiagnostic(
                        .warning, "orphan", path: notes[orphan].path, line: 1,
                        "orphan note \"\(notes[orphan].title)\": no other note links to it"))
            }
        }
        return problems.sorted { ($0.path, $0.line, $0.column, $0.code) < ($1.path, $1.line, $1.column, $1.code) }
    }

    private func duplicates(
        of key: (Int) -> String, code: String, severity: NoteDiagnostic.Severity, what: String
    ) -> [NoteDiagnostic] {
        var groups: [String: [Int]] = [:]
        // By position, the field read in place: a copy of each note (a key path applied to it
        // makes one) costs a dozen reference counts.
        for position in notes.indices where notes[position].answers(to: .permalink) {
            groups[key(position), default: []].append(position)
        }
        var problems: [NoteDiagnostic] = []
        for (value, members) in groups where members.count > 1 {
            for member in members {
                // Five others at most: otherwise notes sharing a title make the output the square
                // of their number.
                // (Counted, not filtered: `joined(separator:atMost:)` would count the others anew
                // for each member.)
                let named = members.lazy.filter { $0 != member }.prefix(5).map { notes[$0].path }
                let more = members.count - 1 - named.count
                let others = named.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
                problems.append(
                    NoteDiagnostic(
                        severity, code, path: notes[member].path, line: 1,
                        "duplicate \(what) \"\(value)\": also used by \(others)"))
            }
        }
        return problems
    }
}

/// The notes an edge's link is read from, and the candidates of ambiguous links, shared by
/// every edge of a graph.
final class NoteStore: Sendable {
    let notes: [Note]
    let ambiguous: [UInt64: [Int]]

    init(notes: [Note], ambiguous: [UInt64: [Int]]) {
        self.notes = notes
        self.ambiguous = ambiguous
    }
}

/// Lookup tables for link resolution, built once per graph.
///
/// A link's target resolves in Obsidian's order, by the notes' paths (case ignored, as Obsidian
/// ignores it; among notes differing only in case, the exact spelling):
/// 1. the note at that path from the vault's root (`.md` may be left out);
/// 2. the note of that name, or trailing path (`folder/Note`), in the linking note's folder;
/// 3. of the notes of that name, the one with the fewest folders in its path; two or more at
///    that depth make the link ambiguous.
/// Then by names, among the notes that answer to them (`LinkNames`): 4. permalink, 5. title,
/// 6. alias; exact first, then ignoring case; two notes sharing a name in a step are ambiguous.
struct ResolutionIndex: Sendable {
    /// The notes a name matches in the first step where it matches any (0 permalink, 1 title,
    /// 2 alias): one lookup answers all three steps.
    /// Most names belong to one note: the others list stays empty and costs no allocation.
    struct Match: Sendable {
        var step: Int32
        var first: Int32
        var others: [Int] = []

        var resolution: Graph.Resolution {
            others.isEmpty ? .resolved(Int(first)) : .ambiguous([Int(first)] + others)
        }

        /// Steps come in order and positions ascending within a step: a name keeps the matches of
        /// its first step only, each list sorted and without repeats.
        mutating func add(_ position: Int, step: Int) {
            guard self.step == step, (others.last ?? Int(first)) != position else { return }
            others.append(position)
        }
    }

    private let notes: [Note]
    /// Each note by its path without `.md`, lowered (a list: on a case-sensitive disk `Note.md`
    /// and `note.md` are two files).
    private let paths: [String: [Int]]
    /// Each note under every trailing part of its path after a slash (`b/c` and `c` for
    /// `a/b/c.md`), lowered, the fewest folders first: one lookup a link for step 3.
    private let trailing: [String: [Int]]
    /// The names of the notes that answer to them in links, exact and lowered (the second made
    /// on the first name that matches nothing exactly: in a tidy vault, never).
    private let names: [String: Match]
    private let foldedNames: LazyBox<[String: Match]>
    /// Every note's names, for a note looked up by name rather than linked to (`Graph.resolve`).
    private let allNames: LazyBox<[String: Match]>
    private let allFoldedNames: LazyBox<[String: Match]>
    /// Each note by its file's path, for markdown links read relative to their note.
    private let filePaths: LazyBox<[String: Int]>

    init(notes: [Note]) {
        self.notes = notes
        (paths, trailing) = Self.pathTables(notes)
        names = Self.nameTable(notes, folded: false, every: false)
        foldedNames = LazyBox { Self.nameTable(notes, folded: true, every: false) }
        allNames = LazyBox { Self.nameTable(notes, folded: false, every: true) }
        allFoldedNames = LazyBox { Self.nameTable(notes, folded: true, every: true) }
        filePaths = LazyBox {
            // A folder given twice loads its notes twice: the first of a path stands for it.
            Dictionary(
                notes.indices.map { (ResolutionIndex.normalized(notes[$0].path), $0) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    private static func pathTables(_ notes: [Note]) -> (paths: [String: [Int]], trailing: [String: [Int]]) {
        var paths: [String: [Int]] = [:]
        var trailing: [String: [Int]] = [:]
        paths.reserveCapacity(notes.count)
        trailing.reserveCapacity(notes.count * 2)
        for position in notes.indices {
            let path = notes[position].relativePath.withoutMarkdownExtension.lowercased()
            paths[path, default: []].append(position)
            var rest = Substring(path)
            while let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) {
                rest = rest[rest.utf8.index(after: slash)...]
                trailing[String(rest), default: []].append(position)
            }
        }
        // Positions were added in note order: a stable sort by depth keeps that order within a depth.
        for (key, found) in trailing where found.count > 1 {
            trailing[key] = found.enumerated().sorted {
                (Self.depth(notes[$0.element]), $0.offset) < (Self.depth(notes[$1.element]), $1.offset)
            }.map(\.element)
        }
        return (paths, trailing)
    }

    /// The folders in a note's path.
    static func depth(_ note: Note) -> Int {
        note.relativePath.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }

    /// `every`: each note's names, else only those it answers to in links.
    private static func nameTable(_ notes: [Note], folded: Bool, every: Bool) -> [String: Match] {
        var table: [String: Match] = [:]
        table.reserveCapacity(notes.count * 3)
        let kinds: [LinkNames.Name] = [.permalink, .title, .alias]
        for step in 0..<3 {
            for position in notes.indices where every || notes[position].answers(to: kinds[step]) {
                forEachName(of: position, in: notes, step: step) { key in
                    guard !key.isEmpty else { return }
                    // One lookup: a new name starts with this note, one seen before may add it.
                    table[folded ? key.lowercased() : key, default: Match(step: Int32(step), first: Int32(position))]
                        .add(position, step: step)
                }
            }
        }
        return table
    }

    /// The names a note answers to in each step: permalink, title, aliases.
    /// (Read field by field: passing the whole note would copy it, a dozen reference counts a call.)
    private static func forEachName(of position: Int, in notes: [Note], step: Int, _ body: (String) -> Void) {
        switch step {
        case 0: body(notes[position].permalink)
        case 1: body(notes[position].title)
        default: for alias in notes[position].aliases { body(alias) }
        }
    }

    /// The folder of a note's path, lowered, as `resolve(_:inFolder:)` takes it (`""` at the root).
    static func folderKey(of note: Note) -> String {
        let path = note.relativePath
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash]).lowercased()
    }

    /// `[text](../views/sheets.md)` in `docs/guides/intro.md`: the note whose file is
    /// `docs/views/sheets.md`, if one is loaded (`.md` may be left out), as a browser reads the link.
    /// A target from the root (`/views/sheets.md`) is left to the names.
    func resolve(_ target: String, from sourcePath: String) -> Graph.Resolution? {
        guard !target.hasPrefix("/") else { return nil }
        let folder = sourcePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        let path = Self.normalized(folder.isEmpty ? target : folder + "/" + target)
        let byPath = filePaths.value
        guard let found = byPath[path] ?? byPath[path + ".md"] else { return nil }
        return .resolved(found)
    }

    /// `a/./b/../c.md` → `a/c.md`; a leading `..` that has nothing to undo stays.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".",
                "" where !components.isEmpty:
                continue
            case "..":
                if let last = components.last, last != "..", !last.isEmpty {
                    components.removeLast()
                } else {
                    components.append(part)
                }
            default: components.append(part)
            }
        }
        return components.joined(separator: "/")
    }

    /// Where a link's target leads, from a note in `folder` (`folderKey`; nil: no note, as when a
    /// name is looked up). `everyName`: every note answers to its names, not only those whose
    /// vault says so.
    func resolve(_ rawTarget: String, inFolder folder: String? = nil, everyName: Bool = false) -> Graph.Resolution {
        var target = rawTarget.trimmed
        // The prefixes are looked for only where the first byte allows them (most names: never).
        if target.utf8.first == UInt8(ascii: "m"), target.hasPrefix("memory://") {
            target.removeFirst("memory://".count)
        }
        while let first = target.utf8.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "."),
            target.hasPrefix("/") || target.hasPrefix("./")
        {
            target.removeFirst(target.hasPrefix("/") ? 1 : 2)
        }
        guard !target.isEmpty else { return .unresolved }
        let spelt = target.withoutMarkdownExtension
        let key = spelt.lowercased()
        if let found = paths[key] {
            let byPath = exactSpelling(found, spelt)
            guard case .ambiguous(let candidates) = byPath else { return byPath }
            // One path for two notes: two folders of notes loaded together (a team's `hub.md` beside
            // the built-in one). A name that tells them apart decides.
            if case .resolved(let named) = byName(target, everyName: everyName),
                everyName || candidates.contains(named)
            {
                return .resolved(named)
            }
            return byPath
        }
        if let found = trailing[key] {
            if let folder, !folder.isEmpty, let sibling = paths[folder + "/" + key] {
                return exactSpelling(sibling, spelt)
            }
            let shallowest = Self.depth(notes[found[0]])
            let nearest = found.prefix { Self.depth(notes[$0]) == shallowest }
            return exactSpelling(Array(nearest), spelt)
        }
        return byName(target, everyName: everyName)
    }

    /// Steps 4 to 6: permalink, title, alias.
    private func byName(_ target: String, everyName: Bool) -> Graph.Resolution {
        if let match = (everyName ? allNames.value : names)[target] { return match.resolution }
        return (everyName ? allFoldedNames : foldedNames).value[target.lowercased()]?.resolution ?? .unresolved
    }

    /// One note, or the one of several (differing in case) whose path ends as the link spells it;
    /// else they are ambiguous.
    private func exactSpelling(_ found: [Int], _ spelt: String) -> Graph.Resolution {
        guard found.count > 1 else { return .resolved(found[0]) }
        let exact = found.filter {
            let path = notes[$0].relativePath.withoutMarkdownExtension
            return path == spelt || path.hasSuffix("/" + spelt)
        }
        return exact.count == 1 ? .resolved(exact[0]) : .ambiguous(found)
    }
}
