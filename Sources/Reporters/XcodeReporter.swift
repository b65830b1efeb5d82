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
        // The note line of the finding before: findings of one rule often follow one another.
        var lastNote: (rule: String, line: String)?
        var out = LineBytes(capacity: findings.count * 320)
        // Read in place: `for finding in findings` copied each finding (a retain per string).
        findings.withUnsafeBufferPointer { findings in
            for index in findings.indices {
                let finding = UnsafePointer(findings.baseAddress! + index)
                out.put(finding.pointee.path)
                out.put(UInt8(ascii: ":"))
                out.put(finding.pointee.line)
                out.put(UInt8(ascii: ":"))
                out.put(finding.pointee.column)
                out.put(UInt8(ascii: ":"), UInt8(ascii: " "))
                out.put(word(finding.pointee.severity))
                out.put(UInt8(ascii: ":"), UInt8(ascii: " "))
                out.put(finding.pointee.message)
                out.put(UInt8(ascii: " "), UInt8(ascii: "("))
                out.put(finding.pointee.ruleID)
                if let label = finding.pointee.confidenceLabel { out.put(", " + label) }
                out.put(UInt8(ascii: ")"), UInt8(ascii: "\n"))
                // The evidence as Xcode-style notes: each one a clickable location under the finding.
                for related in finding.pointee.related {
                    out.put(related.path)
                    out.put(UInt8(ascii: ":"))
                    out.put(related.line)
                    out.put(UInt8(ascii: ":"))
                    out.put(related.column)
                    out.put(": " + info + ": ")
                    out.put(related.message)
                    out.put(UInt8(ascii: "\n"))
                }
                if finding.pointee.note != nil {
                    // A rule has one note: its line is made once per rule.
                    if let lastNote, lastNote.rule == finding.pointee.ruleID {
                        out.put(lastNote.line)
                    } else if let line = noteLines[finding.pointee.ruleID] {
                        lastNote = (finding.pointee.ruleID, line)
                        out.put(line)
                    } else {
                        let title = finding.pointee.note!.title
                        let line =
                            "  " + paint("note: \(title) — patternlint explain \(finding.pointee.ruleID)", "2") + "\n"
                        noteLines[finding.pointee.ruleID] = line
                        lastNote = (finding.pointee.ruleID, line)
                        out.put(line)
                    }
                }
            }
        }
        return out.bytes
    }

    /// The bytes of a report as they are written: a value with its own methods, where
    /// functions nested in `lines` captured the array (a boxed variable, an exclusivity check
    /// on every write).
    struct LineBytes {
        var bytes: [UInt8] = []

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        mutating func put(_ byte: UInt8) { bytes.append(byte) }

        mutating func put(_ first: UInt8, _ second: UInt8) {
            bytes.append(first)
            bytes.append(second)
        }

        mutating func put(_ text: String) {
            // A Swift string's UTF-8 is contiguous: read in place (`withUTF8` needs a copy to mutate).
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: text.utf8)
            }
        }

        mutating func put(_ number: Int) {
            if number < 0 { bytes.append(UInt8(ascii: "-")) }
            var value = number.magnitude
            // At most 20 digits, written last to first into a fixed buffer.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var count = 0
                repeat {
                    digits[19 - count] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    count += 1
                } while value > 0
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
            }
        }
    }

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
