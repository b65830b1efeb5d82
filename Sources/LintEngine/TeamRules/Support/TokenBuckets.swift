import SwiftLexer

/// A file's code tokens grouped by what team rules start from: each keyword (`try`, `as`), each
/// one-byte token (`=`, `.`, `!`), and literals. Made in one pass (counted, then placed: no array
/// per group) and shared by the file's rules, so a rule that starts from such a token reads its
/// occurrences, not every token of the file, once per rule.
struct TokenBuckets: Sendable {
    /// Token indices, grouped by key, each group in token order.
    private let positions: [Int32]
    /// Where each key's group starts in `positions` (one past the last key included).
    private let starts: [Int32]
    /// Literal tokens in token order: strings, numbers, `true`, `false`, `nil`.
    let literals: [Int32]

    private static let keywordKeys = 256
    private static let keyCount = 256 + 256

    init(_ s: Structure) {
        var counts = [Int32](repeating: 0, count: Self.keyCount + 1)
        var literalCount = 0
        // Unsafe buffers: checked subscripts on arrays cost more than the pass itself.
        s.code.withUnsafeBufferPointer { code in
            s.file.bytes.withUnsafeBufferPointer { bytes in
                counts.withUnsafeMutableBufferPointer { counts in
                    for token in code {
                        let key = Self.key(token, bytes)
                        if key >= 0 { counts[key] &+= 1 }
                        if Self.isLiteral(token) { literalCount &+= 1 }
                    }
                }
            }
        }
        var starts = [Int32](repeating: 0, count: Self.keyCount + 1)
        var running: Int32 = 0
        for key in 0..<Self.keyCount {
            starts[key] = running
            running += counts[key]
        }
        starts[Self.keyCount] = running
        var next = starts
        var positions = [Int32](repeating: 0, count: Int(running))
        var literals = [Int32](repeating: 0, count: literalCount)
        s.code.withUnsafeBufferPointer { code in
            s.file.bytes.withUnsafeBufferPointer { bytes in
                next.withUnsafeMutableBufferPointer { next in
                    positions.withUnsafeMutableBufferPointer { positions in
                        literals.withUnsafeMutableBufferPointer { literals in
                            var literal = 0
                            for index in 0..<code.count {
                                let token = code[index]
                                let key = Self.key(token, bytes)
                                if key >= 0 {
                                    positions[Int(next[key])] = Int32(truncatingIfNeeded: index)
                                    next[key] &+= 1
                                }
                                if Self.isLiteral(token) {
                                    literals[literal] = Int32(truncatingIfNeeded: index)
                                    literal &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
        self.positions = positions
        self.starts = starts
        self.literals = literals
    }

    /// The token's key, or -1 when it has none.
    @inline(__always) private static func key(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if token.kind == .keyword { return keywordKeys + Int(token.keyword.rawValue) }
        if token.length == 1 { return Int(bytes[token.offset]) }
        return -1
    }

    @inline(__always) private static func isLiteral(_ token: Token) -> Bool {
        switch token.kind {
        case .string, .number: true
        case .keyword: token.keyword == .true || token.keyword == .false || token.keyword == .nil
        default: false
        }
    }

    /// The code tokens spelled as `key` says, in order.
    func tokens(_ key: Key) -> ArraySlice<Int32> { positions[Int(starts[key.value])..<Int(starts[key.value + 1])] }

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
        }
    }
}
