import Foundation
import SwiftLexer

/// A file's code tokens grouped by what team rules start from: the keywords (`try`, `as`) and
/// one-byte tokens (`=`, `!`) code patterns start from, and literals. Only the keys a rule
/// asked for when it was read are grouped (`Key.init` records them): one pass over the tokens
/// that keeps few of them, where grouping every keyword and punctuation byte took two passes.
/// Shared by the file's rules, so a rule that starts from such a token reads its occurrences,
/// not every token of the file.
struct TokenBuckets: Sendable {
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
    /// The key of a token that has none (`Grouping.slots` holds -1 there).
    private static let noKey = keyCount
    /// Token kinds that are literals, a bit each; and the keywords that are.
    private static let literalKinds: UInt16 = 1 << TokenKind.string.rawValue | 1 << TokenKind.number.rawValue
    /// 1 for `true`, `false` and `nil`, by keyword.
    private static let literalKeywords: [UInt8] = (0..<256).map { raw in
        let keyword = Keyword(rawValue: UInt8(raw))
        return keyword == .true || keyword == .false || keyword == .nil ? 1 : 0
    }

    init(_ s: Structure) { self.init(code: s.code, bytes: s.file.bytes) }

    /// From the two arrays it reads (a whole structure passed in is a retain per array).
    init(code: [Token], bytes: [UInt8]) {
        let grouped = Self.asked.snapshot()
        var counts = [Int32](repeating: 0, count: grouped.count + 1)
        // At most one entry per token: written through pointers, no growth checks per token.
        let tokenCount = code.count
        var keptCount = 0
        var kept: [Int32] = []
        let literals = [Int32](unsafeUninitializedCapacity: tokenCount) { literals, literalCount in
            kept = [Int32](unsafeUninitializedCapacity: tokenCount) { kept, count in
                code.withUnsafeBufferPointer { code in
                    bytes.withUnsafeBufferPointer { bytes in
                        grouped.slots.withUnsafeBufferPointer { slots in
                            Self.literalKeywords.withUnsafeBufferPointer { literalKeywords in
                                var keptAt = 0, literalAt = 0
                                // No branch per token: every token is written, and kept by
                                // moving the end past it.
                                for index in 0..<code.count {
                                    let token = code[index]
                                    let key = Self.key(token, bytes)
                                    let slot = Int(slots[key])
                                    kept[keptAt] = Int32(truncatingIfNeeded: index)
                                    keptAt &+= slot >= 0 ? 1 : 0
                                    // (Not a keyword: `keyword` is `.none`, not a literal.)
                                    let literal =
                                        Int(Self.literalKinds >> UInt16(token.kind.rawValue) & 1)
                                        | Int(literalKeywords[Int(token.keyword.rawValue)])
                                    literals[literalAt] = Int32(truncatingIfNeeded: index)
                                    literalAt &+= literal
                                }
                                keptCount = keptAt
                                literalCount = literalAt
                            }
                        }
                    }
                }
                count = keptCount
            }
        }
        // Counted here, over the few kept: a count per token was a store the next token waited on.
        code.withUnsafeBufferPointer { code in
            bytes.withUnsafeBufferPointer { bytes in
                for index in kept { counts[Int(grouped.slots[Self.key(code[Int(index)], bytes)])] &+= 1 }
            }
        }
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
        code.withUnsafeBufferPointer { code in
            bytes.withUnsafeBufferPointer { bytes in
                for index in kept {
                    let slot = Int(grouped.slots[Self.key(code[Int(index)], bytes)])
                    positions[Int(next[slot])] = index
                    next[slot] &+= 1
                }
            }
        }
        self.positions = positions
        self.starts = starts
        self.grouped = grouped
        self.literals = literals
    }

    /// The token's key: a keyword's, else a one-byte token's byte, else `noKey`. By arithmetic,
    /// not a choice: it is asked of every token, and token kinds follow no pattern a branch
    /// predictor learns.
    @inline(__always) private static func key(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let keyword = Int(unsafeBitCast(token.kind == .keyword, to: UInt8.self))
        let oneByte = Int(unsafeBitCast(token.length == 1, to: UInt8.self))
        let byte = bytes.isEmpty ? 0 : Int(bytes[min(token.offset, bytes.count - 1)])
        let other = oneByte &* byte &+ (1 &- oneByte) &* noKey
        return keyword &* (keywordKeys &+ Int(token.keyword.rawValue)) &+ (1 &- keyword) &* other
    }

    /// The code tokens spelled as `key` says, in order; nil when the key was first asked for
    /// after the file was grouped (read every token then).
    func tokens(_ key: Key) -> ArraySlice<Int32>? {
        let slot = Int(grouped.slots[key.value])
        guard slot >= 0 else { return nil }
        return positions[Int(starts[slot])..<Int(starts[slot + 1])]
    }

    /// A text the buckets group: a keyword or one byte (an identifier is not grouped).
    struct Key: Sendable, Equatable {
        fileprivate let value: Int

        /// nil when the buckets cannot find `text` (read every token then).
        init?(_ text: [UInt8]) {
            let string = String(decoding: text, as: UTF8.self)
            // A keyword first: `_` is one byte, but lexed as a keyword.
            if let keyword = Keyword.allCases.first(where: { $0 != .none && $0.text == string }) {
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

        init(_ keys: [Int]) {
            var slots = [Int16](repeating: -1, count: TokenBuckets.keyCount + 1)
            for (slot, key) in keys.enumerated() { slots[key] = Int16(slot) }
            self.slots = slots
            count = keys.count
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
