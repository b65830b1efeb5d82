import SwiftUIModel
import ProjectSettings
import Support

/// Runs the examples of rule files: a triggering example must give exactly its `↓`-marked
/// findings of that rule, a non-triggering one none. Each example also runs in variants: inside a
/// block comment and a string literal (silent), after a shebang and an emoji line (same findings,
/// two lines down), and after `// patternlint:disable <id>` (silent, the suppression counted as
/// used). An example runs under the options and deployment targets its info string sets
/// (```` ```swift previews=off iOS=15 ````, see `ExampleSettings`). The test suite runs it on the
/// built-in rules; `patternlint rules --test` on a team's.
public struct RuleExampleRunner: Sendable {
    public var catalog: RuleCatalog

    public init(catalog: RuleCatalog) { self.catalog = catalog }

    public struct Failure: Sendable, CustomStringConvertible {
        public var rule: String
        public var path: String
        public var line: Int
        public var message: String
        public var description: String { "\(path):\(line): \(rule): \(message)" }
    }

    public struct Outcome: Sendable {
        public var failures: [Failure]
        public var examplesRun: Int
        /// Rules marked `examples: todo` (imported ones), counted rather than failed.
        public var rulesWithoutExamples: [String] = []
    }

    /// An example with `↓` markers (a finding at the rule's severity), `ⓦ` markers (a finding an
    /// error rule reports at `warning`, since it is only medium-confidence) and `ⓘ` markers (a
    /// finding the rule reports only at `info`, where it cannot tell): the code without them, and
    /// where each marker stood.
    public struct Marked: Sendable {
        public var code: String
        /// (line, column in characters), 1-based.
        public var markers: [(line: Int, column: Int)]
        public var infoMarkers: [(line: Int, column: Int)] = []
        public var warningMarkers: [(line: Int, column: Int)] = []

        /// The findings the markers expect, as `positions` writes them.
        public var expected: [String] {
            (markers.map { "\($0.line):\($0.column)" } + infoMarkers.map { "\($0.line):\($0.column) info" }
                + warningMarkers.map { "\($0.line):\($0.column) warning" })
                .sorted(by: RuleExampleRunner.positionOrder)
        }

        public init(_ marked: String) {
            var code = ""
            var markers: [(Int, Int)] = []
            var line = 1, column = 1
            for character in marked {
                if character == "↓" {
                    markers.append((line, column))
                    continue
                }
                if character == "ⓘ" {
                    infoMarkers.append((line, column))
                    continue
                }
                if character == "ⓦ" {
                    warningMarkers.append((line, column))
                    continue
                }
                code.append(character)
                if character == "\n" { line += 1; column = 1 } else { column += character.unicodeScalars.count }
            }
            self.code = code
            self.markers = markers
        }
    }

    /// What an example's info string sets, after the language: `key=value` words, each an option
    /// of the example's rule (as under its key in `.patternlint.yml`: `previews=off`) or a
    /// deployment target (`iOS=15`, `macOS=14`; iOS, macOS, tvOS, watchOS, visionOS). Without
    /// targets every API counts as available, as with none configured.
    public struct ExampleSettings: Sendable, Equatable {
        public var options: [String: String] = [:]
        public var deploymentTargets: [DeploymentTargets.Platform: DeploymentTargets.Version] = [:]
        /// `path=Sources/Views/Profile.swift`: the file the example stands for (rules with `paths:`).
        public var path = "Example.swift"
        /// `without=constant-binding`: rules the example runs with turned off (a rule that leaves
        /// a mistake to another one reports it only when that one is off).
        public var without: [String] = []

        public struct Problem: Error, CustomStringConvertible, Sendable {
            public var description: String
        }

        /// An unknown key, a value the option does not take, a version that is not one, a key set
        /// twice or a word that is not `key=value` is a problem: the example would otherwise run
        /// under settings its author did not mean, and pass for the wrong reason.
        public static func parse(_ info: String, optionSpecs: [RuleOptionSpec]) throws -> ExampleSettings {
            var settings = ExampleSettings()
            var keys = Set<String>()
            for word in info.split(whereSeparator: \.isWhitespace).dropFirst() {
                guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                    throw Problem(description: "`\(word)` is not `key=value`")
                }
                let key = String(word[..<equals]), value = String(word[word.index(after: equals)...])
                guard keys.insert(key.lowercased()).inserted else {
                    throw Problem(description: "`\(key)` is set twice")
                }
                if key == "path" {
                    guard !value.isEmpty, !value.hasPrefix("/"), !value.split(separator: "/").contains("..") else {
                        throw Problem(description: "`path=\(value)`: a relative path inside the project")
                    }
                    settings.path = value
                } else if key == "without" {
                    settings.without = value.split(separator: ",").map(String.init)
                    guard !settings.without.isEmpty else { throw Problem(description: "`without=`: name a rule") }
                } else if let platform = platform(named: key) {
                    settings.deploymentTargets[platform] = try version(value, key: key)
                } else if let spec = optionSpecs.first(where: { $0.name == key }) {
                    settings.options[key] = try option(value, of: spec)
                } else {
                    throw Problem(description: "unknown key `\(key)` (\(takes(optionSpecs)))")
                }
            }
            return settings
        }

        /// As `deployment_target:` reads platforms: in any case.
        static func platform(named key: String) -> DeploymentTargets.Platform? {
            DeploymentTargets.Platform.allCases.first { $0.rawValue.lowercased() == key.lowercased() }
        }

        static func version(_ text: String, key: String) throws -> DeploymentTargets.Version {
            guard let version = DeploymentTargets.Version(text) else {
                throw Problem(description: "`\(key)=\(text)`: `\(text)` is not a version")
            }
            return version
        }

        static func option(_ value: String, of spec: RuleOptionSpec) throws -> String {
            guard spec.allowed.isEmpty || spec.allowed.contains(value) else {
                throw Problem(
                    description: "`\(spec.name)=\(value)`: expected one of \(spec.allowed.joined(separator: ", "))")
            }
            return value
        }

        static func takes(_ specs: [RuleOptionSpec]) -> String {
            let options =
                specs.isEmpty
                ? "this rule takes no options"
                : "this rule takes " + specs.map { "`\($0.name)`" }.joined(separator: ", ")
            let platforms = DeploymentTargets.Platform.allCases.map(\.rawValue).joined(separator: ", ")
            return options + "; deployment targets: " + platforms + "; `path=` the file's path"
                + "; `without=` rules turned off"
        }
    }

    /// Every rule enabled (opt-in ones too), so suppressions of any rule can be judged; the
    /// example's options for its rule, and its deployment targets.
    /// A linter for one example, and the path its file stands at.
    struct ExampleLinter {
        var linter: Linter
        var path: String
    }

    func linter(for rule: String, settings: ExampleSettings) -> ExampleLinter {
        var configuration = Configuration()
        configuration.optInRules = catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
        configuration.disabledRules = settings.without.filter { $0 != rule }
        if !settings.options.isEmpty { configuration.ruleOptions[rule] = RuleOptions(settings.options) }
        if !settings.deploymentTargets.isEmpty {
            configuration.deploymentTargets = DeploymentTargets(
                settings.deploymentTargets, source: "the example's info string")
        }
        return ExampleLinter(linter: Linter(catalog: catalog, configuration: configuration), path: settings.path)
    }

    /// The rule's findings as `line:column`, with ` info` after those reported at `info` by a rule
    /// whose own severity is higher (in line and column order).
    func positions(_ code: String, rule: String, linter: ExampleLinter) -> (positions: [String], result: LintResult) {
        let result = linter.linter.lint([LintInput(path: linter.path) { Array(code.utf8) }])
        let ownSeverity = catalog.entry(rule)?.metadata.severity ?? .info
        let found = result.findings.filter { $0.ruleID == rule }.map {
            "\($0.line):\($0.column)"
                + ($0.severity == .info && ownSeverity != .info
                    ? " info" : $0.severity == .warning && ownSeverity == .error ? " warning" : "")
        }
        return (found.sorted(by: Self.positionOrder), result)
    }

    static func positionOrder(_ a: String, _ b: String) -> Bool {
        func key(_ text: String) -> (Int, Int) {
            let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " })
            return (Int(parts[0]) ?? 0, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        }
        return key(a) < key(b)
    }

    static func silentVariants(_ code: String) -> [(String, String)] {
        [
            ("inside a block comment", "/*\n" + code + "\n*/\n"),
            ("inside a string literal", "let example = #\"\"\"\n" + code + "\n\"\"\"#\n"),
        ]
    }

    /// The silent variants a rule is held to: a team rule that reads comments (or strings'
    /// text) still finds its example wrapped in one.
    func silentVariants(_ code: String, rule id: String) -> [(String, String)] {
        guard let rule = catalog.entry(id)?.rule else { return Self.silentVariants(code) }
        return Self.silentVariants(code).filter { name, _ in
            name.contains("comment") ? !rule.readsComments : !rule.readsStrings
        }
    }

    public func run(only ids: Set<String>? = nil) -> Outcome {
        var failures: [Failure] = []
        var count = 0
        var withoutExamples: [String] = []
        for entry in catalog.entries where ids?.contains(entry.metadata.id) ?? true {
            let id = entry.metadata.id
            if entry.metadata.team?.examplesToWrite == true, entry.metadata.triggering.isEmpty,
                entry.metadata.nonTriggering.isEmpty
            {
                withoutExamples.append(id)
                continue
            }
            func fail(_ line: Int, _ message: String) {
                failures.append(Failure(rule: id, path: entry.metadata.path, line: line, message: message))
            }
            if entry.metadata.triggering.isEmpty { fail(1, "no triggering example") }
            if entry.metadata.nonTriggering.isEmpty { fail(1, "no non-triggering example") }
            let examples =
                entry.metadata.triggering.map { ($0, true) } + entry.metadata.nonTriggering.map { ($0, false) }
            for (example, triggering) in examples {
                count += 1
                let settings: ExampleSettings
                do {
                    settings = try ExampleSettings.parse(example.info, optionSpecs: entry.rule.optionSpecs)
                } catch {
                    // The info string stands on the fence, the line above the code.
                    fail(example.line - 1, "\(error)")
                    continue
                }
                let linter = linter(for: id, settings: settings)
                let problems =
                    triggering
                    ? triggeringProblems(example.code, rule: id, linter: linter)
                    : nonTriggeringProblems(example.code, rule: id, linter: linter)
                for problem in problems { fail(example.line, problem) }
            }
        }
        return Outcome(failures: failures, examplesRun: count, rulesWithoutExamples: withoutExamples)
    }

    /// Exactly the `↓` (and `ⓘ`) findings, two lines down after a shebang and an emoji line, none
    /// in a comment or a string, none after a `disable` comment, which counts as used.
    func triggeringProblems(_ example: String, rule id: String, linter: ExampleLinter) -> [String] {
        var problems: [String] = []
        let marked = Marked(example)
        if marked.markers.isEmpty { problems.append("triggering example has no ↓ marker") }
        let expected = marked.expected
        let found = positions(marked.code, rule: id, linter: linter).positions
        if found != expected { problems.append("expected findings at \(expected), got \(found)") }
        let shifted = Marked("\n\n" + example).expected
        let prefixed = positions("#!/usr/bin/env swift\n// 🧭 naïve ✓ ünïcode\n" + marked.code, rule: id, linter: linter)
            .positions
        if prefixed != shifted {
            problems.append("after a shebang and an emoji line: expected \(shifted), got \(prefixed)")
        }
        problems += silentVariantProblems(marked.code, rule: id, linter: linter)
        let suppressed = positions("// patternlint:disable \(id)\n" + marked.code, rule: id, linter: linter)
        if !suppressed.positions.isEmpty {
            problems.append("after `// patternlint:disable \(id)`: got \(suppressed.positions)")
        }
        if suppressed.result.findings.contains(where: { $0.ruleID == RuleCatalog.unusedSuppressionID && $0.line == 1 })
        {
            problems.append("the `disable` comment was reported unused")
        }
        return problems
    }

    /// No finding at the rule's severity; `ⓘ` marks one the rule reports at `info` only.
    func nonTriggeringProblems(_ example: String, rule id: String, linter: ExampleLinter) -> [String] {
        var problems: [String] = []
        if example.contains("↓") { problems.append("non-triggering example has a ↓ marker") }
        let marked = Marked(example)
        let found = positions(marked.code, rule: id, linter: linter).positions
        if found != marked.expected {
            problems.append("non-triggering example: expected \(marked.expected), got \(found)")
        }
        return problems + silentVariantProblems(marked.code, rule: id, linter: linter)
    }

    func silentVariantProblems(_ code: String, rule id: String, linter: ExampleLinter) -> [String] {
        silentVariants(code, rule: id).compactMap { name, variant in
            let silent = positions(variant, rule: id, linter: linter).positions
            return silent.isEmpty ? nil : "\(name): expected no finding, got \(silent)"
        }
    }
}
