/// Runs the examples of rule files: a triggering example must give exactly its `↓`-marked
/// findings of that rule, a non-triggering one none. Each example also runs in variants: inside a
/// block comment and a string literal (silent), after a shebang and an emoji line (same findings,
/// two lines down), and after `// patternlint:disable <id>` (silent, the suppression counted as
/// used). The test suite runs it on the built-in rules; `patternlint rules --test` on a team's.
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
    }

    /// An example with `↓` markers (a finding at the rule's severity) and `ⓘ` markers (a finding
    /// the rule reports only at `info`, where it cannot tell): the code without them, and where each
    /// marker stood.
    public struct Marked: Sendable {
        public var code: String
        /// (line, column in characters), 1-based.
        public var markers: [(line: Int, column: Int)]
        public var infoMarkers: [(line: Int, column: Int)] = []

        /// The findings the markers expect, as `positions` writes them.
        public var expected: [String] {
            (markers.map { "\($0.line):\($0.column)" } + infoMarkers.map { "\($0.line):\($0.column) info" })
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
                code.append(character)
                if character == "\n" { line += 1; column = 1 } else { column += character.unicodeScalars.count }
            }
            self.code = code
            self.markers = markers
        }
    }

    /// Every rule enabled (opt-in ones too), so suppressions of any rule can be judged.
    var linter: Linter {
        var configuration = Configuration()
        configuration.optInRules = catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
        return Linter(catalog: catalog, configuration: configuration)
    }

    /// The rule's findings as `line:column`, with ` info` after those reported at `info` by a rule
    /// whose own severity is higher (in line and column order).
    func positions(_ code: String, rule: String) -> (positions: [String], result: LintResult) {
        let result = linter.lint([LintInput(path: "Example.swift") { Array(code.utf8) }])
        let ownSeverity = catalog.entry(rule)?.metadata.severity ?? .info
        let found = result.findings.filter { $0.ruleID == rule }.map {
            "\($0.line):\($0.column)" + ($0.severity == .info && ownSeverity != .info ? " info" : "")
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

    public func run(only ids: Set<String>? = nil) -> Outcome {
        var failures: [Failure] = []
        var count = 0
        for entry in catalog.entries where ids?.contains(entry.metadata.id) ?? true {
            let id = entry.metadata.id
            let path = entry.metadata.path
            func fail(_ line: Int, _ message: String) {
                failures.append(Failure(rule: id, path: path, line: line, message: message))
            }
            if entry.metadata.triggering.isEmpty { fail(1, "no triggering example") }
            if entry.metadata.nonTriggering.isEmpty { fail(1, "no non-triggering example") }
            for example in entry.metadata.triggering {
                count += 1
                let marked = Marked(example.code)
                if marked.markers.isEmpty { fail(example.line, "triggering example has no ↓ marker") }
                let expected = marked.expected
                let found = positions(marked.code, rule: id).positions
                if found != expected { fail(example.line, "expected findings at \(expected), got \(found)") }
                let shifted = Marked("\n\n" + example.code).expected
                let prefixed = positions("#!/usr/bin/env swift\n// 🧭 naïve ✓ ünïcode\n" + marked.code, rule: id)
                    .positions
                if prefixed != shifted {
                    fail(example.line, "after a shebang and an emoji line: expected \(shifted), got \(prefixed)")
                }
                for (name, variant) in Self.silentVariants(marked.code) {
                    let silent = positions(variant, rule: id).positions
                    if !silent.isEmpty { fail(example.line, "\(name): expected no finding, got \(silent)") }
                }
                let suppressed = positions("// patternlint:disable \(id)\n" + marked.code, rule: id)
                if !suppressed.positions.isEmpty {
                    fail(example.line, "after `// patternlint:disable \(id)`: got \(suppressed.positions)")
                }
                if suppressed.result.findings.contains(where: {
                    $0.ruleID == RuleCatalog.unusedSuppressionID && $0.line == 1
                }) {
                    fail(example.line, "the `disable` comment was reported unused")
                }
            }
            for example in entry.metadata.nonTriggering {
                count += 1
                // No finding at the rule's severity; `ⓘ` marks one the rule reports at `info` only.
                if example.code.contains("↓") { fail(example.line, "non-triggering example has a ↓ marker") }
                let marked = Marked(example.code)
                let found = positions(marked.code, rule: id).positions
                if found != marked.expected {
                    fail(example.line, "non-triggering example: expected \(marked.expected), got \(found)")
                }
                for (name, variant) in Self.silentVariants(marked.code) {
                    let silent = positions(variant, rule: id).positions
                    if !silent.isEmpty { fail(example.line, "\(name): expected no finding, got \(silent)") }
                }
            }
        }
        return Outcome(failures: failures, examplesRun: count)
    }
}
