import Support

/// "Did you mean" for note names: every note's title, permalink, stem and aliases lowered once,
/// so a suggestion costs a pass over small arrays. `notes check` asks for one per broken link (up
/// to 200); lowering and searching through Foundation each time cost 45 ms a call on 10,000 notes.
struct TitleSuggestions: Sendable {
    private struct Entry: Sendable {
        var title: String
        /// Lowered names as UTF-8 (for containment) and as scalars (for the edit distance).
        var bytes: [[UInt8]]
        var scalars: [[Unicode.Scalar]]
        /// ASCII names are compared byte by byte: the same distance, with a quarter of the data read.
        var isASCII: [Bool]
    }

    private let entries: [Entry]

    init(_ notes: [Note]) {
        entries = notes.map { note in
            let names = ([note.title, note.permalink, note.stem] + note.aliases).map { $0.lowercased() }
            let bytes = names.map { Array($0.utf8) }
            return Entry(
                title: note.title, bytes: bytes, scalars: names.map { Array($0.unicodeScalars) },
                isASCII: bytes.map { $0.allSatisfy { $0 < 0x80 } })
        }
    }

    /// The `limit` titles closest to `name`: a name a note's name contains (`dual` in "Dual
    /// Initializer Pattern") first, then by edit distance, ties by title.
    func closest(to name: String, limit: Int) -> [String] {
        // A name longer than any title is no typo of one (and would cost its length per note).
        guard limit > 0, name.utf8.count <= 1_024 else { return [] }
        let lowered = name.lowercased()
        let wantedBytes = Array(lowered.utf8)
        let wanted = Array(lowered.unicodeScalars)
        let wantedIsASCII = wantedBytes.count == wanted.count
        // The `limit` best scores so far: a note that cannot reach the worst of them is skipped
        // (skipping only what is strictly worse keeps ties, which the title then orders).
        var best: [Int] = []
        var scored: [(title: String, score: Int)] = []
        for entry in entries {
            let bound = best.count == limit ? best[limit - 1] : Int.max
            var score = Int.max
            for (name, scalars) in entry.scalars.enumerated() {
                let bytes = entry.bytes[name]
                if !wanted.isEmpty, !bytes.endsOfOccurrences(of: lowered, limit: 1).isEmpty {
                    score = -1
                    break
                }
                // The distance is at least the length difference.
                let cap = min(score, bound)
                guard abs(scalars.count - wanted.count) <= cap else { continue }
                let distance =
                    wantedIsASCII && entry.isASCII[name]
                    ? EditDistance.between(bytes, wantedBytes, atMost: cap)
                    : EditDistance.between(scalars, wanted, atMost: cap)
                score = min(score, distance)
            }
            guard score <= bound else { continue }
            scored.append((entry.title, score))
            best.insert(score, at: best.firstIndex { $0 > score } ?? best.count)
            if best.count > limit { best.removeLast() }
        }
        return scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.title < $1.title }.prefix(limit)
            .map(\.title)
    }
}

enum EditDistance {
    static func between<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        between(a, b, atMost: Int.max)
    }

    /// The Levenshtein distance, or more than `limit` as soon as every way is already worse.
    static func between<Element: Equatable>(_ a: [Element], _ b: [Element], atMost limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowBest = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowBest = min(rowBest, current[j])
            }
            // A row's smallest value never shrinks further down: past the limit, it stays past.
            if rowBest > limit { return rowBest }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
