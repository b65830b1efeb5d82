/// A unified diff (as `diff -u` and `git diff` write it) of a file and the same file with known
/// replacements applied: the hunks come straight from where the replacements are, so no line
/// matching is needed, and a file of 10,000 lines with two edits costs two hunks.
public enum UnifiedDiff {
    /// `--- a/OLD`, `+++ b/NEW` and a hunk per group of nearby replacements, `context` lines
    /// around each. `replacements` are in order and do not overlap. Empty when nothing changes.
    public static func of(
        _ original: [UInt8], replacements: [(range: Range<Int>, text: String)], oldPath: String, newPath: String,
        context: Int = 3
    ) -> String {
        let changes = replacements.filter { !$0.range.isEmpty || !$0.text.isEmpty }
        guard !changes.isEmpty else { return "" }
        var lineStarts = [0]
        for (offset, byte) in original.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        // The last "line" after a final newline is empty: not a line.
        let lineCount = original.last == UInt8(ascii: "\n") ? lineStarts.count - 1 : lineStarts.count
        func line(of offset: Int) -> Int {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }
        func lineEnd(_ line: Int) -> Int { line + 1 < lineStarts.count ? lineStarts[line + 1] : original.count }

        // Segments: the lines each replacement touches, merged where they share a line.
        var segments: [(first: Int, last: Int, members: [(range: Range<Int>, text: String)])] = []
        for change in changes {
            let first = line(of: change.range.lowerBound)
            let last = max(first, line(of: max(change.range.lowerBound, change.range.upperBound - 1)))
            if let previous = segments.last, first <= previous.last + 1 {
                segments[segments.count - 1].last = max(previous.last, last)
                segments[segments.count - 1].members.append(change)
            } else {
                segments.append((first, last, [change]))
            }
        }
        // Hunks: segments close enough that their context lines meet.
        var hunks: [[Int]] = []
        for (position, segment) in segments.enumerated() {
            if let previous = hunks.last?.last, segment.first <= segments[previous].last + 2 * context + 1 {
                hunks[hunks.count - 1].append(position)
            } else {
                hunks.append([position])
            }
        }
        func text(_ line: Int) -> [UInt8] { Array(original[lineStarts[line]..<lineEnd(line)]) }
        var out = "--- a/\(oldPath)\n+++ b/\(newPath)\n"
        var shift = 0
        for hunk in hunks {
            let firstLine = segments[hunk.first!].first, lastLine = segments[hunk.last!].last
            let start = max(0, firstLine - context), end = min(max(lineCount, 1) - 1, lastLine + context)
            var body = ""
            var oldCount = 0, newCount = 0
            var next = start
            for position in hunk {
                let segment = segments[position]
                for line in next..<segment.first {
                    body += " " + lineText(text(line))
                    oldCount += 1
                    newCount += 1
                }
                let changedStart = lineStarts[segment.first], changedEnd = lineEnd(segment.last)
                let local = segment.members.map {
                    ($0.range.lowerBound - changedStart..<$0.range.upperBound - changedStart, $0.text)
                }
                let newLines = split(ByteReplacements.apply(local, to: Array(original[changedStart..<changedEnd])))
                let oldLines = original.isEmpty ? [] : (segment.first...segment.last).map(text)
                for line in oldLines { body += "-" + lineText(line) }
                for line in newLines { body += "+" + lineText(line) }
                oldCount += oldLines.count
                newCount += newLines.count
                next = segment.last + 1
            }
            if next <= end {
                for line in next...end {
                    body += " " + lineText(text(line))
                    oldCount += 1
                    newCount += 1
                }
            }
            out += "@@ -\(range(start + 1, oldCount)) +\(range(start + 1 + shift, newCount)) @@\n" + body
            shift += newCount - oldCount
        }
        return out
    }

    /// `3,4`, or `3` for one line, or `2,0` for none (after line 2), as diff writes them.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : count == 0 ? "\(start - 1),0" : "\(start),\(count)"
    }

    /// Lines with their `\n`; the last without one if the text does not end in one.
    private static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(Array(bytes[start...offset]))
            start = offset + 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        return lines
    }

    private static func lineText(_ line: [UInt8]) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return line.last == UInt8(ascii: "\n") ? text : text + "\n\\ No newline at end of file\n"
    }
}
