/// Turns a lint result into text for one consumer (terminal, CI, code scanning).
public protocol Reporter: Sendable {
    /// The `--reporter` name.
    static var name: String { get }
    func report(_ result: LintResult) -> String
}

public enum Reporters {
    public static let all: [any Reporter.Type] = [
        XcodeReporter.self, JSONReporter.self,
    ]

    public static var names: [String] { all.map { $0.name } }

    public static func make(_ name: String, color: Bool = false) -> (any Reporter)? {
        switch name {
        case XcodeReporter.name: XcodeReporter(color: color)
        case JSONReporter.name: JSONReporter()
        default: nil
        }
    }
}
