import LintEngine

/// An API SwiftUI deprecates with no version (`deprecated: 100000`, as `NavigationView`,
/// `presentationMode` and the `navigationBar…` modifiers are): Xcode shows no warning for it, and
/// nothing stops working. A team that plans the move opts in to warnings with
/// `soft_deprecations: warning`, top level or under the rule; otherwise the finding is a note.
enum SoftDeprecation {
    static let option = RuleOptionSpec(
        "soft_deprecations", allowed: ["info", "warning"], default: "info",
        summary:
            "severity of an API deprecated with no version, which Xcode does not warn about (`warning`: the rule's own)"
    )

    /// `info` unless the configuration asks for warnings.
    static func severity(_ options: RuleOptions) -> Severity? {
        options.value(of: option) == "warning" ? nil : .info
    }

    /// The message, saying why it is a note when it is one.
    static func message(_ text: String, _ options: RuleOptions) -> String {
        severity(options) == nil
            ? text
            : text + " (deprecated with no version, so Xcode does not warn: `soft_deprecations: warning` reports it)"
    }
}
