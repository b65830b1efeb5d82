import Foundation
import Support
import Yams
import SwiftUIModel
import ProjectSettings
import Notes

/// `.patternlint.yml`: which files, which rules, severities and options, extra notes and rules.
///
/// ```yaml
/// included: [Sources]
/// excluded: ["**/Generated/**", Pods]
/// disabled_rules: [state-not-private]
/// opt_in_rules: [hardcoded-navigation-in-reusable-view]
/// only_rules: []                  # when set, only these run
/// constant-binding:               # per rule: severity and options
///   severity: error
///   previews: off
/// state-not-private: error        # or just a severity
/// notes: [docs/patterns]          # more pattern notes
/// note_links: { names: none, unresolved: warning }   # an Obsidian vault: links by path, broken ones kept
/// rules: [docs/rules]             # more rule files
/// reporter: xcode
/// deployment_target:             # oldest OS versions supported (else read from the project)
///   iOS: "15.0"
/// soft_deprecations: warning      # APIs deprecated with no version: warn (default info)
/// ```
public struct Configuration: Sendable {
    public var included: [String] = []
    /// `baseline:`: the team's baseline file (relative to this file), used when `--baseline` is not given.
    public var baseline: String?
    public var excluded: [String] = []
    public var disabledRules: [String] = []
    public var optInRules: [String] = []
    public var onlyRules: [String]?
    public var severities: [String: Severity] = [:]
    public var ruleOptions: [String: RuleOptions] = [:]
    public var notes: [String] = []
    public var rules: [String] = []
    public var reporter: String?
    /// `deployment_target:`; when absent the CLI reads the project files (`DeploymentTargets.detect`).
    public var deploymentTargets: DeploymentTargets?
    /// Read each file's nearest project (`DeploymentTargetResolver`), as the CLI does: its targets'
    /// versions when there is no `deployment_target:`, and whether a target builds the file (the
    /// deprecation rules are silent in one none builds). Off, every API counts as available.
    public var detectsDeploymentTargets = false
    /// `mcp: { writes: true }`: `patternlint mcp` offers its note-writing tools.
    public var mcpWrites = false
    /// `note_links: { names: … }`: which notes a link finds by title, permalink or alias
    /// (`LinkNames`); nil, each folder's own (`LinkNames.of(root:)`).
    public var noteLinkNames: LinkNames?
    /// `note_links: { unresolved: … }`: how `notes check` reports a link to no note: error,
    /// warning or off (nil: error, or warning in an Obsidian vault).
    public var unresolvedNoteLinks: String?
    /// `navigation:`: the team's own stacks, links and destination modifiers, which the navigation
    /// rules count as SwiftUI's.
    public var navigation = TeamNavigationNames()
    /// Base URL of a published copy of the notes (`notes export --html`); SARIF `helpUri`s point there.
    public var helpURIBase: String?
    /// `soft_deprecations: info|warning`: how the rules for APIs deprecated with no version
    /// (which Xcode does not warn about) report them, unless a rule's own section says.
    public var softDeprecations: String?
    /// Folder the configuration's relative paths start from.
    public var root: String = "."
    public var path: String?
    /// Keys that are neither known settings nor (possibly) rule ids.
    var unknownKeys: [String] = []
    /// A rule's value that is neither a severity nor a mapping (`state-not-private: errror`).
    var unreadableRuleValues: [String: String] = [:]
    /// The line of each key (`constant-binding`) and rule option (`constant-binding.previews`), for warnings.
    var lines: [String: Int] = [:]

    public static let fileName = ".patternlint.yml"
    static let knownKeys: Set<String> = [
        "included", "excluded", "disabled_rules", "opt_in_rules", "only_rules", "notes", "rules", "reporter",
        "help_uri_base", "deployment_target", "baseline", "mcp", "soft_deprecations", "navigation", "note_links",
    ]

    public init() {}

    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads a configuration file; malformed YAML or wrong value types are errors naming the file.
    public static func load(path: String) throws -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(description: "\(path): cannot read the configuration file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LoadError(description: "\(path): the configuration is not UTF-8 text")
        }
        let loaded: Any?
        do {
            // Every scalar stays text: YAML 1.1 would read `previews: off` as the Boolean false.
            // Checked first: converting an alias bomb to `Any` would never finish.
            _ = try BoundedYAML.compose(text)
            loaded = try Yams.load(yaml: text, .basic, .default, .utf8)
        } catch let error as YamlError {
            throw LoadError(description: "\(path): malformed YAML: \(BoundedYAML.describe(error))")
        } catch let error as BoundedYAML.TooLarge {
            throw LoadError(description: "\(path): \(error)")
        }
        var configuration = Configuration()
        configuration.path = path
        configuration.root =
            PathText.parent(path).isEmpty ? "." : PathText.parent(path)
        guard let loaded else { return configuration }
        guard let map = loaded as? [String: Any] else {
            throw LoadError(description: "\(path): the configuration must be a mapping of keys to values")
        }
        configuration.lines = keyLines(text)
        let lines = configuration.lines
        func place(_ key: String) -> String { lines[key].map { "\(path):\($0)" } ?? path }
        func strings(_ key: String) throws -> [String] {
            guard let value = map[key] else { return [] }
            if let single = value as? String { return [single] }
            guard let list = value as? [Any] else {
                throw LoadError(
                    description: "\(place(key)): `\(key)` must be a list of paths or names, not \(Self.kind(of: value))"
                )
            }
            return try list.map { item in
                guard let text = item as? String else {
                    throw LoadError(
                        description:
                            "\(place(key)): each item of `\(key)` must be a path or name, not \(Self.kind(of: item))")
                }
                return text
            }
        }
        func string(_ key: String, _ what: String) throws -> String? {
            guard let value = map[key] else { return nil }
            guard let text = value as? String else {
                throw LoadError(description: "\(place(key)): `\(key)` must be \(what), not \(Self.kind(of: value))")
            }
            return text
        }
        configuration.included = try strings("included")
        configuration.excluded = try strings("excluded")
        configuration.disabledRules = try strings("disabled_rules")
        configuration.optInRules = try strings("opt_in_rules")
        if map["only_rules"] != nil { configuration.onlyRules = try strings("only_rules") }
        configuration.notes = try strings("notes")
        configuration.rules = try strings("rules")
        configuration.reporter = try string("reporter", "a reporter's name")
        configuration.helpURIBase = try string("help_uri_base", "a URL")
        configuration.baseline = try string("baseline", "a file's path")
        if let mcp = map["mcp"] {
            guard let settings = mcp as? [String: Any] else {
                throw LoadError(description: "\(place("mcp")): `mcp` must be a mapping, e.g. `mcp: { writes: true }`")
            }
            for (key, value) in settings {
                guard key == "writes" else {
                    throw LoadError(description: "\(place("mcp")): unknown key `mcp.\(key)`; `mcp` takes `writes`")
                }
                guard let text = value as? String, ["true", "false"].contains(text.lowercased()) else {
                    throw LoadError(
                        description:
                            "\(place("mcp.writes")): `mcp.writes` must be true or false, not \(Self.kind(of: value))")
                }
                configuration.mcpWrites = text.lowercased() == "true"
            }
        }
        if let links = map["note_links"] {
            guard let settings = links as? [String: Any] else {
                throw LoadError(
                    description:
                        "\(place("note_links")): `note_links` must be a mapping, e.g. `note_links: { names: none }`")
            }
            let choices = [
                "names": LinkNames.allCases.map(\.rawValue), "unresolved": ["error", "warning", "off"],
            ]
            for (key, value) in settings {
                guard let allowed = choices[key] else {
                    throw LoadError(
                        description:
                            "\(place("note_links")): unknown key `note_links.\(key)`; `note_links` takes `names` and `unresolved`"
                    )
                }
                guard let text = (value as? String)?.lowercased(), allowed.contains(text) else {
                    throw LoadError(
                        description:
                            "\(place("note_links")): `note_links.\(key)` must be \(allowed.dropLast().joined(separator: ", ")) or \(allowed[allowed.count - 1]), not \((value as? String).map { "`\($0)`" } ?? Self.kind(of: value))"
                    )
                }
                if key == "names" { configuration.noteLinkNames = LinkNames(rawValue: text) }
                if key == "unresolved" { configuration.unresolvedNoteLinks = text }
            }
        }
        if let soft = try string("soft_deprecations", "info or warning") {
            guard ["info", "warning"].contains(soft) else {
                throw LoadError(
                    description:
                        "\(place("soft_deprecations")): `soft_deprecations` must be info or warning, not `\(soft)`")
            }
            configuration.softDeprecations = soft
        }
        if let navigation = map["navigation"] {
            configuration.navigation = try Self.navigationNames(navigation, place: place)
        }
        if let targets = map["deployment_target"] {
            do {
                configuration.deploymentTargets = try DeploymentTargets.parse(targets, source: path)
            } catch {
                throw LoadError(description: "\(path): \(error)")
            }
        }
        for (key, value) in map where !knownKeys.contains(key) {
            if let severity = (value as? String).flatMap(Severity.init(rawValue:)) {
                configuration.severities[key] = severity
            } else if let text = value as? String {
                configuration.unreadableRuleValues[key] = "`\(key): \(text.clipped(to: 60))`"
            } else if let options = value as? [String: Any] {
                var values: [String: String] = [:]
                for (option, optionValue) in options {
                    guard let text = optionValue as? String else {
                        throw LoadError(
                            description:
                                "\(place(key + "." + option)): `\(key).\(option)` must be a single value, not \(Self.kind(of: optionValue))"
                        )
                    }
                    if option == "severity" {
                        guard let severity = Severity(rawValue: text) else {
                            throw LoadError(
                                description:
                                    "\(place(key + "." + option)): `\(key).severity` must be error, warning or info")
                        }
                        configuration.severities[key] = severity
                    } else {
                        values[option] = text
                    }
                }
                configuration.ruleOptions[key] = RuleOptions(values)
            } else {
                // A list, or a value of no kind: said in the words of the file, not Swift's.
                configuration.unreadableRuleValues[key] = "`\(key)`, set to \(Self.kind(of: value)),"
            }
            configuration.unknownKeys.append(key)
        }
        return configuration
    }

    /// `navigation: { stacks: [RouterStack], links: [RouterLink], destinations: [routerDestination] }`.
    static func navigationNames(_ value: Any, place: (String) -> String) throws -> TeamNavigationNames {
        guard let settings = value as? [String: Any] else {
            throw LoadError(
                description:
                    "\(place("navigation")): `navigation` must be a mapping, e.g. `navigation: { stacks: [RouterStack] }`"
            )
        }
        var names = TeamNavigationNames()
        for (key, value) in settings {
            let list: [Any]
            if let single = value as? String {
                list = [single]
            } else if let many = value as? [Any] {
                list = many
            } else {
                throw LoadError(
                    description:
                        "\(place("navigation." + key)): `navigation.\(key)` must be a list of names, not \(Self.kind(of: value))"
                )
            }
            var found: Set<String> = []
            for item in list {
                guard let name = item as? String, Self.isName(name) else {
                    throw LoadError(
                        description:
                            "\(place("navigation." + key)): each item of `navigation.\(key)` must be a type or modifier name, not \(Self.kind(of: item))"
                    )
                }
                found.insert(name)
            }
            switch key {
            case "stacks": names.stacks = found
            case "links": names.links = found
            case "destinations": names.destinations = found
            default:
                throw LoadError(
                    description:
                        "\(place("navigation." + key)): unknown key `navigation.\(key)`; `navigation` takes `stacks`, `links` and `destinations`"
                )
            }
        }
        return names
    }

    /// A Swift identifier as a team names its types and modifiers: letters, digits and `_`, not
    /// starting with a digit.
    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return text.utf8.allSatisfy {
            ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z"))
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
        }
    }

    /// What a YAML value is, for a message: `a list`, `a mapping`, `the text "…"`.
    static func kind(of value: Any) -> String {
        switch value {
        case let text as String: "`\(text.clipped(to: 60))`"
        case is [Any]: "a list"
        case is [String: Any], is [AnyHashable: Any]: "a mapping"
        default: "an empty value"
        }
    }

    /// Finds `.patternlint.yml` in the folder or its parents.
    public static func find(from folder: String = FileManager.default.currentDirectoryPath) -> String? {
        var current = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// The line of every top-level key and of every key one level below it (1-based).
    static func keyLines(_ text: String) -> [String: Int] {
        guard let node = try? BoundedYAML.compose(text, .default), case .mapping(let top) = node else { return [:] }
        var lines: [String: Int] = [:]
        for (key, value) in top {
            guard let name = key.string else { continue }
            lines[name] = key.mark?.line
            guard case .mapping(let options) = value else { continue }
            for (option, _) in options {
                if let optionName = option.string { lines[name + "." + optionName] = option.mark?.line }
            }
        }
        return lines
    }

    /// Warnings for keys that are not settings nor rule ids, rule ids that do not exist, and rule
    /// options a rule does not take or values it does not accept (`rules`: each known rule's
    /// options), each naming the file and line.
    public func warnings(rules: [String: [RuleOptionSpec]]) -> [String] {
        var warnings: [String] = []
        let name = path ?? Self.fileName
        func place(_ key: String) -> String { lines[key].map { "\(name):\($0)" } ?? name }
        let ruleIDs = NameSuggestions(rules.keys)
        let keys = NameSuggestions(Array(rules.keys) + Self.knownKeys)
        for key in unknownKeys where rules[key] == nil {
            warnings.append(
                "\(place(key)): unknown key `\(key)` (neither a setting nor a rule id)\(keys.didYouMean(key))")
        }
        for (list, ids) in [
            ("disabled_rules", disabledRules), ("opt_in_rules", optInRules), ("only_rules", onlyRules ?? []),
        ] {
            for id in ids where rules[id] == nil {
                warnings.append("\(place(list)): unknown rule `\(id)` in `\(list)`\(ruleIDs.didYouMean(id))")
            }
        }
        for (id, text) in unreadableRuleValues.sorted(by: { $0.key < $1.key }) where rules[id] != nil {
            warnings.append(
                "\(place(id)): \(text) is not a severity (error, warning or info) nor a mapping of options; ignored"
            )
        }
        for (id, options) in ruleOptions.sorted(by: { $0.key < $1.key }) {
            guard let specs = rules[id] else { continue }
            for (option, value) in options.values.sorted(by: { $0.key < $1.key }) {
                guard let spec = specs.first(where: { $0.name == option }) else {
                    let takes =
                        specs.isEmpty
                        ? "it takes only `severity`"
                        : "it takes `severity`, " + specs.map { "`\($0.name)`" }.joined(separator: ", ")
                    warnings.append(
                        "\(place(id + "." + option)): unknown option `\(option)` for rule `\(id)` (\(takes)); ignored")
                    continue
                }
                if !spec.allowed.isEmpty, !spec.allowed.contains(value) {
                    warnings.append(
                        "\(place(id + "." + option)): `\(id).\(option)` is `\(value)`; expected one of \(spec.allowed.joined(separator: ", ")) (using the default, `\(spec.defaultValue)`)"
                    )
                }
            }
        }
        return warnings
    }

    /// Whether a rule runs: `only_rules` wins; opt-in rules need `opt_in_rules`; `disabled_rules` turns off.
    public func isEnabled(_ metadata: RuleMetadata) -> Bool {
        if let only = onlyRules { return only.contains(metadata.id) }
        if disabledRules.contains(metadata.id) { return false }
        return !metadata.optIn || optInRules.contains(metadata.id)
    }

    /// A rule's options, with the project's deployment targets.
    public func options(for id: String) -> RuleOptions {
        var options = ruleOptions[id] ?? RuleOptions()
        // The top-level setting, for the rules that take it (others never read the key).
        if let softDeprecations, options["soft_deprecations"] == nil {
            options.values["soft_deprecations"] = softDeprecations
        }
        options.deploymentTargets = deploymentTargets
        options.projectRoot = root
        return options
    }

    public func severity(of metadata: RuleMetadata) -> Severity {
        severities[metadata.id] ?? metadata.severity
    }

    /// A path relative to the configuration's folder, resolved.
    /// A path of the configuration (relative to its folder) as the run names it: normalised, and
    /// relative to the current folder when it lies there (see `DisplayPath`).
    /// The folders `included` has walked (a glob's folders before its first wildcard), from the
    /// current folder; the default, this configuration's own.
    public var includedRoots: [String] {
        guard !included.isEmpty else { return ["."] }
        var seen = Set<String>()
        return included.map { resolve(Glob.walkedFolder($0)) }.filter { seen.insert($0).inserted }
    }

    /// What a file found under `includedRoots` must match to be linted: every `included` entry,
    /// when one is a glob (`*/Sources`); none otherwise (each root is then an entry itself).
    public var includedFilter: [String] { included.contains(where: Glob.hasWildcards) ? included : [] }

    public func resolve(_ path: String) -> String {
        DisplayPath.of(path.hasPrefix("/") || root == "." ? path : root + "/" + path)
    }

    /// The starter file `patternlint init` writes, its reporter comment naming `reporters` (every
    /// reporter the binary has: a hand-kept list fell behind when one was added).
    public static func starter(reporters: [String]) -> String {
        starterTemplate.replacingOccurrences(
            of: "{reporters}",
            with: reporters.enumerated().map { $0.offset == 0 ? "\($0.element) (default)" : $0.element }
                .joined(separator: ", "))
    }

    static let starterTemplate = """
        # PatternLint configuration. Paths are relative to this file.
        # Which Swift files to lint when `patternlint lint` gets no paths (default: this folder).
        included:
          - .
        # Globs to skip (`**` spans folders). .build, DerivedData, Pods, Carthage and .git are always skipped.
        excluded:
          - "**/Generated/**"

        # Rules to turn off, and opt-in rules to turn on. `patternlint rules` lists them all.
        disabled_rules: []
        opt_in_rules: []
        # only_rules: [constant-binding]   # when set, only these run

        # Per-rule severity (error, warning, info) and options.
        constant-binding:
          previews: info    # `.constant` inside previews: info, warning, error or off

        # Your team's own pattern notes and rule files (markdown), added to the built-in ones.
        notes: []
        rules: []

        # {reporters}
        reporter: xcode
        # The team's baseline (written with `lint --write-baseline FILE`): its findings are not reported.
        # baseline: .patternlint-baseline.json
        # Where `patternlint notes export --html` output is published; SARIF help links point there.
        # help_uri_base: https://docs.example.com/patterns/
        # Let assistants write notes over MCP (write_note, edit_note, move_note), inside the note folders.
        # mcp: { writes: true }
        # How links between notes resolve. By path first, as Obsidian does; then by title, permalink and
        # alias for notes that declare `title:` (Basic Memory's). `names: none` for paths only (the
        # default in a folder with `.obsidian/`), `all` for every note's names; broken links: error,
        # warning (the default in an Obsidian vault, which keeps links to notes not written yet) or off.
        # note_links: { names: declared, unresolved: error }

        # Oldest OS versions the app supports: rules that recommend newer APIs (NavigationStack needs
        # iOS 16) stay quiet below them. Default: read from *.xcodeproj and Package.swift here.
        # deployment_target:
        #   iOS: "15.0"
        # APIs SwiftUI deprecates with no version (NavigationView, presentationMode, navigationBarTitle),
        # which Xcode does not warn about: info by default; `warning` when the team plans the move.
        # soft_deprecations: warning

        # Your own (or a package's) navigation stacks, links and destination modifiers, which the
        # navigation rules then treat as SwiftUI's.
        # navigation:
        #   stacks: [RouterStack]
        #   links: [RouterLink]
        #   destinations: [routerDestination]

        """
}
