import LintEngine
import Support

/// A markdown table, for pull-request comments and CI job summaries.
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"

    public init() {}

    public func report(_ result: LintResult) -> String {
        func count(_ severity: Severity, _ noun: String) -> String {
            let n = result.findings.filter { $0.severity == severity }.count
            return "\(n) \(noun)\(n == 1 ? "" : "s")"
        }
        var out = "### PatternLint\n\n"
        guard !result.findings.isEmpty else {
            return out + "No findings in \(result.filesLinted) file\(result.filesLinted == 1 ? "" : "s").\n"
        }
        out +=
            "\(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") (\(count(.error, "error")), \(count(.warning, "warning")), \(count(.info, "info"))) in \(result.filesLinted) file\(result.filesLinted == 1 ? "" : "s").\n\n"
        out += "| | Location | Rule | Message | Pattern note |\n|---|---|---|---|---|\n"
        for finding in result.findings {
            let icon: String
            switch finding.severity {
            case .error: icon = "❌"
            case .warning: icon = "⚠️"
            case .info: icon = "ℹ️"
            }
            let note = finding.note.map { "\(cell($0.title)) (`\(cell($0.path))`)" } ?? ""
            out +=
                "| \(icon) | `\(cell(finding.path)):\(finding.line):\(finding.column)` | `\(finding.ruleID)`\(finding.confidenceLabel.map { " (\($0))" } ?? "") | \(cell(finding.messageWithEvidence)) | \(note) |\n"
        }
        return out
    }

    func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
