/// The kinds of the token dump contract (`patternlint tokens FILE --format jsonl`).
public enum TokenKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case identifier, keyword, attribute, directive, number, string, regex, comment, `operator`, punctuation

    public var description: String {
        switch self {
        case .identifier: "identifier"
        case .keyword: "keyword"
        case .attribute: "attribute"
        case .directive: "directive"
        case .number: "number"
        case .string: "string"
        case .regex: "regex"
        case .comment: "comment"
        case .operator: "operator"
        case .punctuation: "punctuation"
        }
    }
}

/// Swift's reserved words. Contextual keywords (`some`, `actor`, `async`, `get`, `mutating`, …) lex
/// as identifiers, as they do in the compiler.
public enum Keyword: UInt8, Sendable, CaseIterable {
    case none
    // Declarations
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`, `init`, `inout`,
        `internal`, `let`, `open`, `operator`, `private`, `precedencegroup`, `protocol`, `public`, `rethrows`,
        `static`, `struct`, `subscript`, `typealias`, `var`
    // Statements
    case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`, `for`, `guard`, `if`,
        `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
    // Expressions and types
    case `Any`, `as`, `await`, `false`, `is`, `nil`, `self`, `Self`, `super`, `throws`, `true`, `try`, wildcard

    public var text: String { self == .wildcard ? "_" : String(describing: self) }

    /// The keyword `bytes` spell, or `.none`: the lexer's own table (`text` describes each
    /// keyword by reflection, thousands of instructions a comparison).
    public static func spelled(_ bytes: [UInt8]) -> Keyword {
        bytes.withUnsafeBufferPointer { $0.isEmpty ? .none : table.lookup($0, 0, $0.count) }
    }

    /// Keywords that end an expression (a `/` after them divides).
    var endsExpression: Bool {
        switch self {
        case .self, .Self, .super, .true, .false, .nil, .Any, .`init`: true
        default: false
        }
    }

    /// A flat lookup table, allocated once: the slot for (length, first byte) holds up to four
    /// candidates, each an offset into `spellings` and its keyword. No arrays, no retains.
    struct Table {
        /// 16 lengths × 128 first bytes × 4 candidates; 0 = empty, else keyword raw value.
        let slots: UnsafeMutablePointer<UInt8>
        /// Spelling of each keyword (by raw value), 16 bytes each.
        let spellings: UnsafeMutablePointer<UInt8>

        init() {
            slots = .allocate(capacity: 16 * 128 * 4)
            slots.initialize(repeating: 0, count: 16 * 128 * 4)
            spellings = .allocate(capacity: 256 * 16)
            spellings.initialize(repeating: 0, count: 256 * 16)
            for keyword in Keyword.allCases where keyword != .none {
                let bytes = Array(keyword.text.utf8)
                for (k, byte) in bytes.enumerated() { spellings[Int(keyword.rawValue) * 16 + k] = byte }
                let base = (bytes.count * 128 + Int(bytes[0])) * 4
                var slot = base
                while slots[slot] != 0 { slot += 1 }
                precondition(slot < base + 4, "keyword table slot overflow")
                slots[slot] = keyword.rawValue
            }
        }

        /// The keyword spelled by `length` bytes at `start`, or `.none`.
        @inline(__always) func lookup(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Keyword {
            let first = p[start]
            guard length >= 1, length <= 15, first < 128 else { return .none }
            let base = (length * 128 + Int(first)) * 4
            for slot in base..<base + 4 {
                let raw = slots[slot]
                if raw == 0 { return .none }
                let spelling = spellings + Int(raw) * 16
                var same = true
                for k in 1..<max(1, length) where spelling[k] != p[start + k] { same = false; break }
                if same { return Keyword(rawValue: raw)! }
            }
            return .none
        }
    }

    nonisolated(unsafe) static let table = Table()
}

/// One token: kind, byte range and line, in 16 bytes (a large file has millions). The column is
/// not stored: `SourceFile.column(of:)` computes it from the line table.
public struct Token: Sendable, Equatable {
    public let kind: TokenKind
    /// For `.keyword` tokens, which keyword; `.none` otherwise.
    public let keyword: Keyword
    @usableFromInline let start: UInt32
    @usableFromInline let count: UInt32
    @usableFromInline let lineNumber: UInt32

    @inlinable public var offset: Int { Int(start) }
    @inlinable public var length: Int { Int(count) }
    @inlinable public var end: Int { Int(start) + Int(count) }
    @inlinable public var range: Range<Int> { offset..<end }
    /// 1-based line of the token's first byte.
    @inlinable public var line: Int { Int(lineNumber) }

    public init(kind: TokenKind, keyword: Keyword = .none, offset: Int, length: Int, line: Int) {
        self.kind = kind
        self.keyword = keyword
        start = UInt32(truncatingIfNeeded: offset)
        count = UInt32(truncatingIfNeeded: length)
        lineNumber = UInt32(truncatingIfNeeded: line)
    }

    /// The tokens' bytes one after the other, the whitespace between them dropped
    /// (`Binding < Int >` → `Binding<Int>`): written into the string's own storage a token at a
    /// time; bytes that are not UTF-8 are repaired as `String(decoding:)` repairs them.
    public static func compactText(_ tokens: Slice<UnsafeBufferPointer<Token>>, in bytes: UnsafeBufferPointer<UInt8>)
        -> String
    {
        var total = 0
        for token in tokens { total += token.length }
        return String(unsafeUninitializedCapacity: total) { buffer in
            guard let into = buffer.baseAddress, let from = bytes.baseAddress else { return 0 }
            var written = 0
            for token in tokens {
                (into + written).update(from: from + token.offset, count: token.length)
                written += token.length
            }
            return written
        }
    }
}

/// A lexical problem: unterminated string, comment or regex literal.
public struct LexDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(line):\(column): \(message)" }
}
