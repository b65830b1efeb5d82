import Foundation
import LintEngine
import Support

/// SwiftLint's `csv` columns (`file,line,character,severity,type,reason,rule_id`), plus this
/// tool's confidence and pattern note at the end; each field quoted as RFC 4180 asks.
public struct CSVReporter: Reporter {
    public static let name = "csv"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = "file,line,character,severity,type,reason,rule_id,confidence,note\n"
        for finding in result.findings {
            let fields = [
                finding.path, String(finding.line), String(finding.column), finding.severity.rawValue.capitalized,
                finding.ruleID, finding.messageWithEvidence, finding.ruleID, finding.confidence.rawValue,
                finding.note?.title ?? "",
            ]
            out += fields.map(Self.field).joined(separator: ",") + "\n"
        }
        return out
    }

    /// A field quoted when it holds a comma, a quote or a line break (quotes doubled).
    static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 })
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
