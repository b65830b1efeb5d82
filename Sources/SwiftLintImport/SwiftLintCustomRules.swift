import LintEngine
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

/// What a `.swiftlint.yml` holds for the import: its custom rules with those of the local
/// `parent_config` / `child_config` files it names merged in as SwiftLint merges them (a child's
/// rule replaces its parent's of the same key), its top-level paths, and the configurations it
/// names that were not read (a URL: PatternLint reads no network), so the report can say so.
public struct SwiftLintConfiguration: Sendable {
    public var rules: [SwiftLintCustomRule] = []
    public var paths = SwiftLintPaths()
    /// `parent_config` / `child_config` entries as written, each with why it was not read.
    public var unread: [(key: String, value: String, reason: String)] = []
    /// Local parent and child configurations that were read, in the order they were merged.
    public var merged: [String] = []
}

public enum SwiftLintConfigReader {
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the file's `custom_rules`, in the order they are written.
    public static func read(path: String) throws -> [SwiftLintCustomRule] { try readWithPaths(path: path).rules }

    /// The file's `custom_rules` and its top-level `included` / `excluded`.
    public static func readWithPaths(path: String) throws -> (rules: [SwiftLintCustomRule], paths: SwiftLintPaths) {
        let configuration = try readMerged(path: path)
        return (configuration.rules, configuration.paths)
    }

    /// The file with the local parent and child configurations it names merged in. A chain is
    /// followed at most `depth` files deep and never through a file twice (SwiftLint refuses cycles).
    public static func readMerged(path: String, depth: Int = 8) throws -> SwiftLintConfiguration {
        var visited: Set<String> = []
        return try readMerged(path: path, depth: depth, visited: &visited)
    }

    static func readMerged(path: String, depth: Int, visited: inout Set<String>) throws -> SwiftLintConfiguration {
        // Absolute, so that `a/../a/x.yml` and `a/x.yml` are the same file to the cycle check.
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standard = (absolute as NSString).standardizingPath
        visited.insert(standard)
        let (own, references) = try readOne(path: path)
        var result = SwiftLintConfiguration(paths: own.paths)
        var parents: [SwiftLintConfiguration] = []
        var children: [SwiftLintConfiguration] = []
        for (key, value) in references {
            if value.hasPrefix("http://") || value.hasPrefix("https://") {
                result.unread.append(
                    (key, value, "a URL, not fetched (PatternLint reads no network): download it and import it too"))
                continue
            }
            let folder = (standard as NSString).deletingLastPathComponent
            let target = ((folder as NSString).appendingPathComponent(value) as NSString).standardizingPath
            guard !visited.contains(target) else {
                result.unread.append((key, value, "already read: a cycle, which SwiftLint refuses"))
                continue
            }
            guard depth > 1 else {
                result.unread.append((key, value, "more than 8 configurations deep"))
                continue
            }
            do {
                let read = try readMerged(path: target, depth: depth - 1, visited: &visited)
                result.merged += [target] + read.merged
                result.unread += read.unread
                if key == "parent_config" { parents.append(read) } else { children.append(read) }
            } catch {
                result.unread.append((key, value, "\(error)"))
            }
        }
        // Parent rules first, then the file's own, then its children's: a later rule of the same
        // key replaces the earlier one in place.
        var order: [String] = []
        var byKey: [String: SwiftLintCustomRule] = [:]
        for rules in parents.map(\.rules) + [own.rules] + children.map(\.rules) {
            for rule in rules {
                if byKey[rule.key] == nil { order.append(rule.key) }
                byKey[rule.key] = rule
            }
        }
        result.rules = order.compactMap { byKey[$0] }
        if result.paths.isEmpty, let inherited = parents.first(where: { !$0.paths.isEmpty }) {
            result.paths = inherited.paths
        }
        return result
    }

    static func readOne(path: String) throws -> (
        (rules: [SwiftLintCustomRule], paths: SwiftLintPaths), references: [(String, String)]
    ) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "\(path): cannot read the SwiftLint configuration")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Problem(description: "\(path): the SwiftLint configuration is not UTF-8 text")
        }
        return try parseWithReferences(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws -> [SwiftLintCustomRule] {
        try parseWithPaths(text, path: path).rules
    }

    public static func parseWithPaths(_ text: String, path: String) throws -> (
        rules: [SwiftLintCustomRule], paths: SwiftLintPaths
    ) {
        try parseWithReferences(text, path: path).0
    }

    /// The rules and paths, and the `parent_config` / `child_config` entries the file names.
    static func parseWithReferences(_ text: String, path: String) throws -> (
        (rules: [SwiftLintCustomRule], paths: SwiftLintPaths), references: [(String, String)]
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
        let references = ["parent_config", "child_config"].compactMap { key in
            top[key].flatMap(string).map { (key, $0) }
        }
        guard let customRules = top["custom_rules"] else { return (([], paths), references) }
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
        return ((rules, paths), references)
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
