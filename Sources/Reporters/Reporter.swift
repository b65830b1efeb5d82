import LintEngine
import Support

/// Turns a lint result into text for one consumer (terminal, CI, code scanning).
public protocol Reporter: Sendable {
    /// The `--reporter` name.
    static var name: String { get }
    func report(_ result: LintResult) -> String
    /// The report as UTF-8, in consecutive pieces, for writing a large one without joining it
    /// first (or checking as a `String` bytes that were built from strings).
    func reportPieces(_ result: LintResult) -> [[UInt8]]
}

extension Reporter {
    public func reportPieces(_ result: LintResult) -> [[UInt8]] { [Array(report(result).utf8)] }
}

extension Finding {
    /// `medium confidence` or `low confidence`, said beside the rule; nil for a high-confidence
    /// finding, which most are, so the usual output stays as short as before.
    public var confidenceLabel: String? { confidence == .high ? nil : "\(confidence.rawValue) confidence" }
}

public enum Reporters {
    public static let all: [any Reporter.Type] = [
        XcodeReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self, CheckstyleReporter.self,
        JUnitReporter.self, CodeClimateReporter.self, MarkdownReporter.self, HTMLReporter.self, CSVReporter.self,
        EmojiReporter.self, SonarQubeReporter.self, SummaryReporter.self,
    ]

    /// SwiftLint's names for reporters that are ours under another name.
    public static let aliases = ["github-actions-logging": GitHubReporter.name, "gitlab": CodeClimateReporter.name]

    public static var names: [String] { all.map { $0.name } }

    public static func make(_ name: String, color: Bool = false, helpURIBase: String? = nil) -> (any Reporter)? {
        switch aliases[name] ?? name {
        case XcodeReporter.name: XcodeReporter(color: color)
        case JSONReporter.name: JSONReporter()
        case SARIFReporter.name: SARIFReporter(helpBase: helpURIBase)
        case GitHubReporter.name: GitHubReporter()
        case CheckstyleReporter.name: CheckstyleReporter()
        case JUnitReporter.name: JUnitReporter()
        case CodeClimateReporter.name: CodeClimateReporter()
        case MarkdownReporter.name: MarkdownReporter()
        case HTMLReporter.name: HTMLReporter(helpBase: helpURIBase)
        case CSVReporter.name: CSVReporter()
        case EmojiReporter.name: EmojiReporter()
        case SonarQubeReporter.name: SonarQubeReporter()
        case SummaryReporter.name: SummaryReporter()
        default: nil
        }
    }
}
