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

/// JSON string quoting shared by the reporters that write JSON.
public enum JSON {
    /// `text` as a JSON string: `"` and `\` escaped, line breaks and tabs by letter, other
    /// control characters as `\u00XX`. Copied by runs of UTF-8 bytes (a scalar appended at a
    /// time cost 70,000 instructions a finding; a run of 20,000 findings spent a quarter of its
    /// time here).
    public static func quote(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            var run = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
            out.append(UInt8(ascii: "\""))
            return String(decoding: out, as: UTF8.self)
        }
    }
}
