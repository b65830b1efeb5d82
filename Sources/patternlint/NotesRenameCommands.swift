import ArgumentParser
import Catalog
import Foundation
import Notes
import Support

extension NotesCommand {
    /// What `rename` and `move` share: the notes and rules read, the plan printed or applied.
    struct RelocationOptions: ParsableArguments {
        @Flag(name: .customLong("dry-run"), help: "Print the changes as a unified diff; write nothing.")
        var dryRun = false
        @Option(
            name: .customLong("rules"),
            help: ArgumentHelp(
                "Add a folder of rule files whose `note:` is rewritten too. Repeatable.", valueName: "dir"))
        var rules: [String] = []
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a note (title and file) and rewrite every link and rule `note:` that leads to it.",
            discussion: """
                Rewrites wiki links and embeds ([[Old]], [[Old#Heading|shown]], [[Old#^block]], ![[Old]], \
                relations), markdown links ([text](old.md)) and the `note:` of rule files in the rule \
                folders (`rules:` in .patternlint.yml, --rules), each in the form it was written \
                (title, file name, path, permalink; label, heading and block kept); a link by alias \
                stays. The note's `title:` and its `# Old` heading change; its file is renamed after \
                the title (the title itself when the file was named so, else the title's slug). All \
                files are written or none (exit 2 naming the file that stopped it). --dry-run prints \
                the diff.
                """)
        @OptionGroup var source: NotesOptions
        @OptionGroup var relocation: RelocationOptions
        @Argument(help: "The note: title, alias, permalink or path.") var note: String
        @Argument(help: "Its new title.") var title: String

        func run() throws {
            try relocate(source: source, options: relocation, note: note) { .init(note: $0, title: title) }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move",
            abstract: "Move a note into another folder of the note folders and rewrite every link that leads to it.",
            discussion: """
                Rewrites what `notes rename` does that names the note by its place: paths \
                ([[team/old]], [text](../team/old.md)), derived permalinks, and the note's own \
                relative markdown links. All or nothing; --dry-run prints the diff.
                """)
        @OptionGroup var source: NotesOptions
        @OptionGroup var relocation: RelocationOptions
        @Argument(help: "The note: title, alias, permalink or path.") var note: String
        @Argument(help: "The folder to move it into (inside a note folder).") var folder: String

        func run() throws {
            try relocate(source: source, options: relocation, note: note) { .init(note: $0, folder: folder) }
        }
    }
}

/// Plans the rename or move, then prints its diff (`--dry-run`) or writes it and says what changed.
private func relocate(
    source: NotesOptions, options: NotesCommand.RelocationOptions, note name: String,
    request: (Int) -> NoteRename.Request
) throws {
    // Every note's names, then only the notes that may link to this one parsed whole.
    let clock = PhaseClock()
    try source.finishInterruptedWrites(extraRules: options.rules)
    let configuration = try source.configuration()
    let first = NamesFirstLoad.load(
        roots: try source.noteFolderPaths(), extra: source.noBuiltin ? [] : BuiltinCatalog.noteSources,
        linkNames: configuration?.noteLinkNames)
    clock.mark("notes: names")
    reportLoadProblems(first.graph)
    let index = try first.graph.note(named: name)
    let graph = first.graph(forRenaming: index)
    clock.mark("notes: notes that may link to it")
    ExitKeeper.shared.keep(graph)
    let ruleFolders = (configuration.map { config in config.rules.map(config.resolve) } ?? []) + options.rules
    let plan: NoteEditPlan
    defer { clock.mark("notes: plan and write") }
    let noteFolders = NoteFolders(try source.noteFolderPaths())
    do {
        plan = try NoteRename.plan(
            request(index), in: graph, folders: noteFolders,
            citations: RuleCitation.read(folders: ruleFolders))
    } catch let refusal as NoteWriteRefusal {
        throw CLIFailure(message: refusal.description)
    }
    for skipped in plan.skipped { Terminal.warning(skipped) }
    let old = graph.notes[index]
    guard !plan.isEmpty else {
        Terminal.write("nothing to change: \(old.path) already is \"\(old.title)\" there\n")
        return
    }
    let moved = plan.files.first { $0.newPath != nil }?.newPath
    let linkFiles = plan.files.filter { $0.replacements.contains { $0.reason == "link" } }.count
    let summary =
        "\(Terminal.plural(plan.count("link"), "link")) in \(Terminal.plural(linkFiles, "file")), "
        + "\(Terminal.plural(plan.count("rule"), "rule file"))"
    if options.dryRun {
        Terminal.write(plan.diff())
        FileHandle.standardError.write(Data("dry run: \(summary) would change; nothing written\n".utf8))
        return
    }
    do { try plan.apply(within: noteFolders.contained + NoteFolders(ruleFolders).contained) } catch {
        throw CLIFailure(message: "\(error); nothing written")
    }
    Terminal.write("\(old.path)\(moved.map { " → \($0)" } ?? ""): \(summary) rewritten\n")
}
