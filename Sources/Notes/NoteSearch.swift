import Foundation
import Support

/// Ranked search over titles, aliases, tags, headings and bodies, by words: text is split into
/// words of letters and digits, folded for case and diacritics (`Déjà` is `deja`). A query word
/// matches its other English forms (`previews`, "preview") and the words it begins (`nav` finds
/// "navigation"; `tip` does not find "multiplies"), a stop word or one letter only itself
/// (`SearchQuery.swift`). A note matching any query word is a hit, or every one with `allWords`.
/// A note whose title or alias is the whole query comes first; the rest are ranked by BM25 over
/// the fields, weighted title > aliases > tags > headings > body.
public enum NoteSearch {
    public struct Hit: Sendable {
        public var note: Int
        public var score: Double
        /// The words of the note that matched, as they are folded.
        public var matched: [String]
        /// The first body line that holds a matched word, trimmed.
        public var snippet: String?
    }

    /// An inverted index of the notes' words: made once, searched in milliseconds (the MCP
    /// server keeps one; `notes search` makes one per run).
    public struct Index: Sendable {
        /// How often a word stands in each field of one note.
        struct FieldCounts: Sendable {
            var title: UInt16 = 0, alias: UInt16 = 0, tag: UInt16 = 0, heading: UInt16 = 0, body: UInt16 = 0

            mutating func add(_ field: Field) {
                switch field {
                case .title: title &+= 1
                case .alias: alias &+= 1
                case .tag: tag &+= 1
                case .heading: heading &+= 1
                case .body: body &+= 1
                }
            }
        }
        /// A word's counts in one note.
        struct Posting: Sendable {
            var note: Int32
            var counts: FieldCounts
        }
        /// Where a word stands in a note.
        enum Field: Sendable { case title, alias, tag, heading, body }
        /// Every word, sorted, so the words a query word begins are one contiguous run.
        let vocabulary: [String]
        let postings: [[Posting]]
        /// Body length in words, per note, and the average (BM25's length normalisation).
        let bodyLengths: [Int]
        let averageBodyLength: Double
        /// Folded title and aliases per note, for the whole-query match.
        let names: [[String]]

        /// Notes' words are counted in parallel, a batch at a time (a body is read again from its
        /// file), and merged in note order, so every posting list stays sorted by note.
        /// With `terms` (query words, folded), only the words they begin are kept: what a search for
        /// them reads, the same scores, for a fraction of the work (`notes list --match` searches once).
        /// With a `precount` for the same terms, a note it counted while the vault loaded is not read again.
        public init(_ notes: [Note], terms: [String]? = nil, precount: Precount? = nil) {
            let filter = terms.map { WordFilter(prefixes: $0.map { Array($0.utf8) }) } ?? .all
            let precounted = precount.flatMap { $0.terms == terms ? $0.counted() : nil }
            var byWord: [String: [Posting]] = [:]
            var lengths: [Int] = []
            lengths.reserveCapacity(notes.count)
            // In note order: every posting list stays sorted by note.
            func merge(_ words: Counted?, of note: Int) {
                let (counts, bodyLength) = words ?? ([:], 0)
                for (word, fields) in counts {
                    byWord[word, default: []].append(Posting(note: Int32(note), counts: fields))
                }
                lengths.append(bodyLength)
            }
            if let precounted {
                // Counted already: looked up here, where waking the workers cost more.
                for (position, note) in notes.enumerated() {
                    merge(precounted[note.path] ?? Self.count(note, keeping: filter), of: position)
                }
            } else {
                for batch in stride(from: 0, to: notes.count, by: 256) {
                    let range = batch..<min(batch + 256, notes.count)
                    let counted = ConcurrentSlots<Counted>(count: range.count)
                    DispatchQueue.concurrentPerform(iterations: range.count) { offset in
                        counted[offset] = Self.count(notes[range.lowerBound + offset], keeping: filter)
                    }
                    for (offset, words) in counted.values.enumerated() { merge(words, of: batch + offset) }
                }
            }
            let sorted = byWord.keys.sorted()
            vocabulary = sorted
            postings = sorted.map { byWord[$0] ?? [] }
            bodyLengths = lengths
            averageBodyLength = max(1, Double(lengths.reduce(0, +)) / Double(max(1, lengths.count)))
            names = notes.map { note in
                ([note.title] + note.aliases).map { NoteSearch.words($0).joined(separator: " ") }
            }
        }

        /// How often each kept word stands in each field of one note, and its body's length in words.
        typealias Counted = (counts: [String: FieldCounts], bodyLength: Int)

        static func count(_ note: Note, keeping filter: WordFilter) -> Counted {
            var tally = WordTally()
            // The tally passed inout: a captured variable is checked for exclusive access at run
            // time on every word.
            func add(_ text: String, _ field: Field, to tally: inout WordTally) -> Int {
                NoteSearch.forEachWordBytes(text, keeping: filter) { tally.add($0, field) }
            }
            _ = add(note.title, .title, to: &tally)
            for alias in note.aliases { _ = add(alias, .alias, to: &tally) }
            for tag in note.allTags { _ = add(tag, .tag, to: &tally) }
            for heading in note.headings { _ = add(heading.text, .heading, to: &tally) }
            let bodyLength = add(note.body, .body, to: &tally)
            return (tally.finish(), bodyLength)
        }

        /// One note's words and how often each stands in each field. A query keeps few distinct
        /// words per note: they are counted in a short list, by their bytes (the same word comes
        /// again and again), and become strings and go to a dictionary only past a few.
        struct WordTally {
            private var recent: [(word: [UInt8], fields: FieldCounts)] = []
            private var counts: [String: FieldCounts] = [:]

            mutating func add(_ word: UnsafeBufferPointer<UInt8>, _ field: Field) {
                for slot in recent.indices where recent[slot].word.count == word.count {
                    let same = recent[slot].word.withUnsafeBufferPointer { seen in
                        memcmp(seen.baseAddress!, word.baseAddress!, word.count) == 0
                    }
                    if same {
                        recent[slot].fields.add(field)
                        return
                    }
                }
                guard recent.count < 8 else {
                    counts[String(decoding: word, as: UTF8.self), default: FieldCounts()].add(field)
                    return
                }
                var fields = FieldCounts()
                fields.add(field)
                recent.append((Array(word), fields))
            }

            consuming func finish() -> [String: FieldCounts] {
                for (word, fields) in recent { counts[String(decoding: word, as: UTF8.self)] = fields }
                return counts
            }
        }

        /// The vocabulary words that count for a term, with their weight (`NoteSearch.weight`).
        func matches(_ term: QueryTerm) -> [(word: Int, weight: Double)] {
            words(beginning: term.lookup).compactMap { word in
                NoteSearch.weight(of: vocabulary[word], for: term).map { (word, $0) }
            }
        }

        /// The note's words that count for the query's terms, sorted.
        func matchedWords(_ terms: [QueryTerm], note: Int) -> [String] {
            var found = Set<String>()
            for term in terms {
                for (word, _) in matches(term) {
                    // Postings are in note order.
                    let list = postings[word]
                    var low = 0, high = list.count
                    while low < high {
                        let middle = (low + high) / 2
                        if Int(list[middle].note) < note { low = middle + 1 } else { high = middle }
                    }
                    if low < list.count, Int(list[low].note) == note { found.insert(vocabulary[word]) }
                }
            }
            return found.sorted()
        }

        /// The ids of the words that begin with `prefix`.
        func words(beginning prefix: String) -> Range<Int> {
            var low = 0, high = vocabulary.count
            while low < high {
                let middle = (low + high) / 2
                if vocabulary[middle] < prefix { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < vocabulary.count, vocabulary[end].hasPrefix(prefix) { end += 1 }
            return low..<end
        }
    }

    /// Field weights: a word in the title says more about the note than one in the body.
    static let weights = (title: 6.0, alias: 5.0, tag: 4.0, heading: 2.5, body: 1.0)

    /// Notes `include` turns down are skipped; snippets are made for the first `limit` hits only,
    /// and not at all without `details` (then `matched` is empty too: a body is read again for it).
    /// A note matches when it holds any of the query's words (`allWords`: every one of them).
    public static func search(
        _ query: String, in notes: [Note], index: Index? = nil, limit: Int = .max, details: Bool = true,
        allWords: Bool = false, include: (Int) -> Bool = { _ in true }
    ) -> [Hit] {
        let terms = queryTerms(query)
        guard !terms.isEmpty else { return [] }
        let index = index ?? Index(notes)
        let whole = words(query).joined(separator: " ")
        let count = Double(max(1, notes.count))
        // Per note, in arrays rather than dictionaries (a common word stands in nearly every
        // note): the score so far, how many terms it matched, whether `include` let it in
        // (0 not asked yet, 1 yes, 2 no), and this term's weighted frequency.
        var scores = [Double](repeating: 0, count: notes.count)
        var termsMatched = [Int](repeating: 0, count: notes.count)
        var included = [UInt8](repeating: 0, count: notes.count)
        var frequency = [Double](repeating: 0, count: notes.count)
        var touched: [Int] = []
        for (position, term) in terms.enumerated() {
            // The forms of the term a note holds count together, as one word's frequency.
            for (word, weight) in index.matches(term) {
                for posting in index.postings[word] {
                    let note = Int(posting.note)
                    // With every word wanted, only notes that matched every earlier one stay in the running.
                    if allWords, termsMatched[note] != position { continue }
                    if included[note] == 0 { included[note] = include(note) ? 1 : 2 }
                    guard included[note] == 1 else { continue }
                    let c = posting.counts
                    let weighted =
                        weights.title * Double(c.title) + weights.alias * Double(c.alias) + weights.tag * Double(c.tag)
                        + weights.heading * Double(c.heading) + weights.body * Double(c.body)
                    if frequency[note] == 0 { touched.append(note) }
                    frequency[note] += weight * weighted
                }
            }
            // BM25: inverse document frequency over the notes holding a form of the term, k1 = 1.2, b = 0.75.
            let holding = Double(touched.count)
            let idf = log(1 + (count - holding + 0.5) / (holding + 0.5))
            for note in touched {
                let tf = frequency[note]
                let norm = 1.2 * (0.25 + 0.75 * Double(index.bodyLengths[note]) / index.averageBodyLength)
                scores[note] += idf * tf * 2.2 / (tf + norm)
                termsMatched[note] += 1
                frequency[note] = 0
            }
            touched.removeAll(keepingCapacity: true)
        }
        var hits: [Hit] = []
        for note in termsMatched.indices where allWords ? termsMatched[note] == terms.count : termsMatched[note] > 0 {
            let named = index.names[note].contains(whole)
            hits.append(Hit(note: note, score: scores[note] + (named ? 1000 : 0), matched: [], snippet: nil))
        }
        hits.sort {
            if $0.score != $1.score { return $0.score > $1.score }
            let a = notes[$0.note], b = notes[$1.note]
            return a.title != b.title ? a.title < b.title : a.path < b.path
        }
        if hits.count > limit { hits.removeSubrange(limit...) }
        guard details else { return hits }
        for position in hits.indices {
            hits[position].matched = index.matchedWords(terms, note: hits[position].note)
        }
        for position in hits.indices {
            hits[position].snippet = snippet(for: Set(hits[position].matched), in: notes[hits[position].note].body)
        }
        return hits
    }

    /// The words of a text, folded for case and diacritics. ASCII (nearly all of it) is folded byte
    /// by byte; a word with other letters goes through Foundation's folding.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        forEachWord(text, keeping: .all) { words.append($0) }
        return words
    }

    /// The passage that matched: the body line holding the most of the matched words (the first
    /// of those), trimmed, cut to about 100 characters around its first match.
    static func snippet(for matched: Set<String>, in body: String) -> String? {
        var best: (line: Substring, words: Int, first: String)?
        for line in body.split(separator: "\n") {
            var found = Set<String>()
            var first: String?
            forEachWord(String(line), keeping: .all) { word in
                guard matched.contains(word) else { return }
                if first == nil { first = word }
                found.insert(word)
            }
            if let first, found.count > (best?.words ?? 0) { best = (line, found.count, first) }
            if best?.words == matched.count { break }
        }
        guard let best else { return nil }
        let text = best.line.trimmed
        guard text.count > 100 else { return text }
        // From a little before the first match, so the match is in sight.
        let lowered = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let at =
            lowered.range(of: best.first).map { lowered.distance(from: lowered.startIndex, to: $0.lowerBound) } ?? 0
        let start = max(0, min(at - 30, text.count - 97))
        let window = text.dropFirst(start).prefix(97)
        return (start > 0 ? "…" : "") + window + (start + 97 < text.count ? "…" : "")
    }
}

extension NoteSearch {
    /// One query's words counted as each note is read, while its text is in hand: a command that
    /// loads the vault for one search (`notes list --match`, `notes search`) then reads no file a
    /// second time and keeps no text in memory. `reading` goes to `Vault.load`.
    public final class Precount: @unchecked Sendable {
        let terms: [String]
        private let filter: WordFilter
        /// Notes' counts by path, in shards with a lock each: with one lock, the loading threads
        /// met on it hundreds of times a run, each time a sleep and a wake.
        private let shards: [Shard]

        private final class Shard: @unchecked Sendable {
            let lock = NSLock()
            var byPath: [String: Index.Counted] = [:]
        }

        public init(query: String) {
            terms = NoteSearch.indexTerms(query)
            filter = WordFilter(prefixes: terms.map { Array($0.utf8) })
            shards = (0..<16).map { _ in Shard() }
        }

        /// Counts a note's words (on any thread).
        public var reading: @Sendable (Note) -> Void { { [self] note in count(note) } }

        func count(_ note: Note) {
            let counted = Index.count(note, keeping: filter)
            let shard = shards[Int(FNV1a.hash(note.path.utf8) % UInt64(shards.count))]
            shard.lock.withLock { shard.byPath[note.path] = counted }
        }

        /// Every note counted so far, by path: read once, then without locks.
        func counted() -> [String: Index.Counted] {
            shards.reduce(into: [:]) { all, shard in
                shard.lock.withLock { all.merge(shard.byPath) { first, _ in first } }
            }
        }
    }
}
