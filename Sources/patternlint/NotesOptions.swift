import ArgumentParser
import Catalog
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Notes
import Support

/// Where notes come from: the built-in catalogue plus `--notes` folders.
struct NotesOptions: ParsableArguments {
    @Option(
        name: .customLong("notes"),
        help: ArgumentHelp("Add a folder (or file) of markdown notes. Repeatable.", valueName: "dir"))
    var roots: [String] = []

    @Flag(name: .customLong("no-builtin-notes"), help: "Leave out the notes that ship with PatternLint.")
    var noBuiltin = false

    @Option(
        help: ArgumentHelp(
            "Configuration file whose `notes:` folders are read (default: .patternlint.yml here or in a parent folder).",
            valueName: "file"))
    var config: String?

    @Flag(name: .shortAndLong, help: "No progress line on stderr (shown only on a terminal).") var quiet = false

    @OptionGroup var color: ColorOptions

    /// `--config` (one that cannot be read is an error, exit 2), else `.patternlint.yml` found here
    /// or above if it loads (a broken one is reported by `lint`).
    func configuration() throws -> Configuration? {
        guard let config else { return Configuration.find().flatMap { try? Configuration.load(path: $0) } }
        do { return try Configuration.load(path: config) } catch { throw CLIFailure(message: "\(error)") }
    }

    /// `reading`: given each note as it is read (`Vault.load(sources:)`).
    func loadVault(
        extraRoots: [String] = [], clock: PhaseClock? = nil, progress: ProgressCounter? = nil,
        reading: (@Sendable (Note) -> Void)? = nil
    ) throws -> Vault {
        try finishInterruptedWrites()
        var sources: [Vault.Source] = []
        if !noBuiltin { sources = BuiltinCatalog.noteSources }
        let config = try configuration()
        let configured = config.map { config in config.notes.map(config.resolve) } ?? []
        return Vault.load(
            roots: configured + roots + extraRoots, extra: sources, clock: clock, progress: progress,
            linkNames: config?.noteLinkNames, reading: reading)
    }

    /// The notes and their links, and the rule files citing them (the built-in rules' when the
    /// built-in notes are read, the configuration's `rules:` folders and `extraRules`); on a
    /// terminal, a progress line while the notes are read.
    func loadGraph(
        extraRoots: [String] = [], extraRules: [String] = [], reading: (@Sendable (Note) -> Void)? = nil
    ) throws -> Graph {
        let clock = PhaseClock()
        let progress = ProgressLine.start(quiet: quiet)
        defer { progress?.finish() }
        let vault = try loadVault(
            extraRoots: extraRoots, clock: clock, progress: progress?.counter, reading: reading)
        var graph = Graph(vault: vault)
        clock.mark("notes: resolve links")
        let builtin =
            noBuiltin
            ? []
            : BuiltinCatalog.ruleFiles.compactMap { RuleCitation.read(path: $0.path, bytes: Array($0.contents.utf8)) }
        let folders = (try configuration().map { config in config.rules.map(config.resolve) } ?? []) + extraRules
        graph.cite(builtin + RuleCitation.read(folders: folders))
        clock.mark("notes: rule citations")
        ExitKeeper.shared.keep(graph)
        return graph
    }
}

extension Graph {
    /// Finds a note by title, alias, permalink or path, or fails with the closest titles (exit 2).
    func note(named name: String) throws -> Int {
        switch resolve(name) {
        case .resolved(let index): return index
        case .ambiguous(let candidates):
            let list = candidates.lazy.map { "  \(notes[$0].title) (\(notes[$0].path))" }
                .joined(separator: "\n", atMost: 20)
            throw CLIFailure(message: "\"\(name.clipped(to: 120))\" matches more than one note:\n\(list)")
        case .unresolved:
            let close = closestTitles(to: name).map { "  \($0)" }.joined(separator: "\n")
            throw CLIFailure(
                message: "no note is called \"\(name.clipped(to: 120))\""
                    + (close.isEmpty ? "" : "; closest titles:\n\(close)"))
        }
    }
}
