import Foundation
import LintEngine
import Support

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=rule::message`), which
/// annotate the pull request's diff. When `GITHUB_STEP_SUMMARY` is set, a markdown table of the
/// findings is appended to the job summary too.
public struct GitHubReporter: Reporter {
    public static let name = "github"
    public var summaryPath: String?

    public init(summaryPath: String? = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"]) {
        self.summaryPath = summaryPath
    }

    public func report(_ result: LintResult) -> String {
        var out = ""
        for finding in result.findings {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            let note =
                finding.note.map {
                    "\n\nPattern note: \($0.title) (\($0.path)). Run `patternlint explain \(finding.ruleID)`."
                } ?? ""
            out +=
                "::\(command) file=\(Self.property(finding.path)),line=\(finding.line),col=\(finding.column),title=\(Self.property(finding.ruleID + (finding.confidenceLabel.map { " (\($0))" } ?? "")))::\(Self.data(finding.messageWithEvidence + note))\n"
        }
        if let summaryPath, !summaryPath.isEmpty, let handle = FileHandle(forWritingAtPath: summaryPath) {
            // The summary file is GitHub's: append to it, as the runner expects.
            handle.seekToEndOfFile()
            handle.write(Data(MarkdownReporter().report(result).utf8))
            try? handle.close()
        }
        return out
    }

    /// Escaping for the message part of a workflow command.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping for `key=value` properties.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
