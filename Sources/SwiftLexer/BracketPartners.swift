/// Matched brackets of a file's code tokens: `(`/`)`, `[`/`]`, `{`/`}` and the string segments
/// around an interpolation (`"a \(` … `) b"`). One `Int32` per token holds the partner: the closer
/// for an opener, the opener for a closer. A segment between two interpolations (`) and \(`) is
/// both; its opener lives in a short side list.
public struct BracketPartners: Sendable {
    let partner: [Int32]
    /// Tokens that close one interpolation and open the next, with the opener they close; by token.
    let backwards: [(token: Int32, opener: Int32)]

    /// `closing[i]`: the closer of opener `i`, or -1.
    public struct Closing: Sendable {
        @usableFromInline let partner: [Int32]
        @inlinable public subscript(index: Int) -> Int32 {
            let other = partner[index]
            return other > Int32(truncatingIfNeeded: index) ? other : -1
        }
    }

    /// `opening[i]`: the opener of closer `i`, or -1.
    public struct Opening: Sendable {
        @usableFromInline let partner: [Int32]
        @usableFromInline let backwards: [(token: Int32, opener: Int32)]
        @inlinable public subscript(index: Int) -> Int32 {
            let other = partner[index]
            if other < Int32(truncatingIfNeeded: index) { return other }
            return backwards.isEmpty ? -1 : opener(ofSegment: index)
        }

        @usableFromInline func opener(ofSegment index: Int) -> Int32 {
            var low = 0, high = backwards.count
            while low < high {
                let mid = (low + high) / 2
                if Int(backwards[mid].token) < index { low = mid + 1 } else { high = mid }
            }
            return low < backwards.count && Int(backwards[low].token) == index ? backwards[low].opener : -1
        }
    }

    public var closing: Closing { Closing(partner: partner) }
    public var opening: Opening { Opening(partner: partner, backwards: backwards) }

    init(partner: [Int32], backwards: [(token: Int32, opener: Int32)]) {
        self.partner = partner
        self.backwards = backwards
    }

    /// Matches the brackets of an already lexed file (the lexer does the same as it goes).
    init(_ code: [Token], bytes: [UInt8]) {
        var matcher = BracketMatcher()
        let partner = [Int32](unsafeUninitializedCapacity: code.count) { partner, initialized in
            partner.initialize(repeating: -1)
            initialized = code.count
            bytes.withUnsafeBufferPointer { bytes in
                for (index, token) in code.enumerated() {
                    matcher.visit(token, at: index, bytes: bytes, partner: partner.baseAddress!)
                }
            }
            matcher.finish()
        }
        self.init(partner: partner, backwards: matcher.backwards)
    }
}

/// Bracket matching one code token at a time, with an explicit stack (no recursion, so any nesting
/// depth is safe). A stray closer is skipped; openers left unclosed keep no partner (-1).
struct BracketMatcher {
    /// Openers waiting for their closer: token index and the byte that closes it. A plain buffer
    /// (freed by `finish()`): pushes and pops are on every bracket of every file.
    private var stack: UnsafeMutablePointer<(index: Int32, closer: UInt8)>
    private var capacity = 64
    private var depth = 0
    var backwards: [(token: Int32, opener: Int32)] = []

    init() { stack = .allocate(capacity: capacity) }

    /// Frees the stack; call once, when the last token is visited.
    func finish() { stack.deallocate() }

    @inline(__always) private mutating func push(_ index: Int, _ closer: UInt8) {
        if depth == capacity {
            let bigger = UnsafeMutablePointer<(index: Int32, closer: UInt8)>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: stack, count: depth)
            stack.deallocate()
            stack = bigger
            capacity *= 2
        }
        (stack + depth).initialize(to: (Int32(truncatingIfNeeded: index), closer))
        depth += 1
    }

    /// `partner[index]` must already be -1.
    @inline(never) mutating func visit(
        _ token: Token, at index: Int, bytes: UnsafeBufferPointer<UInt8>, partner: UnsafeMutablePointer<Int32>
    ) {
        // Only punctuation and string segments can be brackets: read no byte for the rest.
        guard token.kind == .punctuation || token.kind == .string else { return }
        let first = bytes[token.offset]
        var closer: UInt8 = 0
        if token.kind == .string {
            if first == UInt8(ascii: ")") { closer = first }
        } else if token.length == 1 {
            switch first {
            case UInt8(ascii: "("): push(index, UInt8(ascii: ")")); return
            case UInt8(ascii: "["): push(index, UInt8(ascii: "]")); return
            case UInt8(ascii: "{"): push(index, UInt8(ascii: "}")); return
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): closer = first
            default: return
            }
        } else {
            return
        }
        var closedOpener: Int32 = -1
        if closer != 0 {
            // Pop to the nearest opener of this kind, if one is near; otherwise ignore the closer.
            var level = depth - 1
            while level >= 0, stack[level].closer != closer, depth - level <= 8 { level -= 1 }
            if level >= 0, stack[level].closer == closer {
                closedOpener = stack[level].index
                depth = level
                partner[Int(closedOpener)] = Int32(index)
                partner[index] = closedOpener
            }
        }
        // An interpolation opener (a string segment ending in `\(` or `\#…#(`) opens after closing.
        if token.kind == .string, token.length >= 2, bytes[token.end - 1] == UInt8(ascii: "("),
            bytes[token.end - 2] == UInt8(ascii: "\\") || bytes[token.end - 2] == UInt8(ascii: "#")
        {
            push(index, UInt8(ascii: ")"))
            if closedOpener >= 0 { backwards.append((Int32(index), closedOpener)) }
        }
    }
}
