import Foundation

/// What a search looks for in each of a query's words: stop words left out (unless the query is
/// nothing else), a one-letter word only as itself, and a simple English stem, so `previews` finds
/// "preview", `binding` finds "binds" and `passing` finds "passed".
extension NoteSearch {
    struct QueryTerm: Equatable, Sendable {
        /// The word as folded.
        var word: String
        /// Its stem: a vocabulary word with the same stem counts as the word itself.
        var stem: String
        /// Whether a longer word it begins counts too (`nav` → "navigation"): not for one letter or a stop word.
        var matchesAsPrefix: Bool
        /// The vocabulary words to look at begin with this (the word and its stem's common start).
        var lookup: String
    }

    /// The terms of a query, each once, in order.
    static func queryTerms(_ query: String) -> [QueryTerm] {
        var seen = Set<String>()
        let all = words(query).filter { seen.insert($0).inserted }
        let content = all.filter { !stopWords.contains($0) }
        return (content.isEmpty ? all : content).map { word in
            let stem = Self.stem(word)
            let lookup = String(zip(word, stem).prefix { $0 == $1 }.map(\.0))
            return QueryTerm(
                word: word, stem: stem, matchesAsPrefix: word.count > 1 && !stopWords.contains(word), lookup: lookup)
        }
    }

    /// The prefixes an index for this query must keep (`Index(_:terms:)`, `Precount`).
    public static func indexTerms(_ query: String) -> [String] {
        queryTerms(query).map(\.lookup)
    }

    /// How much a vocabulary word counts for a term: 1 for the word or another form of it, 0.8
    /// for a longer word the term begins, nil for none.
    static func weight(of word: String, for term: QueryTerm) -> Double? {
        if word == term.word || stem(word) == term.stem { return 1 }
        return term.matchesAsPrefix && word.hasPrefix(term.word) ? 0.8 : nil
    }

    /// English inflections taken off: plural `-s`/`-es`/`-ies`, `-ing`, `-ed` (a doubled consonant
    /// before them undone: `stopped` → `stop`), a final `-e`. Other scripts and short words are kept.
    static func stem(_ word: String) -> String {
        var bytes = Array(word.utf8)
        guard bytes.count > 3, bytes.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else {
            return word
        }
        func ends(_ suffix: String) -> Bool {
            bytes.count > suffix.utf8.count && bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
        }
        if ends("ies"), bytes.count > 4 {
            bytes.removeLast(3)
            bytes.append(UInt8(ascii: "y"))
        } else if ends("sses") {
            bytes.removeLast(2)
        } else if ends("s"), !ends("ss"), !ends("us"), !ends("is") {
            bytes.removeLast()
        }
        for suffix in ["ing", "ed"] where ends(suffix) && bytes.count - suffix.utf8.count >= 3 {
            bytes.removeLast(suffix.utf8.count)
            // `running` → `run`, but `passed` → `pass`, `called` → `call`.
            if let last = bytes.last, bytes.count >= 2, bytes[bytes.count - 2] == last,
                !"aeiouslz".utf8.contains(last)
            {
                bytes.removeLast()
            }
            break
        }
        if bytes.count > 4, bytes.last == UInt8(ascii: "e") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Words a question is made of that say nothing of what it asks.
    static let stopWords: Set<String> = [
        "a", "about", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by", "can", "could", "did", "do",
        "does", "doing", "for", "from", "get", "had", "has", "have", "he", "her", "his", "how", "i", "if", "in",
        "into", "is", "it", "its", "me", "my", "of", "on", "or", "our", "she", "should", "so", "some", "than",
        "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "to", "too", "us",
        "was", "we", "were", "what", "when", "where", "which", "who", "why", "will", "with", "would", "you",
        "your",
    ]
}
