/// The YAML between a rule file's opening `---` and its closing `---` or `...` (a BOM and CRLF
/// line ends tolerated); nil when the file has no front matter. Read as bytes, line by line up to
/// the closing line: a rule's markdown after it is not looked at.
enum RuleFrontMatterText {
    static func yaml(in text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            /// The line starting at `from`, without its `\n` and a `\r` before it; and where the next starts.
            func line(from: Int) -> (content: Range<Int>, next: Int) {
                var end = from
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let next = min(end + 1, bytes.count)
                if end > from, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                return (from..<end, next)
            }
            func isLine(_ range: Range<Int>, _ text: StaticString) -> Bool {
                range.count == text.utf8CodeUnitCount
                    && zip(bytes[range], UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
                        .allSatisfy { $0 == $1 }
            }
            let opening = line(from: start)
            guard isLine(opening.content, "---"), opening.next > opening.content.upperBound else { return nil }
            var lines: [Range<Int>] = []
            var at = opening.next
            while at < bytes.count {
                let current = line(from: at)
                if isLine(current.content, "---") || isLine(current.content, "...") {
                    var yaml: [UInt8] = []
                    for (number, range) in lines.enumerated() {
                        if number > 0 { yaml.append(UInt8(ascii: "\n")) }
                        yaml.append(contentsOf: bytes[range])
                    }
                    return String(decoding: yaml, as: UTF8.self)
                }
                lines.append(current.content)
                at = current.next
            }
            return nil
        }
    }
}
