import ArgumentParser
import Foundation
import Lint

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint Swift files against the pattern rules.",
        discussion: """
        PATHS are files or folders (default: `included` from .patternlint.yml, else the current \
        folder). .build, DerivedData, Pods, Carthage and .git are never linted.

        Every finding names its rule and pattern note; `patternlint explain RULE` shows both.
        Silence one with a comment: `// patternlint:disable:next constant-binding`, \
        `// patternlint:disable:this …`, or a `disable` … `enable` region (`all` for every rule).

        Exit codes: 0 clean (or only warnings and infos), 1 an error-severity finding (a warning too \
        with --strict), 2 usage, configuration or I/O error (an unreadable file, a bad config).

        Examples:
          patternlint lint Sources/
          patternlint lint --reporter json > findings.json
          patternlint lint --strict --reporter github
        """
    )

    @Argument(help: "Files or folders to lint.") var paths: [String] = []
    @OptionGroup var options: LintOptions
    @Option(help: ArgumentHelp("Output format: \(Reporters.names.joined(separator: ", ")).", valueName: "name")) var reporter: String?
    @Flag(help: "Fail (exit 1) on warnings too.") var strict = false
    @Flag(name: .customLong("no-color"), help: "No ANSI colours, even on a terminal.") var noColor = false
    @Flag(name: .shortAndLong, help: "No summary line on stderr.") var quiet = false

    func run() throws {
        let environment = try LintEnvironment.load(options)
        let configuration = environment.configuration
        let reporterName = reporter ?? configuration.reporter ?? XcodeReporter.name
        guard let output = Reporters.make(reporterName, color: Terminal.useColor(disabled: noColor)) else {
            throw CLIFailure(message: "unknown reporter `\(reporterName)`; choose one of \(Reporters.names.joined(separator: ", "))")
        }
        let roots = paths.isEmpty ? (configuration.included.isEmpty ? ["."] : configuration.included.map(configuration.resolve)) : paths
        let discovery = FileDiscovery.find(paths: roots, excluded: configuration.excluded.map { $0 }, root: configuration.root)
        let linter = Linter(catalog: environment.catalog, configuration: configuration)
        var result = linter.lint(discovery.files.map { LintInput.disk($0) })
        result.problems = discovery.problems + result.problems
        Terminal.write(output.report(result))
        for problem in result.problems { Terminal.error(problem) }
        if !quiet { Terminal.summary(result) }
        if !result.problems.isEmpty { throw ExitCode(ExitStatus.usageOrIO) }
        let failing: Severity = strict ? .warning : .error
        if result.findings.contains(where: { $0.severity >= failing }) { throw ExitCode(ExitStatus.findings) }
    }
}

extension Terminal {
    static func summary(_ result: LintResult) {
        let errors = result.findings.filter { $0.severity == .error }.count
        let warnings = result.findings.filter { $0.severity == .warning }.count
        let infos = result.findings.count - errors - warnings
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        FileHandle.standardError.write(Data("Linted \(plural(result.filesLinted, "file")): \(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(infos, "info")).\n".utf8))
    }
}
