import Foundation
import Support
import SwiftLexer
import SwiftUIModel

/// What a file's team rules share, each part built on first use by whichever rule needs it and
/// then reused by the others: the byte pairs that occur (a quick "cannot match here"), SwiftLint's
/// syntax kinds, and the text as UTF-16 for `NSRegularExpression` with the offset maps back to
/// bytes. The rules of one file run on one thread; the lock only keeps a shared file safe.
public final class TeamFileIndex: @unchecked Sendable {
    public let structure: Structure
    private let lock = NSLock()
    private var gramsStore: ByteGrams?
    private var relativeStore: (root: String, path: String?)?
    private var kindsStore: SwiftLintKindMap?
    private var textStore: RegexText??
    private var absoluteStore: String?
    private var textLinesStore: [Bool]?
    private var asciiStore: Bool?
    private var utf8Store: Bool?
    private var bucketsStore: TokenBuckets?

    public init(_ structure: Structure) { self.structure = structure }

    public var bytes: [UInt8] { structure.file.bytes }

    /// Which four-byte sequences occur in the file.
    var grams: ByteGrams {
        lock.withLock {
            if let gramsStore { return gramsStore }
            let made = ByteGrams(structure.file.bytes)
            gramsStore = made
            return made
        }
    }

    /// The code tokens grouped by keyword, one-byte text and literal (for rules that start there).
    var buckets: TokenBuckets {
        lock.withLock {
            if let bucketsStore { return bucketsStore }
            let made = TokenBuckets(code: structure.code, bytes: structure.file.bytes)
            bucketsStore = made
            return made
        }
    }

    /// The file's path below `root` (the configuration's folder), worked out once for all rules.
    func relativePath(to root: String?) -> String? {
        guard let root else { return nil }
        return lock.withLock {
            if let relativeStore, relativeStore.root == root { return relativeStore.path }
            let made = PathScope.relative(absolutePathUnlocked, to: root)
            relativeStore = (root, made)
            return made
        }
    }

    /// SwiftLint's syntax kinds of the file's bytes.
    public var kinds: SwiftLintKindMap {
        lock.withLock {
            if let kindsStore { return kindsStore }
            let made = SwiftLintKindMap(structure)
            kindsStore = made
            return made
        }
    }

    /// The kinds of the spans touching `range`: from the tokens there when they tell
    /// (`SwiftLintKindClassifier.localKinds`: a keyword, a literal, a comment in a non-empty
    /// range), else from the whole file's map, made once. Most matches a kind filter tests are a keyword or text
    /// in a string or comment; the map classified every token of the file for them.
    func kinds(touching range: Range<Int>) -> SwiftLintKindSet {
        if let local = SwiftLintKindClassifier(s: structure, reserving: false).localKinds(touching: range) {
            return local
        }
        return kinds.kinds(touching: range)
    }

    /// `kinds` (those touching `range`) with each comment's one kind replaced by the kinds of the
    /// pieces of it the range touches, as SourceKit splits a comment (`SourceKitCommentKinds`).
    func sourceKitKinds(_ kinds: SwiftLintKindSet, touching range: Range<Int>) -> SwiftLintKindSet {
        var set = kinds.subtracting(SwiftLintKindSet([.comment, .docComment]))
        let comments = structure.file.comments
        let classifier = SwiftLintKindClassifier(s: structure, reserving: false)
        var k = comments.partitioningIndex { $0.end > range.lowerBound }
        while k < comments.count,
            comments[k].offset < range.upperBound || (range.isEmpty && comments[k].offset < range.lowerBound)
        {
            if let base = classifier.commentKind(comments[k]) {
                set.bits |=
                    SourceKitCommentKinds.kinds(touching: range, of: comments[k], base: base, bytes: bytes).bits
            }
            k += 1
        }
        return set
    }

    /// The text for `NSRegularExpression`; nil when the bytes are not UTF-8 (SwiftLint cannot
    /// read such a file either, so its custom rules find nothing there).
    var regexText: RegexText? {
        lock.withLock {
            if let textStore { return textStore }
            let made = RegexText(structure.file.bytes, isASCII: asciiStore)
            textStore = .some(made)
            return made
        }
    }

    /// Whether the bytes are valid UTF-8 (what `regexText` needs), without making the text.
    var isUTF8: Bool {
        lock.withLock {
            if let textStore { return textStore != nil }
            if let utf8Store { return utf8Store }
            // Decoding validates at the standard library's speed and repairs only what is
            // invalid: the same bytes back means they were valid. Once per file, for all its rules.
            let made = structure.file.bytes.withUnsafeBufferPointer { buffer in
                var text = String(decoding: buffer, as: UTF8.self)
                return text.withUTF8 { decoded in
                    decoded.count == buffer.count
                        && (buffer.isEmpty || memcmp(decoded.baseAddress!, buffer.baseAddress!, buffer.count) == 0)
                }
            }
            utf8Store = made
            return made
        }
    }

    /// Whether every byte is ASCII (then a byte offset is a UTF-16 offset too).
    var isASCII: Bool {
        lock.withLock {
            if let asciiStore { return asciiStore }
            let made = structure.file.bytes.withUnsafeBufferPointer(\.isASCII)
            asciiStore = made
            return made
        }
    }

    /// For each line number (from 1), whether the line starts inside a multi-line string
    /// literal or a block comment: text, not layout (read by every `line:` rule).
    var textLines: [Bool] {
        lock.withLock {
            if let textLinesStore { return textLinesStore }
            let made = Self.textLines(structure)
            textLinesStore = made
            return made
        }
    }

    private static func textLines(_ s: Structure) -> [Bool] {
        let table = s.file.lines
        var lines = [Bool](repeating: false, count: table.count + 2)
        let starts = table.starts
        func mark(_ token: Token) {
            // Ends before the next line starts: on one line, nothing to mark (no search).
            if token.line < starts.count, max(token.offset, token.end - 1) < starts[token.line] { return }
            let last = table.line(of: max(token.offset, token.end - 1))
            if last > token.line { for line in (token.line + 1)...last { lines[line] = true } }
        }
        for token in s.code where token.kind == .string || token.kind == .regex { mark(token) }
        for token in s.file.comments { mark(token) }
        return lines
    }

    /// The file's path made absolute (what SwiftLint's path regexes are searched in).
    var absolutePath: String { lock.withLock { absolutePathUnlocked } }

    private var absolutePathUnlocked: String {
        if let absoluteStore { return absoluteStore }
        let made = PathScope.absolute(structure.file.path)
        absoluteStore = made
        return made
    }

    /// Whether `needle` may occur in the file (`PrefilterTexts.contains`): false only when it cannot.
    func contains(_ needle: [UInt8]) -> Bool { needle.withUnsafeBufferPointer { textFilter.contains($0) } }

    /// The byte grams with the bytes, taken once to test many rules' texts.
    var textFilter: PrefilterTexts { PrefilterTexts(grams: grams, bytes: structure.file.bytes) }
}

/// A file's byte grams and bytes: whether a rule's required texts may occur there, asked of
/// every team rule for every file (without a lock or a call into the rule).
struct PrefilterTexts {
    let grams: ByteGrams
    let bytes: [UInt8]

    /// Whether one of the texts `ends[range]` marks in `texts` may occur (each text ends where
    /// its entry says and starts where the one before ends, or at 0).
    func containsAny(_ texts: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>, _ range: Range<Int>) -> Bool {
        var start = range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1]
        for end in ends[range] {
            if contains(UnsafeBufferPointer(rebasing: texts[start..<end])) { return true }
            start = end
        }
        return false
    }

    /// Whether `needle` may occur: false only when it cannot (an empty one always may). A
    /// needle of four bytes or more is told by the byte grams alone: with eight entries or more
    /// per byte of the file, one whose every four bytes are marked almost always occurs, and
    /// searching the file to be sure read it again for a rule about to read it anyway (the
    /// rule finds nothing where the needle is not). A shorter one, which the grams cannot tell,
    /// is searched for.
    func contains(_ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        if needle.count >= 4 { return grams.mayContain(needle) }
        return needle.isEmpty || bytes.withUnsafeBufferPointer { $0.containsOccurrence(of: needle) }
    }
}

/// A set of the four-byte sequences that occur in a file (hashed, eight entries or more per
/// byte of the file, up to 131,072): a needle with a sequence the file lacks cannot occur in it.
/// One pass over the bytes, shared by every team rule of the file. So few entries are marked
/// that a text the file does not hold is almost always told apart without reading the file
/// again. A byte per entry, not a bit: marking one is a store (a bit was a load, a shift and a
/// store). The table is leased (`GramTables`), so no file allocates or clears one.
struct ByteGrams: Sendable {
    private let lease: GramTables.Lease
    /// 32 minus the table's size in bits: a window's hash shifted right by it is its entry.
    private let shift: UInt32

    init(_ bytes: [UInt8]) {
        var size = GramTables.smallest
        while size < 8 * bytes.count, size < GramTables.largest { size *= 2 }
        lease = GramTables.shared.lease(size)
        shift = UInt32(32 - size.trailingZeroBitCount)
        guard bytes.count >= 4 else { return }
        let (marks, mark, shift) = (lease.marks, lease.mark, shift)
        // Each window read whole (little-endian: the first byte lowest), so the positions do not
        // wait on one another.
        bytes.withUnsafeBytes { bytes in
            for start in 0...(bytes.count - 4) {
                let window = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt32.self))
                marks[Self.slot(window, shift)] = mark
            }
        }
    }

    @inline(__always) static func slot(_ window: UInt32, _ shift: UInt32) -> Int {
        Int((window &* 2_654_435_761) >> shift)
    }

    /// False only when the needle cannot occur (needles under four bytes always may).
    func mayContain(_ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count >= 4 else { return true }
        let (marks, mark) = (lease.marks, lease.mark)
        var window = UInt32(needle[0]) << 8 | UInt32(needle[1]) << 16 | UInt32(needle[2]) << 24
        for index in 3..<needle.count {
            window = window >> 8 | UInt32(needle[index]) << 24
            if marks[Self.slot(window, shift)] != mark { return false }
        }
        return true
    }
}

/// Tables for `ByteGrams`, kept between files. A table's entries hold the number of the lease
/// that marked them, and a lease marks with a number no entry holds yet, so a new file needs no
/// clearing: an entry of an earlier file's number is unmarked. After 255 leases a table is
/// cleared and its numbers start again. A table goes back when the last `ByteGrams` holding
/// its lease is gone (so a file still read never shares it), to be leased for the next file.
final class GramTables: @unchecked Sendable {
    static let shared = GramTables()
    static let smallest = 4_096
    static let largest = 131_072

    private let lock = NSLock()
    /// Idle tables by size (a power of two from `smallest` to `largest`).
    private var idle: [Int: [Table]] = [:]

    final class Table: @unchecked Sendable {
        let marks: UnsafeMutableBufferPointer<UInt8>
        /// The number the last lease marked with (0: none; every entry starts at 0).
        var lastMark: UInt8 = 0

        init(size: Int) {
            marks = .allocate(capacity: size)
            marks.initialize(repeating: 0)
        }

        deinit { marks.deallocate() }
    }

    /// One file's use of a table: marked entries hold `mark`.
    final class Lease: @unchecked Sendable {
        let table: Table
        let marks: UnsafeMutableBufferPointer<UInt8>
        let mark: UInt8
        private let pool: GramTables

        fileprivate init(_ table: Table, pool: GramTables) {
            if table.lastMark == UInt8.max {
                table.marks.update(repeating: 0)
                table.lastMark = 0
            }
            table.lastMark += 1
            self.table = table
            marks = table.marks
            mark = table.lastMark
            self.pool = pool
        }

        deinit { pool.giveBack(table) }
    }

    func lease(_ size: Int) -> Lease {
        let table = lock.withLock { idle[size]?.popLast() } ?? Table(size: size)
        return Lease(table, pool: self)
    }

    private func giveBack(_ table: Table) {
        lock.withLock { idle[table.marks.count, default: []].append(table) }
    }
}

/// A file's text as `NSRegularExpression` reads it (UTF-16 offsets), with what maps those
/// offsets to byte offsets and back. An ASCII file needs no map: both offsets are the same.
struct RegexText: Sendable {
    /// The text as a `String`, for `NSRegularExpression` where ICU's C API is not reachable.
    var string: String { String(decoding: utf16, as: UTF16.self) }
    /// The text as UTF-16, what ICU reads (made once, shared by the file's regex rules).
    let utf16: [UInt16]
    let utf16Count: Int
    /// Each scalar that is not ASCII, in order (empty for ASCII): between two of them a byte
    /// is a unit. A map entry per byte and per unit was eight bytes a byte, for the few scalars
    /// a Swift file has beyond ASCII (fresh memory to fault in, per file a regex rule reads).
    private let wide: [Wide]

    /// Where one scalar beyond ASCII starts in bytes and in units, and how long it is in each.
    private struct Wide: Sendable {
        let byte: Int32, unit: Int32
        let bytes: Int32, units: Int32
    }

    /// Nil when the bytes are not UTF-8. `isASCII`: whether they are ASCII, when already known.
    init?(_ bytes: [UInt8], isASCII: Bool? = nil) {
        if isASCII ?? bytes.withUnsafeBufferPointer(\.isASCII) {
            // Widened in a loop the compiler vectorizes (`map` went a closure call a byte).
            utf16 = [UInt16](unsafeUninitializedCapacity: bytes.count) { units, count in
                bytes.withUnsafeBufferPointer { bytes in
                    for index in bytes.indices { units[index] = UInt16(bytes[index]) }
                }
                count = bytes.count
            }
            utf16Count = bytes.count
            wide = []
            return
        }
        guard let made = Self.transcoded(bytes) else { return nil }
        (utf16, wide) = made
        utf16Count = utf16.count
    }

    /// UTF-16 and the scalars beyond ASCII in one pass over the bytes (most of a Swift file is
    /// ASCII: one unit per byte); nil at the first byte that is not well-formed UTF-8 (an
    /// overlong form, a surrogate, past U+10FFFF, a sequence cut short).
    private static func transcoded(_ bytes: [UInt8]) -> (utf16: [UInt16], wide: [Wide])? {
        let count = bytes.count
        var wide: [Wide] = []
        var valid = true
        // A unit stands for one to four bytes: at most as many units as bytes.
        let units = [UInt16](unsafeUninitializedCapacity: count) { units, unitCount in
            valid = bytes.withUnsafeBufferPointer { bytes in
                var byte = 0, unit = 0
                defer { unitCount = unit }
                while byte < count {
                    let lead = bytes[byte]
                    if lead < 0x80 {
                        units[unit] = UInt16(lead)
                        byte += 1
                        unit += 1
                        continue
                    }
                    let width: Int, least: UInt32
                    var scalar: UInt32
                    switch lead {
                    case 0xC2...0xDF: (width, least, scalar) = (2, 0x80, UInt32(lead & 0x1F))
                    case 0xE0...0xEF: (width, least, scalar) = (3, 0x800, UInt32(lead & 0x0F))
                    case 0xF0...0xF4: (width, least, scalar) = (4, 0x10000, UInt32(lead & 0x07))
                    default: return false
                    }
                    guard byte + width <= count else { return false }
                    for next in 1..<width {
                        let continuation = bytes[byte + next]
                        guard continuation & 0xC0 == 0x80 else { return false }
                        scalar = scalar << 6 | UInt32(continuation & 0x3F)
                    }
                    guard scalar >= least, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
                        return false
                    }
                    let unitWidth = scalar >= 0x10000 ? 2 : 1
                    wide.append(
                        Wide(byte: Int32(byte), unit: Int32(unit), bytes: Int32(width), units: Int32(unitWidth)))
                    if scalar >= 0x10000 {
                        let value = scalar - 0x10000
                        units[unit] = UInt16(0xD800 + (value >> 10))
                        units[unit + 1] = UInt16(0xDC00 + (value & 0x3FF))
                    } else {
                        units[unit] = UInt16(scalar)
                    }
                    unit += unitWidth
                    byte += width
                }
                return true
            }
        }
        return valid ? (units, wide) : nil
    }

    /// The byte offset of UTF-16 offset `unit` (a scalar's second unit: the scalar's first byte).
    func byteOffset(ofUnit unit: Int) -> Int {
        let unit = max(0, min(unit, utf16Count))
        // The last scalar beyond ASCII that starts at or before `unit`.
        let after = wide.partitioningIndex { Int($0.unit) > unit }
        guard after > 0 else { return unit }
        let scalar = wide[after - 1]
        let past = Int(scalar.unit + scalar.units)
        return unit < past ? Int(scalar.byte) : Int(scalar.byte + scalar.bytes) + (unit - past)
    }

    /// The UTF-16 offset of byte offset `byte` (a scalar's later bytes: the scalar's first unit).
    func unitOffset(ofByte byte: Int) -> Int {
        let after = wide.partitioningIndex { Int($0.byte) > byte }
        guard after > 0 else { return max(0, byte) }
        let scalar = wide[after - 1]
        let past = Int(scalar.byte + scalar.bytes)
        return min(utf16Count, byte < past ? Int(scalar.unit) : Int(scalar.unit + scalar.units) + (byte - past))
    }

    func byteRange(of range: NSRange) -> Range<Int> {
        byteOffset(ofUnit: range.location)..<byteOffset(ofUnit: range.location + range.length)
    }
}

extension LintFile {
    /// The file's team-rule index, made by the first team rule that asks and shared by the others.
    public var teamIndex: TeamFileIndex { scratch.object(TeamFileIndex.self) { TeamFileIndex(structure) } }
}
