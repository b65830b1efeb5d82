import LintEngine
import Support

/// Checkstyle XML, read by Jenkins, Danger and many CI dashboards.
public struct CheckstyleReporter: Reporter {
    public static let name = "checkstyle"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var byFile: [String: [Finding]] = [:]
        for finding in result.findings { byFile[finding.path, default: []].append(finding) }
        let paths = (Set(result.files).union(byFile.keys)).sorted()
        for path in paths {
            out += "  <file name=\"\(XML.escape(path))\">\n"
            for finding in byFile[path] ?? [] {
                let note =
                    (finding.confidenceLabel.map { " (\($0))" } ?? "")
                    + (finding.note.map { " (pattern note: \($0.title))" } ?? "")
                out +=
                    "    <error line=\"\(finding.line)\" column=\"\(finding.column)\" severity=\"\(finding.severity.rawValue)\" "
                out +=
                    "message=\"\(XML.escape(finding.messageWithEvidence + note))\" source=\"patternlint.\(XML.escape(finding.ruleID))\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }
}
