import Catalog
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import MCP
import Notes

/// The MCP tools: their schemas, and each call answered as JSON text. Bad arguments are thrown
/// as `invalidParams` and answered as the tool's error (`isError`), never a crash.
struct MCPTools {
    let state: MCPState

    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        .object([
            "type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
        ])
    }

    static func property(_ type: String, _ description: String) -> Value {
        .object(["type": .string(type), "description": .string(description)])
    }

    /// What the server is for and the order the tools go in: clients hand it to the model.
    static let instructions = """
        PatternLint serves this workspace's SwiftUI pattern notes and its linter. Before writing SwiftUI \
        code, find the pattern with search_notes, then read it with read_note, or with build_context for a \
        note and its neighbours (in pages: pass next_cursor back for the next). Check code before proposing \
        it with lint_snippet, giving the path the file would have; lint files and folders of the workspace \
        with lint. Findings name the note that explains them and carry their fix as edits: a safe fix can be \
        applied as it is, an unsafe one needs a look first. list_rules and explain_rule describe the rules; \
        check_notes reports problems in the notes. A call that can be corrected (a name not found, a bad \
        argument) is answered with isError and the closest names. recent_activity lists the notes changed \
        lately. write_note, edit_note and move_note record what you learn in the notes (inside the note \
        folders, every file or none, links rewritten on a move) when the workspace allows writes; every \
        other tool only reads, within the workspace.
        """

    /// A tool that only reads, within the workspace, and answers the same call the same way while
    /// the files stay as they are: every tool here but the writing ones (`writeTools`).
    static func readOnlyTool(name: String, title: String, description: String, inputSchema: Value) -> Tool {
        Tool(
            name: name, title: title, description: description, inputSchema: inputSchema,
            annotations: .init(title: title, readOnlyHint: true, idempotentHint: true, openWorldHint: false))
    }

    static let all: [Tool] = readTools + writeTools

    static let readTools: [Tool] = [
        readOnlyTool(
            name: "search_notes", title: "Search the pattern notes",
            description: "Search the pattern notes (titles, aliases, tags, headings, text); best match first.",
            inputSchema: schema(
                [
                    "query": property("string", "Words or a question: notes holding any of them, best first."),
                    "all_words": property("boolean", "Only notes holding every query word (default false)."),
                    "tag": property(
                        "string", "Only notes with this tag (nested tags match: `team` finds `team/ios`; `*` globs)."),
                    "limit": property("integer", "At most this many results (default 10)."),
                ], required: ["query"])),
        readOnlyTool(
            name: "read_note", title: "Read a pattern note",
            description:
                "A note by title, alias, permalink or path: its markdown, front matter, relations, observations, links out and backlinks.",
            inputSchema: schema(["name": property("string", "Title, alias, permalink or path.")], required: ["name"])),
        readOnlyTool(
            name: "build_context", title: "Build context around a note",
            description:
                "A note and the notes linked to or from it, to a depth (as Basic Memory's memory:// URLs), nearest first, in pages of at most `max_chars` characters: `next_cursor` gives the next page and `cut` says what was left out.",
            inputSchema: schema(
                [
                    "name": property("string", "Title, alias, permalink or path of the starting note."),
                    "depth": property("integer", "How many links away (1 to 3, default 1)."),
                    "max_chars": property(
                        "integer",
                        "The most characters the answer holds (2,000 to 1,000,000, default 20,000); the rest is on later pages."
                    ),
                    "cursor": property("string", "`next_cursor` of the page before, for the next page."),
                ], required: ["name"])),
        readOnlyTool(
            name: "list_rules", title: "List the lint rules",
            description: "The lint rules: id, severity, whether on, summary and pattern note.",
            inputSchema: schema([:])),
        readOnlyTool(
            name: "explain_rule", title: "Explain a lint rule",
            description:
                "A rule's description with its examples, and its pattern note. Given a line SwiftUI printed at run time instead of an id, the cause of that line, the rule that finds it (if any) and its note.",
            inputSchema: schema(
                [
                    "id": property(
                        "string",
                        "Rule id, e.g. constant-binding, or a pasted runtime line, e.g. \"Accessing StateObject's object without being installed on a View.\""
                    )
                ], required: ["id"])),
        readOnlyTool(
            name: "lint", title: "Lint workspace files",
            description:
                "Lint files or folders of the workspace; findings with rule, severity, confidence (high, medium, low: a medium error is reported at warning, a low one at info), place, message, note and fix (edits to apply, `safe` or `unsafe`). Findings in the configured baseline are left out (`hidden_by_baseline` counts them).",
            inputSchema: schema(
                [
                    "paths": .object([
                        "type": "array", "items": .object(["type": "string"]),
                        "description": "Paths in the workspace (default: the configured tree).",
                    ]),
                    "limit": property("integer", "At most this many findings (1 to 10,000, default 500)."),
                ])),
        readOnlyTool(
            name: "lint_snippet", title: "Lint a Swift snippet",
            description:
                "Lint Swift source as the file at a (virtual) path of the workspace, with the rest of the tree as context: check code before proposing it. Findings as `lint` gives them, fixes included; findings in the configured baseline are left out (`hidden_by_baseline` counts them).",
            inputSchema: schema(
                [
                    "source": property("string", "Swift source text."),
                    "path": property("string", "Where the file would be, e.g. Sources/App/Settings.swift."),
                    "limit": property("integer", "At most this many findings (1 to 10,000, default 500)."),
                ], required: ["source", "path"])),
        readOnlyTool(
            name: "check_notes", title: "Check the pattern notes",
            description:
                "Problems in the notes, as `patternlint notes check`: broken or ambiguous links, duplicates, bad front matter, orphans, rules without notes, and Swift examples that drift from the rules.",
            inputSchema: schema([
                "orphans": property("boolean", "Report notes nothing links to (default true)."),
                "examples": property(
                    "boolean", "Lint the notes' ```swift good / ```swift bad RULE examples (default true)."),
            ])),
    ]

    func call(_ name: String, _ arguments: [String: Value]) throws -> String {
        let environment = try state.environment()
        switch name {
        case "search_notes": return try searchNotes(arguments)
        case "read_note":
            return try json(noteObject(note(arguments, environment.graph), in: environment.graph, full: true))
        case "build_context": return try buildContext(arguments, environment.graph)
        case "list_rules": return try listRules(environment)
        case "explain_rule": return try explainRule(arguments, environment)
        case "lint": return try lint(arguments, environment)
        case "lint_snippet": return try lintSnippet(arguments, environment)
        case "check_notes": return try checkNotes(arguments, environment)
        case "recent_activity": return try recentActivity(arguments, environment)
        case "write_note": return try writeNote(arguments, environment)
        case "edit_note": return try editNote(arguments, environment)
        case "move_note": return try moveNote(arguments, environment)
        default:
            // Calling a tool the server does not have is a malformed request: a JSON-RPC error.
            let close = NameSuggestions(Self.all.map(\.name)).closest(to: name)
            throw MCPError.methodNotFound(
                "no tool named \(name.clipped(to: 120))" + Self.closestClause(close) + "; tools/list lists them")
        }
    }

    /// `; closest: a, b`, or nothing when nothing is close.
    static func closestClause(_ names: [String]) -> String {
        names.isEmpty ? "" : "; closest: " + names.joined(separator: ", ")
    }

    // MARK: Arguments

    func string(_ arguments: [String: Value], _ key: String) throws -> String {
        guard let value = arguments[key] else { throw MCPError.invalidParams("`\(key)` is required") }
        guard let text = value.stringValue else { throw MCPError.invalidParams("`\(key)` must be a string") }
        return text
    }

    /// Every numeric argument comes through here.
    func integer(_ arguments: [String: Value], _ key: String, default fallback: Int, range: ClosedRange<Int>) throws
        -> Int
    {
        guard let value = arguments[key] else { return fallback }
        guard let number = Self.wholeNumber(value), range.contains(number) else {
            // The largest double is what the transport makes of a number past it (`1e400`).
            let given =
                value.intValue.map { ", not \($0)" }
                ?? value.doubleValue.map {
                    abs($0) == .greatestFiniteMagnitude ? ", not a number past ±1.8e308" : ", not \($0)"
                }
                ?? ""
            throw MCPError.invalidParams(
                "`\(key)` must be a whole number from \(range.lowerBound) to \(range.upperBound)\(given)")
        }
        return number
    }

    /// A JSON number that is a whole number an `Int` holds, or nil. Numbers too large for an `Int`
    /// (`1e30`, `99999999999999999999`) arrive as doubles, and `Int(_:)` traps on those.
    static func wholeNumber(_ value: Value) -> Int? {
        switch value {
        case .int(let number): return number
        case .double(let number): return Int(exactly: number)
        default: return nil
        }
    }

    func boolean(_ arguments: [String: Value], _ key: String, default fallback: Bool) throws -> Bool {
        guard let value = arguments[key] else { return fallback }
        guard let flag = value.boolValue else { throw MCPError.invalidParams("`\(key)` must be true or false") }
        return flag
    }

    func note(_ arguments: [String: Value], _ graph: Graph) throws -> Int {
        let name = try string(arguments, "name")
        switch graph.resolve(name) {
        case .resolved(let index): return index
        case .ambiguous(let candidates):
            throw MCPError.invalidParams(
                "\"\(name.clipped(to: 120))\" matches more than one note: "
                    + candidates.lazy.map { graph.notes[$0].path }.joined(separator: ", ", atMost: 20))
        case .unresolved:
            throw MCPError.invalidParams(
                "no note is called \"\(name.clipped(to: 120))\"" + Self.closestClause(graph.closestTitles(to: name)))
        }
    }

    // MARK: Notes

    func searchNotes(_ arguments: [String: Value]) throws -> String {
        let (environment, index) = try state.searchable()
        let graph = environment.graph
        let query = try string(arguments, "query")
        let tag = try arguments["tag"].map { value -> TagPattern in
            guard let tag = value.stringValue else { throw MCPError.invalidParams("`tag` must be a string") }
            return TagPattern(tag)
        }
        let limit = try integer(arguments, "limit", default: 10, range: 1...200)
        let allWords = try boolean(arguments, "all_words", default: false)
        let hits = NoteSearch.search(query, in: graph.notes, index: index, limit: limit, allWords: allWords) { note in
            tag.map { graph.notes[note].allTags.contains(where: $0.matches) } ?? true
        }
        return json(
            hits.prefix(limit).map { hit -> [String: Any] in
                let note = graph.notes[hit.note]
                return [
                    "title": note.title, "permalink": note.permalink, "path": note.path, "tags": note.tags,
                    "snippet": hit.snippet ?? "", "matched": hit.matched,
                ]
            })
    }

    func noteObject(_ index: Int, in graph: Graph, full: Bool) -> [String: Any] {
        let note = graph.notes[index]
        var object: [String: Any] = [
            "title": note.title, "permalink": note.permalink, "path": note.path, "tags": note.tags,
            "uri": "note://" + note.permalink,
        ]
        guard full else { return object }
        object["type"] = note.type ?? ""
        object["aliases"] = note.aliases
        object["front_matter"] = Self.object(note.frontMatter)
        object["markdown"] = Self.withoutLeadingBlankLines(note.body)
        object["inline_tags"] = note.inlineTags
        object["observations"] = note.observations.map { observation -> [String: Any] in
            var fields: [String: Any] = [
                "category": observation.category, "text": observation.text, "tags": observation.tags,
            ]
            if let context = observation.context { fields["context"] = context }
            return fields
        }
        let outgoing = graph.outgoing(index)
        var linksOut: [(link: NoteLink, resolved: String)] = []
        for edge in outgoing {
            var resolved = ""
            if case .resolved(let target) = edge.resolution { resolved = graph.notes[target].title }
            linksOut.append((edge.link, resolved))
        }
        object["relations"] = linksOut.filter { $0.link.kind != NoteLink.defaultKind }.map {
            ["type": $0.link.kind, "target": $0.link.target, "resolved": $0.resolved]
        }
        object["links_out"] = linksOut.map {
            ["target": $0.link.target, "kind": $0.link.kind, "resolved": $0.resolved]
        }
        object["backlinks"] = graph.backlinks(index).map { edge in
            [
                "title": graph.notes[edge.source].title, "permalink": graph.notes[edge.source].permalink,
                "kind": edge.link.kind,
            ]
        }
        object["cited_by_rules"] = graph.rulesCiting(index).map { ["rule": $0.ruleID, "path": $0.path] }
        return object
    }

    /// The front matter's fields as JSON: lists as lists, other keys as the text they were read as.
    static func object(_ matter: FrontMatter) -> [String: Any] {
        var object: [String: Any] = matter.extra
        if let title = matter.title { object["title"] = title }
        if let type = matter.type { object["type"] = type }
        if let permalink = matter.permalink { object["permalink"] = permalink }
        if !matter.tags.isEmpty { object["tags"] = matter.tags }
        if !matter.aliases.isEmpty { object["aliases"] = matter.aliases }
        return object
    }

    /// The markdown from its first line that is not blank: a note's body keeps a blank line for
    /// each front matter line (so line numbers hold), which an assistant would only pay for.
    static func withoutLeadingBlankLines(_ text: String) -> String {
        var start = text.startIndex
        for index in text.indices {
            if text[index].isNewline {
                start = text.index(after: index)
            } else if text[index] != " " && text[index] != "\t" {
                break
            }
        }
        return String(text[start...])
    }

    func checkNotes(_ arguments: [String: Value], _ environment: LintSession) throws -> String {
        let problems = NoteExampleChecker(catalog: environment.catalog).problems(
            in: environment.graph, orphans: try boolean(arguments, "orphans", default: true),
            examples: try boolean(arguments, "examples", default: true),
            brokenLinks: environment.configuration.unresolvedNoteLinks.flatMap(Graph.BrokenLinks.init))
        return json(problems.map(\.jsonObject))
    }

    // MARK: Rules

    func listRules(_ environment: LintSession) throws -> String {
        let configuration = environment.configuration
        return json(
            environment.catalog.entries.map { entry -> [String: Any] in
                [
                    "id": entry.metadata.id, "severity": entry.metadata.severity.rawValue,
                    "enabled": configuration.isEnabled(entry.metadata), "summary": entry.metadata.summary,
                    "note": entry.note.map { ["title": $0.title, "permalink": $0.permalink] } ?? [:],
                ]
            })
    }

    func explainRule(_ arguments: [String: Value], _ environment: LintSession) throws -> String {
        let id = try string(arguments, "id")
        guard let entry = environment.catalog.entries.first(where: { $0.metadata.id == id }) else {
            // A pasted SwiftUI console line: its entry in the runtime-warnings note, and its rule.
            if let message = RuntimeMessage.match(id) {
                return explainRuntimeMessage(message, environment)
            }
            let close = NameSuggestions(environment.catalog.entries.map(\.metadata.id)).closest(to: id)
            throw MCPError.invalidParams(
                "no rule `\(id.clipped(to: 120))`" + Self.closestClause(close) + "; list_rules lists them")
        }
        return json([
            "id": id, "rule": entry.metadata.markdown, "note_title": entry.note?.title ?? "",
            "note": entry.noteMarkdown ?? "",
        ])
    }

    // MARK: Lint

    /// The findings as the JSON reporter writes them (the CLI's `--reporter json`), each with its
    /// fix as edits (which the reporter leaves out; an assistant applies them), with the number of
    /// files, the problems and how many findings the baseline hid beside them.
    /// At most `limit` findings, in report order, and how many more there were: an assistant
    /// reads the answer whole, so its size must not grow with a generated file's findings.
    func findings(_ result: LintResult, limit: Int, sources: [String: [UInt8]] = [:]) -> String {
        let shown = result.findings.prefix(limit)
        return "{\"files\": \(result.filesLinted), \"problems\": \(json(result.problems)), "
            + "\"hidden_by_baseline\": \(result.hiddenByBaseline ?? 0), "
            + "\"omitted\": \(result.findings.count - shown.count), \"findings\": "
            + Self.withFixes(shown, sources: sources) + "}"
    }

    /// Each finding's members as the JSON reporter writes them, and its `fix` (`null` for none).
    static func withFixes(_ findings: ArraySlice<Finding>, sources: [String: [UInt8]]) -> String {
        var edits = FixEdits(sources: sources)
        var out = "[\n"
        for (index, finding) in findings.enumerated() {
            out += "  {"
            JSONReporter.writeMembers(of: finding, into: &out)
            out += ", \"fix\": " + edits.json(finding.fix, in: finding.path)
            out += index == findings.count - 1 ? "}\n" : "},\n"
        }
        return out + "]\n"
    }

    func findingLimit(_ arguments: [String: Value]) throws -> Int {
        try integer(arguments, "limit", default: 500, range: 1...10_000)
    }

    /// The configuration's `included` folders (default: the workspace) that are in the workspace,
    /// and why each other one is left out.
    func configuredRoots(_ configuration: Configuration) -> (roots: [String], ignored: [String]) {
        let included =
            configuration.included.isEmpty ? [state.workspace] : configuration.includedRoots
        var roots: [String] = []
        var ignored: [String] = []
        for path in included {
            if let reason = state.outsideReason(path) {
                ignored.append(reason + ", ignored")
            } else {
                roots.append(state.shown(path))
            }
        }
        return (roots, ignored)
    }

    func lint(_ arguments: [String: Value], _ environment: LintSession) throws -> String {
        var (roots, ignored) = configuredRoots(environment.configuration)
        var configured = true
        if let paths = arguments["paths"] {
            guard let list = paths.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                throw MCPError.invalidParams("`paths` must be a list of strings")
            }
            if !list.isEmpty {
                roots = try list.compactMap(\.stringValue).map(state.inside)
                try requireExisting(roots)
                ignored = []
                configured = false
            }
        }
        let (linter, discovery) = environment.prepare(roots: roots, configured: configured)
        var result = try sessionLint(environment, discovery.files.map { LintInput.disk($0) }, linter)
        result.problems = environment.ignoredPaths + ignored + discovery.problems + result.problems
        return findings(result, limit: try findingLimit(arguments))
    }

    /// Named paths that do not exist are the tool's error, each with the closest names that do:
    /// an assistant corrects a typo from it, where a problem beside no findings looks like success.
    func requireExisting(_ paths: [String]) throws {
        let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
        guard !missing.isEmpty else { return }
        throw MCPError.invalidParams(
            missing.map { path in
                let close = ClosestPaths.closest(to: path) { state.outsideReason($0) == nil }
                return "\(path.clipped(to: 200)): no such file or folder in the workspace" + Self.closestClause(close)
            }.joined(separator: "\n"))
    }

    func lintSnippet(_ arguments: [String: Value], _ environment: LintSession) throws -> String {
        let source = Array(try string(arguments, "source").utf8)
        let path = try state.inside(try string(arguments, "path"))
        guard path.hasSuffix(".swift") else { throw MCPError.invalidParams("`path` must name a .swift file") }
        let (roots, ignored) = configuredRoots(environment.configuration)
        let (linter, discovery) = environment.prepare(roots: roots, configured: true)
        var result = try sessionLint(
            environment, [LintInput(path: path) { source }] + discovery.contextInputs(besides: [path]), linter)
        result.problems = environment.ignoredPaths + ignored + result.problems
        return findings(result, limit: try findingLimit(arguments), sources: [path: source])
    }

    /// The session's lint, the CLI's own: the configured baseline applied. One that cannot be read,
    /// or leads outside the workspace, is the tool's error naming it, as it is the CLI's (exit 2).
    func sessionLint(_ session: LintSession, _ inputs: [LintInput], _ linter: Linter) throws -> LintResult {
        do { return try session.lint(inputs, with: linter) } catch let problem as LintProblem {
            throw MCPError.invalidParams(problem.description)
        }
    }

    func json(_ object: Any) -> String { Self.jsonText(object) }

    static func jsonText(_ object: Any) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
