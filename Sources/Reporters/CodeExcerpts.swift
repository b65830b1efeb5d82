import Foundation
import Support
import LintEngine

/// The lines around findings, for a report people read: each file is read once, only when it is a
/// regular file of at most 2 MiB, and its lines are used only while the finding's line on disk is
/// still the line the lint saw (a buffer from stdin or the git index may differ from the disk:
/// then the excerpt is that one line). Long lines are cut, so a minified file costs no more.
struct CodeExcerpts {
    struct Line: Equatable {
        var number: Int
        var text: String
    }

    static let maxFileBytes = 2 << 20
    /// Characters of a line shown; past this a line ends with `…`.
    static let maxLineCharacters = 240
    /// Lines shown before and after the finding's line.
    var context = 2

    /// One finding's excerpt: up to `context` lines each side from `file` (that path's lines on
    /// disk, or nil when unread), or the finding's own line alone.
    func excerpt(_ finding: Finding, in file: FileLines?) -> [Line] {
        let own = [Line(number: finding.line, text: Self.shown(finding.sourceLine))]
        guard let file, file.text(of: finding.line) == finding.sourceLine else { return own }
        let first = max(1, finding.line - context)
        let last = min(file.count, finding.line + context)
        return (first...last).map { Line(number: $0, text: Self.shown(file.text(of: $0) ?? "")) }
    }

    /// A line as shown: at most `maxLineCharacters` characters, counted without walking a long line.
    static func shown(_ text: String) -> String {
        guard text.utf8.count > maxLineCharacters else { return text }
        return text.clipped(to: maxLineCharacters)
    }

    /// A file's lines, split once; nil when it is missing, not regular, or too large.
    struct FileLines {
        private let bytes: [UInt8]
        /// Where each line starts; one more entry marks the end.
        private let starts: [Int]

        init?(path: String) {
            // The size is asked first: a large file is never read.
            var status = stat()
            guard stat(path, &status) == 0, status.st_size <= maxFileBytes,
                let bytes = try? FileContents.read(path, regularOnly: true), bytes.count <= maxFileBytes
            else { return nil }
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            if starts.last != bytes.count { starts.append(bytes.count) }
            self.bytes = bytes
            self.starts = starts
        }

        var count: Int { starts.count - 1 }
        var byteCount: Int { bytes.count }

        /// Line `number` (1-based) without its line break, as the lexer gives `Finding.sourceLine`.
        func text(of number: Int) -> String? {
            guard number >= 1, number <= count else { return nil }
            var end = starts[number]
            let start = starts[number - 1]
            while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }
}
