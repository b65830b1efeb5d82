import Foundation

/// Ranked full-text search over titles, aliases, tags, headings and bodies.
public enum NoteSearch {
    public struct Hit: Sendable {
        public var note: Int
        public var score: Int
        /// The first body line that contains a query term, trimmed.
        public var snippet: String?
    }

    /// Every query word must occur somewhere in the note; title and alias hits weigh most.
    public static func search(_ query: String, in notes: [Note]) -> [Hit] {
        let terms = query.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !terms.isEmpty else { return [] }
        var hits: [Hit] = []
        for (index, note) in notes.enumerated() {
            let title = note.title.lowercased()
            let aliases = note.aliases.map { $0.lowercased() }
            let tags = note.tags.map { $0.lowercased() }
            let headings = note.headings.map { $0.text.lowercased() }
            let body = note.body.lowercased()
            var score = 0
            var allFound = true
            for term in terms {
                var termScore = 0
                if title == term { termScore += 30 } else if title.contains(term) { termScore += 20 }
                if aliases.contains(where: { $0.contains(term) }) { termScore += 12 }
                if tags.contains(term) {
                    termScore += 10
                } else if tags.contains(where: { $0.contains(term) }) {
                    termScore += 5
                }
                termScore += 3 * headings.filter { $0.contains(term) }.count
                termScore += min(10, occurrences(of: term, in: body))
                if termScore == 0 { allFound = false; break }
                score += termScore
            }
            guard allFound else { continue }
            if title == query.lowercased() { score += 50 }
            hits.append(Hit(note: index, score: score, snippet: snippet(for: terms, in: note.body)))
        }
        return hits.sorted { $0.score != $1.score ? $0.score > $1.score : notes[$0.note].title < notes[$1.note].title }
    }

    static func occurrences(of term: String, in text: String) -> Int {
        var count = 0
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: term, range: searchRange) {
            count += 1
            searchRange = found.upperBound..<text.endIndex
        }
        return count
    }

    static func snippet(for terms: [String], in body: String) -> String? {
        for line in body.split(separator: "\n") {
            let lowered = line.lowercased()
            if terms.contains(where: { lowered.contains($0) }) {
                let text = line.trimmed
                return text.count > 100 ? String(text.prefix(97)) + "…" : text
            }
        }
        return nil
    }
}
