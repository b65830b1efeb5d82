import Foundation
import Support

/// Finding `[[…]]` in cmark's flattened text and in the source, and the parts of a link and its context.
extension BodyWalker {
    /// A `[[…]]` in cmark's text: what is inside the brackets, and the rest of its line.
    struct ASTCandidate { var inner: Range<Int>; var after: Range<Int> }
    struct SourceCandidate { var start: Int; var inner: Range<Int>; var end: Int; var embed: Bool }

    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

    static func hasDoubleBracket(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            Self.doubleBracket.withUnsafeBufferPointer { bytes.containsOccurrence(of: $0) }
        }
    }

    static let doubleBracket: [UInt8] = [openBracket, openBracket]

    /// `[[…]]` in cmark's flattened text whose brackets are not inside a code span.
    static func wikiCandidates(in flat: FlatInline) -> [ASTCandidate] {
        var result: [ASTCandidate] = []
        wikiCandidates(in: flat, into: &result)
        return result
    }

    /// `wikiCandidates` into a buffer (emptied first) the parser reuses.
    static func wikiCandidates(in flat: FlatInline, into result: inout [ASTCandidate]) {
        if !result.isEmpty { result.removeAll(keepingCapacity: true) }
        flat.bytes.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return }
            var i = 0
            while i + 1 < s.count {
                // The next `[` (memchr), then the same tests a step at a time would make there.
                guard let found = memchr(base + i, Int32(openBracket), s.count - i - 1) else { return }
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard s[i + 1] == openBracket, !flat.inCode(i), !flat.inCode(i + 1) else {
                    i += 1
                    continue
                }
                var j = i + 2
                var close: Int?
                while j + 1 < s.count {
                    if s[j] == closeBracket, s[j + 1] == closeBracket, !flat.inCode(j) { close = j; break }
                    if s[j] == openBracket, s[j + 1] == openBracket, !flat.inCode(j) { break }
                    j += 1
                }
                guard let end = close else { i += 2; continue }
                // Context: the rest of the line, up to the next link, at most 300 characters.
                var lineEnd = end + 2
                var taken = 0
                while lineEnd < s.count {
                    let byte = s[lineEnd]
                    if byte & 0xC0 != 0x80 {
                        if taken == 300 || byte == UInt8(ascii: "\n")
                            || (byte == openBracket && lineEnd + 1 < s.count && s[lineEnd + 1] == openBracket)
                        {
                            break
                        }
                        taken += 1
                    }
                    lineEnd += 1
                }
                result.append(ASTCandidate(inner: (i + 2)..<end, after: (end + 2)..<lineEnd))
                i = end + 2
            }
        }
    }

    /// `[[…]]` in raw source, honouring backslash escapes and code spans.
    static func sourceCandidates(in s: [UInt8]) -> [SourceCandidate] {
        var result: [SourceCandidate] = []
        sourceCandidates(in: s, into: &result)
        return result
    }

    /// `sourceCandidates` into a buffer (emptied first) the parser reuses.
    static func sourceCandidates(in s: [UInt8], into result: inout [SourceCandidate]) {
        sourceCandidates(in: s, range: 0..<s.count, into: &result)
    }

    /// `sourceCandidates` of `range` of the bytes (a block's lines in its file), offsets in `s`.
    static func sourceCandidates(in s: [UInt8], range: Range<Int>, into result: inout [SourceCandidate]) {
        let backslash = UInt8(ascii: "\\"), backtick = UInt8(ascii: "`")
        if !result.isEmpty { result.removeAll(keepingCapacity: true) }
        s.withUnsafeBufferPointer { s in
            let end = range.upperBound
            func backtickRun(at index: Int) -> Int {
                var j = index
                while j < end, s[j] == backtick { j += 1 }
                return j - index
            }
            var i = range.lowerBound
            while i < end {
                let c = s[i]
                if c == backslash { i += 2; continue }
                if c == backtick {
                    let run = backtickRun(at: i)
                    var j = i + run
                    var closed = false
                    while j < end {
                        if s[j] == backtick {
                            let other = backtickRun(at: j)
                            if other == run { i = j + run; closed = true; break }
                            j += other
                        } else {
                            j += 1
                        }
                    }
                    if !closed { i += run }
                    continue
                }
                if c == openBracket, i + 1 < end, s[i + 1] == openBracket {
                    var j = i + 2
                    var close: Int?
                    while j + 1 < end {
                        if s[j] == closeBracket, s[j + 1] == closeBracket { close = j; break }
                        if s[j] == openBracket, s[j + 1] == openBracket { break }
                        j += 1
                    }
                    if let close {
                        let embed = i > range.lowerBound && s[i - 1] == UInt8(ascii: "!")
                        result.append(
                            SourceCandidate(
                                start: embed ? i - 1 : i, inner: (i + 2)..<close, end: close + 2, embed: embed))
                        i = close + 2
                        continue
                    }
                }
                i += 1
            }
        }
    }

    /// Whether `flat` is `written` with only some `*` and `_` left out (cmark read them as emphasis).
    static func isEmphasisDropped<Bytes: Collection<UInt8>>(from written: Bytes, in flat: Bytes) -> Bool
    where Bytes.Index == Int {
        guard written.count > flat.count else { return false }
        var j = flat.startIndex
        for byte in written {
            if j < flat.endIndex, flat[j] == byte {
                j += 1
            } else if byte != UInt8(ascii: "*"), byte != UInt8(ascii: "_") {
                return false
            }
        }
        return j == flat.endIndex
    }

    /// For pairing source and AST candidates: markup and spacing do not count.
    static func sameIgnoringMarkup<Bytes: Collection<UInt8>>(_ a: Bytes, _ b: Bytes) -> Bool where Bytes.Index == Int {
        func ignored(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: " "),
                UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return true
            default: return false
            }
        }
        var i = a.startIndex, j = b.startIndex
        while true {
            while i < a.endIndex, ignored(a[i]) { i += 1 }
            while j < b.endIndex, ignored(b[j]) { j += 1 }
            guard i < a.endIndex, j < b.endIndex else { return i == a.endIndex && j == b.endIndex }
            guard a[i] == b[j] else { return false }
            i += 1
            j += 1
        }
    }

    static func splitInner(_ inner: String) -> (target: String, anchor: String?, label: String?) {
        var left = Substring(inner)
        var label: String?
        if let bar = inner.utf8.firstIndex(of: UInt8(ascii: "|")) {
            left = inner[..<bar]
            label = inner[inner.utf8.index(after: bar)...].trimmed
        }
        var anchor: String?
        if let hash = left.utf8.firstIndex(of: UInt8(ascii: "#")) {
            anchor = left[left.utf8.index(after: hash)...].trimmed
            left = left[..<hash]
        }
        return (left.trimmed, anchor, label)
    }

    /// `splitInner` of a link's bytes (no line break in them), without making the whole as a string first.
    static func splitInner(bytes: ArraySlice<UInt8>) -> (target: String, anchor: String?, label: String?) {
        func trimmed(_ part: ArraySlice<UInt8>) -> String {
            var start = part.startIndex, end = part.endIndex
            while start < end, part[start].isSpaceOrTab { start += 1 }
            while end > start, part[end - 1].isSpaceOrTab { end -= 1 }
            return String(decoding: part[start..<end], as: UTF8.self)
        }
        var left = bytes
        var label: String?
        if let bar = bytes.firstIndex(of: UInt8(ascii: "|")) {
            left = bytes[..<bar]
            label = trimmed(bytes[(bar + 1)...])
        }
        var anchor: String?
        if let hash = left.firstIndex(of: UInt8(ascii: "#")) {
            anchor = trimmed(left[(hash + 1)...])
            left = left[..<hash]
        }
        return (trimmed(left), anchor, label)
    }

    /// Where a link's target, `#anchor` and `|label` stand in its inner bytes, each trimmed of
    /// spaces and tabs (`splitInner` without making strings).
    static func innerParts<Bytes: Collection<UInt8>>(_ bytes: Bytes)
        -> (target: Range<Int>, anchor: Range<Int>?, label: Range<Int>?) where Bytes.Index == Int
    {
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var start = range.lowerBound, end = range.upperBound
            while start < end, bytes[start].isSpaceOrTab { start += 1 }
            while end > start, bytes[end - 1].isSpaceOrTab { end -= 1 }
            return start..<end
        }
        var left = bytes.startIndex..<bytes.endIndex
        var label: Range<Int>?
        if let bar = bytes.firstIndex(of: UInt8(ascii: "|")) {
            left = bytes.startIndex..<bar
            label = trimmed((bar + 1)..<bytes.endIndex)
        }
        var anchor: Range<Int>?
        if let hash = bytes[left].firstIndex(of: UInt8(ascii: "#")) {
            anchor = trimmed((hash + 1)..<left.upperBound)
            left = left.lowerBound..<hash
        }
        return (trimmed(left), anchor, label)
    }

    /// `trimmedContextBytes` of ASCII text, as the range it keeps.
    static func trimmedASCIIContext<Bytes: Collection<UInt8>>(_ text: Bytes) -> Range<Int>? where Bytes.Index == Int {
        var start = text.startIndex, end = text.endIndex
        while start < end,
            text[start].isSpaceOrTab || text[start] == UInt8(ascii: "-") || text[start] == UInt8(ascii: ":")
        {
            start += 1
        }
        while end > start, text[end - 1].isSpaceOrTab { end -= 1 }
        guard start < end else { return nil }
        for index in start..<end where !asciiPunctuation[Int(text[index])] { return start..<end }
        return nil
    }

    /// Unicode's punctuation among ASCII.
    static let asciiPunctuation: [Bool] = (0..<128).map { "!\"#%&'()*,-./:;?@[\\]_{}".utf8.contains(UInt8($0)) }

    /// `trimmedContext` as bytes: an ASCII context (most) is a slice of the text, no string made.
    static func trimmedContextBytes(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard text.allSatisfy({ $0 < 0x80 }) else { return trimmedContext(text).map { Array($0.utf8)[...] } }
        var bytes = text.drop(while: { $0.isSpaceOrTab || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") })
        while bytes.last?.isSpaceOrTab == true { bytes = bytes.dropLast() }
        return bytes.isEmpty || bytes.allSatisfy({ asciiPunctuation[Int($0)] }) ? nil : bytes
    }

    static func trimmedContext(_ text: ArraySlice<UInt8>) -> String? {
        if text.allSatisfy({ $0 < 0x80 }) {
            return trimmedContextBytes(text).map { String(decoding: $0, as: UTF8.self) }
        }
        var text = Substring(String(decoding: text, as: UTF8.self))
        while let first = text.first,
            first == " " || first == "\t" || first == "-" || first == "–" || first == "—" || first == ":"
        {
            text = text.dropFirst()
        }
        let result = text.trimmed
        return result.isEmpty || result.allSatisfy({ $0.isPunctuation }) ? nil : result
    }
}
