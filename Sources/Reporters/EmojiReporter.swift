import LintEngine
import Support

/// SwiftLint's `emoji` report: each file's name, then a line per finding, `⛔️` for an error,
/// `⚠️` a warning, `ℹ️` an info, with its line, column and rule.
public struct EmojiReporter: Reporter {
    public static let name = "emoji"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = ""
        var path: String?
        for finding in result.findings {
            if finding.path != path {
                path = finding.path
                out += finding.path + "\n"
            }
            let mark = finding.severity == .error ? "⛔️" : finding.severity == .warning ? "⚠️" : "ℹ️"
            let rule = finding.ruleID + (finding.confidenceLabel.map { ", \($0)" } ?? "")
            out += "\(mark) Line \(finding.line), Character \(finding.column): \(finding.message) (\(rule))\n"
        }
        return out
    }
}
