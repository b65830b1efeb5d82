import Foundation
import SwiftLexer

/// `lint --fix`: asks correctable rules for byte edits and applies them. Only the edited bytes
/// change; a suppressed finding is not fixed; overlapping edits keep the first; the edits of one
/// correction (same `anchor`) are applied together or not at all.
public struct Fixer: Sendable {
    public var linter: Linter

    public init(linter: Linter) { self.linter = linter }

    public struct FileFix: Sendable {
        public var path: String
        public var original: [UInt8]
        public var corrected: [UInt8]
        /// How many findings the edits fix.
        public var edits: Int
        public var changed: Bool { original != corrected }
    }

    /// Corrected content of every input (unchanged inputs included).
    public func corrections(_ inputs: [LintInput]) -> (fixes: [FileFix], problems: [String]) {
        let (parsed, problems) = Linter.parse(inputs)
        let files = parsed.compactMap { $0 }
        let project = ProjectIndex(files: files, count: inputs.count)
        let correctable = linter.enabledEntries.compactMap { entry -> (String, any CorrectableRule)? in
            (entry.rule as? any CorrectableRule).map { (entry.metadata.id, $0) }
        }
        var fixes: [FileFix] = []
        for file in files where inputs[file.index].reportFindings {
            let suppressions = Suppressions(file.source)
            var edits: [Edit] = []
            for (id, rule) in correctable {
                let options = linter.configuration.options(for: id)
                for edit in rule.corrections(file, project: project, options: options) {
                    let line = file.source.lines.line(of: edit.anchor ?? edit.range.lowerBound)
                    if suppressions.suppressor(of: id, line: line) == nil { edits.append(edit) }
                }
            }
            let original = file.source.bytes
            // A correction of several edits is one fixed finding.
            let count = edits.filter { $0.anchor == nil }.count + Set(edits.compactMap(\.anchor)).count
            fixes.append(
                FileFix(path: file.path, original: original, corrected: Self.apply(edits, to: original), edits: count))
        }
        return (fixes, problems)
    }

    /// Applies non-overlapping edits (later ones that overlap an earlier one are dropped, and with
    /// them the rest of their correction).
    public static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var accepted: [Edit] = []
        var broken = Set<Int>()
        for edit in edits.sorted(by: {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }) {
            if let last = accepted.last, edit.range.lowerBound < last.range.upperBound || (edit.range == last.range) {
                if let anchor = edit.anchor { broken.insert(anchor) }
                continue
            }
            accepted.append(edit)
        }
        if !broken.isEmpty { accepted.removeAll { $0.anchor.map(broken.contains) ?? false } }
        var result = bytes
        for edit in accepted.reversed() {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return result
    }
}

/// A unified diff of two texts (Myers' algorithm over lines), for `--fix --dry-run`.
public enum UnifiedDiff {
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let script = edits(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        // `a/Sources/x.swift`; an absolute path keeps one slash (`a/tmp/x.swift`), as git writes it.
        let shown = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var out = "--- a/\(shown)\n+++ b/\(shown)\n"
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
