import Foundation
import SwiftLexer

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
        public var original: [UInt8]
        public var corrected: [UInt8]
        /// How many findings the applied fixes fix.
        public var fixed: Int
        /// Unsafe fixes left out (without `includeUnsafe`), and the file with them applied too.
        public var unsafeLeft: Int
        public var withUnsafe: [UInt8]
        public var changed: Bool { original != corrected }
    }

    /// The corrected content of every input whose findings carry fixes.
    public func corrections(_ inputs: [LintInput]) -> (fixes: [FileFix], problems: [String]) {
        let result = linter.lint(inputs)
        var byPath: [String: [Fix]] = [:]
        for finding in result.findings {
            if let fix = finding.fix { byPath[finding.path, default: []].append(fix) }
        }
        var fixes: [FileFix] = []
        var problems = result.problems
        for input in inputs where input.reportFindings {
            guard let found = byPath[input.path] else { continue }
            let original: [UInt8]
            do { original = try input.read() } catch {
                problems.append("\(input.path): cannot be read again to fix it: \(error)")
                continue
            }
            let safe = found.filter { $0.applicability == .safe }
            let chosen = includeUnsafe ? found : safe
            let (corrected, fixed) = Self.apply(chosen, to: original)
            let (withUnsafe, _) = includeUnsafe ? (corrected, fixed) : Self.apply(found, to: original)
            fixes.append(
                FileFix(
                    path: input.path, original: original, corrected: corrected, fixed: fixed,
                    unsafeLeft: found.count - chosen.count, withUnsafe: withUnsafe))
        }
        return (fixes, problems)
    }

    /// Applies fixes in order of their first edit; a fix with an edit that overlaps an edit
    /// already taken is dropped whole. Returns the new bytes and how many fixes were applied.
    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        var taken: [Edit] = []
        var applied = 0
        let ordered = fixes.sorted {
            ($0.edits.map(\.range.lowerBound).min() ?? 0) < ($1.edits.map(\.range.lowerBound).min() ?? 0)
        }
        for fix in ordered {
            let overlaps = fix.edits.contains { edit in
                taken.contains { other in
                    edit.range.overlaps(other.range) || edit.range == other.range
                        || (edit.range.isEmpty && other.range.contains(edit.range.lowerBound))
                        || (other.range.isEmpty && edit.range.contains(other.range.lowerBound))
                }
            }
            guard !overlaps, !fix.edits.isEmpty else { continue }
            taken += fix.edits
            applied += 1
        }
        var result = bytes
        for edit in taken.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return (result, applied)
    }
}

/// A unified diff of two texts (Myers' algorithm over lines), for `--fix --dry-run`.
public enum UnifiedDiff {
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

    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let script = edits(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        // `a/Sources/x.swift`; an absolute path keeps one slash (`a/tmp/x.swift`), as git writes it.
        let shown = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var out = "--- \(header("a/" + shown))\n+++ \(header("b/" + shown))\n"
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            // Extend the hunk while changes are within 2 × context lines of each other.
            var cursor = firstChange
            while cursor < script.count {
                if script[cursor].kind != .same { end = cursor; cursor += 1; continue }
                let nextChange = script[cursor...].firstIndex(where: { $0.kind != .same })
                if let next = nextChange, next - end - 1 <= 2 * context { cursor = next; continue }
                break
            }
            let stop = min(script.count, end + context + 1)
            let hunk = script[start..<stop]
            let oldStart = (hunk.first?.oldLine ?? 0) + 1, newStart = (hunk.first?.newLine ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count, newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for step in hunk {
                switch step.kind {
                case .same: out += " " + a[step.oldLine] + "\n"
                case .delete: out += "-" + a[step.oldLine] + "\n"
                case .insert: out += "+" + b[step.newLine] + "\n"
                }
            }
            index = stop
        }
        return out
    }

    struct Step {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldLine: Int
        var newLine: Int
    }

    static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// Myers' O((N+M)·D) shortest edit script.
    static func edits(_ a: [String], _ b: [String]) -> [Step] {
        let n = a.count, m = b.count, offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        outer: for d in 0...(n + m) {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { trace.append(v); break outer }
            }
        }
        // Walk the trace back to recover the script.
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 2, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1; steps.append(Step(kind: .same, oldLine: x, newLine: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1; steps.append(Step(kind: .insert, oldLine: x, newLine: y))
                } else {
                    x -= 1; steps.append(Step(kind: .delete, oldLine: x, newLine: y))
                }
            }
        }
        return steps.reversed()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
