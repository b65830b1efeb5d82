import SwiftLexer

/// How LSP positions count a line's characters, as `initialize` agreed (LSP 3.17
/// `positionEncoding`): UTF-16 code units unless the client offers another.
enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding for a client offering `offered` (`general.positionEncodings`): bytes, or else
    /// Unicode scalars, when it takes them, as the linter counts those; UTF-16 otherwise, which
    /// every client takes.
    static func negotiated(offered: [String]) -> PositionEncoding {
        if offered.contains(PositionEncoding.utf8.rawValue) { return .utf8 }
        if offered.contains(PositionEncoding.utf32.rawValue) { return .utf32 }
        return .utf16
    }

    /// The code units a UTF-8 byte adds: a scalar's units are counted at its first byte. A stray
    /// continuation byte adds none, as the linter counts no scalar for it.
    @inline(__always) func units(of byte: UInt8) -> Int {
        switch self {
        case .utf8: 1
        case .utf16: byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
        case .utf32: byte & 0xC0 == 0x80 ? 0 : 1
        }
    }
}

/// A 0-based line and a column in the negotiated encoding's code units.
struct LSPPosition: Equatable, Sendable {
    var line: Int
    var character: Int

    var json: JSON { ["line": .number(Double(line)), "character": .number(Double(character))] }

    /// `position` in a request's parameters, when it has whole numbers.
    init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int else { return nil }
        self.init(line: line, character: character)
    }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

struct LSPRange: Equatable, Sendable {
    var start: LSPPosition
    var end: LSPPosition

    /// An empty range at the start of a 0-based line.
    static func startOf(line: Int) -> LSPRange {
        let start = LSPPosition(line: line, character: 0)
        return LSPRange(start: start, end: start)
    }

    var json: JSON { ["start": start.json, "end": end.json] }

    /// Whether `position` is on the range's first line, within it (either end included).
    func contains(_ position: LSPPosition) -> Bool {
        position.line == start.line && start.character <= position.character
            && (end.line > start.line || position.character <= end.character)
    }
}

/// One buffer's bytes and lines, and the negotiated encoding: turns byte offsets and the linter's
/// places (1-based line, 1-based column in Unicode scalars) into LSP positions and back. Lines end
/// at `\n`, `\r\n` or a lone `\r`, as the lexer and LSP end them. Each lookup walks one line.
struct DocumentPositions {
    let bytes: [UInt8]
    let lines: LineTable
    let encoding: PositionEncoding

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        lines = LineTable(lineStartsOf: bytes)
        self.encoding = encoding
    }

    /// The bytes of a 0-based line, without its line break (empty past the last line).
    func lineRange(lspLine line: Int) -> Range<Int> {
        guard line >= 0, line < lines.count else { return bytes.count..<bytes.count }
        let start = lines.starts[line]
        var end = line + 1 < lines.count ? lines.starts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// A byte offset as an LSP position (clamped to the text).
    func position(of offset: Int) -> LSPPosition {
        let offset = max(0, min(offset, bytes.count))
        let line = lines.line(of: offset) - 1
        var character = 0
        for index in lines.starts[line]..<offset { character += encoding.units(of: bytes[index]) }
        return LSPPosition(line: line, character: character)
    }

    func range(of bytes: Range<Int>) -> LSPRange {
        LSPRange(start: position(of: bytes.lowerBound), end: position(of: bytes.upperBound))
    }

    /// An LSP position as a byte offset: one past a line's end is its end (LSP's rule), one past
    /// the last line the text's end, one inside a scalar the end of that scalar.
    func offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lines.count else { return bytes.count }
        let line = lineRange(lspLine: position.line)
        var offset = line.lowerBound
        var units = 0
        while offset < line.upperBound {
            if units >= position.character, bytes[offset] & 0xC0 != 0x80 { break }
            units += encoding.units(of: bytes[offset])
            offset += 1
        }
        return offset
    }

    /// The byte offset of the linter's place: 1-based line, 1-based column in Unicode scalars
    /// (a column past the line's end is its end).
    func offset(line: Int, column: Int) -> Int {
        let line = lineRange(lspLine: max(0, line - 1))
        var offset = line.lowerBound
        var scalars = 0
        while offset < line.upperBound {
            if bytes[offset] & 0xC0 != 0x80 {
                if scalars >= column - 1 { break }
                scalars += 1
            }
            offset += 1
        }
        return offset
    }

    /// The bytes of the word that starts at the linter's place, sigil included (one scalar, with
    /// the marks on it, when no word does), so the squiggle marks the name.
    func wordRange(line: Int, column: Int) -> Range<Int> {
        let start = offset(line: line, column: column)
        let lineEnd = lineRange(lspLine: max(0, line - 1)).upperBound
        var end = start
        // `@State`, `.constant`, `$page`: the sigil belongs to the name it marks.
        if end < lineEnd,
            [UInt8(ascii: "@"), UInt8(ascii: "."), UInt8(ascii: "$"), UInt8(ascii: "#")].contains(bytes[end])
        {
            end += 1
        }
        while end < lineEnd, let (scalar, length) = scalar(at: end, before: lineEnd), Self.isWordPart(scalar) {
            end += length
        }
        if end == start, end < lineEnd {
            end += scalar(at: end, before: lineEnd)?.length ?? 1
            while end < lineEnd, let (scalar, length) = scalar(at: end, before: lineEnd), Self.isMark(scalar) {
                end += length
            }
        }
        return start..<end
    }

    /// The finding's word (see `wordRange`) as an LSP range.
    func range(line: Int, column: Int) -> LSPRange { range(of: wordRange(line: line, column: column)) }

    /// The scalar whose UTF-8 starts at `offset`, and its length; nil for bytes that are not one.
    private func scalar(at offset: Int, before end: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, offset + length <= end else { return nil }
        var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
        for index in (offset + 1)..<(offset + length) {
            guard bytes[index] & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(bytes[index] & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// Letters, digits, `_` and the marks combined with them: what a name is written in.
    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil || isMark(scalar)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
