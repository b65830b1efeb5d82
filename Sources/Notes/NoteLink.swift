import Foundation

/// A link in a note. A vault may hold hundreds of thousands, so a link is 16 bytes: its note's
/// `NoteRecords` and where its record starts there. The record holds the line, column, kind and
/// section (the last two as strings the note's links share) and the link's own strings.
public struct NoteLink: Sendable, Equatable {
    /// The link exactly as written, e.g. `[[Dual Initializer#Usage|dual init]]`.
    public var raw: String {
        // Not stored when it is just the target in brackets (most links): made again from it.
        records.field(.raw, of: record) ?? (style == .embed ? "![[" : "[[") + target + "]]"
    }
    /// The note named, without heading or label.
    public var target: String { records.field(.target, of: record) ?? "" }
    public var anchor: String? { records.field(.anchor, of: record) }
    public var label: String? { records.field(.label, of: record) }
    public var style: LinkStyle { LinkStyle(code: styleCode) }
    public var line: Int { records.linkHeader(record).line }
    public var column: Int { records.linkHeader(record).column }
    /// `links_to` by default, `related` under a "Related…" heading, or a Basic Memory relation type.
    public var kind: String { records.shared(records.linkHeader(record).kind) ?? "" }
    /// Text of the heading of the section the link sits in.
    public var section: String? { records.shared(records.linkHeader(record).section) }
    /// The text following the link on its line (`[[X]] - Uses this for …` keeps `Uses this for …`).
    public var context: String? { records.field(.context, of: record) }

    public static let defaultKind = "links_to"

    // In this order: 8 + 4 + 1 bytes, a stride of 16.
    let records: NoteRecords
    let record: UInt32
    let styleCode: UInt8

    init(records: NoteRecords, record: UInt32, style: LinkStyle) {
        self.records = records
        self.record = record
        styleCode = style.code
    }

    public static func == (a: NoteLink, b: NoteLink) -> Bool {
        a.raw == b.raw && a.target == b.target && a.anchor == b.anchor && a.label == b.label && a.style == b.style
            && a.line == b.line && a.column == b.column && a.kind == b.kind && a.section == b.section
            && a.context == b.context
    }
}

extension NoteRecords {
    /// The strings before the numbers (what resolving and checking read for every link), then
    /// those after them.
    enum LinkField: Int { case target, anchor, label, raw, context }

    /// A link's record: its target and anchor as strings (read for every link when the graph is
    /// built and checked: first, with nothing to skip), then line, column, kind and section as
    /// numbers (section 0 for none, else its shared index + 1), then label, raw and context as
    /// strings. A raw that is only the target in brackets (`[[Target]]`, `![[Target]]`) is left
    /// out, as none.
    func linkHeader(_ record: UInt32) -> (line: Int, column: Int, kind: Int, section: Int?, end: Int) {
        var at = Int(record)
        skipString(&at)
        skipString(&at)
        let line = number(&at), column = number(&at), kind = number(&at), section = number(&at)
        return (line, column, kind, section == 0 ? nil : section - 1, at)
    }

    func field(_ field: LinkField, of record: UInt32) -> String? {
        var at: Int
        switch field {
        case .target, .anchor:
            at = Int(record)
            if field == .anchor { skipString(&at) }
        case .label, .raw, .context:
            at = linkHeader(record).end
            for _ in 0..<(field.rawValue - LinkField.label.rawValue) { skipString(&at) }
        }
        return string(&at)
    }
}

extension NoteRecords.Builder {
    /// A link's record; where it starts.
    mutating func addLink<Raw: Collection<UInt8>, Name: Collection<UInt8>, Context: Collection<UInt8>>(
        line: Int, column: Int, kind: Int, section: Int?, raw: Raw, target: Name, anchor: Name?, label: Name?,
        context: Context?
    ) -> UInt32 {
        let start = position
        append(target)
        append(anchor)
        append(number: line)
        append(number: column)
        append(number: kind)
        append(number: section.map { $0 + 1 } ?? 0)
        append(label)
        append(Self.isBracketed(target, raw) ? nil : raw)
        append(context)
        return start
    }

    /// Whether `raw` is `[[target]]` or `![[target]]`.
    private static func isBracketed<Raw: Collection<UInt8>, Name: Collection<UInt8>>(_ target: Name, _ raw: Raw)
        -> Bool
    {
        // Both are buffers in place when read from a paragraph: compared with `memcmp`.
        let inPlace = raw.withContiguousStorageIfAvailable { raw in
            target.withContiguousStorageIfAvailable { target in isBracketed(target, raw) }
        }
        if let inPlace, let answer = inPlace { return answer }
        let targetBytes = Array(target), rawBytes = Array(raw)
        return targetBytes.withUnsafeBufferPointer { target in
            rawBytes.withUnsafeBufferPointer { raw in isBracketed(target, raw) }
        }
    }

    private static func isBracketed(_ target: UnsafeBufferPointer<UInt8>, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        if raw.count > 0, raw[0] == UInt8(ascii: "!") { start = 1 }
        let end = raw.count
        guard end - start == target.count + 4, raw[start] == UInt8(ascii: "["), raw[start + 1] == UInt8(ascii: "["),
            raw[end - 2] == UInt8(ascii: "]"), raw[end - 1] == UInt8(ascii: "]")
        else { return false }
        guard let name = target.baseAddress, let inner = raw.baseAddress else { return target.isEmpty }
        return memcmp(inner + start + 2, name, target.count) == 0
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
