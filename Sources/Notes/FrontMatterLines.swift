/// The lines of a file's front matter as bytes, to find a top-level `key: value` and where its
/// value stands: a rename rewrites a title or a rule's `note:` in place, leaving every other
/// byte (comments, order, quoting of other keys) as it was.
struct FrontMatterLines {
    /// 1-based line numbers and the content range of each line between the `---` fences (no
    /// line break, no `\r`, no trailing spaces).
    private(set) var lines: [(number: Int, range: Range<Int>)] = []
    let bytes: [UInt8]

    /// Nil when the file has no closed front matter.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var content = end
            while content > start, bytes[content - 1] == UInt8(ascii: "\r") || bytes[content - 1].isSpaceOrTab {
                content -= 1
            }
            number += 1
            let text = bytes[start..<content]
            if number == 1 {
                guard text.elementsEqual("---".utf8) else { return nil }
            } else if text.elementsEqual("---".utf8) || text.elementsEqual("...".utf8) {
                return
            } else {
                lines.append((number, start..<content))
            }
            guard end < bytes.count else { return nil }
            start = end + 1
        }
        return nil
    }

    /// The line and value range of a top-level `key:` (the value without spaces around it nor a
    /// trailing `# comment`); nil when the front matter has no such key.
    func value(of key: String) -> (line: Int, range: Range<Int>)? {
        let prefix = Array(key.utf8) + [UInt8(ascii: ":")]
        for line in lines where bytes[line.range].starts(with: prefix) {
            var start = line.range.lowerBound + prefix.count
            guard start == line.range.upperBound || bytes[start].isSpaceOrTab else { continue }
            while start < line.range.upperBound, bytes[start].isSpaceOrTab { start += 1 }
            var end = line.range.upperBound
            var at = start
            while at + 1 < line.range.upperBound {
                if bytes[at].isSpaceOrTab, bytes[at + 1] == UInt8(ascii: "#") {
                    end = at
                    break
                }
                at += 1
            }
            while end > start, bytes[end - 1].isSpaceOrTab { end -= 1 }
            return (line.number, start..<end)
        }
        return nil
    }
}
