import Foundation
import Support

/// Basic Memory's list items: relations and observations.
extension BodyWalker {
    /// `relation_type [[Target]]` at the start of a list item: where the relation's word stands in
    /// the flattened text.
    static func relationType(_ flat: FlatInline) -> Range<Int>? {
        let bytes = flat.bytes
        var i = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
        let start = i
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x80 {
                guard byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") else { break }
                i += 1
            } else {
                let (scalar, length) = bytes.scalar(at: i)
                guard scalar.properties.isAlphabetic else { break }
                i += length
            }
        }
        guard i > start, i < bytes.count, bytes[i].isSpaceOrTab else { return nil }
        let word = start..<i
        while i < bytes.count, bytes[i].isSpaceOrTab { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == openBracket, bytes[i + 1] == openBracket else { return nil }
        return word
    }

    /// `[category] text #tag` at the start of a list item: the category's, the text's and each
    /// tag's bytes in the flattened text (ranges: no string or slice made per list item).
    static func observation(_ flat: FlatInline) -> (
        category: Range<Int>, text: Range<Int>, tags: [Range<Int>]
    )? {
        flat.bytes.withUnsafeBufferPointer { bytes in
            // Cheap test first: most list items are not observations.
            var first = 0
            while first < bytes.count, bytes[first] == UInt8(ascii: " ") { first += 1 }
            guard first + 1 < bytes.count, bytes[first] == openBracket, bytes[first + 1] != openBracket else {
                return nil
            }
            // `[category] rest`, both trimmed of spaces and tabs.
            var close = first + 1
            while close < bytes.count, bytes[close] != closeBracket { close += 1 }
            guard close < bytes.count else { return nil }
            var categoryStart = first + 1, categoryEnd = close
            while categoryStart < categoryEnd, bytes[categoryStart].isSpaceOrTab { categoryStart += 1 }
            while categoryEnd > categoryStart, bytes[categoryEnd - 1].isSpaceOrTab { categoryEnd -= 1 }
            guard categoryStart < categoryEnd, !bytes[categoryStart..<categoryEnd].contains(openBracket) else {
                return nil
            }
            var end = bytes.count
            while end > close + 1, bytes[end - 1].isSpaceOrTab { end -= 1 }
            var restStart = close + 1
            while restStart < end, bytes[restStart].isSpaceOrTab { restStart += 1 }
            guard restStart == end || bytes[restStart] != UInt8(ascii: "(") else { return nil } // a markdown link
            // Words starting with `#` are tags, without the trailing punctuation of a sentence.
            func trailing(_ byte: UInt8) -> Bool {
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
                    UInt8(ascii: "?"), UInt8(ascii: ")"):
                    true
                default: false
                }
            }
            var tags: [Range<Int>] = []
            var index = restStart
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") || byte.isSpaceOrTab {
                    index += 1
                    continue
                }
                var wordEnd = index
                while wordEnd < end, bytes[wordEnd] != UInt8(ascii: "\n"), !bytes[wordEnd].isSpaceOrTab { wordEnd += 1 }
                if byte == UInt8(ascii: "#"), wordEnd - index > 1 {
                    var tagStart = index + 1, tagEnd = wordEnd
                    while tagEnd > tagStart, trailing(bytes[tagEnd - 1]) { tagEnd -= 1 }
                    while tagStart < tagEnd, trailing(bytes[tagStart]) { tagStart += 1 }
                    tags.append(tagStart..<tagEnd)
                }
                index = wordEnd
            }
            return (categoryStart..<categoryEnd, restStart..<end, tags)
        }
    }
}
