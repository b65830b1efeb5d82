import Support

/// A link in a note. A vault may hold hundreds of thousands, so a link is 16 bytes: its note's
/// `LinkText` and where its record starts there. The record holds the line, column, kind and
/// section (the last two as strings the note's links share) and the link's own strings.
public struct NoteLink: Sendable, Equatable {
    /// The link exactly as written, e.g. `[[Dual Initializer#Usage|dual init]]`.
    public var raw: String {
        // Not stored when it is just the target in brackets (most links): made again from it.
        text.field(.raw, of: record) ?? (style == .embed ? "![[" : "[[") + target + "]]"
    }
    /// The note named, without heading or label.
    public var target: String { text.field(.target, of: record) ?? "" }
    public var anchor: String? { text.field(.anchor, of: record) }
    public var label: String? { text.field(.label, of: record) }
    public var style: LinkStyle { LinkStyle(code: styleCode) }
    public var line: Int { text.header(of: record).line }
    public var column: Int { text.header(of: record).column }
    /// `links_to` by default, `related` under a "Related…" heading, or a Basic Memory relation type.
    public var kind: String { text.shared(text.header(of: record).kind) ?? "" }
    /// Text of the heading of the section the link sits in.
    public var section: String? { text.shared(text.header(of: record).section) }
    /// The text following the link on its line (`[[X]] - Uses this for …` keeps `Uses this for …`).
    public var context: String? { text.field(.context, of: record) }

    public static let defaultKind = "links_to"

    // In this order: 8 + 4 + 1 bytes, a stride of 16.
    let text: LinkText
    let record: UInt32
    let styleCode: UInt8

    init(text: LinkText, record: UInt32, style: LinkStyle) {
        self.text = text
        self.record = record
        styleCode = style.code
    }

    public static func == (a: NoteLink, b: NoteLink) -> Bool {
        a.raw == b.raw && a.target == b.target && a.anchor == b.anchor && a.label == b.label && a.style == b.style
            && a.line == b.line && a.column == b.column && a.kind == b.kind && a.section == b.section
            && a.context == b.context
    }
}

/// The records of a note's links, one after the other, and the strings they share (kinds,
/// section headings). A record is: line, column, kind and section as LEB128 numbers (section 0
/// for none, else its shared index + 1), then each of raw, target, anchor, label and context as a
/// length (0 for none, else its byte count + 1) followed by its UTF-8. A raw that is only the
/// target in brackets (`[[Target]]`, `![[Target]]`) is left out, as none.
public final class LinkText: Sendable {
    enum Field: Int { case raw, target, anchor, label, context }

    private let bytes: [UInt8]
    /// Where each shared string starts in `bytes`, and its length.
    private let sharedSpans: [(start: Int, count: Int)]

    private init(bytes: [UInt8], sharedSpans: [(start: Int, count: Int)]) {
        self.bytes = bytes
        self.sharedSpans = sharedSpans
    }

    func header(of record: UInt32) -> (line: Int, column: Int, kind: Int, section: Int?, end: Int) {
        var at = Int(record)
        let line = number(&at), column = number(&at), kind = number(&at), section = number(&at)
        return (line, column, kind, section == 0 ? nil : section - 1, at)
    }

    func field(_ field: Field, of record: UInt32) -> String? {
        var at = header(of: record).end
        for _ in 0..<field.rawValue {
            let length = number(&at)
            at += max(0, length - 1)
        }
        let length = number(&at)
        guard length > 0 else { return nil }
        return String(decoding: bytes[at..<(at + length - 1)], as: UTF8.self)
    }

    func shared(_ index: Int?) -> String? {
        guard let index else { return nil }
        let span = sharedSpans[index]
        return String(decoding: bytes[span.start..<(span.start + span.count)], as: UTF8.self)
    }

    private func number(_ at: inout Int) -> Int {
        var value = 0, shift = 0
        while true {
            let byte = bytes[at]
            at += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    struct Builder {
        private var bytes: [UInt8] = []
        private var sharedSpans: [(start: Int, count: Int)] = []

        /// Room for this many bytes of records, so the buffer does not grow a step at a time.
        mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

        /// A string links will share (a kind, a section heading); its index.
        mutating func share(_ string: String) -> Int {
            let start = bytes.count
            bytes.append(contentsOf: string.utf8)
            sharedSpans.append((start, bytes.count - start))
            return sharedSpans.count - 1
        }

        /// A link's record; where it starts.
        mutating func add(
            line: Int, column: Int, kind: Int, section: Int?, raw: ArraySlice<UInt8>, target: String,
            anchor: String?, label: String?, context: String?
        ) -> UInt32 {
            let start = UInt32(bytes.count)
            append(number: line)
            append(number: column)
            append(number: kind)
            append(number: section.map { $0 + 1 } ?? 0)
            append(Self.isBracketed(target, raw) ? nil : raw)
            append(target.utf8)
            append(anchor?.utf8)
            append(label?.utf8)
            append(context?.utf8)
            return start
        }

        /// Whether `raw` is `[[target]]` or `![[target]]`.
        private static func isBracketed(_ target: String, _ raw: ArraySlice<UInt8>) -> Bool {
            var inner = raw
            if inner.first == UInt8(ascii: "!") { inner = inner.dropFirst() }
            guard inner.count == target.utf8.count + 4, inner.starts(with: "[[".utf8),
                inner.dropFirst(2).starts(with: target.utf8), inner.suffix(2).elementsEqual("]]".utf8)
            else { return false }
            return true
        }

        private mutating func append<Bytes: Collection<UInt8>>(_ text: Bytes?) {
            guard let text else { return append(number: 0) }
            append(number: text.count + 1)
            bytes.append(contentsOf: text)
        }

        private mutating func append(number: Int) {
            var value = max(0, number)
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        /// The buffer grew by doubling; the note keeps an exact copy (the spare capacity would be
        /// a third of the links' memory on a link-dense vault).
        func finish() -> LinkText {
            LinkText(bytes: bytes.withExactCapacity(), sharedSpans: sharedSpans.withExactCapacity())
        }
    }
}

extension LinkStyle {
    var code: UInt8 {
        switch self {
        case .wiki: 0
        case .embed: 1
        case .markdown: 2
        }
    }

    init(code: UInt8) { self = code == 1 ? .embed : code == 2 ? .markdown : .wiki }
}
