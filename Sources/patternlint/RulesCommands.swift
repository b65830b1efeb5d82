import ArgumentParser
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Notes
import Support
import ProjectSettings

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "List the rules: id, severity, enabled, pattern note.",
        discussion:
            "--test runs every rule file's examples (yours too, through --rules or `rules:`), with their generated variants; exit 1 on a failure."
    )
    @OptionGroup var options: LintOptions
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Run the rule files' examples instead of listing them.") var test = false
    @Flag(help: "List only the rules the configuration runs (as SwiftLint's `rules --enabled`).") var enabled = false
    @Flag(help: "List only the rules the configuration does not run.") var disabled = false

    func run() throws {
        let environment = try LintSession.load(options)
        if test {
            let outcome = RuleExampleRunner(catalog: environment.catalog).run()
            let todo = outcome.rulesWithoutExamples
            Terminal.write(
                outcome.failures.map { $0.description + "\n" }.joined()
                    + "\(outcome.examplesRun) examples of \(environment.catalog.entries.count) rules: \(outcome.failures.count) failure\(outcome.failures.count == 1 ? "" : "s")\n"
                    + (todo.isEmpty
                        ? ""
                        : "\(Terminal.plural(todo.count, "rule")) marked `examples: todo` (no examples yet): \(todo.joined(separator: ", "))\n")
            )
            if !outcome.failures.isEmpty || !environment.catalog.problems.isEmpty {
                throw ExitCode(ExitStatus.findings)
            }
            return
        }
        let configuration = environment.configuration
        guard !(enabled && disabled) else {
            throw CLIFailure(message: "--enabled and --disabled leave no rule to list")
        }
        let entries = environment.catalog.entries.filter {
            !(enabled || disabled) || configuration.isEnabled($0.metadata) == enabled
        }
        if json {
            let objects: [[String: Any]] = entries.map { entry in
                [
                    "id": entry.metadata.id, "severity": configuration.severity(of: entry.metadata).rawValue,
                    "enabled": configuration.isEnabled(entry.metadata), "optIn": entry.metadata.optIn,
                    "correctable": entry.metadata.correctable, "summary": entry.metadata.summary,
                    "builtin": entry.builtin,
                    "options": entry.rule.optionSpecs.map { spec -> [String: Any] in
                        [
                            "name": spec.name, "allowed": spec.allowed, "default": spec.defaultValue,
                            "summary": spec.summary,
                        ]
                    },
                    "note": entry.note.map { ["title": $0.title, "permalink": $0.permalink, "path": $0.path] }
                        ?? NSNull(),
                ]
            }
            let data = try JSONSerialization.data(
                withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            Terminal.write(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        let renderer = TerminalRenderer(color: options.color.enabled)
        let width = entries.map(\.metadata.id.count).max() ?? 10
        var out = ""
        for entry in entries {
            let enabled = configuration.isEnabled(entry.metadata)
            let severity = configuration.severity(of: entry.metadata).rawValue
            out +=
                renderer.styled(
                    entry.metadata.id.padding(toLength: width, withPad: " ", startingAt: 0), enabled ? .bold : .dim)
                + "  " + severity.padding(toLength: 8, withPad: " ", startingAt: 0)
                + (enabled ? "on " : renderer.styled(entry.metadata.optIn ? "opt" : "off", .dim))
                + (entry.metadata.correctable ? " fix" : "    ")
                + "  " + renderer.styled(entry.note?.title ?? "(note missing)", .cyan) + "\n"
        }
        out += "\(entries.count) rules; `patternlint explain RULE` shows one with its pattern note\n"
        if let targets = configuration.deploymentTargets ?? DeploymentTargets.detect(in: configuration.root) {
            // Why the deprecation rules may be quiet (files under another project use that one's).
            let versions = targets.versions.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                "\($0.key.rawValue) \($0.value)"
            }
            out += "deployment target: \(versions.joined(separator: ", ")) (from \(targets.source))\n"
        }
        // Files no project speaks for: their targets, and so what the deprecation rules allow, are unknown.
        let discovery = FileDiscovery.find(
            paths: environment.configuredRoots, excluded: configuration.excluded, root: configuration.root,
            within: environment.boundary, included: configuration.includedFilter)
        let orphans = discovery.filesWithoutProject()
        if !orphans.isEmpty {
            let shown = orphans.prefix(3).joined(separator: ", ") + (orphans.count > 3 ? ", …" : "")
            out +=
                "\(orphans.count) Swift file\(orphans.count == 1 ? " has" : "s have") no known target (no Xcode project or Package.swift above): \(shown)\n"
        }
        Terminal.write(out)
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Show a rule and the pattern note behind it.",
        discussion:
            "On a terminal, text longer than the screen goes through $PAGER (default `less`, with LESS=FRX unless set); PAGER=cat turns that off."
    )
    @OptionGroup var options: LintOptions
    @Argument(
        help:
            "A rule id (see `patternlint rules`), or a line SwiftUI printed at run time (quoted).")
    var rule: String
    @Option(
        name: .customLong("in"),
        help: "With a runtime line: list the places in this folder that can produce it (the rule's findings).")
    var folder: String?

    func run() throws {
        let environment = try LintSession.load(options, warn: false)
        guard let entry = environment.catalog.entry(RuleIDSpellings(environment.catalog.entries).resolved(rule)) else {
            // A pasted console line: the note's entry for it, and its rule.
            if let message = RuntimeMessage.match(rule) {
                return try explain(message, environment)
            }
            // A note's name: say where it is read.
            if case .resolved(let note) = environment.graph.resolve(rule) {
                throw CLIFailure(
                    message:
                        "`\(rule)` is a pattern note, not a rule: patternlint notes show \"\(environment.graph.notes[note].title)\""
                )
            }
            // Compared without dashes and case, so `navigationview` finds `navigation-view-deprecated`.
            func folded(_ text: String) -> String { text.lowercased().filter { $0.isLetter || $0.isNumber } }
            let wanted = folded(rule)
            let close = environment.catalog.entries.map(\.metadata.id).sorted { a, b in
                let (x, y) = (folded(a).contains(wanted), folded(b).contains(wanted))
                if x != y { return x }
                let (p, q) = (folded(a).commonPrefix(with: wanted).count, folded(b).commonPrefix(with: wanted).count)
                return p != q ? p > q : a < b
            }.prefix(3)
            throw CLIFailure(message: "no rule `\(rule)`; did you mean: \(close.joined(separator: ", "))?")
        }
        Terminal.page(show(entry, environment))
    }

    /// A rule with its markdown and its pattern note, as `explain RULE` shows it.
    func show(_ entry: RuleCatalog.Entry, _ environment: LintSession) -> String {
        let color = options.color.enabled
        let renderer = TerminalRenderer(color: color)
        let metadata = entry.metadata
        var out =
            renderer.styled(metadata.id, .bold, .green) + "  " + metadata.severity.rawValue
            + (metadata.correctable ? ", correctable" : "") + (metadata.optIn ? ", opt-in" : "") + "\n"
        if !metadata.summary.isEmpty { out += metadata.summary + "\n" }
        out += renderer.styled("rule file ", .dim) + metadata.path + "\n\n"
        out += renderer.render(markdown: metadata.body)
        out += "\n" + renderer.styled(String(repeating: "━", count: 60), .dim) + "\n"
        if let note = entry.note,
            case .resolved(let index) = environment.graph.resolve(note.path.isEmpty ? note.title : note.title)
        {
            out += renderer.styled("Pattern note", .bold, .cyan) + "\n\n"
            out += NotePresenter(color: color).show(index, in: environment.graph)
        } else {
            out +=
                renderer.styled("The rule cites \(metadata.noteLink), which is not a note in this catalogue.", .red)
                + "\n"
        }
        return out
    }
}

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Write a commented starter .patternlint.yml.")
    @OptionGroup var color: ColorOptions
    @Flag(help: "Replace an existing file.") var force = false
    @Option(help: "Where to write it.") var path = Configuration.fileName

    func run() throws {
        if FileManager.default.fileExists(atPath: path), !force {
            throw CLIFailure(message: "\(path) exists; use --force to replace it")
        }
        do {
            try AtomicFile.write(Configuration.starter(reporters: Reporters.names), to: path)
        } catch {
            throw CLIFailure(message: "\(error)")
        }
        Terminal.write("wrote \(path)\n")
    }
}
