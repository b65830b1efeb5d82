import Support

extension HTMLExport {
    /// Gives each block with an Obsidian id its anchor: `<p>Text ^intro</p>` becomes
    /// `<p id="^intro">Text</p>` (a list item likewise), and `^table-id` alone in a paragraph, which
    /// names the block before it, becomes `<a id="^table-id"></a>`; `[[Note#^intro]]` links there.
    /// On bytes: cmark writes `<p>` and `<li>` exactly and escapes every `<` of the text.
    static func blockAnchors(_ html: String, ids: [String]) -> String {
        guard !ids.isEmpty else { return html }
        var bytes = Array(html.utf8)
        for id in Set(ids) {
            let marker = Array("^\(id)".utf8)
            var searchFrom = 0
            while let at = find(marker, in: bytes, from: searchFrom) {
                searchFrom = at + marker.count
                let after = at + marker.count
                let closesParagraph = bytes[after...].starts(with: "</p>".utf8)
                let closesItem = bytes[after...].starts(with: "</li>".utf8) || bytes[after...].starts(with: "\n<".utf8)
                guard closesParagraph || closesItem, at > 0 else { continue }
                let opening = Array((closesParagraph ? "<p>" : "<li>").utf8)
                if bytes[..<at].suffix(opening.count).elementsEqual(opening) {
                    // Alone in its paragraph: an anchor where it stands.
                    guard closesParagraph else { continue }
                    let start = at - opening.count, end = after + 4
                    let anchor = Array("<a id=\"\(Markup.escape("^" + id))\"></a>".utf8)
                    bytes.replaceSubrange(start..<end, with: anchor)
                    searchFrom = start + anchor.count
                    continue
                }
                guard bytes[at - 1] == UInt8(ascii: " "), let open = findBackwards(opening, in: bytes, before: at)
                else {
                    continue
                }
                // The text loses ` ^id`; the opening tag gains the id.
                bytes.removeSubrange((at - 1)..<after)
                let attribute = Array(" id=\"\(Markup.escape("^" + id))\"".utf8)
                bytes.insert(contentsOf: attribute, at: open + opening.count - 1)
                searchFrom = at - 1 + attribute.count
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func findBackwards(_ needle: [UInt8], in bytes: [UInt8], before end: Int) -> Int? {
        var index = end - needle.count
        while index >= 0 {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}
