/// A byte-level Swift tokenizer: one state machine over UTF-8 bytes, no `String`/`Character` work.
///
/// It covers Swift's lexical grammar: identifiers (Unicode, backticked, `$0`, `$name`), keywords,
/// numbers (hex floats, `_` separators, binary, octal), operators (custom and Unicode ones),
/// attributes, `#` directives and macros, nested block comments, shebang, string literals
/// (single-line, multi-line, raw with any number of `#`, interpolation nested to any depth) and
/// regex literals (`/…/`, `#/…/#`, multi-line extended), told apart from division by what precedes.
/// It never fails: an unterminated literal or comment runs to its end with a diagnostic.
public enum Lexer {
    public struct Output: Sendable {
        /// Every token but comments, in order.
        public var code: [Token]
        /// Comments, in order (kept apart: the structure pass never looks at them).
        public var comments: [Token]
        public var diagnostics: [LexDiagnostic]
        /// Byte offset where each line starts (`\n`, `\r\n` and a lone `\r` end lines).
        public var lineStarts: [Int]
        /// The code tokens' matched brackets, found while lexing.
        public var brackets: BracketPartners
    }

    public static func tokenize(_ bytes: [UInt8]) -> Output {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }

    public static func tokenize(_ buffer: UnsafeBufferPointer<UInt8>) -> Output {
        var finished: Machine?
        var code: [Token] = []
        let capacity = buffer.count / 4 + 64
        var partner = [Int32](unsafeUninitializedCapacity: capacity) { partners, partnersInitialized in
            code = [Token](unsafeUninitializedCapacity: capacity) { tokens, tokensInitialized in
                var machine = Machine(buffer, tokens: TokenBuffer(writingInto: tokens, partners: partners))
                machine.run()
                machine.brackets.finish()
                tokensInitialized = machine.tokens.spilled ? 0 : machine.tokens.count
                finished = machine
            }
            partnersInitialized = finished!.tokens.spilled ? 0 : finished!.tokens.count
        }
        let machine = finished!
        if machine.tokens.spilled {
            code = Array(UnsafeBufferPointer(start: machine.tokens.base, count: machine.tokens.count))
            partner = Array(UnsafeBufferPointer(start: machine.tokens.partner, count: machine.tokens.count))
            machine.tokens.base.deallocate()
            machine.tokens.partner.deallocate()
        }
        return Output(
            code: code, comments: machine.comments, diagnostics: machine.diagnostics, lineStarts: machine.lineStarts,
            brackets: BracketPartners(partner: partner, backwards: machine.brackets.backwards))
    }
}

// Byte classes, one table lookup per byte.
private enum ByteClass {
    static let identifierStart: UInt8 = 1
    static let identifierBody: UInt8 = 2
    static let operatorChar: UInt8 = 4
    static let digit: UInt8 = 8
    static let space: UInt8 = 16
    /// `(`, `)`, `[`, `]`, `{`, `}`.
    static let bracket: UInt8 = 32

    /// Allocated once and never freed: the lexer reads it without bounds checks or retains.
    nonisolated(unsafe) static let table: UnsafeBufferPointer<UInt8> = {
        let table = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = identifierStart | identifierBody }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = identifierStart | identifierBody }
        table[Int(UInt8(ascii: "_"))] = identifierStart | identifierBody
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = identifierBody | digit }
        for byte in 0x80...0xFF { table[byte] = identifierStart | identifierBody }
        for byte in "/=-+!*%<>&|^~?".utf8 { table[Int(byte)] = operatorChar }
        for byte in [0x20, 0x09, 0x00, 0x0B, 0x0C] { table[byte] = space }
        for byte in "()[]{}".utf8 { table[Int(byte)] = bracket }
        return UnsafeBufferPointer(table)
    }()
}

/// Token storage the machine appends to without copy-on-write checks: it writes straight into
/// the result array's memory, sized from the file (a quarter token per byte is far above real
/// code's ~0.2). A denser file spills into a growable buffer, copied once at the end.
private struct TokenBuffer {
    var base: UnsafeMutablePointer<Token>
    /// Each token's bracket partner (-1 until matched), parallel to `base`.
    var partner: UnsafeMutablePointer<Int32>
    var capacity: Int
    var count = 0
    /// Whether the buffers are the spill (owned here) rather than the result arrays' memory.
    var spilled = false

    init(writingInto memory: UnsafeMutableBufferPointer<Token>, partners: UnsafeMutableBufferPointer<Int32>) {
        base = memory.baseAddress!
        partner = partners.baseAddress!
        capacity = min(memory.count, partners.count)
    }

    @inline(__always) mutating func append(_ token: Token) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        (partner + count).initialize(to: -1)
        count += 1
    }

    mutating func grow() {
        let bigger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        let biggerPartner = UnsafeMutablePointer<Int32>.allocate(capacity: capacity * 2)
        bigger.initialize(from: base, count: count)
        biggerPartner.initialize(from: partner, count: count)
        if spilled {
            base.deallocate()
            partner.deallocate()
        }
        base = bigger
        partner = biggerPartner
        capacity *= 2
        spilled = true
    }
}

private struct InterpolationFrame {
    var hashes: Int
    var multiline: Bool
    var parenDepth: Int
}

private struct Machine {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    var i = 0
    var line = 1
    var lineStart = 0
    var tokens: TokenBuffer
    var brackets = BracketMatcher()
    var comments: [Token] = []
    var diagnostics: [LexDiagnostic] = []
    var interpolations: [InterpolationFrame] = []
    /// Whether the last code token can end an expression (then `/` is division, not a regex).
    var lastEndsExpression = false
    let classes: UnsafeBufferPointer<UInt8>
    let keywords: Keyword.Table
    /// Byte offset of each line's first byte (a lone `\r` ends a line too).
    var lineStarts: [Int] = [0]

    init(_ buffer: UnsafeBufferPointer<UInt8>, tokens: TokenBuffer) {
        p = buffer
        n = buffer.count
        classes = ByteClass.table
        keywords = Keyword.table
        self.tokens = tokens
        lineStarts.reserveCapacity(n / 30 + 1)
    }

    @inline(__always) func byte(_ index: Int) -> UInt8 { index < n ? p[index] : 0 }
    @inline(__always) func cls(_ value: UInt8) -> UInt8 { classes[Int(value)] }

    @inline(__always) mutating func emit(
        _ kind: TokenKind, _ start: Int, _ end: Int, keyword: Keyword = .none, line startLine: Int
    ) {
        let token = Token(kind: kind, keyword: keyword, offset: start, length: end - start, line: startLine)
        if kind == .comment {
            comments.append(token)
            return
        }
        tokens.append(token)
        switch kind {
        case .comment: break
        case .identifier, .number, .regex: lastEndsExpression = true
        case .string:
            lastEndsExpression = true
            // Only interpolation segments (`)…` or `…\(`) take part in bracket matching.
            if p[start] == UInt8(ascii: ")") || p[end - 1] == UInt8(ascii: "(") {
                brackets.visit(token, at: tokens.count - 1, bytes: p, partner: tokens.partner)
            }
        case .keyword: lastEndsExpression = keyword.endsExpression
        case .punctuation:
            let first = p[start]
            if cls(first) & ByteClass.bracket != 0 {
                brackets.visit(token, at: tokens.count - 1, bytes: p, partner: tokens.partner)
            }
            lastEndsExpression = first == UInt8(ascii: ")") || first == UInt8(ascii: "]") || first == UInt8(ascii: "}")
        case .attribute, .directive: lastEndsExpression = false
        case .operator: break // set by the operator lexer (postfix operators end expressions)
        }
    }

    /// Emits a token starting on the current line.
    @inline(__always) mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, keyword: Keyword = .none) {
        emit(kind, start, end, keyword: keyword, line: line)
    }

    /// `\n`, or a `\r` not followed by `\n` (a `\r\n` pair counts once, at its `\n`).
    @inline(__always) func isLineBreak(at index: Int) -> Bool {
        let c = p[index]
        return c == 0x0A || (c == 0x0D && byte(index + 1) != 0x0A)
    }

    @inline(__always) mutating func newline(at index: Int) {
        line += 1
        lineStart = index + 1
        lineStarts.append(index + 1)
    }

    mutating func diagnose(_ message: String, at offset: Int, line: Int, lineStart: Int) {
        diagnostics.append(LexDiagnostic(offset: offset, line: line, column: offset - lineStart + 1, message: message))
    }

    mutating func run() {
        if n >= 2, p[0] == UInt8(ascii: "#"), p[1] == UInt8(ascii: "!") {
            var j = 2
            while j < n, p[j] != 0x0A, p[j] != 0x0D { j += 1 }
            emit(.comment, 0, j)
            i = j
        }
        while i < n {
            let c = p[i]
            let kind = cls(c)
            if kind & ByteClass.space != 0 { i += 1; continue }
            if kind & ByteClass.identifierStart != 0 {
                if c >= 0x80, let length = unicodeOperatorLength(at: i), length > 0 {
                    lexOperator(from: i)
                } else {
                    lexIdentifier(from: i)
                }
                continue
            }
            if kind & ByteClass.digit != 0 { lexNumber(); continue }
            switch c {
            case 0x0A:
                newline(at: i)
                i += 1
            case 0x0D:
                if byte(i + 1) != 0x0A { newline(at: i) }
                i += 1
            case UInt8(ascii: "\""):
                lexString(from: i, hashes: 0)
            case UInt8(ascii: "#"):
                lexHash()
            case UInt8(ascii: "@"):
                if cls(byte(i + 1)) & ByteClass.identifierStart != 0 {
                    let end = identifierEnd(from: i + 1)
                    emit(.attribute, i, end)
                    i = end
                } else {
                    single(.punctuation)
                }
            case UInt8(ascii: "/"):
                let next = byte(i + 1)
                if next == UInt8(ascii: "/") {
                    lexLineComment()
                } else if next == UInt8(ascii: "*") {
                    lexBlockComment()
                } else if !lastEndsExpression, lexBareRegex() {
                    // lexed
                } else {
                    lexOperator(from: i)
                }
            case UInt8(ascii: "("):
                if !interpolations.isEmpty { interpolations[interpolations.count - 1].parenDepth += 1 }
                single(.punctuation)
            case UInt8(ascii: ")"):
                if let frame = interpolations.last {
                    if frame.parenDepth == 0 {
                        interpolations.removeLast()
                        scanStringBody(
                            tokenStart: i, from: i + 1, hashes: frame.hashes, multiline: frame.multiline,
                            line: line, lineStart: lineStart)
                        continue
                    }
                    interpolations[interpolations.count - 1].parenDepth -= 1
                }
                single(.punctuation)
            case UInt8(ascii: "."):
                if byte(i + 1) == UInt8(ascii: ".") {
                    lexOperator(from: i)
                } else {
                    single(.punctuation)
                }
            case UInt8(ascii: "-"):
                if byte(i + 1) == UInt8(ascii: ">") {
                    emit(.punctuation, i, i + 2)
                    i += 2
                } else {
                    lexOperator(from: i)
                }
            case UInt8(ascii: "`"):
                var j = i + 1
                while j < n, p[j] != UInt8(ascii: "`"), p[j] != 0x0A, p[j] != 0x0D { j += 1 }
                if j < n, p[j] == UInt8(ascii: "`"), j > i + 1 {
                    emit(.identifier, i, j + 1)
                    i = j + 1
                } else {
                    single(.punctuation)
                }
            case UInt8(ascii: "$"):
                let end = identifierEnd(from: i + 1)
                emit(.identifier, i, end)
                i = end
            default:
                if kind & ByteClass.operatorChar != 0 {
                    lexOperator(from: i)
                } else {
                    single(.punctuation)
                }
            }
        }
    }

    @inline(__always) mutating func single(_ kind: TokenKind) {
        emit(kind, i, i + 1)
        i += 1
    }

    // MARK: Identifiers and keywords

    @inline(__always) func identifierEnd(from start: Int) -> Int {
        var j = start
        while j < n {
            let c = p[j]
            if c < 0x80 {
                if cls(c) & ByteClass.identifierBody == 0 { break }
                j += 1
            } else {
                if let length = unicodeOperatorLength(at: j), length > 0 { break }
                j += 1
            }
        }
        return j
    }

    mutating func lexIdentifier(from start: Int) {
        let end = identifierEnd(from: start)
        let length = end - start
        let keyword = keywords.lookup(p, start, length)
        if keyword != .none {
            emit(.keyword, start, end, keyword: keyword)
        } else {
            emit(.identifier, start, end)
        }
        i = end
    }

    /// Length in bytes of the scalar at `index` if it is one of Swift's Unicode operator characters.
    func unicodeOperatorLength(at index: Int) -> Int? {
        let lead = p[index]
        var scalar: UInt32
        var length: Int
        if lead & 0xE0 == 0xC0 {
            scalar = UInt32(lead & 0x1F); length = 2
        } else if lead & 0xF0 == 0xE0 {
            scalar = UInt32(lead & 0x0F); length = 3
        } else if lead & 0xF8 == 0xF0 {
            scalar = UInt32(lead & 0x07); length = 4
        } else {
            return nil
        }
        guard index + length <= n else { return nil }
        for k in 1..<length {
            let b = p[index + k]
            guard b & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(b & 0x3F)
        }
        return Self.isOperatorScalar(scalar) ? length : 0
    }

    /// Swift's operator-head and operator-character ranges outside ASCII.
    static func isOperatorScalar(_ s: UInt32) -> Bool {
        switch s {
        case 0x00A1...0x00A7, 0x00A9, 0x00AB, 0x00AC, 0x00AE, 0x00B0, 0x00B1, 0x00B6, 0x00BB, 0x00BF, 0x00D7, 0x00F7,
            0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
            0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3020,
            0x3030:
            return true
        default:
            return false
        }
    }

    // MARK: Numbers

    mutating func lexNumber() {
        let start = i
        var j = i
        func isHex(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46) || c == UInt8(ascii: "_")
        }
        func isDigit(_ c: UInt8) -> Bool { (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "_") }
        let second = byte(j + 1)
        if p[j] == UInt8(ascii: "0"), second == UInt8(ascii: "x") || second == UInt8(ascii: "X") {
            j += 2
            while j < n, isHex(p[j]) { j += 1 }
            if byte(j) == UInt8(ascii: "."), j + 1 < n, isHex(p[j + 1]), p[j + 1] != UInt8(ascii: "_") {
                j += 1
                while j < n, isHex(p[j]) { j += 1 }
            }
            if byte(j) == UInt8(ascii: "p") || byte(j) == UInt8(ascii: "P") {
                var k = j + 1
                if byte(k) == UInt8(ascii: "+") || byte(k) == UInt8(ascii: "-") { k += 1 }
                if k < n, isDigit(p[k]) {
                    j = k
                    while j < n, isDigit(p[j]) { j += 1 }
                }
            }
        } else if p[j] == UInt8(ascii: "0"), second == UInt8(ascii: "b") || second == UInt8(ascii: "o") {
            j += 2
            while j < n, isDigit(p[j]) { j += 1 }
        } else {
            while j < n, isDigit(p[j]) { j += 1 }
            if byte(j) == UInt8(ascii: "."), j + 1 < n, p[j + 1] >= 0x30, p[j + 1] <= 0x39 {
                j += 1
                while j < n, isDigit(p[j]) { j += 1 }
            }
            if byte(j) == UInt8(ascii: "e") || byte(j) == UInt8(ascii: "E") {
                var k = j + 1
                if byte(k) == UInt8(ascii: "+") || byte(k) == UInt8(ascii: "-") { k += 1 }
                if k < n, p[k] >= 0x30, p[k] <= 0x39 {
                    j = k
                    while j < n, isDigit(p[j]) { j += 1 }
                }
            }
        }
        // Tolerate malformed literals such as `1abc`: one token, as the compiler's lexer does.
        while j < n, p[j] < 0x80, cls(p[j]) & ByteClass.identifierBody != 0 { j += 1 }
        emit(.number, start, j)
        i = j
    }

    // MARK: Operators

    mutating func lexOperator(from start: Int) {
        var j = start
        let dotOperator = p[start] == UInt8(ascii: ".")
        while j < n {
            let c = p[j]
            if c == UInt8(ascii: "/"), j > start, byte(j + 1) == UInt8(ascii: "/") || byte(j + 1) == UInt8(ascii: "*") {
                break
            }
            if c == UInt8(ascii: ".") {
                if !dotOperator { break }
                j += 1
                continue
            }
            if c < 0x80 {
                if cls(c) & ByteClass.operatorChar == 0 { break }
                // `->` inside a run (`)->`) is punctuation of its own.
                if c == UInt8(ascii: "-"), j > start, byte(j + 1) == UInt8(ascii: ">") { break }
                j += 1
            } else if let length = unicodeOperatorLength(at: j), length > 0 {
                j += length
            } else {
                break
            }
        }
        if j == start { j = start + 1 }
        let before = start > 0 ? p[start - 1] : 0x20
        let after = byte(j)
        let leftBound = !Self.isLeftDelimiter(before)
        let rightBound = !Self.isRightDelimiter(after)
        let endsExpression = lastEndsExpression && leftBound && !rightBound
        emit(.operator, start, j)
        // A postfix operator (`x! / 2`) still ends an expression.
        lastEndsExpression = endsExpression
        i = j
    }

    static func isLeftDelimiter(_ c: UInt8) -> Bool {
        switch c {
        case 0x20, 0x09, 0x0A, 0x0D, 0x00, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            true
        default: false
        }
    }

    static func isRightDelimiter(_ c: UInt8) -> Bool {
        switch c {
        case 0x20, 0x09, 0x0A, 0x0D, 0x00, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            true
        default: false
        }
    }

    // MARK: Comments

    mutating func lexLineComment() {
        var j = i + 2
        while j < n, p[j] != 0x0A, p[j] != 0x0D { j += 1 }
        emit(.comment, i, j)
        i = j
    }

    mutating func lexBlockComment() {
        let start = i, startLine = line, startLineStart = lineStart
        var depth = 1
        var j = i + 2
        while j < n {
            let c = p[j]
            if c == UInt8(ascii: "*"), byte(j + 1) == UInt8(ascii: "/") {
                depth -= 1
                j += 2
                if depth == 0 { break }
            } else if c == UInt8(ascii: "/"), byte(j + 1) == UInt8(ascii: "*") {
                depth += 1
                j += 2
            } else {
                if isLineBreak(at: j) { newline(at: j) }
                j += 1
            }
        }
        if depth > 0 { diagnose("unterminated block comment", at: start, line: startLine, lineStart: startLineStart) }
        emit(.comment, start, j, line: startLine)
        i = j
    }

    // MARK: `#`: raw strings, extended regexes, directives, shebang

    mutating func lexHash() {
        var k = i
        while k < n, p[k] == UInt8(ascii: "#") { k += 1 }
        let hashes = k - i
        let next = byte(k)
        if next == UInt8(ascii: "\"") {
            lexString(from: i, hashes: hashes)
        } else if next == UInt8(ascii: "/") {
            lexExtendedRegex(hashes: hashes)
        } else if hashes == 1, cls(next) & ByteClass.identifierStart != 0 {
            let end = identifierEnd(from: k)
            emit(.directive, i, end)
            i = end
        } else {
            single(.punctuation)
        }
    }

    // MARK: Strings

    /// `start` is the first `#` (or the quote); `hashes` the raw delimiter length.
    mutating func lexString(from start: Int, hashes: Int) {
        var j = start + hashes
        var multiline = false
        if byte(j + 1) == UInt8(ascii: "\""), byte(j + 2) == UInt8(ascii: "\""),
            hashes == 0 || opensMultilineLiteral(after: j + 3)
        {
            multiline = true
            j += 3
        } else {
            j += 1
        }
        scanStringBody(
            tokenStart: start, from: j, hashes: hashes, multiline: multiline, line: line, lineStart: lineStart)
    }

    /// A raw `#"""` opens a multi-line literal only when nothing but spaces and tabs follow it on its
    /// line (as the compiler reads it); `#"""#` is a one-character raw string holding `"`, and
    /// `#""""a""#` a single-line one starting with `"`.
    func opensMultilineLiteral(after index: Int) -> Bool {
        var k = index
        while byte(k) == UInt8(ascii: " ") || byte(k) == UInt8(ascii: "\t") { k += 1 }
        return k >= n || byte(k) == 0x0A || byte(k) == 0x0D
    }

    /// Scans literal text up to the closing delimiter or an interpolation `\(` (`\#(` in raw strings),
    /// emitting the segment as a `string` token.
    mutating func scanStringBody(
        tokenStart: Int, from: Int, hashes: Int, multiline: Bool, line startLine: Int, lineStart startLineStart: Int
    ) {
        var j = from
        while j < n {
            let c = p[j]
            if c == UInt8(ascii: "\\") {
                var k = j + 1
                var matched = 0
                while matched < hashes, k < n, p[k] == UInt8(ascii: "#") { matched += 1; k += 1 }
                if matched == hashes {
                    if byte(k) == UInt8(ascii: "(") {
                        emit(.string, tokenStart, k + 1, line: startLine)
                        interpolations.append(InterpolationFrame(hashes: hashes, multiline: multiline, parenDepth: 0))
                        lastEndsExpression = false
                        i = k + 1
                        return
                    }
                    // An escape: skip the escaped byte (but count a line continuation's newline).
                    if k < n {
                        // `\` before a line break: the main loop counts the line (or ends a single-line string).
                        if p[k] == 0x0A || p[k] == 0x0D { j = k; continue }
                        j = k + 1
                    } else {
                        j = k
                    }
                    continue
                }
                j = k
                continue
            }
            if c == UInt8(ascii: "\"") {
                var end = j + 1
                if multiline {
                    guard byte(j + 1) == UInt8(ascii: "\""), byte(j + 2) == UInt8(ascii: "\"") else { j += 1; continue }
                    end = j + 3
                }
                var matched = 0
                while matched < hashes, end < n, p[end] == UInt8(ascii: "#") { matched += 1; end += 1 }
                if matched == hashes {
                    emit(.string, tokenStart, end, line: startLine)
                    i = end
                    return
                }
                j += 1
                continue
            }
            if c == 0x0A || c == 0x0D {
                if !multiline {
                    diagnose("unterminated string literal", at: tokenStart, line: startLine, lineStart: startLineStart)
                    emit(.string, tokenStart, j, line: startLine)
                    // An interpolation cannot outlive its line in a single-line string.
                    i = j
                    return
                }
                if isLineBreak(at: j) { newline(at: j) }
            }
            j += 1
        }
        diagnose("unterminated string literal", at: tokenStart, line: startLine, lineStart: startLineStart)
        emit(.string, tokenStart, n, line: startLine)
        i = n
    }

    // MARK: Regex literals

    /// `/…/` where a regex may start (not after an expression). Swift's rules: it may not start with
    /// a space or tab, must end on its line, may not end with a space, and a `)` it does not open
    /// ends the attempt (as in `foo(a, /)`). Returns false when it is division after all.
    mutating func lexBareRegex() -> Bool {
        let start = i
        let first = byte(start + 1)
        if first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D || start + 1 >= n { return false }
        var j = start + 1
        var classDepth = 0
        var parens = 0
        while j < n {
            let c = p[j]
            if c == 0x0A || c == 0x0D { return false }
            if c == UInt8(ascii: "\\") {
                if j + 1 < n, p[j + 1] == 0x0A || p[j + 1] == 0x0D { return false }
                j += 2
                continue
            }
            if c == UInt8(ascii: "[") {
                classDepth += 1
            } else if c == UInt8(ascii: "]") {
                if classDepth > 0 { classDepth -= 1 }
            } else if classDepth == 0 {
                if c == UInt8(ascii: "(") {
                    parens += 1
                } else if c == UInt8(ascii: ")") {
                    parens -= 1; if parens < 0 { return false }
                } else if c == UInt8(ascii: "/") {
                    let last = p[j - 1]
                    if last == 0x20 || last == 0x09 { return false }
                    emit(.regex, start, j + 1)
                    i = j + 1
                    return true
                }
            }
            j += 1
        }
        return false
    }

    /// `#/…/#` (any number of `#`); multi-line when `#/` ends its line.
    mutating func lexExtendedRegex(hashes: Int) {
        let start = i, startLine = line, startLineStart = lineStart
        var j = start + hashes + 1
        let multiline = byte(j) == 0x0A || (byte(j) == 0x0D && byte(j + 1) == 0x0A)
        while j < n {
            let c = p[j]
            if c == 0x0A || c == 0x0D {
                if !multiline { break }
                if isLineBreak(at: j) { newline(at: j) }
            } else if c == UInt8(ascii: "\\") {
                if j + 1 < n, isLineBreak(at: j + 1) { newline(at: j + 1) }
                j += 2
                continue
            } else if c == UInt8(ascii: "/") {
                var end = j + 1
                var matched = 0
                while matched < hashes, end < n, p[end] == UInt8(ascii: "#") { matched += 1; end += 1 }
                if matched == hashes {
                    emit(.regex, start, end, line: startLine)
                    i = end
                    return
                }
            }
            j += 1
        }
        diagnose("unterminated regex literal", at: start, line: startLine, lineStart: startLineStart)
        emit(.regex, start, j, line: startLine)
        i = j
    }
}
