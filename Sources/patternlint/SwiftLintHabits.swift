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
        name: [.customLong("only-rule"), .customLong("only")],
        help: ArgumentHelp(
            "Run only this rule, whatever the configuration enables (repeatable; as `only_rules:`; `nested_navigation_stack` names `nested-navigation-stack`).",
            valueName: "rule"))
    var onlyRules: [String] = []

    @Option(
        name: .customLong("path"),
        help: ArgumentHelp("A path to lint, as the PATHS arguments (repeatable).", valueName: "path"))
    var path: [String] = []

    @Flag(
        name: .customLong("no-cache"), help: "Accepted as SwiftLint takes it: PatternLint keeps no cache between runs.")
    var noCache = false

    @Flag(
        name: .customLong("force-exclude"),
        help: "Leave out files named on the command line that the configuration's `excluded` covers too.")
    var forceExclude = false

    @Flag(
        name: .customLong("enable-all-rules"),
        help: "Run every rule, opt-in and disabled ones too, whatever `only_rules:` says.")
    var enableAllRules = false

    @Flag(
        help: "Accepted with --fix as SwiftLint takes it: PatternLint applies its rules' fixes and reformats nothing.")
    var format = false

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
    func apply(to environment: inout LintSession) throws {
        if useStdin {
            throw CLIFailure(
                message:
                    "--use-stdin: PatternLint reads a buffer with --stdin-path PATH (the file the buffer stands for, so cross-file rules see the rest of the tree)"
            )
        }
        if enableAllRules {
            environment.configuration.onlyRules = nil
            environment.configuration.disabledRules = []
            environment.configuration.optInRules = environment.catalog.entries.map(\.metadata.id)
        }
        guard !onlyRules.isEmpty else { return }
        let ids = environment.catalog.entries.map(\.metadata.id)
        let spellings = RuleIDSpellings(environment.catalog.entries)
        environment.configuration.onlyRules = try onlyRules.map { written in
            guard let id = spellings.id(written) else {
                throw CLIFailure(
                    message: "--only-rule: no rule `\(written)`\(NameSuggestions(ids).didYouMean(written))")
            }
            return id
        }
    }

    /// `--force-exclude`: of the files named on the command line, those `excluded` covers left out
    /// (a folder's files are left out by it already).
    func forceExcluding(_ files: [String], _ configuration: Configuration) -> [String] {
        guard forceExclude, !configuration.excluded.isEmpty else { return files }
        return files.filter { !FileDiscovery.isExcluded($0, by: configuration.excluded, root: configuration.root) }
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
