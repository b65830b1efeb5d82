import LintEngine
import Support

/// SonarQube's generic external issues format (`sonar.externalIssuesReportPaths`), as SwiftLint's
/// `sonarqube` reporter writes it: errors MAJOR, warnings MINOR, infos INFO, all code smells.
public struct SonarQubeReporter: Reporter {
    public static let name = "sonarqube"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var issues: [String] = []
        for finding in result.findings {
            let severity = finding.severity == .error ? "MAJOR" : finding.severity == .warning ? "MINOR" : "INFO"
            let message = finding.messageWithEvidence + (finding.confidenceLabel.map { " (\($0))" } ?? "")
            var issue = "  {\"engineId\": \"PatternLint\", \"ruleId\": \(JSON.quote(finding.ruleID)), "
            issue += "\"primaryLocation\": {\"message\": \(JSON.quote(message)), "
            issue += "\"filePath\": \(JSON.quote(finding.path)), "
            issue += "\"textRange\": {\"startLine\": \(finding.line)}}, "
            issue += "\"type\": \"CODE_SMELL\", \"severity\": \"\(severity)\"}"
            issues.append(issue)
        }
        return "{\"issues\": [\n" + issues.joined(separator: ",\n") + (issues.isEmpty ? "" : "\n") + "]}\n"
    }
}
