import Dispatch
import Support
import LintEngine

/// `path:line:col: warning: message (rule-id)`, which Xcode and most editors turn into inline
/// diagnostics, then a line naming the pattern note and how to read it.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public var color: Bool

    public init(color: Bool = false) { self.color = color }

    public func report(_ result: LintResult) -> String {
        String(decoding: reportPieces(result).joined(), as: UTF8.self)
    }

    /// Each finding's lines stand alone: slices of a large result are formatted in parallel.
    public func reportPieces(_ result: LintResult) -> [[UInt8]] {
        let findings = result.findings
        let slice = 2_048
        let count = (findings.count + slice - 1) / slice
        guard count > 1 else { return [lines(findings[...])] }
        let parts = ConcurrentSlots<[UInt8]>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { part in
            parts[part] = lines(findings[part * slice..<min(findings.count, (part + 1) * slice)])
        }
        return parts.values.map { $0 ?? [] }
    }

    /// The lines of some findings, as UTF-8 bytes (string interpolation costs microseconds a
    /// finding; every piece comes from a string, so the bytes need no second validation).
    func lines(_ findings: ArraySlice<Finding>) -> [UInt8] {
        // By severity, without a lookup that hashes per finding.
        let (error, warning, info) = (paint("error", "1;31"), paint("warning", "1;33"), paint("note", "1;36"))
        func word(_ severity: Severity) -> String {
            switch severity {
            case .error: error
            case .warning: warning
            case .info: info
            }
        }
        var noteLines: [String: String] = [:]
        var out: [UInt8] = []
        out.reserveCapacity(findings.count * 320)
        func put(_ text: String) {
            // A Swift string's UTF-8 is contiguous: read in place (`withUTF8` needs a copy to mutate).
            if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
                out.append(contentsOf: text.utf8)
            }
        }
        func put(_ number: Int) {
            if number < 0 { out.append(UInt8(ascii: "-")) }
            var digits:
                (
                    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
                ) =
                    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var value = number.magnitude, count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                repeat {
                    buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    count += 1
                } while value > 0
                for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
            }
        }
        for finding in findings {
            put(finding.path)
            out.append(UInt8(ascii: ":"))
            put(finding.line)
            out.append(UInt8(ascii: ":"))
            put(finding.column)
            out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            put(word(finding.severity))
            out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            put(finding.message)
            out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "(")])
            put(finding.ruleID)
            out.append(contentsOf: [UInt8(ascii: ")"), UInt8(ascii: "\n")])
            // The evidence as Xcode-style notes: each one a clickable location under the finding.
            for related in finding.related {
                put(related.path)
                out.append(UInt8(ascii: ":"))
                put(related.line)
                out.append(UInt8(ascii: ":"))
                put(related.column)
                put(": " + info + ": ")
                put(related.message)
                out.append(UInt8(ascii: "\n"))
            }
            if let note = finding.note {
                // A rule has one note: its line is made once per rule.
                if let line = noteLines[finding.ruleID] {
                    put(line)
                } else {
                    let line = "  " + paint("note: \(note.title) — patternlint explain \(finding.ruleID)", "2") + "\n"
                    noteLines[finding.ruleID] = line
                    put(line)
                }
            }
        }
        return out
    }

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
