import ArgumentParser
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Support

/// `lint` flags that SwiftLint users type out of habit, taken where they mean the same here
/// (`--autocorrect` is spelled on `--fix` itself), and named the PatternLint way where they do not.
struct SwiftLintHabits: ParsableArguments {
    @Option(
        name: .customLong("only-rule"),
        help: ArgumentHelp(
            "Run only this rule, whatever the configuration enables (repeatable; as `only_rules:`).",
            valueName: "rule"))
    var onlyRules: [String] = []

    @Option(
        help: ArgumentHelp(
            "Write the report to this file (atomically) instead of standard output; the summary stays on stderr.",
            valueName: "file"))
    var output: String?

    @Flag(help: "Accepted as SwiftLint takes it: progress shows on a terminal anyway (never in pipes or with --quiet).")
    var progress = false

    @Flag(
        help:
            "Report errors as warnings, so the run exits 0 unless --strict (adopting PatternLint without failing builds)."
    )
    var lenient = false

    @Flag(name: .customLong("use-stdin"), help: .hidden) var useStdin = false

    /// Checks the flags against the rules there are and narrows the configuration to `--only-rule`.
    func apply(to environment: inout LintEnvironment) throws {
        if useStdin {
            throw CLIFailure(
                message:
                    "--use-stdin: PatternLint reads a buffer with --stdin-path PATH (the file the buffer stands for, so cross-file rules see the rest of the tree)"
            )
        }
        guard !onlyRules.isEmpty else { return }
        let ids = environment.catalog.entries.map(\.metadata.id)
        let known = Set(ids)
        for id in onlyRules where !known.contains(id) {
            throw CLIFailure(message: "--only-rule: no rule `\(id)`\(NameSuggestions(ids).didYouMean(id))")
        }
        environment.configuration.onlyRules = onlyRules
    }

    /// `--lenient`: every error reported as a warning (infos and warnings unchanged).
    static func lenient(_ findings: [Finding]) -> [Finding] {
        findings.map { finding in
            var finding = finding
            if finding.severity == .error { finding.severity = .warning }
            return finding
        }
    }

    /// The report on stdout, or with `--output` in that file, written whole or not at all.
    func write(_ report: [[UInt8]]) throws {
        guard let output else {
            for piece in report { Terminal.write(piece) }
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(report.reduce(0) { $0 + $1.count })
        for piece in report { bytes += piece }
        do { try AtomicFile.write(Data(bytes), to: output) } catch { throw CLIFailure(message: "\(error)") }
    }
}
