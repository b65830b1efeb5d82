/// The buffers the editor has open, by path key: their text as last sent, which wins over disk.
struct OpenDocument {
    var uri: String
    var version: Int?
    var bytes: [UInt8]
    /// False once a change could not be applied: `bytes` is then the last text known, not the
    /// editor's, and nothing is published or answered from it until a change sends the whole
    /// text again (or the file is opened again). As clangd drops its draft rather than give
    /// answers from a wrong one: applying later ranges to the wrong text would only move further off.
    var inSync = true

    /// Applies `didChange`'s content changes in order: whole texts, or ranges (incremental sync).
    /// Only a change without a `range` is a whole text; one whose range is not positions of whole
    /// numbers is refused, and the ranges after it skipped. Ranges count in `encoding`, as
    /// `initialize` agreed. Returns why, when a change was refused.
    mutating func apply(_ changes: [JSON], encoding: PositionEncoding) -> String? {
        var refused: String?
        for change in changes {
            guard let text = change["text"]?.string else {
                refused = refused ?? "a content change without `text`"
                inSync = false
                continue
            }
            guard let range = change["range"] else {
                bytes = Array(text.utf8)
                inSync = true
                continue
            }
            guard inSync else { continue }
            guard let (start, end) = Self.positions(range) else {
                refused = refused ?? "a content change whose `range` is not two positions of whole numbers"
                inSync = false
                continue
            }
            // A position past the text is clamped to it (LSP: a character past a line's end is its end).
            let positions = DocumentPositions(bytes, encoding: encoding)
            let lower = positions.offset(of: start)
            let upper = max(lower, positions.offset(of: end))
            bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
        }
        return refused
    }

    private static func positions(_ range: JSON) -> (start: LSPPosition, end: LSPPosition)? {
        guard let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]) else { return nil }
        return (start, end)
    }
}
