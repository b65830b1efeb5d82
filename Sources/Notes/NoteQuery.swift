import Foundation

/// Which notes `notes list` shows, zk's filters: by tag (globs, nested tags), by links in either
/// direction, orphans, words, and in what order. Every filter given must hold.
public struct NoteQuery: Sendable {
    /// Each must match one of the note's tags (`team` also matches `team/ios`; `*` and `?` glob).
    public var tags: [String] = []
    /// Notes any of these notes link to.
    public var linkedBy: [Int] = []
    /// Notes that link to any of these notes.
    public var linkingTo: [Int] = []
    /// Notes nothing else links to (as `notes check` reports them).
    public var orphansOnly = false
    /// Words that must all occur (as `notes search` matches them).
    public var match: String?
    public var sort: Sort?
    public var limit: Int?
    /// `match`'s words counted as the vault was read, if they were.
    public var precount: NoteSearch.Precount?

    public enum Sort: String, Sendable, CaseIterable {
        /// By title, ignoring case.
        case title
        /// Most recently changed file first.
        case modified
        /// Most backlinks first.
        case backlinks
    }

    public init() {}

    /// The notes, as positions in `graph.notes`: filtered, then sorted (by title unless `sort`
    /// says otherwise; by relevance when `match` is given and no sort is), then cut to `limit`.
    public func run(on graph: Graph) -> [Int] {
        let notes = graph.notes
        var keep = [Bool](repeating: true, count: notes.count)
        if !tags.isEmpty {
            let patterns = tags.map(TagPattern.init)
            for position in notes.indices {
                let noteTags = notes[position].allTags
                keep[position] = patterns.allSatisfy { pattern in noteTags.contains(where: pattern.matches) }
            }
        }
        if !linkedBy.isEmpty {
            var targets = Set<Int>()
            for source in linkedBy {
                for edge in graph.outgoing(source) { if let target = edge.target { targets.insert(target) } }
            }
            for position in notes.indices where !targets.contains(position) { keep[position] = false }
        }
        if !linkingTo.isEmpty {
            var sources = Set<Int>()
            for target in linkingTo { for edge in graph.backlinks(target) { sources.insert(edge.source) } }
            for position in notes.indices where !sources.contains(position) { keep[position] = false }
        }
        if orphansOnly {
            let orphans = Set(graph.orphans)
            for position in notes.indices where !orphans.contains(position) { keep[position] = false }
        }
        var shown = notes.indices.filter { keep[$0] }
        var relevance: [Int: Int]?
        if let match {
            let candidates = shown
            let subset = candidates.map { notes[$0] }
            // An index of the words the query begins only: the same hits, without the rest.
            let index = NoteSearch.Index(subset, terms: NoteSearch.indexTerms(match), precount: precount)
            let hits = NoteSearch.search(match, in: subset, index: index, details: false, allWords: true)
            relevance = Dictionary(
                uniqueKeysWithValues: hits.enumerated().map { (candidates[$0.element.note], $0.offset) })
            shown = hits.map { candidates[$0.note] }
        }
        let titles = notes.map { $0.title.lowercased() }
        switch sort {
        case nil where relevance != nil:
            break // best match first, as `notes search`
        case .title?, nil:
            shown.sort { (titles[$0], notes[$0].path) < (titles[$1], notes[$1].path) }
        case .modified?:
            let times = Dictionary(uniqueKeysWithValues: shown.map { ($0, Self.modified(notes[$0].path)) })
            shown.sort { (times[$0]!, titles[$1]) > (times[$1]!, titles[$0]) }
        case .backlinks?:
            let counts = Dictionary(uniqueKeysWithValues: shown.map { ($0, graph.backlinkCount($0)) })
            shown.sort { counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : titles[$0] < titles[$1] }
        }
        if let limit, shown.count > limit { shown.removeSubrange(max(0, limit)...) }
        return shown
    }

    /// When the note's file last changed; 0 for a note that is no file (the built-in ones).
    static func modified(_ path: String) -> Double {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        #if canImport(Darwin)
        return Double(status.st_mtimespec.tv_sec) + Double(status.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        #endif
    }
}

extension Graph {
    /// How many links from other notes, and rule files citing it, lead to the note.
    public func backlinkCount(_ note: Int) -> Int { backlinks(note).count + rulesCiting(note).count }
}

/// A tag filter: `team` matches `team` and the tags nested under it (`team/ios`), ignoring case;
/// with `*` (any characters) or `?` (one), a glob over the whole tag or one of its parents
/// (`team/*` matches `team/ios` and `team/ios/sheets`; `*ios*` matches `ios`, `team/ios`).
public struct TagPattern: Sendable {
    let pattern: [UInt8]
    let isGlob: Bool

    public init(_ text: String) {
        let text = text.hasPrefix("#") ? String(text.dropFirst()) : text
        pattern = Array(text.lowercased().utf8)
        isGlob = pattern.contains(UInt8(ascii: "*")) || pattern.contains(UInt8(ascii: "?"))
    }

    public func matches(_ tag: String) -> Bool {
        let tag = Array(tag.lowercased().utf8)
        guard isGlob else {
            return tag == pattern
                || (tag.count > pattern.count && tag.starts(with: pattern) && tag[pattern.count] == UInt8(ascii: "/"))
        }
        // The tag, or one of its parents: `team/ios` for `team/ios/sheets`.
        if Self.glob(pattern[...], tag[...]) { return true }
        for (offset, byte) in tag.enumerated() where byte == UInt8(ascii: "/") {
            if Self.glob(pattern[...], tag[..<offset]) { return true }
        }
        return false
    }

    /// `*` any run of bytes, `?` one scalar's first byte and its continuation bytes.
    static func glob(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var star: (pattern: Int, text: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                star = (p, t)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
                if pattern[p] == UInt8(ascii: "?") {
                    t += 1
                    while t < text.endIndex, text[t] & 0xC0 == 0x80 { t += 1 }
                } else {
                    t += 1
                }
                p += 1
            } else if let last = star {
                p = last.pattern + 1
                t = last.text + 1
                star = (last.pattern, last.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }
}
