import Foundation
import Support

/// Basic Memory's list items, read as its documented format (and its parser) has them: a relation
/// is `- relation_type [[Target]] (context)` and nothing else on the item; an observation is
/// `- [category] content #tag (context)`, outside quotes (Obsidian's callouts). Anything else with a
/// link is a plain link.
extension BodyWalker {
    /// Where a relation's type and context stand in the flattened text of a list item.
    struct Relation {
        var type: Range<Int>
        var context: Range<Int>?
    }

    /// `relation_type [[Target]] (context)` (or `"two words" [[Target]]`) filling a list item's first paragraph. `source`
    /// is the file from where the paragraph starts: the type must stand there as written, right
    /// before the `[[` (not `**[[Settings]]**` and not a code span).
    static func relation(_ flat: FlatInline, source: ArraySlice<UInt8>) -> Relation? {
        let bytes = flat.bytes
        var i = 0
        while i < bytes.count, bytes[i].isSpaceOrTab { i += 1 }
        let start = i
        var type: Range<Int>
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            // A type of several words is quoted: `"depends on" [[Target]]`.
            let quote = bytes[i]
            i += 1
            while i < bytes.count, bytes[i] != quote, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            let quoted = (start + 1)..<i
            guard i < bytes.count, bytes[i] == quote,
                let inner = bytes.withUnsafeBufferPointer({ trimmed($0, quoted) })
            else { return nil }
            type = inner
            i += 1
        } else {
            while i < bytes.count {
                let byte = bytes[i]
                if byte < 0x80 {
                    guard byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") else {
                        break
                    }
                    i += 1
                } else {
                    let (scalar, length) = bytes.scalar(at: i)
                    guard scalar.properties.isAlphabetic else { break }
                    i += length
                }
            }
            type = start..<i
        }
        let written = start..<i
        guard !type.isEmpty, i < bytes.count, bytes[i].isSpaceOrTab, !flat.inCode(start) else { return nil }
        while i < bytes.count, bytes[i].isSpaceOrTab { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == openBracket, bytes[i + 1] == openBracket, !flat.inCode(i) else {
            return nil
        }
        // As written: the same type, blanks, then the brackets.
        guard source.starts(with: bytes[written]) else { return nil }
        var at = source.startIndex + written.count
        guard at < source.endIndex, source[at].isSpaceOrTab else { return nil }
        while at < source.endIndex, source[at].isSpaceOrTab { at += 1 }
        guard source[at...].starts(with: doubleBracket) else { return nil }
        // The link's end, then only blanks and one `(context)` may follow.
        var close = i + 2
        while close + 1 < bytes.count, !(bytes[close] == closeBracket && bytes[close + 1] == closeBracket) {
            if bytes[close] == openBracket, bytes[close + 1] == openBracket { return nil }
            close += 1
        }
        guard close + 1 < bytes.count else { return nil }
        var end = bytes.count
        while end > close + 2, bytes[end - 1].isSpaceOrTab { end -= 1 }
        var rest = close + 2
        while rest < end, bytes[rest].isSpaceOrTab { rest += 1 }
        if rest == end { return Relation(type: type, context: nil) }
        let tail = rest..<end
        return bytes.withUnsafeBufferPointer { bytes in
            guard let context = parenthesized(bytes, tail), context.lowerBound == tail.lowerBound + 1 else {
                return nil
            }
            return Relation(type: type, context: trimmed(bytes, context))
        }
    }

    /// `[category] content #tag (context)` as a list item's first paragraph: the category's, the
    /// content's, the context's and each tag's bytes in the flattened text. Not a task (`[ ]`,
    /// `[x]`, or the one-character statuses Obsidian's themes add: `[-]`, `[/]`), not a markdown
    /// link (`[text](url)`, `startsWithLink`), not a code span.
    static func observation(_ flat: FlatInline, startsWithLink: Bool) -> (
        category: Range<Int>, text: Range<Int>, context: Range<Int>?, tags: [Range<Int>]
    )? {
        guard !startsWithLink else { return nil }
        return flat.bytes.withUnsafeBufferPointer { bytes in
            // Cheap test first: most list items are not observations.
            var first = 0
            while first < bytes.count, bytes[first] == UInt8(ascii: " ") { first += 1 }
            guard first + 1 < bytes.count, bytes[first] == openBracket, bytes[first + 1] != openBracket,
                !flat.inCode(first)
            else {
                return nil
            }
            var close = first + 1
            while close < bytes.count, bytes[close] != closeBracket { close += 1 }
            guard close < bytes.count else { return nil }
            var categoryStart = first + 1, categoryEnd = close
            while categoryStart < categoryEnd, bytes[categoryStart].isSpaceOrTab { categoryStart += 1 }
            while categoryEnd > categoryStart, bytes[categoryEnd - 1].isSpaceOrTab { categoryEnd -= 1 }
            let category = bytes[categoryStart..<categoryEnd]
            guard !category.isEmpty, !isTaskStatus(category), !isTimestamp(category),
                !category.contains(where: { $0 == openBracket || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") })
            else {
                return nil
            }
            var end = bytes.count
            while end > close + 1, bytes[end - 1].isSpaceOrTab { end -= 1 }
            var restStart = close + 1
            // `[category] content`: a blank between, and some content.
            guard restStart < end, bytes[restStart].isSpaceOrTab || bytes[restStart] == UInt8(ascii: "\n") else {
                return nil
            }
            while restStart < end, bytes[restStart].isSpaceOrTab || bytes[restStart] == UInt8(ascii: "\n") {
                restStart += 1
            }
            // A closing `(context)` after the content, outside code.
            var textEnd = end
            var context: Range<Int>?
            if end > restStart, bytes[end - 1] == UInt8(ascii: ")"), !flat.inCode(end - 1),
                let inner = parenthesized(bytes, restStart..<end), inner.lowerBound - 1 > restStart,
                bytes[inner.lowerBound - 2].isSpaceOrTab, !flat.inCode(inner.lowerBound - 1)
            {
                context = trimmed(bytes, inner)
                textEnd = inner.lowerBound - 1
                while textEnd > restStart, bytes[textEnd - 1].isSpaceOrTab { textEnd -= 1 }
            }
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
            while index < textEnd {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") || byte.isSpaceOrTab {
                    index += 1
                    continue
                }
                var wordEnd = index
                while wordEnd < textEnd, bytes[wordEnd] != UInt8(ascii: "\n"), !bytes[wordEnd].isSpaceOrTab {
                    wordEnd += 1
                }
                if byte == UInt8(ascii: "#"), wordEnd - index > 1, !flat.inCode(index) {
                    var tagStart = index + 1, tagEnd = wordEnd
                    while tagEnd > tagStart, trailing(bytes[tagEnd - 1]) { tagEnd -= 1 }
                    while tagStart < tagEnd, trailing(bytes[tagStart]) { tagStart += 1 }
                    if tagStart < tagEnd { tags.append(tagStart..<tagEnd) }
                }
                index = wordEnd
            }
            return (categoryStart..<categoryEnd, restStart..<textEnd, context, tags)
        }
    }

    /// A task's one-character status, as Basic Memory leaves them out: `x`, `X` or a mark (`-`,
    /// `/`, `>`, `?`); a letter or digit alone is a category.
    static func isTaskStatus(_ category: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard category.count == 1, let only = category.first else { return false }
        return only == UInt8(ascii: "x") || only == UInt8(ascii: "X") || !only.isASCIILetterOrDigit
    }

    /// `00:01:15` or `1:02.500 - 1:03`: a transcript's time, not a category (as Basic Memory reads it).
    static func isTimestamp(_ category: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        category.contains(UInt8(ascii: ":"))
            && category.allSatisfy { byte in
                byte.isASCIIDigit || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-")
            }
    }

    /// The content of the `(…)` that ends `range` (the `)` its last byte), its parentheses balanced.
    static func parenthesized(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        guard range.count >= 2, bytes[range.upperBound - 1] == UInt8(ascii: ")") else { return nil }
        var depth = 0
        var index = range.upperBound - 1
        while index >= range.lowerBound {
            if bytes[index] == UInt8(ascii: ")") { depth += 1 }
            if bytes[index] == UInt8(ascii: "(") {
                depth -= 1
                if depth == 0 { return (index + 1)..<(range.upperBound - 1) }
            }
            index -= 1
        }
        return nil
    }

    /// `range` without its leading and trailing blanks; nil when nothing is left.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        var start = range.lowerBound, end = range.upperBound
        while start < end, bytes[start].isSpaceOrTab { start += 1 }
        while end > start, bytes[end - 1].isSpaceOrTab { end -= 1 }
        return start < end ? start..<end : nil
    }

    /// The flattened text of `range` with its code spans in backticks again, as written: cmark's
    /// text has lost them, and an observation's `` `@State` `` should read as code.
    static func textKeepingCode(_ flat: FlatInline, _ range: Range<Int>) -> [UInt8]? {
        let spans = flat.codeRanges.filter { $0.overlaps(range) }
        guard !spans.isEmpty else { return nil }
        let backtick = UInt8(ascii: "`")
        var out: [UInt8] = []
        out.reserveCapacity(range.count + 4 * spans.count)
        var at = range.lowerBound
        for span in spans {
            let span = span.clamped(to: range)
            out += flat.bytes[at..<span.lowerBound]
            let code = flat.bytes[span]
            // A fence one backtick longer than the longest run inside, spaced from a backtick at either end.
            var longest = 0, run = 0
            for byte in code {
                run = byte == backtick ? run + 1 : 0
                longest = max(longest, run)
            }
            let fence = [UInt8](repeating: backtick, count: longest + 1)
            let pad = code.first == backtick || code.last == backtick
            out += fence
            if pad { out.append(UInt8(ascii: " ")) }
            out += code
            if pad { out.append(UInt8(ascii: " ")) }
            out += fence
            at = span.upperBound
        }
        out += flat.bytes[at..<range.upperBound]
        return out
    }
}
