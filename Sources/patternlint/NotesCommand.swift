import ArgumentParser
import Catalog
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Notes

struct NotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Browse and check the pattern notes.",
        discussion: """
            NOTE may be a title, an alias, a permalink or a path. Notes come from the built-in catalogue \
            plus every --notes folder.
            """,
        subcommands: [
            List.self, Show.self, Search.self, Backlinks.self, GraphCommand.self, Check.self, Export.self, New.self,
            Rename.self, Move.self, Tags.self,
        ]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List notes with their permalinks and tags, filtered and sorted.",
            discussion: """
                Every filter given must hold. --tag matches nested tags (`team` finds `team/ios`) and \
                globs (`team/*`, `*ios*`), ignoring case; repeated, each must match. --linked-by N: \
                the notes N links to; --link-to N: the notes linking to N (repeatable: any of them). \
                --match: words that must all occur, as `notes search` matches them (best match first \
                unless --sort is given).
                """)
        @OptionGroup var source: NotesOptions
        @Option(
            help: ArgumentHelp("Only notes with this tag (nested tags and globs match). Repeatable.", valueName: "tag"))
        var tag: [String] = []
        @Option(name: .customLong("linked-by"), help: ArgumentHelp("Only notes this note links to.", valueName: "note"))
        var linkedBy: [String] = []
        @Option(
            name: .customLong("link-to"), help: ArgumentHelp("Only notes that link to this note.", valueName: "note"))
        var linkTo: [String] = []
        @Flag(help: "Only notes nothing else links to (hubs excepted).") var orphan = false
        @Option(help: ArgumentHelp("Only notes where these words all occur.", valueName: "text")) var match: String?
        @Option(help: ArgumentHelp("title, modified (newest first) or backlinks (most first).", valueName: "order"))
        var sort: NoteQuery.Sort?
        @Option(help: "At most this many notes.") var limit: Int?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        }

        func run() throws {
            // --match counts its words as the notes are read, so no note is read twice.
            let precount = match.map(NoteSearch.Precount.init(query:))
            let graph = try source.loadGraph(reading: precount?.reading)
            reportLoadProblems(graph)
            let notes = graph.notes
            var query = NoteQuery()
            query.precount = precount
            query.tags = tag
            query.linkedBy = try linkedBy.map(graph.note(named:))
            query.linkingTo = try linkTo.map(graph.note(named:))
            query.orphansOnly = orphan
            query.match = match
            query.sort = sort
            query.limit = limit
            // Positions, not notes: copying a note costs a dozen reference counts.
            let shown = query.run(on: graph)
            if json {
                let objects: [[String: Any]] = shown.map { position in
                    let note = notes[position]
                    return [
                        "path": note.path, "title": note.title, "permalink": note.permalink,
                        "type": note.type.map { $0 as Any } ?? NSNull(), "tags": note.tags, "aliases": note.aliases,
                        "inline_tags": note.inlineTags,
                        "observations": note.observations.map {
                            [
                                "category": $0.category, "text": $0.text, "tags": $0.tags, "line": $0.line,
                                "context": $0.context.map { $0 as Any } ?? NSNull(),
                            ] as [String: Any]
                        },
                    ]
                }
                let data = try JSONSerialization.data(
                    withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                Terminal.write(String(decoding: data, as: UTF8.self) + "\n")
                return
            }
            let color = source.color.enabled
            let renderer = TerminalRenderer(color: color)
            let titleLengths = notes.map(\.title.count)
            let width = min(48, shown.map { titleLengths[$0] }.max() ?? 10)
            var out = ""
            for position in shown {
                let allTags = notes[position].allTags
                let tags =
                    allTags.isEmpty ? "" : "  " + renderer.styled(allTags.map { "#" + $0 }.joined(separator: " "), .dim)
                let padded =
                    notes[position].title + String(repeating: " ", count: max(0, width - titleLengths[position]))
                out +=
                    renderer.styled(padded, .bold) + "  " + renderer.styled(notes[position].permalink, .cyan) + tags
                    + "\n"
            }
            out += "\(shown.count) note\(shown.count == 1 ? "" : "s")\n"
            Terminal.write(out)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Print a note for reading, with its links, backlinks and tags.")
        @OptionGroup var source: NotesOptions
        @Argument(help: "Title, alias, permalink or path.") var note: String
        @Flag(help: "Print the markdown file as it is.") var raw = false

        func run() throws {
            let graph = try source.loadGraph()
            let index = try graph.note(named: note)
            if raw {
                Terminal.write(graph.notes[index].body)
                return
            }
            Terminal.page(NotePresenter(color: source.color.enabled).show(index, in: graph))
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search", abstract: "Search titles, aliases, tags, headings and text; best match first.",
            discussion: """
                By words, folded for case and accents: a query word matches its English forms \
                (`previews` finds "preview", `binding` "binds") and the words it begins (`nav` finds \
                "navigation", `tip` does not find "multiplies"); stop words (`how`, `a`, `the`) are \
                left out and one letter matches only itself, so a question in words works. A note \
                holding any of the words is a hit (every one with --all-words). A note whose title or \
                alias is the whole query comes first; the rest are ranked by BM25 (title, aliases, \
                tags, headings, then body). Each hit shows the words that matched and the line \
                holding most of them.
                """)
        @OptionGroup var source: NotesOptions
        @Argument(help: "Words or a question.") var query: [String]
        @Option(help: "At most this many results.") var limit = 20
        @Flag(help: "Only notes holding every query word (stop words aside).") var allWords = false

        func run() throws {
            // The query's words counted as the notes are read: only snippets read a note again.
            let text = query.joined(separator: " ")
            let precount = NoteSearch.Precount(query: text)
            let graph = try source.loadGraph(reading: precount.reading)
            let index = NoteSearch.Index(graph.notes, terms: NoteSearch.indexTerms(text), precount: precount)
            let hits = NoteSearch.search(text, in: graph.notes, index: index, limit: limit, allWords: allWords)
            let renderer = TerminalRenderer(color: source.color.enabled)
            guard !hits.isEmpty else {
                throw CLIFailure(
                    message: "no note matches \"\(query.joined(separator: " "))\"", exitCode: ExitStatus.findings)
            }
            var out = ""
            for hit in hits.prefix(limit) {
                let note = graph.notes[hit.note]
                out +=
                    renderer.styled(note.title, .bold) + "  " + renderer.styled(note.permalink, .cyan) + "  "
                    + renderer.styled("(" + hit.matched.joined(separator: ", ") + ")", .dim) + "\n"
                if let snippet = hit.snippet { out += "    " + renderer.styled(snippet, .dim) + "\n" }
            }
            Terminal.write(out)
        }
    }

    struct Backlinks: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backlinks", abstract: "List the notes that link to a note.")
        @OptionGroup var source: NotesOptions
        @Argument(help: "Title, alias, permalink or path.") var note: String

        func run() throws {
            let graph = try source.loadGraph()
            let index = try graph.note(named: note)
            let presenter = NotePresenter(color: source.color.enabled)
            let edges = graph.backlinks(index)
            let rules = graph.rulesCiting(index)
            var out = ""
            for edge in edges { out += presenter.describe(edge, towards: false, in: graph) + "\n" }
            for rule in rules { out += presenter.describe(rule) + "\n" }
            let count = edges.count + rules.count
            out += "\(count) backlink\(count == 1 ? "" : "s") to \"\(graph.notes[index].title)\""
            out += rules.isEmpty ? "\n" : " (\(Terminal.plural(rules.count, "rule")) citing it)\n"
            Terminal.write(out)
        }
    }

    struct GraphCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graph", abstract: "Print the link graph as JSON, Graphviz DOT, Mermaid or an SVG picture.",
            discussion: """
                svg: the picture the HTML export puts on its index page (the 300 most linked notes, \
                laid out here, each a link to its page as the export names it: keep it beside index.html).
                """)
        enum Format: String, ExpressibleByArgument, CaseIterable { case json, dot, mermaid, svg }
        @OptionGroup var source: NotesOptions
        @Option(help: "json, dot, mermaid or svg.") var format: Format = .json

        func run() throws {
            let graph = try source.loadGraph()
            reportLoadProblems(graph)
            switch format {
            case .json: Terminal.write(GraphExport.jsonBytes(graph))
            case .dot: Terminal.write(GraphExport.dot(graph))
            case .mermaid: Terminal.write(GraphExport.mermaid(graph))
            case .svg:
                Terminal.write(
                    GraphPicture.vault(graph, pages: HTMLExport.pageNames(for: graph.notes), from: "index.html"))
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check notes: links, duplicates, front matter, orphans, rule citations and code examples.",
            discussion: """
                Reports broken and ambiguous links, duplicate titles and permalinks, bad front matter, \
                orphans, rules citing missing notes, and Swift examples that drift from the rules: a block \
                marked ```swift good must lint clean, one marked ```swift bad RULE must trigger RULE.
                Exits 1 when there is an error (warnings alone exit 0, or 1 with --strict). With FILE \
                arguments (the `patternlint-notes` pre-commit hook passes the changed markdown files), \
                the whole vault is checked only when one of them is in a note or rule folder; else it \
                exits 0 at once. With --staged (the hook's way), the same is decided from the commit \
                being made, deleted and renamed notes included.
                """)
        @OptionGroup var source: NotesOptions
        @Flag(help: "Treat warnings as errors.") var strict = false
        @Flag(name: .customLong("no-orphans"), help: "Do not report notes nothing links to.") var noOrphans = false
        @Flag(help: "Print JSON.") var json = false
        @Flag(name: .customLong("no-examples"), help: "Do not lint the notes' Swift examples.") var noExamples = false
        @Option(
            name: .customLong("rules"), help: ArgumentHelp("Add a folder of rule files. Repeatable.", valueName: "dir"))
        var rules: [String] = []
        @Argument(
            help: ArgumentHelp(
                "Changed files (as pre-commit passes them): check only when one is in a note or rule folder.",
                valueName: "file"))
        var changed: [String] = []
        @Flag(
            help: ArgumentHelp(
                "Check only when the commit being made (git's staged changes, deletions and renames included) touches a note or rule folder."
            ))
        var staged = false

        func run() throws {
            let gate = NotesCheckGate(source: source, rules: rules)
            if !changed.isEmpty, try !gate.touchesNotes(changed) { return }
            if staged, try !gate.touchesNotes(Git.stagedPaths()) { return }
            let graph = try source.loadGraph(extraRules: rules)
            let configured = try source.configuration().map { config in config.rules.map(config.resolve) } ?? []
            let catalog = RuleCatalog(
                builtinFiles: BuiltinCatalog.ruleFiles, implementations: BuiltinRules.all,
                teamFolders: configured + rules,
                graph: graph)
            let brokenLinks = try source.configuration()?.unresolvedNoteLinks.flatMap(Graph.BrokenLinks.init)
            let problems = NoteExampleChecker(catalog: catalog).problems(
                in: graph, orphans: !noOrphans, examples: !noExamples, builtinNotesLoaded: !source.noBuiltin,
                brokenLinks: brokenLinks)
            if json {
                let objects = problems.map(\.jsonObject)
                let data = try JSONSerialization.data(
                    withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                Terminal.write(String(decoding: data, as: UTF8.self) + "\n")
            } else {
                var out = problems.map(\.description).joined(separator: "\n")
                let errors = problems.filter { $0.severity == .error }.count
                out +=
                    (out.isEmpty ? "" : "\n")
                    + "\(graph.notes.count) notes, \(graph.edges.count) links: \(errors) error\(errors == 1 ? "" : "s"), \(problems.count - errors) warning\(problems.count - errors == 1 ? "" : "s")\n"
                Terminal.write(out)
            }
            if problems.contains(where: { $0.severity == .error || strict }) { throw ExitCode(ExitStatus.findings) }
        }
    }
}

extension NotesCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the notes as a static HTML site (one page per note, an index, working links).",
            discussion: "Pages are named after permalinks and always land inside DIR; each file is written atomically.")
        @OptionGroup var source: NotesOptions
        @Option(name: .customLong("html"), help: ArgumentHelp("Output folder.", valueName: "dir")) var html: String

        func run() throws {
            let graph = try source.loadGraph()
            reportLoadProblems(graph)
            let progress = ProgressLine.start(quiet: source.quiet)
            let result: HTMLExport.Result
            do {
                // The line is erased before anything else is written to the terminal.
                defer { progress?.finish() }
                result = try HTMLExport.write(graph, to: html, progress: progress?.counter)
            } catch {
                throw CLIFailure(message: "\(error)")
            }
            for skipped in result.skipped { Terminal.warning(skipped) }
            Terminal.write("wrote \(result.written.count) files to \(html)\n")
        }
    }
}

/// Load problems (missing folders, unreadable files) go to stderr so they never pollute JSON output.
func reportLoadProblems(_ graph: Graph) {
    for problem in graph.loadDiagnostics { Terminal.warning(problem.loadWarning) }
}

extension NoteDiagnostic {
    /// One problem as `notes check --json` and the MCP `check_notes` tool write it.
    var jsonObject: [String: Any] {
        ["severity": severity.rawValue, "code": code, "path": path, "line": line, "column": column, "message": message]
    }
}
