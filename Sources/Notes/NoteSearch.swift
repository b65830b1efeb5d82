import Foundation
import Support

/// Ranked search over titles, aliases, tags, headings and bodies, by words: text is split into
/// words of letters and digits, folded for case and diacritics (`Déjà` is `deja`), and a query word
/// matches a word it begins (`nav` finds "navigation"; `tip` does not find "multiplies"). Every
/// query word must match. A note whose title or alias is the whole query comes first; the rest
/// are ranked by a BM25 score over the fields, weighted title > aliases > tags > headings > body.
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
        struct Posting: Sendable {
            var note: Int32
            var counts: (title: UInt16, alias: UInt16, tag: UInt16, heading: UInt16, body: UInt16)

            mutating func add(_ field: Field) {
                switch field {
                case .title: counts.title &+= 1
                case .alias: counts.alias &+= 1
                case .tag: counts.tag &+= 1
                case .heading: counts.heading &+= 1
                case .body: counts.body &+= 1
                }
            }
        }
        /// Where a word stands in a note.
        enum Field { case title, alias, tag, heading, body }
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
        public init(_ notes: [Note], terms: [String]? = nil) {
            let filter = terms.map { WordFilter(prefixes: $0.map { Array($0.utf8) }) } ?? .all
            var byWord: [String: [Posting]] = [:]
            var lengths: [Int] = []
            lengths.reserveCapacity(notes.count)
            for batch in stride(from: 0, to: notes.count, by: 256) {
                let range = batch..<min(batch + 256, notes.count)
                let counted = ConcurrentSlots<(counts: [String: Posting], bodyLength: Int)>(count: range.count)
                DispatchQueue.concurrentPerform(iterations: range.count) { offset in
                    counted[offset] = Self.count(
                        notes[range.lowerBound + offset], as: Int32(range.lowerBound + offset), keeping: filter)
                }
                for (counts, bodyLength) in counted.values.map({ $0 ?? ([:], 0) }) {
                    for (word, posting) in counts { byWord[word, default: []].append(posting) }
                    lengths.append(bodyLength)
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

        /// How often each word stands in each field of a note, and its body's length in words.
        private static func count(_ note: Note, as index: Int32, keeping filter: WordFilter) -> (
            counts: [String: Posting], bodyLength: Int
        ) {
            var counts: [String: Posting] = [:]
            func add(_ text: String, _ field: Field) -> Int {
                NoteSearch.forEachWord(text, keeping: filter) { word in
                    // A switch, not a key path: a key path's access costs more than the count.
                    counts[word, default: Posting(note: index, counts: (0, 0, 0, 0, 0))].add(field)
                }
            }
            _ = add(note.title, .title)
            for alias in note.aliases { _ = add(alias, .alias) }
            for tag in note.allTags { _ = add(tag, .tag) }
            for heading in note.headings { _ = add(heading.text, .heading) }
            let bodyLength = add(note.body, .body)
            return (counts, bodyLength)
        }

        /// The note's words that the query words begin, sorted.
        func matchedWords(_ terms: [String], note: Int) -> [String] {
            var found = Set<String>()
            for term in terms {
                for word in words(beginning: term) {
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
    public static func search(
        _ query: String, in notes: [Note], index: Index? = nil, limit: Int = .max, details: Bool = true,
        include: (Int) -> Bool = { _ in true }
    ) -> [Hit] {
        let terms = words(query)
        guard !terms.isEmpty else { return [] }
        let index = index ?? Index(notes)
        let whole = terms.joined(separator: " ")
        let count = Double(max(1, notes.count))
        // Per note: the score so far and how many query words it matched, in arrays rather than a
        // dictionary: a common word stands in nearly every note.
        var scores = [Double](repeating: 0, count: notes.count)
        var termsMatched = [Int](repeating: 0, count: notes.count)
        for (position, term) in terms.enumerated() {
            for word in index.words(beginning: term) {
                let postings = index.postings[word]
                // BM25's inverse document frequency, k1 = 1.2, b = 0.75.
                let idf = log(1 + (count - Double(postings.count) + 0.5) / (Double(postings.count) + 0.5))
                // A word the query word only begins counts a little less than the word itself.
                let exact = index.vocabulary[word] == term ? 1.0 : 0.8
                for posting in postings {
                    let note = Int(posting.note)
                    // Only notes that matched every earlier query word stay in the running.
                    let matched = termsMatched[note]
                    guard matched == position + 1 || (matched == position && include(note)) else { continue }
                    let c = posting.counts
                    let weighted =
                        weights.title * Double(c.title) + weights.alias * Double(c.alias) + weights.tag * Double(c.tag)
                        + weights.heading * Double(c.heading) + weights.body * Double(c.body)
                    let norm = 1.2 * (0.25 + 0.75 * Double(index.bodyLengths[note]) / index.averageBodyLength)
                    scores[note] += exact * idf * weighted * 2.2 / (weighted + norm)
                    termsMatched[note] = position + 1
                }
            }
        }
        var hits: [Hit] = []
        for note in termsMatched.indices where termsMatched[note] == terms.count {
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

    /// The words a search keeps: those one of `prefixes` begins (folded), or all of them; made
    /// once per query, with the prefixes' first bytes (lowered) as a table: most words are told
    /// apart by their first byte.
    struct WordFilter: Sendable {
        let prefixes: [[UInt8]]?
        let firsts: [Bool]

        static let all = WordFilter(prefixes: nil)

        init(prefixes: [[UInt8]]?) {
            self.prefixes = prefixes
            // No prefixes, or an empty one: every word.
            var firsts = [Bool](repeating: prefixes?.contains(where: \.isEmpty) ?? true, count: 256)
            for first in (prefixes ?? []).compactMap(\.first) { firsts[Int(first)] = true }
            self.firsts = firsts
        }
    }

    /// Each word of the text, folded, in order, given to `body` when `filter` keeps it; the number
    /// of words, kept or not. The words a query does not need are counted without becoming strings
    /// or calls. Read in place: an ASCII word is lowered only when it is kept.
    @discardableResult
    static func forEachWord(_ text: String, keeping filter: WordFilter, _ body: (String) -> Void) -> Int {
        let prefixes = filter.prefixes
        var text = text
        var total = 0
        // The tables read through local buffers: a static's accessor per byte cost more than the test.
        Self.isWordByte.withUnsafeBufferPointer { isWordByte in
            filter.firsts.withUnsafeBufferPointer { firsts in
                text.withUTF8 { bytes in
                    var index = 0
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte < 0x80 {
                            guard isWordByte[Int(byte)] else {
                                index += 1
                                continue
                            }
                        } else {
                            let (scalar, length) = Self.scalar(bytes, at: index)
                            guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else {
                                index += length
                                continue
                            }
                        }
                        // A word: letters and digits of any script, up to the first other character.
                        var end = index
                        var ascii = true
                        while end < bytes.count {
                            let next = bytes[end]
                            if next < 0x80 {
                                guard isWordByte[Int(next)] else { break }
                                end += 1
                            } else {
                                let (scalar, length) = Self.scalar(bytes, at: end)
                                guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else {
                                    break
                                }
                                ascii = false
                                end += length
                            }
                        }
                        let word = UnsafeBufferPointer(rebasing: bytes[index..<end])
                        index = end
                        total += 1
                        if ascii {
                            guard firsts[Int(word[0].asciiLowercased)] else { continue }
                            if let prefixes, !prefixes.contains(where: { Self.beginsLowered(word, with: $0) }) {
                                continue
                            }
                            // Lowered into the string's own storage: a lazily mapped sequence is not
                            // contiguous, and made each word through a slow generic path.
                            body(
                                String(unsafeUninitializedCapacity: word.count) { buffer in
                                    for offset in word.indices { buffer[offset] = word[offset].asciiLowercased }
                                    return word.count
                                })
                            continue
                        }
                        let folded = String(decoding: word, as: UTF8.self).folding(
                            options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                        if let prefixes, !prefixes.contains(where: { folded.utf8.starts(with: $0) }) { continue }
                        body(folded)
                    }
                }
            }
        }
        return total
    }

    /// ASCII letters and digits, by byte.
    private static let isWordByte: [Bool] = (0..<256).map { UInt8($0).isASCIILetterOrDigit }

    /// Whether the ASCII word, lowered, begins with `prefix` (lowered already).
    private static func beginsLowered(_ word: UnsafeBufferPointer<UInt8>, with prefix: [UInt8]) -> Bool {
        guard word.count >= prefix.count, prefix.isEmpty || word[0].asciiLowercased == prefix[0] else { return false }
        for offset in prefix.indices where word[offset].asciiLowercased != prefix[offset] { return false }
        return true
    }

    /// The scalar starting at `index` of valid UTF-8, and its length in bytes.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return ("\u{FFFD}", 1) }
        return (scalar, UTF8.width(scalar))
    }

    static func snippet(for matched: Set<String>, in body: String) -> String? {
        for line in body.split(separator: "\n") where words(String(line)).contains(where: matched.contains) {
            let text = line.trimmed
            return text.count > 100 ? String(text.prefix(97)) + "…" : text
        }
        return nil
    }
}
