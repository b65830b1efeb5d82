import Support
import SwiftUIModel
import ProjectSettings

/// A finding's identity that survives unrelated edits: rule, path, the finding's source line with
/// whitespace normalised, and which occurrence of that (rule, path, line text) it is. Line numbers
/// are left out on purpose, so inserting code above a finding does not make it "new".
public enum Fingerprint {
    public static func compute(for findings: [Finding]) -> [String] {
        compute(for: findings, paths: findings.map(\.path))
    }

    /// With each finding's path given apart (a baseline's: relative to its anchor).
    public static func compute(for findings: [Finding], paths: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return zip(findings, paths).map { finding, path in
            let key = finding.ruleID + "\u{1F}" + path + "\u{1F}" + normalized(finding.sourceLine)
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            return hex(fnv1a(key + "\u{1F}\(occurrence)"))
        }
    }

    /// A finding's evidence as one value: each step's path (as given: a baseline's, anchored) and
    /// what it shows, in order. Lines and columns are left out, as in `compute`, so code inserted
    /// above a step does not change it; a step that moves to another file, shows other code or a
    /// new step does.
    public static func evidence(_ related: [RelatedLocation], paths: [String]) -> String {
        var key = ""
        for (location, path) in zip(related, paths) {
            key += path + "\u{1F}" + normalized(location.message) + "\u{1E}"
        }
        return hex(fnv1a(key))
    }

    /// Trimmed, with runs of spaces and tabs folded to one space.
    public static func normalized(_ line: String) -> String {
        var out = ""
        var pendingSpace = false
        for character in line {
            if character == " " || character == "\t" || character == "\r" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(character)
            }
        }
        return out
    }

    static func fnv1a(_ text: String) -> UInt64 { FNV1a.hash(text.utf8) }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
