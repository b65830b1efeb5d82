/// `path:line:col: warning: message (rule-id)`, which Xcode and most editors turn into inline
/// diagnostics, then a line naming the pattern note and how to read it.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public var color: Bool

    public init(color: Bool = false) { self.color = color }

    public func report(_ result: LintResult) -> String {
        var out = ""
        for finding in result.findings {
            let word: String
            switch finding.severity {
            case .error: word = paint("error", "1;31")
            case .warning: word = paint("warning", "1;33")
            case .info: word = paint("note", "1;36")
            }
            out += "\(finding.path):\(finding.line):\(finding.column): \(word): \(finding.message) (\(finding.ruleID))\n"
            if let note = finding.note {
                out += "  " + paint("note: \(note.title) — patternlint explain \(finding.ruleID)", "2") + "\n"
            }
        }
        return out
    }

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
