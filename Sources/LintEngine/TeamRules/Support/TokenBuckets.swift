import Foundation
import Support
import SwiftLexer

/// A file's code tokens grouped by what team rules start from: the keywords (`try`, `as`) and
/// one-byte tokens (`=`, `!`) code patterns start from, and literals. Only the keys a rule
/// asked for when it was read are grouped (`Key.init` records them): one pass over the tokens
/// that keeps few of them, where grouping every keyword and punctuation byte took two passes.
/// Shared by the file's rules, so a rule that starts from such a token reads its occurrences,
/// not every token of the file.
final class TokenBuckets: Sendable {
    /// Token indices, grouped by key, each group in token order.
    private let positions: [Int32]
    /// Where each key's group starts in `positions` (one past the last key included).
    private let starts: [Int32]
    /// The keys grouped (those asked for before the file was read).
    private let grouped: Grouping
    /// Literal tokens in token order: strings, numbers, `true`, `false`, `nil`.
    let literals: [Int32]

    private static let keywordKeys = 256
    private static let keyCount = 256 + 256

    convenience init(_ s: Structure) { self.init(code: s.code, bytes: s.file.bytes) }

    /// From the two arrays it reads (a whole structure passed in is a retain per array).
    init(code: [Token], bytes: [UInt8]) {
        let grouped = Self.asked.snapshot()
        // At most one entry per token: written through pointers, no growth checks per token.
        let tokenCount = code.count
        var keptCount = 0
        var kept: [Int32] = []
        // Each kept token's slot plus one, beside it: the passes over the kept read it here.
        // Not cleared first: every token writes its entry, and only the kept ones' are read.
        var keptSlots: [UInt16] = []
        let literals = [Int32](unsafeUninitializedCapacity: tokenCount) { literals, literalCount in
            keptSlots = [UInt16](unsafeUninitializedCapacity: tokenCount) { keptSlots, slotCount in
                kept = [Int32](unsafeUninitializedCapacity: tokenCount) { kept, count in
                    code.withUnsafeBufferPointer { code in
                        bytes.withUnsafeBufferPointer { bytes in
                            grouped.byKind.withUnsafeBufferPointer { byKind in
                                grouped.byteSlots.withUnsafeBufferPointer { byteSlots in
                                    var keptAt = 0, literalAt = 0
                                    let lastByte = max(0, bytes.count - 1)
                                    // No branch per token: every token is written, and kept by
                                    // moving the end past it; what a token is comes from one
                                    // table entry for its kind and keyword (`Grouping.byKind`).
                                    for index in 0..<code.count {
                                        let token = code[index]
                                        let entry = byKind[Int(token.kind.rawValue) &<< 8 | Int(token.keyword.rawValue)]
                                        let byteSlot = UInt32(byteSlots[Int(bytes[min(token.offset, lastByte)])])
                                        let oneByte =
                                            (entry >> 16) & UInt32(unsafeBitCast(token.length == 1, to: UInt8.self))
                                        let slot = entry & 0xFFFF | byteSlot & (0 &- oneByte)
                                        kept[keptAt] = Int32(truncatingIfNeeded: index)
                                        keptSlots[keptAt] = UInt16(truncatingIfNeeded: slot)
                                        keptAt &+= slot != 0 ? 1 : 0
                                        literals[literalAt] = Int32(truncatingIfNeeded: index)
                                        literalAt &+= Int(entry >> 17)
                                    }
                                    keptCount = keptAt
                                    literalCount = literalAt
                                }
                            }
                        }
                    }
                    count = keptCount
                }
                slotCount = keptCount
            }
        }
        // Counted here, over the few kept: a count per token was a store the next token waited on.
        var counts = [Int32](repeating: 0, count: grouped.count + 1)
        for slot in keptSlots[0..<keptCount] { counts[Int(slot) - 1] &+= 1 }
        var starts = [Int32](repeating: 0, count: grouped.count + 1)
        var running: Int32 = 0
        for slot in 0..<grouped.count {
            starts[slot] = running
            running += counts[slot]
        }
        starts[grouped.count] = running
        // The kept tokens placed by key, in token order within each key.
        var next = starts
        var positions = [Int32](repeating: 0, count: kept.count)
        for (index, slot) in zip(kept, keptSlots) {
            positions[Int(next[Int(slot) - 1])] = index
            next[Int(slot) - 1] &+= 1
        }
        self.positions = positions
        self.starts = starts
        self.grouped = grouped
        self.literals = literals
    }

    /// The code tokens spelled as `key` says, in order; nil when the key was first asked for
    /// after the file was grouped (read every token then).
    func tokens(_ key: Key) -> ArraySlice<Int32>? {
        let slot = Int(grouped.slots[key.value])
        guard slot >= 0 else { return nil }
        return positions[Int(starts[slot])..<Int(starts[slot + 1])]
    }

    /// The same within the code tokens `range`, found by halving (a `has:` searches one type's
    /// body, not the file).
    func tokens(_ key: Key, in range: Range<Int>) -> ArraySlice<Int32>? {
        tokens(key).map { all in
            let first = all.partitioningIndex { Int($0) >= range.lowerBound }
            return all[first..<all.partitioningIndex { Int($0) >= range.upperBound }]
        }
    }

    /// A text the buckets group: a keyword or one byte (an identifier is not grouped).
    struct Key: Sendable, Equatable {
        fileprivate let value: Int

        /// How common `text` is in source code (lower: rarer), when buckets can group it, without
        /// asking for it (a key asked for is grouped in every file). A keyword counts as rare.
        static func commonness(of text: [UInt8]) -> Int? {
            if Keyword.spelled(text) != .none { return 1 }
            return text.count == 1 ? Int(ByteRarity.commonness(text[0])) : nil
        }

        /// nil when the buckets cannot find `text` (read every token then).
        init?(_ text: [UInt8]) {
            // A keyword first: `_` is one byte, but lexed as a keyword.
            if case let keyword = Keyword.spelled(text), keyword != .none {
                value = TokenBuckets.keywordKeys + Int(keyword.rawValue)
            } else if text.count == 1 {
                value = Int(text[0])
            } else {
                return nil
            }
            TokenBuckets.asked.insert(value)
        }
    }

    /// The keys grouped, each given a slot: `slots[key]`, or -1 for a key not grouped.
    final class Grouping: Sendable {
        let slots: [Int16]
        let count: Int
        /// By token kind and keyword (`kind << 8 | keyword`), what the grouping pass needs of a
        /// token: the low 16 bits, a keyword's slot plus one (0: not grouped); bit 16, a token
        /// of this kind one byte long takes its byte's key (every kind but keywords: `_` is
        /// one); bit 17, a literal (a string, a number, `true`, `false`, `nil`).
        let byKind: [UInt32]
        /// A one-byte token's slot plus one, by its byte (0: not grouped).
        let byteSlots: [UInt16]

        init(_ keys: [Int]) {
            var slots = [Int16](repeating: -1, count: TokenBuckets.keyCount + 1)
            for (slot, key) in keys.enumerated() { slots[key] = Int16(slot) }
            self.slots = slots
            count = keys.count
            byteSlots = (0..<256).map { UInt16(slots[$0] + 1) }
            // Kinds fit in four bits (`TokenKind`'s ten cases).
            var byKind = [UInt32](repeating: 0, count: 16 * 256)
            for kind in TokenKind.allCases where kind.rawValue < 16 {
                let row = Int(kind.rawValue) << 8
                if kind == .keyword {
                    for keyword in Keyword.allCases {
                        let literal = keyword == .true || keyword == .false || keyword == .nil
                        byKind[row | Int(keyword.rawValue)] =
                            UInt32(slots[TokenBuckets.keywordKeys + Int(keyword.rawValue)] + 1)
                            | (literal ? 1 << 17 : 0)
                    }
                } else {
                    let literal = kind == .string || kind == .number
                    for keyword in 0..<256 { byKind[row | keyword] = 1 << 16 | (literal ? 1 << 17 : 0) }
                }
            }
            self.byKind = byKind
        }
    }

    /// The keys rules have asked for, in this process (the rules are read before the files).
    private static let asked = AskedKeys()

    private final class AskedKeys: @unchecked Sendable {
        private let lock = NSLock()
        private var keys: [Int] = []
        private var grouping = Grouping([])

        func insert(_ key: Int) {
            lock.withLock {
                guard !keys.contains(key) else { return }
                keys.append(key)
                grouping = Grouping(keys)
            }
        }

        func snapshot() -> Grouping { lock.withLock { grouping } }
    }
}
