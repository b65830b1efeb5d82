/// "Did you mean": labels (a note's title, a rule id) ranked by how close one of their names is to
/// a name asked for. Every name is lowered once, so a question costs a pass over small arrays
/// (`notes check` asks once per broken link; lowering through Foundation each time would dominate it).
public struct ClosestNames: Sendable {
    private struct Entry: Sendable {
        var label: String
        /// Lowered names as UTF-8 (for containment) and as scalars (for the edit distance).
        var bytes: [[UInt8]]
        var scalars: [[Unicode.Scalar]]
        /// ASCII names are compared byte by byte: the same distance, with a quarter of the data read.
        var isASCII: [Bool]
    }

    private let entries: [Entry]

    /// Each label with the names it goes by (a note: title, permalink, stem, aliases).
    public init(_ labelled: [(label: String, names: [String])]) {
        entries = labelled.map { label, names in
            let lowered = names.map { $0.lowercased() }
            let bytes = lowered.map { Array($0.utf8) }
            return Entry(
                label: label, bytes: bytes, scalars: lowered.map { Array($0.unicodeScalars) },
                isASCII: bytes.map { $0.allSatisfy { $0 < 0x80 } })
        }
    }

    /// The `limit` labels closest to `name`: a name that contains it (`dual` in "Dual Initializer
    /// Pattern") first, then by edit distance (at most `maxDistance`), ties by label.
    public func closest(to name: String, limit: Int, maxDistance: Int = .max) -> [String] {
        // A name longer than any label is no typo of one (and would cost its length per entry).
        guard limit > 0, name.utf8.count <= 1_024 else { return [] }
        let lowered = name.lowercased()
        let wantedBytes = Array(lowered.utf8)
        let wanted = Array(lowered.unicodeScalars)
        let wantedIsASCII = wantedBytes.count == wanted.count
        // The `limit` best scores so far: an entry that cannot reach the worst of them is skipped
        // (skipping only what is strictly worse keeps ties, which the label then orders).
        var best: [Int] = []
        var scored: [(label: String, score: Int)] = []
        for entry in entries {
            let bound = min(maxDistance, best.count == limit ? best[limit - 1] : Int.max)
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
            scored.append((entry.label, score))
            best.insert(score, at: best.firstIndex { $0 > score } ?? best.count)
            if best.count > limit { best.removeLast() }
        }
        return scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.label < $1.label }.prefix(limit)
            .map(\.label)
    }
}

public enum EditDistance {
    public static func between<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        between(a, b, atMost: Int.max)
    }

    /// The Levenshtein distance, or more than `limit` as soon as every way is already worse.
    public static func between<Element: Equatable>(_ a: [Element], _ b: [Element], atMost limit: Int) -> Int {
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
