import SwiftLexer
import Support
import SwiftUIModel

/// `line:` — layout, one check per rule: `{max_blank_lines: 1}`, `{max_length: 120}`,
/// `{indentation: spaces}` (or `tabs`), `{trailing_whitespace: forbidden}`, `{space_after: ",",
/// count: 1}` (exactly that many spaces after the token, unless the line ends there),
/// `{own_line: ["@discardableResult"]}` (nothing after the attribute on its line). Lines inside
/// a multi-line string or a block comment are the text's, not the layout's, and are skipped.
struct LineMatcher: TeamMatcher {
    enum Check: Sendable {
        case maxBlankLines(Int)
        case maxLength(Int)
        case indentation(tabs: Bool)
        case trailingWhitespace
        case spaceAfter(token: [UInt8], count: Int)
        case ownLine([TextPattern])
    }

    let check: Check

    static let checks = [
        "max_blank_lines", "max_length", "indentation", "trailing_whitespace", "space_after", "own_line",
    ]

    static func parse(_ map: inout SpecMap) throws -> LineMatcher {
        guard let raw = map.raw("line") else { throw map.problem("`\(map.place).line` is empty") }
        var inner = try SpecMap.from(raw, path: map.path, place: "\(map.place).line")
        let given = checks.filter(inner.has)
        guard given.count == 1, let key = given.first else {
            throw map.problem("`\(map.place).line` takes one check of: \(checks.joined(separator: ", "))")
        }
        let check: Check
        switch key {
        case "max_blank_lines": check = .maxBlankLines(try inner.int(key) ?? 1)
        case "max_length": check = .maxLength(try inner.int(key) ?? 120)
        case "indentation":
            check = .indentation(tabs: try inner.choice(key, ["spaces", "tabs"]) == "tabs")
        case "trailing_whitespace":
            _ = try inner.choice(key, ["forbidden"])
            check = .trailingWhitespace
        case "space_after":
            guard let token = try inner.string(key), !token.isEmpty else {
                throw map.problem("`\(map.place).line.space_after` needs a token")
            }
            check = .spaceAfter(token: Array(token.utf8), count: try inner.int("count") ?? 1)
        default:
            let names = try (inner.strings(key) ?? []).map {
                try TextPattern(AttributeMatcher.withoutAt($0), path: map.path, place: "\(map.place).line.own_line")
            }
            check = .ownLine(names)
        }
        try inner.finish()
        return LineMatcher(check: check)
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let s = file.s
        // The line starts as an array: `LineTable.count`, asked per line, is a call into another module.
        let lineStarts = s.file.lines.starts
        var offsets: [(Int, String)] = []
        let bytes = file.bytes
        switch check {
        case .maxBlankLines, .maxLength, .indentation, .trailingWhitespace:
            // These read every line of every file: unchecked buffers, not arrays. First as if no
            // line were text: most files have nothing to report, and then which lines are text
            // (inside a multi-line string or comment) is never worked out. (Text lines only take
            // findings away: a blank text line ends a run of blank lines, the others are skipped.)
            bytes.withUnsafeBufferPointer { bytes in
                lineStarts.withUnsafeBufferPointer { lines in
                    checkLines(lines, nil, bytes, into: &offsets)
                    guard !offsets.isEmpty else { return }
                    offsets.removeAll()
                    file.index.textLines.withUnsafeBufferPointer { skipped in
                        checkLines(lines, skipped, bytes, into: &offsets)
                    }
                }
            }
        case .spaceAfter(let token, let count):
            for index in s.code.indices where s.spells(index, token) {
                let end = s.code[index].end
                var spaces = 0
                while end + spaces < bytes.count, bytes[end + spaces] == 0x20 { spaces += 1 }
                let next = end + spaces < bytes.count ? bytes[end + spaces] : 0x0A
                if next == 0x0A || next == 0x0D { continue }
                // `f(a, b)`'s `,` before `)` and the like: only a space before more code counts.
                if spaces != count {
                    let what = String(decoding: token, as: UTF8.self)
                    offsets.append((end, "\(spaces) space\(spaces == 1 ? "" : "s") after `\(what)`, not \(count)"))
                }
            }
        case .ownLine(let names):
            for index in s.code.indices where s.code[index].kind == .attribute {
                let name = String(s.text(index).dropFirst())
                guard names.contains(where: { $0.matches(name, budget: file.budget) }) else { continue }
                var last = index
                if s.punct(index + 1, UInt8(ascii: "(")), !s.spaced(before: index + 1), s.closing[index + 1] > index + 1
                {
                    last = Int(s.closing[index + 1])
                }
                if last + 1 < s.code.count, s.code[last + 1].line == s.code[last].line {
                    offsets.append((s.code[index].offset, "`@\(name)` is not on a line of its own"))
                }
            }
        }
        return offsets.compactMap { offset, message in
            let match = file.match(at: offset, range: offset..<(offset + 1), text: message)
            if let within, !within.contains(match.token) { return nil }
            return match
        }
    }

    /// The checks that read each line's bytes.
    /// `skipped`: the text lines (nil: none).
    private func checkLines(
        _ lines: UnsafeBufferPointer<Int>, _ skipped: UnsafeBufferPointer<Bool>?, _ bytes: UnsafeBufferPointer<UInt8>,
        into offsets: inout [(Int, String)]
    ) {
        if let skipped {
            checkLines(lines, bytes, into: &offsets) { skipped[$0] }
        } else {
            checkLines(lines, bytes, into: &offsets) { _ in false }
        }
    }

    @inline(__always)
    private func checkLines(
        _ lines: UnsafeBufferPointer<Int>, _ bytes: UnsafeBufferPointer<UInt8>, into offsets: inout [(Int, String)],
        skipped: (Int) -> Bool
    ) {
        switch check {
        case .maxBlankLines(let most):
            var run = 0
            for line in 1...lines.count {
                let (start, end) = bounds(line, lines, bytes)
                if skipped(line) || !isBlank(start, end, bytes) {
                    run = 0
                    continue
                }
                run += 1
                // The last line of the file is empty after a final line break: not a blank line.
                if run == most + 1, !(line == lines.count && start == bytes.count) {
                    offsets.append((start, "more than \(most) blank line\(most == 1 ? "" : "s") in a row"))
                }
            }
        case .maxLength(let most):
            for line in 1...lines.count where !skipped(line) {
                let (start, end) = bounds(line, lines, bytes)
                // No more bytes than the limit, so no more characters: nearly every line, not counted.
                if end - start <= most { continue }
                var characters = 0
                for index in start..<end where bytes[index] & 0xC0 != 0x80 {
                    characters += 1
                    if characters == most + 1 {
                        offsets.append((index, "line longer than \(most) characters"))
                        break
                    }
                }
            }
        case .indentation(let tabs):
            for line in 1...lines.count where !skipped(line) {
                let (start, end) = bounds(line, lines, bytes)
                var index = start
                while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 {
                    if bytes[index] == (tabs ? 0x20 : 0x09) {
                        offsets.append(
                            (index, tabs ? "indented with spaces, not tabs" : "indented with a tab, not spaces"))
                        break
                    }
                    index += 1
                }
            }
        case .trailingWhitespace:
            for line in 1...lines.count where !skipped(line) {
                let (start, end) = bounds(line, lines, bytes)
                var index = end
                while index > start, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
                if index < end { offsets.append((index, "whitespace at the end of the line")) }
            }
        case .spaceAfter, .ownLine:
            break
        }
    }

    @inline(__always)
    private func bounds(_ line: Int, _ lines: UnsafeBufferPointer<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> (
        Int, Int
    ) {
        let start = lines[line - 1]
        var end = line < lines.count ? lines[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return (start, end)
    }

    @inline(__always)
    private func isBlank(_ start: Int, _ end: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The last byte first: a line of code ends in code, and its indentation is not read.
        if end > start, bytes[end - 1] != 0x20, bytes[end - 1] != 0x09 { return false }
        var index = start
        while index < end {
            if bytes[index] != 0x20 && bytes[index] != 0x09 { return false }
            index += 1
        }
        return true
    }

    func defaultMessage(_ match: TeamMatch) -> String { match.text }

    var includesPreviewsByDefault: Bool { true }
}
