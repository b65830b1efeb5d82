import LintEngine
import Support

/// JUnit XML: one failing test case per finding, one passing case per clean file, so CI test
/// tabs show lint results next to unit tests.
public struct JUnitReporter: Reporter {
    public static let name = "junit"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let failing = result.findings.filter { $0.severity != .info }
        let withFindings = Set(result.findings.map(\.path))
        let clean = result.files.filter { !withFindings.contains($0) }.sorted()
        let tests = result.findings.count + clean.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"patternlint\" tests=\"\(tests)\" failures=\"\(failing.count)\" errors=\"0\">\n"
        out +=
            "  <testsuite name=\"patternlint\" tests=\"\(tests)\" failures=\"\(failing.count)\" errors=\"0\" skipped=\"0\">\n"
        for finding in result.findings {
            let name = "\(finding.ruleID) at \(finding.path):\(finding.line):\(finding.column)"
            out += "    <testcase classname=\"\(XML.escape(finding.path))\" name=\"\(XML.escape(name))\">\n"
            let note = finding.note.map { "\nPattern note: \($0.title) (\($0.path))" } ?? ""
            let body =
                "\(finding.path):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.messageWithEvidence)\(finding.confidenceLabel.map { " (\($0))" } ?? "")\(note)"
            if finding.severity == .info {
                out += "      <system-out>\(XML.escape(body))</system-out>\n"
            } else {
                out +=
                    "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(XML.escape(finding.message))\">\(XML.escape(body))</failure>\n"
            }
            out += "    </testcase>\n"
        }
        for path in clean {
            out += "    <testcase classname=\"\(XML.escape(path))\" name=\"patternlint\"/>\n"
        }
        return out + "  </testsuite>\n</testsuites>\n"
    }
}
