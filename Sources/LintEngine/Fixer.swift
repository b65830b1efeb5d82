import Foundation
import SwiftLexer
import Support
import SwiftUIModel
import ProjectSettings

/// `lint --fix`: lints once, then applies the fixes the findings carry. Only the edited bytes
/// change; a suppressed finding has no fix to apply; a fix whose edits overlap one already taken is
/// dropped whole. Safe fixes are applied; unsafe ones too when `includeUnsafe` is set, and
/// otherwise counted, with the text they would give, so `--dry-run` can show them.
public struct Fixer: Sendable {
    public var linter: Linter
    public var includeUnsafe: Bool

    public init(linter: Linter, includeUnsafe: Bool = false) {
        self.linter = linter
        self.includeUnsafe = includeUnsafe
    }

    public struct FileFix: Sendable {
        public var path: String
        /// The bytes the findings were computed on.
        public var original: [UInt8]
        public var corrected: [UInt8]
        /// The edits that turn `original` into `corrected`, in file order (for the dry run's patch).
        public var edits: [Edit]
        /// How many findings the applied fixes fix.
        public var fixed: Int
        /// Unsafe fixes left out (without `includeUnsafe`), and the edits that would apply them too.
        public var unsafeLeft: Int
        public var editsWithUnsafe: [Edit]
        public var changed: Bool { !edits.isEmpty }

        /// What the unsafe fixes left out would add on top of `corrected`: those edits moved past
        /// the applied ones. When choosing them too would have dropped an applied fix, the whole
        /// set against `original` instead.
        public var unsafeEditsOnTop: (base: [UInt8], edits: [Edit]) {
            let applied = Set(edits)
            guard applied.isSubset(of: editsWithUnsafe) else { return (original, editsWithUnsafe) }
            var shift = 0
            var position = 0
            var moved: [Edit] = []
            for edit in editsWithUnsafe where !applied.contains(edit) {
                while position < edits.count, edits[position].range.lowerBound < edit.range.lowerBound {
                    shift += edits[position].replacement.utf8.count - edits[position].range.count
                    position += 1
                }
                moved.append(
                    Edit(
                        range: edit.range.lowerBound + shift..<edit.range.upperBound + shift,
                        replacement: edit.replacement))
            }
            return (corrected, moved)
        }
    }

    /// The corrected content of every input whose findings carry fixes. A file whose bytes on a
    /// second read differ from those the lint analysed (an editor saved it meanwhile) is left
    /// out and named in `skipped`: edits are byte offsets into what was analysed.
    public func corrections(_ inputs: [LintInput]) -> (fixes: [FileFix], problems: [String], skipped: [String]) {
        let analysed = ContentDigests()
        let recording = inputs.map { input in
            LintInput(path: input.path, reportFindings: input.reportFindings) {
                let bytes = try input.read()
                if input.reportFindings { analysed.record(bytes, for: input.path) }
                return bytes
            }
        }
        let result = linter.lint(recording)
        var byPath: [String: [Fix]] = [:]
        for finding in result.findings {
            if let fix = finding.fix { byPath[finding.path, default: []].append(fix) }
        }
        var fixes: [FileFix] = []
        var problems = result.problems
        var skipped: [String] = []
        for input in inputs where input.reportFindings {
            guard let found = byPath[input.path] else { continue }
            let original: [UInt8]
            do { original = try input.read() } catch {
                problems.append("\(input.path): cannot be read again to fix it: \(error)")
                continue
            }
            guard analysed.matches(original, for: input.path) else {
                skipped.append(FileReplacement.Refusal.changedSinceRead(input.path).description)
                continue
            }
            let chosen = includeUnsafe ? found : found.filter { $0.applicability == .safe }
            let taken = Self.choose(chosen)
            let withUnsafe = includeUnsafe || chosen.count == found.count ? taken : Self.choose(found)
            fixes.append(
                FileFix(
                    path: input.path, original: original, corrected: Self.applying(taken.edits, to: original),
                    edits: taken.edits, fixed: taken.applied, unsafeLeft: found.count - chosen.count,
                    editsWithUnsafe: withUnsafe.edits))
        }
        return (fixes, problems, skipped)
    }

    /// Applies fixes in order of their first edit; a fix with an edit that overlaps an edit
    /// already taken is dropped whole. Returns the new bytes and how many fixes were applied.
    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        let taken = choose(fixes)
        return (applying(taken.edits, to: bytes), taken.applied)
    }

    /// The edits of the fixes that do not overlap one taken before (in order of first edit), in
    /// file order. Taken edits stay sorted and disjoint, so an overlap is with a neighbour:
    /// n log n for n fixes, where comparing each with all taken was quadratic.
    static func choose(_ fixes: [Fix]) -> (edits: [Edit], applied: Int) {
        var taken: [Edit] = []
        var applied = 0
        let ordered = fixes.filter { !$0.edits.isEmpty }.map { fix in
            (first: fix.edits.map(\.range.lowerBound).min()!, fix: fix)
        }.sorted { $0.first < $1.first }
        for (_, fix) in ordered {
            let places = fix.edits.map { edit in (edit, insertionPoint(of: edit, in: taken)) }
            let overlaps = places.contains { edit, point in
                (max(point - 1, 0)..<min(point + 1, taken.count)).contains { conflict(edit, taken[$0]) }
            }
            // A fix whose own edits overlap cannot be applied as meant (a fix has a handful of edits).
            let selfOverlapping = fix.edits.indices.contains { i in
                fix.edits.indices.contains { j in i < j && conflict(fix.edits[i], fix.edits[j]) }
            }
            guard !overlaps, !selfOverlapping else { continue }
            for edit in fix.edits { taken.insert(edit, at: insertionPoint(of: edit, in: taken)) }
            applied += 1
        }
        return (taken, applied)
    }

    static func conflict(_ a: Edit, _ b: Edit) -> Bool {
        a.range.overlaps(b.range) || a.range == b.range
            || (a.range.isEmpty && b.range.contains(a.range.lowerBound))
            || (b.range.isEmpty && a.range.contains(b.range.lowerBound))
    }

    /// Where `edit` goes among sorted edits (by start).
    static func insertionPoint(of edit: Edit, in sorted: [Edit]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].range.lowerBound < edit.range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Disjoint edits in file order applied in one pass over the bytes.
    static func applying(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        ByteReplacements.apply(edits.map { ($0.range, $0.replacement) }, to: bytes)
    }
}

/// A digest of each file's bytes as the lint read them, to tell whether a later read is the same.
final class ContentDigests: @unchecked Sendable {
    private let lock = NSLock()
    private var digests: [String: (count: Int, hash: UInt64)] = [:]

    func record(_ bytes: [UInt8], for path: String) {
        let digest = (bytes.count, FNV1a.hash(bytes))
        lock.withLock { digests[path] = digest }
    }

    func matches(_ bytes: [UInt8], for path: String) -> Bool {
        guard let digest = lock.withLock({ digests[path] }) else { return false }
        return digest.count == bytes.count && digest.hash == FNV1a.hash(bytes)
    }
}

/// `--fix --dry-run`'s patch, made from the edits themselves rather than by diffing two texts: each
/// changed stretch of lines is one block, blocks within 2 × context lines share a hunk. Linear in
/// the file and the edits (a line diff of two texts is not), and on bytes, as git reads a
/// patch: lines end at `\n` only (CRLF and CR-only files, invalid UTF-8 kept as they are), and a
/// last line without a line break is marked `\ No newline at end of file`.
public enum UnifiedDiff {
    /// The patch for `edits` (disjoint, in file order) applied to `original`; empty when nothing changes.
    public static func patch(original: [UInt8], edits: [Edit], path: String, context: Int = 3) -> [UInt8] {
        let old = DiffLines(original)
        let blocks = changedBlocks(original, lines: old, edits: edits)
        guard !blocks.isEmpty else { return [] }
        // `a/Sources/x.swift`; an absolute path keeps one slash (`a/tmp/x.swift`), as git writes it.
        let shown = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var out = Array("--- \(header("a/" + shown))\n+++ \(header("b/" + shown))\n".utf8)
        var index = 0
        var shift = 0 // new line number minus old line number before the current hunk
        while index < blocks.count {
            var last = index
            while last + 1 < blocks.count,
                blocks[last + 1].oldLines.lowerBound - blocks[last].oldLines.upperBound <= 2 * context
            {
                last += 1
            }
            let start = max(0, blocks[index].oldLines.lowerBound - context)
            let stop = min(old.count, blocks[last].oldLines.upperBound + context)
            var body: [UInt8] = []
            var oldCount = 0, newCount = 0
            var line = start
            for block in blocks[index...last] {
                while line < block.oldLines.lowerBound {
                    appendLine(" ", old.line(line, of: original), to: &body)
                    line += 1; oldCount += 1; newCount += 1
                }
                for removed in block.oldLines { appendLine("-", old.line(removed, of: original), to: &body) }
                oldCount += block.oldLines.count
                let added = DiffLines(block.new)
                for inserted in 0..<added.count { appendLine("+", added.line(inserted, of: block.new), to: &body) }
                newCount += added.count
                line = block.oldLines.upperBound
            }
            while line < stop {
                appendLine(" ", old.line(line, of: original), to: &body)
                line += 1; oldCount += 1; newCount += 1
            }
            // A hunk with no old (new) lines names the line before it, as diff does.
            let oldStart = oldCount == 0 ? start : start + 1
            let newStart = newCount == 0 ? start + shift : start + shift + 1
            out += Array("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n".utf8)
            out += body
            shift += newCount - oldCount
            index = last + 1
        }
        return out
    }

    /// A run of whole old lines and the bytes that replace them.
    struct Block {
        var oldLines: Range<Int>
        var new: [UInt8]
    }

    /// The edits grouped by the old lines they touch; edits on the same or adjacent lines share a block.
    static func changedBlocks(_ original: [UInt8], lines: DiffLines, edits: [Edit]) -> [Block] {
        var blocks: [Block] = []
        var index = 0
        while index < edits.count {
            var span = lines.span(of: edits[index].range)
            var last = index
            while last + 1 < edits.count {
                let next = lines.span(of: edits[last + 1].range)
                guard next.lowerBound <= span.upperBound else { break }
                span = span.lowerBound..<max(span.upperBound, next.upperBound)
                last += 1
            }
            let from = lines.start(of: span.lowerBound), to = lines.start(of: span.upperBound)
            var new: [UInt8] = []
            var cursor = from
            for edit in edits[index...last] {
                new += original[cursor..<edit.range.lowerBound]
                new += edit.replacement.utf8
                cursor = edit.range.upperBound
            }
            new += original[cursor..<to]
            if Array(original[from..<to]) != new { blocks.append(Block(oldLines: span, new: new)) }
            index = last + 1
        }
        return blocks
    }

    static func appendLine(_ marker: Unicode.Scalar, _ line: ArraySlice<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: marker))
        out += line
        if line.last != 0x0A { out += Array("\n\\ No newline at end of file\n".utf8) }
    }

    /// Where each line starts, as a unified diff counts lines: they end after `\n` (the last may
    /// have none).
    struct DiffLines {
        var starts: [Int] = []
        let size: Int
        let endsWithBreak: Bool

        init(_ bytes: [UInt8]) {
            size = bytes.count
            endsWithBreak = bytes.last == 0x0A
            guard !bytes.isEmpty else { return }
            starts.append(0)
            for offset in bytes.indices where bytes[offset] == 0x0A && offset + 1 < bytes.count {
                starts.append(offset + 1)
            }
        }

        var count: Int { starts.count }

        func start(of line: Int) -> Int { line < starts.count ? starts[line] : size }

        func line(_ line: Int, of bytes: [UInt8]) -> ArraySlice<UInt8> { bytes[start(of: line)..<start(of: line + 1)] }

        /// The line holding `offset`; the end of the file is on its last line when that has no
        /// line break, else on the line after the last.
        func lineIndex(of offset: Int) -> Int {
            if offset >= size { return endsWithBreak || size == 0 ? count : count - 1 }
            var low = 0, high = count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }

        /// The whole lines an edit touches (none when it inserts at the end, after a line break).
        func span(of range: Range<Int>) -> Range<Int> {
            let first = lineIndex(of: range.lowerBound)
            let last = range.isEmpty ? first : lineIndex(of: range.upperBound - 1)
            return first..<max(first, min(last + 1, count))
        }
    }

    /// A file name on a `---`/`+++` line as git writes it, so `patch -p1` and `git apply` both read
    /// it: quoted with C escapes when it holds a quote, a backslash, a control or non-ASCII byte;
    /// followed by a tab when it holds a space (GNU patch ends the name there).
    static func header(_ name: String) -> String {
        let needsQuotes = name.utf8.contains {
            $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
        }
        if needsQuotes {
            var quoted = "\""
            for byte in name.utf8 {
                switch byte {
                case UInt8(ascii: "\""): quoted += "\\\""
                case UInt8(ascii: "\\"): quoted += "\\\\"
                case 0x09: quoted += "\\t"
                case 0x0A: quoted += "\\n"
                case 0x20..<0x7F: quoted.append(Character(Unicode.Scalar(byte)))
                default: quoted += "\\" + String(byte, radix: 8).leftPadded(to: 3)
                }
            }
            return quoted + "\""
        }
        return name.contains(" ") ? name + "\t" : name
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
