/// A markdown table, for pull-request comments and CI job summaries.
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let errors = result.findings.filter { $0.severity == .error }.count
        let warnings = result.findings.filter { $0.severity == .warning }.count
        var out = "### PatternLint\n\n"
        guard !result.findings.isEmpty else {
            return out + "No findings in \(result.filesLinted) file\(result.filesLinted == 1 ? "" : "s").\n"
        }
        out +=
            "\(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")) in \(result.filesLinted) file\(result.filesLinted == 1 ? "" : "s").\n\n"
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
                "| \(icon) | `\(cell(finding.path)):\(finding.line):\(finding.column)` | `\(finding.ruleID)` | \(cell(finding.message)) | \(note) |\n"
        }
        return out
    }

    func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
