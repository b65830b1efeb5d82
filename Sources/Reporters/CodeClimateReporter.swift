import LintEngine
import Support

/// Code Climate JSON, which GitLab reads as a code quality report (`artifacts:reports:codequality`).
public struct CodeClimateReporter: Reporter {
    public static let name = "codeclimate"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let fingerprints = Fingerprint.compute(for: result.findings)
        var out = "[\n"
        for (index, finding) in result.findings.enumerated() {
            let severity: String
            switch finding.severity {
            case .error: severity = "critical"
            case .warning: severity = "minor"
            case .info: severity = "info"
            }
            let note = finding.note.map { "\n\nPattern note: \($0.title) (\($0.path))" } ?? ""
            out +=
                "  {\"type\": \"issue\", \"check_name\": \(JSON.quote(finding.ruleID)), \"description\": \(JSON.quote(finding.message)), "
            out +=
                "\"content\": {\"body\": \(JSON.quote(finding.messageWithEvidence + (finding.confidenceLabel.map { " (\($0))" } ?? "") + note))}, \"categories\": [\"Bug Risk\"], "
            out += "\"fingerprint\": \(JSON.quote(fingerprints[index])), \"severity\": \(JSON.quote(severity)), "
            out += "\"location\": {\"path\": \(JSON.quote(finding.path)), \"lines\": {\"begin\": \(finding.line)}}}"
            out += index == result.findings.count - 1 ? "\n" : ",\n"
        }
        return out + "]\n"
    }
}
