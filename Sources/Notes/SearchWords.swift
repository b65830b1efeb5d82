import Foundation
import Support

/// How a search splits text into words: runs of letters and digits of any script, folded for case
/// and diacritics. Bodies are most of a vault's bytes and most of their words are not kept, so
/// ASCII text is read eight bytes at a time and a word becomes a string only when it is kept.
extension NoteSearch {
    /// The words a search keeps: those one of `prefixes` begins (folded), or all of them; made
    /// once per query, with the prefixes' first bytes (lowered) as a table: most words are told
    /// apart by their first byte.
    struct WordFilter: Sendable {
        /// No prefixes given: every word is kept.
        let keepsEveryWord: Bool
        let firsts: [Bool]
        /// The prefixes one after the other, and where each ends: read without an array per prefix.
        let flatPrefixes: [UInt8]
        let prefixEnds: [Int]
        /// Each prefix's first eight bytes as one little-endian word, and which of its bytes count:
        /// most words a prefix does not begin are told by one comparison.
        let heads: [UInt64]
        let headMasks: [UInt64]

        static let all = WordFilter(prefixes: nil)

        init(prefixes: [[UInt8]]?) {
            keepsEveryWord = prefixes == nil
            // No prefixes, or an empty one: every word.
            var firsts = [Bool](repeating: prefixes?.contains(where: \.isEmpty) ?? true, count: 256)
            for first in (prefixes ?? []).compactMap(\.first) { firsts[Int(first)] = true }
            self.firsts = firsts
            flatPrefixes = (prefixes ?? []).flatMap { $0 }
            prefixEnds = (prefixes ?? []).reduce(into: []) { ends, prefix in
                ends.append((ends.last ?? 0) + prefix.count)
            }
            heads = (prefixes ?? []).map { prefix in
                prefix.prefix(8).enumerated().reduce(0) { head, byte in head | UInt64(byte.element) << (8 * byte.offset)
                }
            }
            headMasks = (prefixes ?? []).map { prefix in prefix.count >= 8 ? ~0 : (1 << (8 * UInt64(prefix.count))) - 1
            }
        }
    }

    /// Each word of the text, folded, in order, given to `body` when `filter` keeps it; the number
    /// of words, kept or not.
    @discardableResult
    static func forEachWord(_ text: String, keeping filter: WordFilter, _ body: (String) -> Void) -> Int {
        forEachWordBytes(text, keeping: filter) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// `forEachWord` with each kept word as its folded UTF-8, valid during the call only: a caller
    /// that counts words makes a string for a word it has not seen yet only. A word beginning with
    /// an ASCII byte the filter turns down is only counted; the others are read whole
    /// (`word(at:surely:_:)`). Read in place: an ASCII word is lowered only when it is kept.
    @discardableResult
    static func forEachWordBytes(
        _ text: String, keeping filter: WordFilter, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        var text = text
        var total = 0
        // The tables read through local buffers: a static's accessor per byte cost more than the test.
        Self.isWordByte.withUnsafeBufferPointer { isWordByte in
            filter.firsts.withUnsafeBufferPointer { firsts in
                filter.flatPrefixes.withUnsafeBufferPointer { flatPrefixes in
                    filter.prefixEnds.withUnsafeBufferPointer { prefixEnds in
                        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: WordReader.scratchSize) { scratch in
                            text.withUTF8 { bytes in
                                let words = WordReader(
                                    bytes: bytes, isWordByte: isWordByte, firsts: firsts,
                                    flatPrefixes: filter.keepsEveryWord ? nil : flatPrefixes,
                                    prefixEnds: prefixEnds, heads: filter.heads, headMasks: filter.headMasks,
                                    scratch: scratch)
                                total = words.run(body)
                            }
                        }
                    }
                }
            }
        }
        return total
    }

    /// ASCII letters and digits, by byte.
    static let isWordByte: [Bool] = (0..<256).map { UInt8($0).isASCIILetterOrDigit }
}

/// One pass over one text's bytes for `NoteSearch.forEachWord`.
private struct WordReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let isWordByte: UnsafeBufferPointer<Bool>
    let firsts: UnsafeBufferPointer<Bool>
    /// Nil when every word is kept.
    let flatPrefixes: UnsafeBufferPointer<UInt8>?
    let prefixEnds: UnsafeBufferPointer<Int>
    let heads: [UInt64]
    let headMasks: [UInt64]
    /// Where a kept ASCII word is lowered; a longer word gets an array of its own.
    let scratch: UnsafeMutableBufferPointer<UInt8>
    static let scratchSize = 64

    /// What a word's first bytes say about the prefixes; `exact`: the word is that prefix, whole.
    enum Verdict { case no, yes, maybe, exact(Int) }

    /// Reads every word, giving the kept ones to `body`; returns how many there were.
    func run(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        var total = 0
        var index = 0
        // Whether the byte before `index` belongs to a word already counted.
        var inWord = false
        let count = bytes.count
        guard let base = bytes.baseAddress else { return 0 }
        while index < count {
            if index + 8 <= count {
                let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if chunk & Self.highBits == 0 {
                    // Eight ASCII bytes: the words that start here, as the high bit of their first byte.
                    let letters = Self.asciiLettersAndDigits(chunk)
                    var starts = letters & ~((letters << 8) | (inWord ? 0x80 : 0))
                    var jumped = false
                    while starts != 0 {
                        let start = index + starts.trailingZeroBitCount >> 3
                        total += 1
                        if firsts[Int(bytes[start].asciiLowercased)],
                            let end = keep(prefixVerdict(at: start), at: start, body)
                        {
                            index = end
                            inWord = false
                            jumped = true
                            break
                        }
                        starts &= starts - 1
                    }
                    if jumped { continue }
                    inWord = letters >> 63 != 0
                    index += 8
                    continue
                }
            }
            // A byte at a time near the end or next to non-ASCII text.
            let byte = bytes[index]
            let length: Int
            let isWord: Bool
            if byte < 0x80 {
                (length, isWord) = (1, isWordByte[Int(byte)])
            } else {
                let (scalar, width) = bytes.scalar(at: index)
                (length, isWord) = (width, scalar.isLetterOrNumber)
            }
            if isWord, !inWord {
                total += 1
                // A word beginning with another script is always read: its folded form decides.
                let verdict: Verdict =
                    byte >= 0x80 ? .maybe : firsts[Int(byte.asciiLowercased)] ? prefixVerdict(at: index) : .no
                if let end = keep(verdict, at: index, body) {
                    index = end
                    inWord = false
                    continue
                }
            }
            inWord = isWord
            index += length
        }
        return total
    }

    /// Gives the word at `start` to `body` as the verdict on its first bytes says; its end, or
    /// nil when the verdict is that it is not kept (it is read on, a word start at a time).
    @inline(__always)
    private func keep(_ verdict: Verdict, at start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Int? {
        switch verdict {
        case .no: return nil
        case .yes: return word(at: start, surely: true, body)
        case .maybe: return word(at: start, surely: false, body)
        case .exact(let prefix):
            // The word is the prefix, whole: given as the prefix's own bytes.
            let range = prefixRange(prefix)
            if let flatPrefixes { body(UnsafeBufferPointer(rebasing: flatPrefixes[range])) }
            return start + range.count
        }
    }

    /// Reads the word starting at `start`, gives it to `body` when kept, and returns its end.
    /// `surely`: its first bytes, ASCII, are a prefix already.
    private func word(at start: Int, surely: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        var end = start
        var ascii = true
        while end < bytes.count {
            let next = bytes[end]
            if next < 0x80 {
                guard isWordByte[Int(next)] else { break }
                end += 1
            } else {
                let (scalar, length) = bytes.scalar(at: end)
                guard scalar.isLetterOrNumber else { break }
                ascii = false
                end += length
            }
        }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if ascii {
            guard surely || (firsts[Int(word[0].asciiLowercased)] && keptPrefix(of: word)) else { return end }
            guard word.count <= scratch.count else {
                word.map(\.asciiLowercased).withUnsafeBufferPointer(body)
                return end
            }
            for offset in word.indices { scratch[offset] = word[offset].asciiLowercased }
            body(UnsafeBufferPointer(rebasing: scratch[..<word.count]))
            return end
        }
        var folded = String(decoding: word, as: UTF8.self).folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        // Folding lowers ASCII letters: the same test as an ASCII word's.
        folded.withUTF8 { folded in if keptPrefix(of: folded) { body(folded) } }
        return end
    }

    /// Whether the word starting at `start` (an ASCII byte) may begin with a prefix, told from its
    /// first bytes without finding its end: no when each prefix differs from it at an ASCII byte
    /// (a word's ASCII bytes fold to themselves, lowered), or it ends first; yes when one prefix
    /// is its first bytes, all ASCII; maybe for non-ASCII bytes or a prefix longer than eight.
    @inline(__always)
    private func prefixVerdict(at start: Int) -> Verdict {
        guard let flatPrefixes else { return .yes }
        if start + 8 <= bytes.count, let base = bytes.baseAddress {
            // Eight bytes at once against each prefix's first eight.
            let chunk = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            for prefix in heads.indices {
                let seen = chunk & headMasks[prefix]
                if seen & Self.highBits != 0 { return .maybe }
                // A-Z lowered: their high-bit flag moved down to 0x20.
                guard seen | Self.inRange(seen, 0x41, 0x5A) >> 2 == heads[prefix] else { continue }
                // Longer than eight bytes: the rest is left to `word(at:surely:_:)`.
                if headMasks[prefix] == ~0 { return .maybe }
                // Under eight bytes, so the byte after it is in the chunk: the word ends there or goes on.
                let next = bytes[start + prefixRange(prefix).count]
                return next < 0x80 && !isWordByte[Int(next)] ? .exact(prefix) : .yes
            }
            return .no
        }
        for prefix in prefixEnds.indices {
            var position = start
            var differs = false
            for offset in prefixRange(prefix) {
                guard position < bytes.count else {
                    differs = true
                    break
                }
                let byte = bytes[position]
                if byte >= 0x80 { return .maybe }
                if byte.asciiLowercased != flatPrefixes[offset] {
                    differs = true
                    break
                }
                position += 1
            }
            if !differs { return .yes }
        }
        return .no
    }

    /// Where prefix number `prefix` stands in `flatPrefixes`.
    private func prefixRange(_ prefix: Int) -> Range<Int> {
        (prefix == 0 ? 0 : prefixEnds[prefix - 1])..<prefixEnds[prefix]
    }

    /// Whether one of the prefixes begins the word (its bytes, ASCII letters compared lowered).
    private func keptPrefix(of word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let flatPrefixes else { return true }
        return prefixEnds.indices.contains { prefix in
            let range = prefixRange(prefix)
            return word.count >= range.count
                && zip(word, flatPrefixes[range]).allSatisfy { $0.asciiLowercased == $1 }
        }
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// For eight ASCII bytes, the high bit of each that is a letter or digit.
    private static func asciiLettersAndDigits(_ chunk: UInt64) -> UInt64 {
        // `| 0x20` folds A-Z onto a-z and sends no other byte into a-z.
        inRange(chunk | ones &* 0x20, 0x61, 0x7A) | inRange(chunk, 0x30, 0x39)
    }

    /// For eight ASCII bytes, the high bit of each in `low...high`. A byte `b < 0x80` plus
    /// `0x80 - low` reaches the high bit exactly when `b >= low`, and no byte carries into the next.
    private static func inRange(_ bytes: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
        let atLeastLow = bytes &+ ones &* (0x80 - low)
        let aboveHigh = bytes &+ ones &* (0x7F - high)
        return atLeastLow & ~aboveHigh & highBits
    }
}
