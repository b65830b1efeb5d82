/// Line starts of a file, for turning byte offsets into line and column.
public struct LineTable: Sendable {
    /// Byte offset of the first byte of each line; `starts[0] == 0`.
    public let starts: [Int]

    public init(starts: [Int]) {
        self.starts = starts
    }

    /// The line starts of `bytes` as the lexer finds them, without lexing: a line ends at `\n`,
    /// `\r\n` or a lone `\r` (which LSP counts as line breaks too).
    public init(lineStartsOf bytes: [UInt8]) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                starts.append(index + 1)
            }
            index += 1
        }
        self.starts = starts
    }

    /// 1-based line of a byte offset.
    public func line(of offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    public var count: Int { starts.count }
}

/// One Swift file: its bytes, tokens, diagnostics and line table.
public struct SourceFile: Sendable {
    public let path: String
    public let bytes: [UInt8]
    /// Tokens without comments: what the structure pass and rules read.
    public let code: [Token]
    public let comments: [Token]
    public let diagnostics: [LexDiagnostic]
    public let lines: LineTable
    /// Matched brackets of `code`.
    public let brackets: BracketPartners

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        let output = Lexer.tokenize(bytes)
        code = output.code
        comments = output.comments
        diagnostics = output.diagnostics
        lines = LineTable(starts: output.lineStarts)
        brackets = output.brackets
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Every token, comments included, in source order.
    public var tokens: [Token] {
        guard !comments.isEmpty else { return code }
        var merged: [Token] = []
        merged.reserveCapacity(code.count + comments.count)
        var c = 0, k = 0
        while c < code.count || k < comments.count {
            if k == comments.count || (c < code.count && code[c].offset < comments[k].offset) {
                merged.append(code[c]); c += 1
            } else {
                merged.append(comments[k]); k += 1
            }
        }
        return merged
    }

    /// The token's source text (invalid UTF-8 repaired).
    public func text(_ token: Token) -> String {
        String(decoding: bytes[token.offset..<token.end], as: UTF8.self)
    }

    /// Whether the token's bytes equal `literal` (no String is built).
    @inlinable public func token(_ token: Token, is literal: StaticString) -> Bool {
        guard token.length == literal.utf8CodeUnitCount else { return false }
        let base = literal.utf8Start
        for k in 0..<token.length where bytes[token.offset + k] != base[k] { return false }
        return true
    }

    /// The file's bytes and line table: what placing a finding needs, without the tokens.
    public var positions: TextPositions { TextPositions(bytes: bytes, lines: lines) }

    /// The text of one line, without its line break.
    public func lineText(_ line: Int) -> String { positions.lineText(line) }

    /// 1-based column of a token's first byte, counted in bytes (the token dump's column).
    @inlinable public func column(of token: Token) -> Int {
        let line = token.line
        guard line >= 1, line <= lines.count else { return 1 }
        return token.offset - lines.starts[line - 1] + 1
    }

    /// 1-based column of a byte offset counted in characters (Unicode scalars), as editors show it.
    public func characterColumn(of offset: Int, line: Int) -> Int { positions.characterColumn(of: offset, line: line) }
}

/// A file's bytes and line starts: turns byte offsets into what a finding shows (line, column in
/// characters, the line's text). Kept per file after its tokens are dropped.
public struct TextPositions: Sendable {
    public let bytes: [UInt8]
    public let lines: LineTable

    public init(bytes: [UInt8], lines: LineTable) {
        self.bytes = bytes
        self.lines = lines
    }

    /// 1-based line of a byte offset.
    public func line(of offset: Int) -> Int { lines.line(of: offset) }

    /// The text of one line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lines.count else { return "" }
        var end = line < lines.count ? lines.starts[line] : bytes.count
        while end > lines.starts[line - 1], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[lines.starts[line - 1]..<max(end, lines.starts[line - 1])], as: UTF8.self)
    }

    /// The code around a byte offset on its line, trimmed, at most about `width` bytes each side
    /// (`…` where it is cut): a quote for a finding's evidence that costs the same on a 1 MB line.
    public func excerpt(around offset: Int, line: Int, width: Int = 60) -> String {
        guard line >= 1, line <= lines.count else { return "" }
        let lineStart = lines.starts[line - 1]
        var lineEnd = line < lines.count ? lines.starts[line] : bytes.count
        while lineEnd > lineStart, bytes[lineEnd - 1] == 0x0A || bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        var start = max(lineStart, offset - width)
        var end = min(lineEnd, max(offset, lineStart) + width)
        // Whole UTF-8 sequences only, then no surrounding blanks.
        while start > lineStart, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        while end < lineEnd, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let cutBefore = start > lineStart, cutAfter = end < lineEnd
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return (cutBefore ? "…" : "") + text + (cutAfter ? "…" : "")
    }

    /// 1-based column of a byte offset counted in characters (Unicode scalars), as editors show it.
    public func characterColumn(of offset: Int, line: Int) -> Int {
        1 + characterCount(from: lines.starts[line - 1], to: offset)
    }

    /// Characters (Unicode scalars) that start between two byte offsets.
    public func characterCount(from start: Int, to end: Int) -> Int {
        var count = 0
        for index in start..<max(start, min(end, bytes.count)) where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
