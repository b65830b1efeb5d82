import SwiftUIModel
import Support

/// Rule ids as a SwiftLint user writes them: `nested_navigation_stack` for our
/// `nested-navigation-stack`, and an imported rule by its SwiftLint id (`noPrint`).
public struct RuleIDSpellings: Sendable {
    private var known: Set<String>
    private var bySwiftLintID: [String: String] = [:]

    public init(_ entries: [RuleCatalog.Entry]) {
        known = Set(entries.map(\.metadata.id))
        for entry in entries {
            if let swiftLint = entry.metadata.swiftLintID { bySwiftLintID[swiftLint] = entry.metadata.id }
        }
    }

    /// The rule id `written` names: itself when it is one, else the rule spelled so in
    /// SwiftLint's way; nil when none.
    public func id(_ written: String) -> String? {
        if known.contains(written) { return written }
        if let imported = bySwiftLintID[written] { return imported }
        let hyphenated = Suppressions.ourName(written)
        return known.contains(hyphenated) ? hyphenated : nil
    }

    /// `written` as the id it names, or unchanged (then reported as unknown where it is used).
    public func resolved(_ written: String) -> String { id(written) ?? written }
}

extension Configuration {
    /// Every rule id the file names (lists, severities, options) read through `spellings`.
    public mutating func adoptRuleIDs(_ spellings: RuleIDSpellings) {
        disabledRules = disabledRules.map(spellings.resolved)
        optInRules = optInRules.map(spellings.resolved)
        onlyRules = onlyRules?.map(spellings.resolved)
        func rekeyed<Value>(_ values: [String: Value]) -> [String: Value] {
            Dictionary(values.map { (spellings.resolved($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        }
        severities = rekeyed(severities)
        ruleOptions = rekeyed(ruleOptions)
        unreadableRuleValues = rekeyed(unreadableRuleValues)
        unknownKeys = unknownKeys.map(spellings.resolved)
        lines = Dictionary(
            lines.map { key, line in
                let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
                let head = spellings.id(parts[0]) ?? parts[0]
                return (parts.count == 2 ? head + "." + parts[1] : head, line)
            }, uniquingKeysWith: { a, _ in a })
    }
}
