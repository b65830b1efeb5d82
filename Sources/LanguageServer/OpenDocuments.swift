/// The buffers the editor has open, by path key: their text as last sent, which wins over disk.
struct OpenDocument {
    var uri: String
    var version: Int?
    var bytes: [UInt8]

    /// Applies `didChange`'s content changes in order: whole texts, or ranges (incremental sync).
    mutating func apply(_ changes: [JSON]) throws {
        for change in changes {
            guard let text = change["text"]?.string else {
                throw RequestError.invalidParams("a content change without `text`")
            }
            guard let range = change["range"], let start = range["start"], let end = range["end"],
                let startLine = start["line"]?.int, let startCharacter = start["character"]?.int,
                let endLine = end["line"]?.int, let endCharacter = end["character"]?.int
            else {
                bytes = Array(text.utf8)
                continue
            }
            let positions = TextPositions(bytes)
            let lower = positions.byteOffset(line: startLine, character: startCharacter)
            let upper = max(lower, positions.byteOffset(line: endLine, character: endCharacter))
            bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
        }
    }
}
