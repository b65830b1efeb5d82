import Foundation
import Support
import Yams
import SwiftLexer
import SwiftUIModel

/// The `custom_rules` of a `.swiftlint.yml`, read as SwiftLint reads them (`RegexConfiguration`):
/// `regex` (required), `name`, `message` (default "Regex matched"), `severity` (default warning),
/// `included` / `excluded` (a regex or a list), `match_kinds` or `excluded_match_kinds` (a kind
/// or a list; not both), `capture_group` (a number). A rule SwiftLint would refuse (no regex, a
/// regex or kind it cannot read, both kind keys) is kept with the reason, not converted.
public struct SwiftLintCustomRule: Sendable {
    /// The rule's key under `custom_rules`.
    public var key: String
    public var regex: String?
    public var name: String?
    public var message: String?
    public var severity: String?
    public var included: [String] = []
    public var excluded: [String] = []
    public var matchKinds: [String]?
    public var excludedMatchKinds: [String]?
    public var captureGroup: Int = 0
    /// Keys SwiftLint reads that PatternLint has no use for, and unknown ones.
    public var otherKeys: [String] = []
    /// `execution_mode` (or `custom_rules.default_execution_mode`): `sourcekit` classifies
    /// comments more finely than the SwiftSyntax mode the kinds here follow.
    public var executionMode: String?
    /// Values SwiftLint would not take, in words (the rule still imports where it can).
    public var quirks: [String] = []
    /// The entry as written, for the rule file's record of where it came from.
    public var source: String
}

/// A `.swiftlint.yml`'s top-level `included` and `excluded`: paths (globs since SwiftLint 0.48)
/// relative to the configuration's folder, a folder covering what is inside it. SwiftLint lints
/// nothing outside them, so an imported rule keeps them as its `paths` / `excluded_paths`.
public struct SwiftLintPaths: Sendable, Equatable {
    public var included: [String] = []
    public var excluded: [String] = []
    public init(included: [String] = [], excluded: [String] = []) {
        self.included = included
        self.excluded = excluded
    }
    public var isEmpty: Bool { included.isEmpty && excluded.isEmpty }
}

public enum SwiftLintConfigReader {
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the file's `custom_rules`, in the order they are written.
    public static func read(path: String) throws -> [SwiftLintCustomRule] { try readWithPaths(path: path).rules }

    /// The file's `custom_rules` and its top-level `included` / `excluded`.
    public static func readWithPaths(path: String) throws -> (rules: [SwiftLintCustomRule], paths: SwiftLintPaths) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "\(path): cannot read the SwiftLint configuration")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Problem(description: "\(path): the SwiftLint configuration is not UTF-8 text")
        }
        return try parseWithPaths(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws -> [SwiftLintCustomRule] {
        try parseWithPaths(text, path: path).rules
    }

    public static func parseWithPaths(_ text: String, path: String) throws -> (
        rules: [SwiftLintCustomRule], paths: SwiftLintPaths
    ) {
        let root: Node?
        do {
            root = try BoundedYAML.compose(text, .default)
        } catch let error as BoundedYAML.TooLarge {
            throw Problem(description: "\(path): \(error)")
        } catch {
            throw Problem(description: "\(path): malformed YAML: \(BoundedYAML.describe(error))")
        }
        guard case .mapping(let top)? = root else {
            throw Problem(description: "\(path): a SwiftLint configuration is a mapping of keys to values")
        }
        let paths = SwiftLintPaths(
            included: top["included"].flatMap(strings) ?? [], excluded: top["excluded"].flatMap(strings) ?? [])
        guard let customRules = top["custom_rules"] else { return ([], paths) }
        guard case .mapping(let entries) = customRules else {
            throw Problem(description: "\(path): `custom_rules` must map rule names to their settings")
        }
        var rules: [SwiftLintCustomRule] = []
        var defaultMode: String?
        for (keyNode, value) in entries {
            guard let key = keyNode.string else { continue }
            // A setting of the whole `custom_rules`, not a rule.
            if key == "default_execution_mode" {
                defaultMode = string(value)
                continue
            }
            rules.append(rule(key, value))
        }
        for index in rules.indices where rules[index].executionMode == nil { rules[index].executionMode = defaultMode }
        return (rules, paths)
    }

    static func rule(_ key: String, _ node: Node) -> SwiftLintCustomRule {
        var rule = SwiftLintCustomRule(
            key: key, source: (try? Yams.serialize(node: Node([(Node(key), node)]), width: -1)) ?? key)
        guard case .mapping(let settings) = node else {
            rule.quirks.append("its settings are not a mapping; SwiftLint ignores it")
            return rule
        }
        for (keyNode, value) in settings {
            guard let setting = keyNode.string else { continue }
            switch setting {
            case "regex": rule.regex = string(value)
            case "name": rule.name = string(value)
            case "message": rule.message = string(value)
            case "severity": rule.severity = string(value)
            case "included": rule.included = strings(value) ?? []
            case "excluded": rule.excluded = strings(value) ?? []
            case "match_kinds": rule.matchKinds = strings(value)
            case "excluded_match_kinds": rule.excludedMatchKinds = strings(value)
            case "capture_group":
                // SwiftLint reads it only as a number (`as? Int`): a quoted "1" is ignored.
                if case .scalar(let scalar) = value, scalar.style == .plain, let number = Int(scalar.string) {
                    rule.captureGroup = number
                } else {
                    rule.quirks.append("`capture_group` is not a plain number; SwiftLint ignores it (group 0)")
                }
            case "execution_mode": rule.executionMode = string(value)
            default: rule.otherKeys.append(setting)
            }
        }
        return rule
    }

    /// A scalar as text (SwiftLint's `as? String` takes quoted and plain scalars alike).
    static func string(_ node: Node) -> String? {
        if case .scalar(let scalar) = node { return scalar.string }
        return nil
    }

    /// A scalar or a list of scalars.
    static func strings(_ node: Node) -> [String]? {
        switch node {
        case .scalar(let scalar): return [scalar.string]
        case .sequence(let items): return items.compactMap(string)
        default: return nil
        }
    }
}
