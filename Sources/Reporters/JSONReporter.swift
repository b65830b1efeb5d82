import LintEngine
import Support

/// Every finding with every field, the note included, as a JSON array.
public struct JSONReporter: Reporter {
    public static let name = "json"

    public init() {}

    public func report(_ result: LintResult) -> String {
        // Written by hand: Foundation's encoder dominated the run on large result sets.
        var out = "[\n"
        for (index, finding) in result.findings.enumerated() {
            out += "  {"
            Self.writeMembers(of: finding, into: &out)
            out += index == result.findings.count - 1 ? "}\n" : "},\n"
        }
        return out + "]\n"
    }

    /// A finding's members as the report writes them, without the braces: a front end adds its
    /// own beside them (the MCP answer adds the fix).
    public static func writeMembers(of finding: Finding, into out: inout String) {
        out += "\"rule\": \(JSON.quote(finding.ruleID)), \"severity\": \(JSON.quote(finding.severity.rawValue)), "
        out += "\"confidence\": \(JSON.quote(finding.confidence.rawValue)), "
        out += "\"message\": \(JSON.quote(finding.message)), \"path\": \(JSON.quote(finding.path)), "
        out += "\"line\": \(finding.line), \"column\": \(finding.column), \"note\": "
        if let note = finding.note {
            out +=
                "{\"title\": \(JSON.quote(note.title)), \"permalink\": \(JSON.quote(note.permalink)), \"path\": \(JSON.quote(note.path))}"
        } else {
            out += "null"
        }
        out += ", \"related\": ["
        for (position, related) in finding.related.enumerated() {
            out += position == 0 ? "" : ", "
            out +=
                "{\"path\": \(JSON.quote(related.path)), \"line\": \(related.line), \"column\": \(related.column), \"message\": \(JSON.quote(related.message))}"
        }
        out += "]"
    }
}

/// JSON string quoting shared by the reporters that write JSON (`JSONQuoting`).
public enum JSON {
    public static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        JSONQuoting.append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
