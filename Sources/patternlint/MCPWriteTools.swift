import Foundation
import BuiltinRules
import LintEngine
import Reporters
import Support
import SwiftUIModel
import MCP
import Notes
import Support

/// The tools that write notes (`write_note`, `edit_note`, `move_note`), off unless the server was
/// started with `--allow-writes` or the configuration says `mcp: { writes: true }`, and
/// `recent_activity`, which reads. Every write lands inside the note folders by real path (a
/// path, a symbolic link or `..` leading elsewhere is refused), is atomic (several files all or
/// nothing), and the next call sees it.
extension MCPTools {
    /// A tool that changes files: not read-only, may replace what is there, not idempotent.
    static func writeTool(name: String, title: String, description: String, inputSchema: Value) -> Tool {
        Tool(
            name: name, title: title, description: description, inputSchema: inputSchema,
            annotations: .init(
                title: title, readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false))
    }

    static let writeTools: [Tool] = [
        writeTool(
            name: "write_note", title: "Write a pattern note",
            description:
                "Write a new note into a note folder: front matter (title, type, permalink, tags) and your markdown. An existing note with that title or file is replaced only with replace: true. Off unless the workspace allows writes.",
            inputSchema: schema(
                [
                    "title": property("string", "The note's title; its file is the title's slug (.md)."),
                    "content": property(
                        "string", "The markdown; front matter of its own is kept and completed."),
                    "folder": property("string", "A folder inside a note folder (default: the first note folder)."),
                    "tags": .object([
                        "type": "array", "items": .object(["type": "string"]), "description": "Tags.",
                    ]),
                    "type": property("string", "The note's type (default: note)."),
                    "replace": property("boolean", "Replace an existing note with this title or file (default false)."),
                ], required: ["title", "content"])),
        writeTool(
            name: "edit_note", title: "Edit a pattern note",
            description:
                "Edit a note in place: append, prepend (after the front matter), replace_section (the text under a heading) or find_replace (with the count expected). Off unless the workspace allows writes.",
            inputSchema: schema(
                [
                    "name": property("string", "Title, alias, permalink or path of the note."),
                    "operation": .object([
                        "type": "string", "enum": ["append", "prepend", "replace_section", "find_replace"],
                        "description": "What to do.",
                    ]),
                    "content": property("string", "The text to add, the section's new text, or the replacement."),
                    "section": property("string", "For replace_section: the heading (`Steps` or `## Steps`)."),
                    "find": property("string", "For find_replace: the text to find, as written."),
                    "expected_replacements": property(
                        "integer", "For find_replace: how many times `find` must occur (default 1)."),
                ], required: ["name", "operation", "content"])),
        writeTool(
            name: "move_note", title: "Rename or move a pattern note",
            description:
                "Rename a note (new title and file) or move it into another folder of the note folders, rewriting every link and rule `note:` that leads to it, all files or none. dry_run answers the diff. Off unless the workspace allows writes.",
            inputSchema: schema(
                [
                    "name": property("string", "Title, alias, permalink or path of the note."),
                    "title": property("string", "Its new title."),
                    "folder": property("string", "The folder to move it into (inside a note folder)."),
                    "dry_run": property("boolean", "Answer the unified diff and write nothing (default false)."),
                ], required: ["name"])),
        readOnlyTool(
            name: "recent_activity", title: "Recently changed notes",
            description: "The notes whose files changed since a time or in the last days, newest first.",
            inputSchema: schema([
                "since": property("string", "An ISO 8601 date or time (2025-01-31, 2025-01-31T09:00:00Z)."),
                "days": property("integer", "Or the last so many days (1 to 3,650, default 7)."),
                "limit": property("integer", "At most this many notes (1 to 1,000, default 50)."),
            ])),
    ]

    // MARK: Gate and places

    /// The note folders a write may land in: the configured and `--notes` folders in the workspace.
    func writableFolders(_ environment: LintSession) throws -> NoteFolders {
        guard state.allowWrites || environment.configuration.mcpWrites else {
            throw MCPError.invalidParams(
                "writes are off in this workspace: add `mcp: { writes: true }` to .patternlint.yml, "
                    + "or start the server with --allow-writes")
        }
        let configuration = environment.configuration
        let paths = (configuration.notes.map(configuration.resolve) + state.options.notes)
            .filter { state.outsideReason($0) == nil }
        let folders = NoteFolders(paths)
        guard !folders.folders.isEmpty else {
            throw MCPError.invalidParams(
                "no note folder in the workspace to write in; set `notes:` in .patternlint.yml")
        }
        return folders
    }

    /// The note folder a client-named folder is in, or the first one; refused outside them.
    func folder(_ arguments: [String: Value], in folders: NoteFolders) throws -> String {
        guard let value = arguments["folder"] else { return folders.first!.path }
        guard let given = value.stringValue else { throw MCPError.invalidParams("`folder` must be a string") }
        let path = try state.inside(given)
        guard let root = folders.folder(containing: path) else {
            throw MCPError.invalidParams(
                "\(given.clipped(to: 200)): not inside a note folder ("
                    + folders.folders.map(\.path).joined(separator: ", ") + ")")
        }
        // The notes commands never read a hidden folder: a note written there could not be read back.
        if let relative = NoteFolders.relative(path, in: root),
            let hidden = relative.split(separator: "/").first(where: { $0.hasPrefix(".") })
        {
            throw MCPError.invalidParams(
                "\(given.clipped(to: 200)): \(hidden) is a hidden folder, which no note is read from; not written")
        }
        return path
    }

    /// A file about to be written must really be in a note folder (no link out of it).
    func requireInside(_ path: String, _ folders: NoteFolders) throws {
        guard folders.folder(containing: path) != nil, state.outsideReason(path) == nil else {
            throw MCPError.invalidParams("\(path): leads outside the note folders; not written")
        }
    }

    func commit(_ batch: () throws -> Void) throws {
        do { try batch() } catch let refusal as NoteWriteRefusal {
            throw MCPError.invalidParams(refusal.description)
        } catch {
            throw MCPError.invalidParams("\(error); nothing written")
        }
        state.forget()
    }

    // MARK: Tools

    func writeNote(_ arguments: [String: Value], _ environment: LintSession) throws -> String {
        let folders = try writableFolders(environment)
        let title = try string(arguments, "title").trimmed
        do { try NoteRename.checkTitle(title) } catch { throw MCPError.invalidParams("`title`: \(error)") }
        let content = try string(arguments, "content")
        let replace = try boolean(arguments, "replace", default: false)
        let tags = try strings(arguments, "tags")
        let type = try arguments["type"].map { value -> String in
            guard let text = value.stringValue else { throw MCPError.invalidParams("`type` must be a string") }
            return text
        }
        guard let fileName = NoteDraft.fileName(for: title) else {
            throw MCPError.invalidParams("\"\(title.clipped(to: 120))\" has no letter or digit to name a file after")
        }
        let graph = environment.graph
        // The note replaced: one answering to the title, else the file at the path.
        let named = graph.notes.firstIndex { $0.title.lowercased() == title.lowercased() }
        let folder = try self.folder(arguments, in: folders)
        var path = folder + "/" + fileName
        if let named {
            guard replace else {
                throw MCPError.invalidParams(
                    "a note is already called \"\(graph.notes[named].title)\" (\(graph.notes[named].path)); "
                        + "pass replace: true to replace it, or edit_note to change it")
            }
            guard folders.holds(graph.notes[named]) else {
                throw MCPError.invalidParams("\(graph.notes[named].path) is not in a note folder; it is not replaced")
            }
            path = graph.notes[named].path
        }
        try requireInside(path, folders)
        let existing = try? FileContents.read(path, regularOnly: true)
        if existing != nil, !replace {
            throw MCPError.invalidParams("\(path) already exists; pass replace: true to replace it")
        }
        guard let root = folders.folder(containing: path), let relative = NoteFolders.relative(path, in: root) else {
            throw MCPError.invalidParams("\(path): leads outside the note folders; not written")
        }
        let permalink =
            named.flatMap { graph.notes[$0].frontMatter.permalink } ?? Slug.permalink(fromRelativePath: relative)
        if let other = graph.notes.indices.first(where: { $0 != named && graph.notes[$0].permalink == permalink }) {
            throw MCPError.invalidParams(
                "\(graph.notes[other].path) already has the permalink \(permalink); not written")
        }
        let draft = NoteDraft(
            title: title, permalink: permalink, type: type ?? "note", tags: tags, date: NoteDraft.today())
        let text = draft.text(content: content)
        let problems = draft.problems(in: text, path: path)
        guard problems.isEmpty else {
            throw MCPError.invalidParams("the note would not read back: " + problems.joined(separator: "; "))
        }
        try commit {
            let change: FileBatch.Change =
                existing.map { .replace(path: path, expected: $0, contents: Array(text.utf8)) }
                ?? .create(path: path, contents: Array(text.utf8))
            try FileBatch([change], within: folders.contained).commit()
        }
        return json([
            "path": state.shown(path), "title": title, "permalink": permalink, "created": existing == nil,
            "uri": "note://" + permalink,
        ])
    }

    func editNote(_ arguments: [String: Value], _ environment: LintSession) throws -> String {
        let folders = try writableFolders(environment)
        let graph = environment.graph
        let index = try note(arguments, graph)
        let target = graph.notes[index]
        guard folders.holds(target) else {
            throw MCPError.invalidParams("\(target.path) is not in a note folder (a built-in note?); it is not edited")
        }
        try requireInside(target.path, folders)
        let content = try string(arguments, "content")
        let edit: NoteEdit
        switch try string(arguments, "operation") {
        case "append": edit = .append(content)
        case "prepend": edit = .prepend(content)
        case "replace_section": edit = .replaceSection(heading: try string(arguments, "section"), content: content)
        case "find_replace":
            edit = .findReplace(
                find: try string(arguments, "find"), replacement: content,
                expected: try integer(arguments, "expected_replacements", default: 1, range: 0...100_000))
        case let other:
            throw MCPError.invalidParams(
                "`operation` must be append, prepend, replace_section or find_replace, not \(other.clipped(to: 40))")
        }
        let original: [UInt8]
        do { original = try FileContents.read(target.path, regularOnly: true) } catch {
            throw MCPError.invalidParams("\(error)")
        }
        var updated: [UInt8] = []
        try commit {
            updated = try edit.apply(to: original, path: target.path)
            try FileBatch(
                [.replace(path: target.path, expected: original, contents: updated)], within: folders.contained
            ).commit()
        }
        return json([
            "path": state.shown(target.path), "title": target.title, "operation": try string(arguments, "operation"),
            "bytes_before": original.count, "bytes_after": updated.count,
        ])
    }

    func moveNote(_ arguments: [String: Value], _ environment: LintSession) throws -> String {
        let folders = try writableFolders(environment)
        let graph = environment.graph
        let index = try note(arguments, graph)
        let title = try arguments["title"].map { value -> String in
            guard let text = value.stringValue else { throw MCPError.invalidParams("`title` must be a string") }
            return text
        }
        let folder = try arguments["folder"].map { _ in try self.folder(arguments, in: folders) }
        guard title != nil || folder != nil else {
            throw MCPError.invalidParams("give `title` (a rename), `folder` (a move) or both")
        }
        let dryRun = try boolean(arguments, "dry_run", default: false)
        let configuration = environment.configuration
        let ruleFolders = (configuration.rules.map(configuration.resolve) + state.options.rules)
            .filter { state.outsideReason($0) == nil }
        let plan: NoteEditPlan
        do {
            plan = try NoteRename.plan(
                .init(note: index, title: title, folder: folder), in: graph, folders: folders,
                citations: RuleCitation.read(folders: ruleFolders, within: state.boundary))
        } catch let refusal as NoteWriteRefusal {
            throw MCPError.invalidParams(refusal.description)
        }
        for file in plan.files { try requireInside(file.newPath ?? file.path, folders.including(ruleFolders)) }
        let moved = plan.files.first { $0.newPath != nil }
        var answer: [String: Any] = [
            "from": state.shown(graph.notes[index].path),
            "to": state.shown(moved?.newPath ?? graph.notes[index].path),
            "title": title ?? graph.notes[index].title, "links_rewritten": plan.count("link"),
            "rule_files_rewritten": plan.count("rule"),
            "files": plan.files.filter { !$0.replacements.isEmpty || $0.newPath != nil }.map { state.shown($0.path) },
            "skipped": plan.skipped, "dry_run": dryRun,
        ]
        if dryRun {
            answer["diff"] = plan.diff()
            return json(answer)
        }
        try commit { try plan.apply(within: folders.contained + NoteFolders(ruleFolders).contained) }
        return json(answer)
    }

    func recentActivity(_ arguments: [String: Value], _ environment: LintSession) throws -> String {
        let limit = try integer(arguments, "limit", default: 50, range: 1...1_000)
        let cutoff: Date
        if let since = arguments["since"] {
            guard let text = since.stringValue, let date = Self.date(text) else {
                throw MCPError.invalidParams(
                    "`since` must be an ISO 8601 date or time, e.g. 2025-01-31 or 2025-01-31T09:00:00Z")
            }
            cutoff = date
        } else {
            let days = try integer(arguments, "days", default: 7, range: 1...3_650)
            cutoff = Date().addingTimeInterval(-Double(days) * 86_400)
        }
        let graph = environment.graph
        var recent: [(note: Int, modified: Date)] = []
        for (position, note) in graph.notes.enumerated() {
            guard let modified = Self.modified(note.path), modified >= cutoff else { continue }
            recent.append((position, modified))
        }
        recent.sort { $0.modified != $1.modified ? $0.modified > $1.modified : $0.note < $1.note }
        let formatter = ISO8601DateFormatter()
        return json([
            "since": formatter.string(from: cutoff), "total": recent.count,
            "notes": recent.prefix(limit).map { item -> [String: Any] in
                let note = graph.notes[item.note]
                return [
                    "title": note.title, "permalink": note.permalink, "path": note.path,
                    "modified": formatter.string(from: item.modified), "uri": "note://" + note.permalink,
                ]
            },
        ])
    }

    /// `2025-01-31`, `2025-01-31T09:00:00Z`, with or without fractions of a second or a zone.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return local.date(from: text)
    }

    /// When a note's file last changed; nil for a note that is no file (the built-in ones).
    static func modified(_ path: String) -> Date? {
        guard FolderListing.isRegularFile(path),
            let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        else { return nil }
        return date
    }

    func strings(_ arguments: [String: Value], _ key: String) throws -> [String] {
        guard let value = arguments[key] else { return [] }
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
            throw MCPError.invalidParams("`\(key)` must be a list of strings")
        }
        return list.compactMap(\.stringValue).map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
    }
}

extension NoteFolders {
    /// These folders and more (rule folders a rename writes in).
    func including(_ paths: [String]) -> NoteFolders { NoteFolders(folders.map(\.path) + paths) }
}
