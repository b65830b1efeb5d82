import ArgumentParser
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Notes
import Support

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint Swift files against the pattern rules.",
        discussion: """
            PATHS are files or folders (default: `included` from .patternlint.yml,
            else the current folder). .build, DerivedData, Pods, Carthage and .git are
            never linted. Every finding names its rule and pattern note;
            `patternlint explain RULE` shows both.

            Silence a finding with a comment:
              // patternlint:disable:next constant-binding -- reason
              // patternlint:disable:this state-not-private
              // patternlint:disable RULE ... // patternlint:enable RULE   (or `all`)

            Pre-commit: --staged lints what will be committed (read from the git
            index); the rest of the tree is read for cross-file rules only.
            --with-context FILE... reports only FILEs but reads the configured tree
            too (the pre-commit framework's hook passes file names this way).
            Editors: --stdin-path PATH lints an unsaved buffer read from standard
            input as the file at PATH.
            Pull requests: --changed-since REV keeps findings on changed lines.
            Legacy code: --write-baseline F, then --baseline F reports only new ones;
            --strict-baseline fails (exit 3) on entries nothing matches any more.
            From SwiftLint: --autocorrect is --fix; --only-rule R, --output F,
            --progress (shown on a terminal anyway) and --lenient (errors as warnings)
            work as there.

            Exit codes: 0 clean (or only warnings and infos), 1 an error finding (a
            warning too with --strict), 2 usage, configuration or I/O error, 3 a stale
            baseline entry (--strict-baseline).

            Examples:
              patternlint lint Sources/
              patternlint lint --reporter json > findings.json
              patternlint lint --staged
              patternlint lint --changed-since origin/main --reporter github
              patternlint lint --reporter sarif > patternlint.sarif
              patternlint lint --reporter html --output patternlint.html
              patternlint lint --fix --dry-run
              cat View.swift | patternlint lint --stdin-path Sources/View.swift
            """
    )

    @Argument(help: "Files or folders to lint.") var paths: [String] = []
    @OptionGroup var options: LintOptions
    @Option(help: ArgumentHelp("Output format: \(Reporters.names.joined(separator: ", ")).", valueName: "name"))
    var reporter: String?
    @Flag(help: "Fail (exit 1) on warnings too.") var strict = false
    @Flag(name: .shortAndLong, help: "No summary line on stderr.") var quiet = false
    @Flag(help: "Lint the staged content of staged .swift files (pre-commit).") var staged = false
    @Flag(
        name: .customLong("absolute-paths"),
        help: "Report absolute paths (for build logs and IDEs that do not know the current folder)."
    ) var absolutePaths = false
    @Option(
        name: .customLong("stamp"),
        help: ArgumentHelp(
            "Write this file when the run passes (the build-tool plugin's output, so an unchanged target is not linted again).",
            valueName: "file")) var stamp: String?
    @Flag(
        name: .customLong("with-context"),
        help:
            "Report findings in PATHS only, reading the configured tree (`included`, else this folder) for cross-file rules: for hooks that pass file names (pre-commit)."
    ) var withContext = false
    @Flag(
        name: .customLong("no-context"),
        help:
            "With --staged or --stdin-path: do not read the rest of the tree for cross-file rules (faster, fewer findings)."
    ) var noContext = false
    @Option(
        name: .customLong("stdin-path"),
        help: ArgumentHelp(
            "Lint Swift source read from standard input as the file at this path (an editor's unsaved buffer); the rest of the tree is read for cross-file rules.",
            valueName: "path")) var stdinPath: String?
    @Option(
        name: .customLong("changed-since"),
        help: ArgumentHelp("Report only findings on lines changed since this git revision.", valueName: "rev"))
    var changedSince: String?
    @Option(
        name: .customLong("min-confidence"),
        help: ArgumentHelp(
            "Report only findings at least this sure: high, medium or low (default low: all). A finding's severity is already capped by its confidence: only a high-confidence error fails a run.",
            valueName: "level"))
    var minConfidence: Confidence = .low
    @Flag(name: .customLong("no-baseline"), help: "Ignore the configured baseline: report every finding.")
    var noBaseline = false
    @Option(help: ArgumentHelp("Report only findings that are not in this baseline file.", valueName: "file"))
    var baseline: String?
    @Flag(
        name: [.customLong("fix"), .customLong("autocorrect")],
        help:
            "Apply the safe fixes findings carry (atomically per file), then lint again (--autocorrect: SwiftLint's name)."
    )
    var fix = false
    @Flag(
        name: .customLong("unsafe-fixes"),
        help: "With --fix: apply unsafe fixes too (they may not build, or may change behaviour: review them).")
    var unsafeFixes = false
    @Flag(
        name: .customLong("dry-run"),
        help: "With --fix: print a unified diff instead of writing (unsafe fixes left out are shown on stderr).")
    var dryRun = false
    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp(
            "Record the findings in a baseline file (written atomically) and exit 0. An existing file keeps its entries of files this run did not lint; its stale entries are dropped.",
            valueName: "file")
    ) var writeBaseline: String?
    @Flag(
        name: .customLong("strict-baseline"),
        help:
            "Fail (exit 3) when a baseline entry matches no finding any more (the finding was fixed): the stale entries are named; --write-baseline drops them."
    ) var strictBaseline = false

    @OptionGroup var habits: SwiftLintHabits

    func run() throws {
        let clock = PhaseClock()
        var environment = try LintSession.load(options)
        clock.mark("notes and rules")
        try habits.apply(to: &environment)
        let configuration = environment.configuration
        let reporterName = reporter ?? configuration.reporter ?? XcodeReporter.name
        guard
            let output = Reporters.make(
                reporterName, color: options.color.enabled, helpURIBase: configuration.helpURIBase)
        else {
            throw CLIFailure(
                message: "unknown reporter `\(reporterName)`; choose one of \(Reporters.names.joined(separator: ", "))")
        }
        let paths = self.paths + habits.path
        let configured = paths.isEmpty || withContext
        let roots =
            configured ? configuration.includedRoots : paths.map { absolutePaths ? PathKey.of($0) : DisplayPath.of($0) }
        let prepared = environment.prepare(roots: roots, configured: configured)
        let discovery = prepared.discovery
        clock.mark("file discovery")
        var linter = prepared.linter
        linter.keepRunUntilExit = true
        // A hook reports what the commit breaks, in the files it touches or in those they prove wrong.
        linter.reportsFindingsProvedByReportedFiles = staged || withContext
        let baselineChoice = try self.baselineChoice()
        var inputs: [LintInput]
        var problems = discovery.problems
        for message in discovery.skipped { Terminal.warning(message) }
        removeStaleTemporaries(discovery.staleTemporaries)
        if let stdinPath {
            guard !staged, !fix, writeBaseline == nil else {
                throw CLIFailure(
                    message: "--stdin-path lints one buffer; it does not go with --staged, --fix or --write-baseline")
            }
            inputs = stdinInputs(stdinPath, discovery: discovery)
        } else if withContext {
            guard !staged else {
                throw CLIFailure(message: "--with-context reports PATHS; --staged reports staged files")
            }
            inputs = namedInputs(discovery: discovery)
        } else if staged {
            inputs = try stagedInputs(discovery: discovery, configuration: configuration)
            problems = []
            if inputs.allSatisfy({ !$0.reportFindings }) {
                if !quiet { FileHandle.standardError.write(Data("No staged Swift files.\n".utf8)) }
                return
            }
        } else {
            inputs = habits.forceExcluding(discovery.files, configuration).map { LintInput.disk($0) }
        }
        if fix {
            guard !staged else { throw CLIFailure(message: "--fix works on the working tree, not with --staged") }
            inputs = try applyFixes(linter: linter, inputs: inputs, within: roots, problems: &problems)
        } else if dryRun || unsafeFixes {
            throw CLIFailure(message: "\(dryRun ? "--dry-run" : "--unsafe-fixes") goes with --fix")
        }
        // On a terminal, how far the lint has got (erased before the report is written).
        let progress = ProgressLine.start(quiet: quiet)
        defer { progress?.finish() }
        linter.progress = progress?.counter
        // The session's run, as every front end's: changed lines, then the baseline (none when
        // writing one: it records every finding).
        var result: LintResult
        do {
            result = try environment.lint(
                inputs, with: linter,
                filters: LintSession.Filters(
                    baseline: writeBaseline == nil ? baselineChoice : .none, changedSince: changedSince,
                    judgesBaseline: strictBaseline && writeBaseline == nil))
        } catch let problem as LintProblem {
            throw CLIFailure(message: problem.description)
        }
        progress?.finish()
        clock.mark("lint")
        result.problems = problems + result.problems
        if let writeBaseline {
            try record(result, inBaseline: writeBaseline, configuration: configuration)
            return
        }
        if minConfidence != .low { result.findings.removeAll { $0.confidence < minConfidence } }
        if habits.lenient { result.findings = SwiftLintHabits.lenient(result.findings) }
        // A dry run's standard output is its patch: the findings left after it only decide the exit.
        let report = fix && dryRun && habits.output == nil ? [] : output.reportPieces(result)
        clock.mark("report")
        try habits.write(report)
        ExitKeeper.shared.keep((result, report))
        clock.mark("write")
        for problem in result.problems { Terminal.error(problem) }
        if !quiet { Terminal.summary(result, afterDryRun: fix && dryRun) }
        let stale = result.staleBaselineEntries ?? []
        if !stale.isEmpty { Terminal.staleEntries(stale, in: result.baselinePath ?? "the baseline") }
        if !result.problems.isEmpty { throw ExitCode(ExitStatus.usageOrIO) }
        let failing: Severity = strict ? .warning : .error
        if result.findings.contains(where: { $0.severity >= failing }) { throw ExitCode(ExitStatus.findings) }
        if !stale.isEmpty { throw ExitCode(ExitStatus.staleBaseline) }
        if let stamp {
            // A comment only: the build-tool plugin's output, compiled into the target as an empty file.
            let text = "// PatternLint: \(result.filesLinted) files linted, \(result.findings.count) findings\n"
            do { try AtomicFile.write(text, to: stamp) } catch {
                throw CLIFailure(message: "\(error)")
            }
        }
    }
}

extension LintCommand {
    /// The buffer on standard input, reported as `path`; the rest of the tree as context for
    /// cross-file rules. Like a file named on the command line, it is linted even if excluded.
    /// `--fix`: applies the fixes (or, with `--dry-run`, prints them as a patch) and returns what
    /// to lint afterwards: the files on disk, or for a dry run the files as the patch would leave
    /// them, so a dry run exits as the lint after `--fix` would. A file that changed since it was
    /// read, or is read-only, is named and left as it is.
    func applyFixes(linter: Linter, inputs: [LintInput], within roots: [String], problems: inout [String]) throws
        -> [LintInput]
    {
        let (fixes, fixProblems, skipped) = Fixer(linter: linter, includeUnsafe: unsafeFixes).corrections(inputs)
        problems += fixProblems
        let changed = fixes.filter(\.changed)
        let unsafeLeft = fixes.map(\.unsafeLeft).reduce(0, +)
        var refused = skipped
        if dryRun {
            for file in changed {
                Terminal.write(UnifiedDiff.patch(original: file.original, edits: file.edits, path: file.path))
            }
            // Unsafe fixes left out are shown apart, on stderr, so stdout stays a patch of what --fix applies.
            for file in fixes where file.unsafeLeft > 0 && file.editsWithUnsafe != file.edits {
                let (base, edits) = file.unsafeEditsOnTop
                let patch = UnifiedDiff.patch(original: base, edits: edits, path: file.path)
                FileHandle.standardError.write(
                    Data("# unsafe fixes, applied only with --unsafe-fixes:\n".utf8) + Data(patch))
            }
            for message in refused { Terminal.warning(message) }
            if !quiet {
                FileHandle.standardError.write(
                    Data(
                        ("Would fix \(Terminal.plural(changed.map(\.fixed).reduce(0, +), "finding")) in \(Terminal.plural(changed.count, "file"))."
                            + Self.unsafeNote(unsafeLeft) + "\n").utf8))
            }
            let corrected = Dictionary(changed.map { ($0.path, $0.corrected) }, uniquingKeysWith: { a, _ in a })
            return inputs.map { input in
                guard let bytes = corrected[input.path] else { return input }
                return LintInput(path: input.path, reportFindings: input.reportFindings) { bytes }
            }
        }
        // A file that cannot be written is named and left as it was; the others are still fixed.
        var written: [Fixer.FileFix] = []
        // A fix lands only inside the folders linted, through no link out of them.
        let folders = roots.compactMap { root in
            try? ContainedFolder(FolderListing.isFolder(root) == true ? root : PathText.parent(root).nonEmpty ?? ".")
        }
        for file in changed {
            do {
                guard let folder = folders.first(where: { $0.contains(file.path) }) else {
                    throw ContainedFolder.Outside(
                        path: file.path, folder: folders.map { $0.root }.joined(separator: ", "))
                }
                try FileReplacement.replace(file.path, expected: file.original, with: file.corrected, within: folder)
                written.append(file)
            } catch let refusal as FileReplacement.Refusal {
                refused.append(refusal.description)
            } catch let refusal as ContainmentError {
                // Like a read-only file, a file the tool may not write is named and left, not an I/O error.
                refused.append(
                    refusal.description.replacingOccurrences(of: "; not written", with: "") + "; left unfixed")
            } catch let refusal as ContainedFolder.Outside {
                refused.append("\(refusal); left unfixed")
            } catch {
                problems.append("\(error) (left unfixed)")
            }
        }
        for message in refused { Terminal.warning(message) }
        if !quiet {
            FileHandle.standardError.write(
                Data(
                    ("Fixed \(Terminal.plural(written.map(\.fixed).reduce(0, +), "finding")) in \(Terminal.plural(written.count, "file"))."
                        + Self.unsafeNote(unsafeLeft) + "\n").utf8))
        }
        return inputs.map { $0.reportFindings ? LintInput.disk($0.path) : $0 }
    }

    /// Temporary files a killed `--fix` left beside the files it was writing (`.X.swift.patternlint-PID-N.tmp`,
    /// whose process is gone): removed, and said, so they do not linger in `git status`.
    func removeStaleTemporaries(_ paths: [String]) {
        let removed = paths.filter { unlink($0) == 0 }
        guard !removed.isEmpty, !quiet else { return }
        Terminal.warning(
            "removed \(Terminal.plural(removed.count, "temporary file")) an interrupted run left: "
                + removed.prefix(5).joined(separator: ", ") + (removed.count > 5 ? ", …" : ""))
    }

    static func unsafeNote(_ count: Int) -> String {
        count == 0 ? "" : " \(count) unsafe \(count == 1 ? "fix" : "fixes") left out (--unsafe-fixes applies them)."
    }

    /// The baseline whose findings are not reported: `--baseline F` wins over the configuration's `baseline:`; `--no-baseline` ignores it.
    func baselineChoice() throws -> LintSession.BaselineChoice {
        if noBaseline, baseline != nil {
            throw CLIFailure(message: "--baseline and --no-baseline contradict each other")
        }
        if baseline == "" {
            throw CLIFailure(message: "--baseline needs a file; --no-baseline ignores the configured one")
        }
        if let baseline { return .file(baseline) }
        return noBaseline ? .none : .configured
    }

    /// `--write-baseline`: records the findings, anchored as `acceptedBaseline` reads them, over
    /// the entries an existing file holds for files this run did not lint, and says how many.
    func record(_ result: LintResult, inBaseline path: String, configuration: Configuration) throws {
        let anchor = Baseline.anchor(forFileAt: path, configuration: configuration)
        var baseline = Baseline(findings: result.findings, anchor: anchor)
        var dropped = 0
        // An unreadable earlier file is replaced, as before: writing is how a team repairs one.
        if FileManager.default.fileExists(atPath: path), let earlier = try? Baseline.load(path: path, anchor: anchor) {
            dropped = baseline.keep(entriesOf: earlier, notLintedIn: result)
        }
        do { try baseline.write(to: path) } catch {
            throw CLIFailure(message: "\(error)")
        }
        let kept = baseline.entries.count - result.findings.count
        let notes = [
            kept > 0 ? "\(Terminal.plural(kept, "entry", "entries")) of files not linted kept" : nil,
            dropped > 0 ? "\(Terminal.plural(dropped, "stale entry", "stale entries")) dropped" : nil,
        ].compactMap { $0 }
        FileHandle.standardError.write(
            Data(
                ("Wrote \(Terminal.plural(result.findings.count, "finding")) to \(path)"
                    + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))") + ".\n").utf8))
    }

    func stdinInputs(_ path: String, discovery: FileDiscovery.Result) -> [LintInput] {
        let source = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        return [LintInput(path: path) { source }] + contextInputs(besides: [path], discovery: discovery)
    }

    /// `--with-context`: the configured tree, with findings reported only in the named files and
    /// folders (a named file the configuration excludes or does not include is not linted, as
    /// pre-commit passes every staged file it matched).
    func namedInputs(discovery: FileDiscovery.Result) -> [LintInput] {
        guard !paths.isEmpty else { return discovery.files.map { LintInput.disk($0) } }
        let named = paths.map { PathKey.of(DisplayPath.of($0)) }
        let files = Set(named)
        let folders = named.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        return discovery.files.map { path in
            let key = PathKey.of(path)
            return LintInput.disk(path, reportFindings: files.contains(key) || folders.contains { key.hasPrefix($0) })
        }
    }

    /// The rest of the tree, read for cross-file rules only (none with `--no-context`).
    func contextInputs(besides paths: [String], discovery: FileDiscovery.Result) -> [LintInput] {
        noContext ? [] : discovery.contextInputs(besides: paths)
    }

    /// Staged files read from the index; the rest of the tree as context for cross-file rules.
    func stagedInputs(discovery: FileDiscovery.Result, configuration: Configuration) throws -> [LintInput] {
        let stagedPaths: [String]
        let contents: [String: [UInt8]]
        do {
            stagedPaths = try Git.stagedSwiftFiles().filter { path in
                !configuration.excluded.contains { Glob.matches($0, path) }
            }
            contents = try Git.stagedContents(stagedPaths)
        } catch {
            throw CLIFailure(message: "--staged: \(error)")
        }
        return stagedPaths.map { path in LintInput(path: path) { contents[path] ?? [] } }
            + contextInputs(besides: stagedPaths, discovery: discovery)
    }
}

extension Terminal {
    static func summary(_ result: LintResult, afterDryRun: Bool = false) {
        // Counted in place: `filter` copied every finding it kept.
        var errors = 0, warnings = 0
        for index in result.findings.indices {
            switch result.findings[index].severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: break
            }
        }
        let infos = result.findings.count - errors - warnings
        let hidden = result.hiddenByBaseline.map { ", \($0) hidden by the baseline" } ?? ""
        FileHandle.standardError.write(
            Data(
                "\(afterDryRun ? "After these fixes, " : "Linted ")\(Terminal.plural(result.filesLinted, "file")): \(Terminal.plural(errors, "error")), \(Terminal.plural(warnings, "warning")), \(Terminal.plural(infos, "info"))\(hidden).\n"
                    .utf8))
    }
}

extension Terminal {
    /// `--strict-baseline`: the entries that match no finding, so the team removes them.
    static func staleEntries(_ entries: [Baseline.Entry], in path: String) {
        var text =
            "\(path): \(Terminal.plural(entries.count, "entry", "entries")) no finding matches any more (fixed, or the code changed); `--write-baseline \(path)` drops them:\n"
        for entry in entries { text += "  \(entry.path):\(entry.line): \(entry.rule): \(entry.message)\n" }
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension Confidence: ExpressibleByArgument {}
