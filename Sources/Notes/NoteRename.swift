import Foundation
import Support

/// Renames or moves a note and rewrites every name that leads to it, as one plan written all or
/// nothing: wiki links and embeds (`[[Old]]`, `[[Old#Heading|shown]]`, `[[Old#^block]]`,
/// `![[Old]]`, relations), markdown links (`[text](../old.md#part)`, relative to their note),
/// rule files' `note:`, and the note's own title (front matter and `# heading`) and relative links
/// when it changes folder. Each link keeps its form: a title stays a title, a file name a file
/// name, a path a path (with or without `.md`), and its heading, block, label and prefix as written.
///
/// The one core for every front end:
///
///     let plan = try NoteRename.plan(.init(note: index, title: "New Title"), in: graph,
///                                    folders: NoteFolders(noteFolderPaths), citations: ruleCitations)
///     print(plan.diff())   // `--dry-run`
///     try plan.apply()     // every file or none
///
/// `notes rename`/`notes move`, the MCP `move_note` and a language server's rename call it; a
/// client of its own reads `plan.files` (byte ranges of each file as read). Planning reads the
/// files it edits and writes nothing; it throws `NoteWriteRefusal` for a note outside the note
/// folders (the built-in ones), a title or path another note has, or a folder outside them.
public enum NoteRename {
    public struct Request: Sendable {
        public var note: Int
        /// The new title (the file is renamed with it), for a rename.
        public var title: String?
        /// The folder to move the note into, as a path from the current folder, for a move.
        public var folder: String?

        public init(note: Int, title: String? = nil, folder: String? = nil) {
            self.note = note
            self.title = title
            self.folder = folder
        }
    }

    public static func plan(
        _ request: Request, in graph: Graph, folders: NoteFolders, citations: [RuleCitation] = []
    ) throws -> NoteEditPlan {
        var planner = try Planner(request, graph: graph, folders: folders)
        // Nothing named differently: nothing to rewrite (a link's case is the author's).
        guard planner.changesAnything else { return NoteEditPlan(files: []) }
        try planner.rewriteBacklinks()
        planner.rewriteOwnRelativeLinks()
        planner.rewriteTitle()
        planner.rewriteCitations(citations)
        return try planner.finish()
    }

    /// The file name a renamed note gets: the title itself when the old file was named by its
    /// title (Obsidian's way), else the title's slug (the catalogue's way).
    static func fileName(for title: String, replacing note: Note) throws -> String {
        if note.stem == note.title {
            let forbidden = Set("/\\:*?\"<>|#^[]")
            let name = String(title.map { forbidden.contains($0) ? "-" : $0 }).trimmed
            if name.hasPrefix(".") {
                throw NoteWriteRefusal(
                    "\"\(title.clipped(to: 120))\" would name a hidden file (\(name.clipped(to: 60)).md), "
                        + "which no note folder reads; start the title with another character")
            }
            return name + ".md"
        }
        guard let name = NoteDraft.fileName(for: title) else {
            throw NoteWriteRefusal("\"\(title.clipped(to: 120))\" has no letter or digit to name a file after")
        }
        return name
    }

    /// A title is one line of text: no line break, NUL or other control character (a NUL would
    /// end the file's name where the system reads it).
    public static func checkTitle(_ title: String) throws {
        guard !title.isEmpty else { throw NoteWriteRefusal("the title is empty") }
        if let bad = title.unicodeScalars.first(where: {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .lineSeparator
                || $0.properties.generalCategory == .paragraphSeparator
        }) {
            throw NoteWriteRefusal(
                "the title must be one line of text without control characters (it holds U+"
                    + String(format: "%04X", bad.value) + ")")
        }
    }
}

/// One plan in the making: the note's old and new names and the edits gathered per file.
private struct Planner {
    let graph: Graph
    let folders: NoteFolders
    let index: Int
    let note: Note
    let names: NoteNames
    let newPath: String
    let moves: Bool
    let changesFolder: Bool
    private var edits: [String: [NoteEditPlan.Replacement]] = [:]
    private var order: [String] = []
    private var files: [String: LinkSpans] = [:]
    private var unreadable: Set<String> = []
    private var writable: [Int: Bool] = [:]
    private var skipped: [String] = []
    /// Every name the other notes answer to, lowered: made when a link names the note by its
    /// place, whose new name must not be another note's.
    private var otherNames: Set<String>?

    init(_ request: NoteRename.Request, graph: Graph, folders: NoteFolders) throws {
        self.graph = graph
        self.folders = folders
        index = request.note
        let note = graph.notes[request.note]
        self.note = note
        guard folders.holds(note) else {
            let list = folders.folders.map(\.path).joined(separator: ", ")
            throw NoteWriteRefusal(
                "\(note.path): not a file in a note folder (\(list.isEmpty ? "none configured" : list)); "
                    + "only those are renamed or moved, never the built-in notes")
        }
        let title = request.title?.trimmed ?? note.title
        if request.title != nil { try NoteRename.checkTitle(title) }
        var fileName = (note.path as NSString).lastPathComponent
        if title != note.title { fileName = try NoteRename.fileName(for: title, replacing: note) }
        let oldFolder = PathText.parent(note.path)
        var folder = oldFolder
        if let target = request.folder {
            guard folders.folder(containing: target) != nil else {
                throw NoteWriteRefusal(
                    "\(target): not inside a note folder (\(folders.folders.map(\.path).joined(separator: ", ")))")
            }
            if FolderListing.isFolder(target) == false { throw NoteWriteRefusal("\(target): is a file, not a folder") }
            folder = DisplayPath.normalize(target)
            if folder == "." { folder = "" }
        }
        newPath = folder.isEmpty ? fileName : folder + "/" + fileName
        moves = DisplayPath.absolute(newPath) != DisplayPath.absolute(note.path)
        changesFolder =
            DisplayPath.absolute(folder.isEmpty ? "." : folder)
            != DisplayPath.absolute(oldFolder.isEmpty ? "." : oldFolder)
        let relative = Self.relativePath(of: newPath, for: note, folders: folders) ?? note.relativePath
        names = NoteNames(
            title: title,
            permalink: note.permalinkIsDeclared ? note.permalink : Slug.permalink(fromRelativePath: relative),
            relativePath: relative)
        try refuseTaken()
        // Moving a link would move what it points to and leave the link dangling.
        if moves, (try? FileManager.default.destinationOfSymbolicLink(atPath: note.path)) != nil {
            throw NoteWriteRefusal("\(note.path) is a symbolic link; rename or move the file it leads to")
        }
        if moves, FileManager.default.fileExists(atPath: newPath) {
            throw NoteWriteRefusal("\(newPath): already exists; not overwritten")
        }
    }

    /// The new path relative to the note's root as loaded (so names by path keep their base), or
    /// to the note folder it lands in when it leaves that root.
    private static func relativePath(of path: String, for note: Note, folders: NoteFolders) -> String? {
        if note.path.hasSuffix("/" + note.relativePath) || note.path == note.relativePath {
            let root = String(note.path.dropLast(note.relativePath.utf8.count)).trimmingSlashes
            let relative = DisplayPath.relative(
                DisplayPath.absolute(path), from: DisplayPath.absolute(root.isEmpty ? "." : root))
            if !relative.hasPrefix("../") { return relative }
        }
        let folder = PathText.parent(path)
        guard let root = folders.folder(containing: folder.isEmpty ? "." : folder),
            let inside = NoteFolders.relative(folder.isEmpty ? "." : folder, in: root)
        else { return nil }
        let name = (path as NSString).lastPathComponent
        return inside.isEmpty ? name : inside + "/" + name
    }

    /// A new title or permalink another note answers to would make links to either ambiguous.
    private func refuseTaken() throws {
        let title = names.title.lowercased()
        let titleChanges = names.title != note.title, permalinkChanges = names.permalink != note.permalink
        guard titleChanges || permalinkChanges else { return }
        for (position, other) in graph.notes.enumerated() where position != index {
            if titleChanges,
                other.title.lowercased() == title || other.permalink.lowercased() == title
                    || other.aliases.contains(where: { $0.lowercased() == title })
            {
                throw NoteWriteRefusal("\(other.path) already answers to \"\(names.title)\"; nothing renamed")
            }
            if permalinkChanges, other.permalink == names.permalink {
                throw NoteWriteRefusal("\(other.path) already has the permalink \(names.permalink); nothing moved")
            }
        }
    }

    var changesAnything: Bool {
        moves || names.title != note.title || names.permalink != note.permalink
            || names.relativePath != note.relativePath
    }

    // MARK: Gathering

    /// Whether the rename rewrites the note's `# Title` heading: links to that heading follow it.
    var renamesTitleHeading: Bool {
        names.title != note.title && note.headings.first(where: { $0.level == 1 })?.text == note.title
    }

    /// A link's heading part, when it names the `# Title` heading the rename rewrites.
    mutating func rewriteTitleHeading(of link: NoteLink, in path: String) {
        guard renamesTitleHeading, let spans = spans(path), let range = spans.headingRange(of: link),
            String(decoding: spans.bytes[range], as: UTF8.self).lowercased() == note.title.lowercased()
        else { return }
        add(NoteEditPlan.Replacement(range: range, text: names.title, reason: "heading"), to: path)
    }

    mutating func rewriteBacklinks() throws {
        for edge in graph.edges.leading(to: index) {
            let link = edge.link
            if isWritable(edge.source) { rewriteTitleHeading(of: link, in: graph.notes[edge.source].path) }
            // `[[#Heading]]` names no note: it stays the note's own.
            guard !link.target.isEmpty else { continue }
            let source = graph.notes[edge.source]
            guard isWritable(edge.source) else {
                let place =
                    FolderListing.isRegularFile(source.path)
                    ? "is in a note outside the note folders (reached through a link, or given with --notes)"
                    : "is in a built-in note"
                skipped.append("\(source.path):\(link.line): \(link.raw) \(place); left as written")
                continue
            }
            guard let spans = spans(source.path), let (range, angled) = spans.nameRange(of: link) else {
                skipped.append("\(source.path):\(link.line): \(link.raw) is not where it was read; left as written")
                continue
            }
            let written = String(decoding: spans.bytes[range], as: UTF8.self)
            let replacement: String?
            if link.style == .markdown, isRelative(link.target, from: source.path, to: note.path) {
                let from = edge.source == index ? newPath : source.path
                replacement = Self.destination(
                    relativeURL(
                        from: from, to: newPath, keepingExtension: link.target.hasSuffixIgnoringASCIICase(".md")),
                    angled: angled)
            } else {
                replacement = newName(for: link.target, written: written, markdown: link.style == .markdown)
                    .map { link.style == .markdown ? Self.destination($0, angled: angled) : $0 }
            }
            if let replacement, replacement != written {
                add(NoteEditPlan.Replacement(range: range, text: replacement, reason: "link"), to: source.path)
            }
        }
    }

    /// The note's markdown links to other notes, read relative to its file: they follow it to
    /// its new folder.
    mutating func rewriteOwnRelativeLinks() {
        guard changesFolder else { return }
        for edge in graph.outgoing(index) where edge.link.style == .markdown {
            guard let target = edge.target, target != index,
                isRelative(edge.link.target, from: note.path, to: graph.notes[target].path),
                let spans = spans(note.path), let (range, angled) = spans.nameRange(of: edge.link)
            else { continue }
            let url = relativeURL(
                from: newPath, to: graph.notes[target].path,
                keepingExtension: edge.link.target.hasSuffixIgnoringASCIICase(".md"))
            let replacement = Self.destination(url, angled: angled)
            if replacement != String(decoding: spans.bytes[range], as: UTF8.self) {
                add(NoteEditPlan.Replacement(range: range, text: replacement, reason: "link"), to: note.path)
            }
        }
    }

    /// The note's `title:` and its `# heading` when it reads as the old title.
    mutating func rewriteTitle() {
        guard names.title != note.title, let spans = spans(note.path) else { return }
        if note.titleIsDeclared, let matter = FrontMatterLines(spans.bytes), let value = matter.value(of: "title") {
            add(
                NoteEditPlan.Replacement(range: value.range, text: YAMLText.scalar(names.title), reason: "title"),
                to: note.path)
        }
        guard let heading = note.headings.first(where: { $0.level == 1 }), heading.text == note.title,
            let line = spans.lineRange(heading.line),
            let found = spans.bytes[line].firstRange(of: Array(note.title.utf8))
        else { return }
        add(NoteEditPlan.Replacement(range: found, text: names.title, reason: "title"), to: note.path)
    }

    /// Rule files whose `note:` names the note.
    mutating func rewriteCitations(_ citations: [RuleCitation]) {
        for citation in citations {
            guard case .resolved(index) = graph.resolve(citation.target) else { continue }
            guard let bytes = bytes(citation.path), citation.targetRange.upperBound <= bytes.count,
                bytes[citation.targetRange].elementsEqual(citation.target.utf8)
            else {
                skipped.append("\(citation.path):\(citation.line): note: is not where it was read; left as written")
                continue
            }
            if let name = newName(for: citation.target, written: citation.target, markdown: false),
                name != citation.target
            {
                add(
                    NoteEditPlan.Replacement(range: citation.targetRange, text: name, reason: "rule"),
                    to: citation.path)
            }
        }
    }

    mutating func finish() throws -> NoteEditPlan {
        var paths = order
        if moves, !paths.contains(note.path) { paths.append(note.path) }
        var planned: [NoteEditPlan.FileEdit] = []
        for path in paths {
            guard let original = bytes(path) else { throw NoteWriteRefusal("\(path): cannot be read; nothing written") }
            var replacements: [NoteEditPlan.Replacement] = []
            // A file loaded twice (a folder given twice) gives each link twice: once is enough.
            for replacement in (edits[path] ?? []).sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                if let last = replacements.last,
                    last.range.overlaps(replacement.range) || last.range == replacement.range
                {
                    continue
                }
                replacements.append(replacement)
            }
            planned.append(
                NoteEditPlan.FileEdit(
                    path: path, original: original, replacements: replacements,
                    newPath: moves && path == note.path ? newPath : nil))
        }
        return NoteEditPlan(files: planned, skipped: skipped)
    }

    // MARK: Names

    /// The note's new name in the form `target` named it by, with the prefix it was written with;
    /// nil when the link keeps its text (an alias). A name by place (file name, path or part of
    /// it) that another note answers to would make the link ambiguous or lead there: the note's
    /// path is written instead. So is a title that cannot stand in a wiki link (`#`, `|`, brackets).
    private mutating func newName(for target: String, written: String, markdown: Bool) -> String? {
        let prefix = NoteNameForm.prefixLength(of: target)
        let name = String(decoding: target.utf8.dropFirst(prefix), as: UTF8.self)
        var form = NoteNameForm.of(name, naming: note) ?? .title
        switch form {
        case .stem, .trailingPath:
            if let new = names.name(in: form), isTaken(new) { form = .path(withExtension: false) }
        default: break
        }
        guard var new = names.name(in: form) else { return nil }
        if !markdown, new.contains(where: { "#|[]".contains($0) }) {
            new = names.relativePath.withoutMarkdownExtension
        }
        let writtenPrefix = String(decoding: written.utf8.prefix(NoteNameForm.prefixLength(of: written)), as: UTF8.self)
        return writtenPrefix + new
    }

    /// Whether another note answers to `name` in any step (ignoring case, `.md` or not).
    private mutating func isTaken(_ name: String) -> Bool {
        if otherNames == nil {
            var all = Set<String>()
            for (position, other) in graph.notes.enumerated() where position != index {
                let path = other.relativePath.withoutMarkdownExtension.lowercased()
                all.formUnion([other.permalink.lowercased(), other.title.lowercased(), path, other.stem.lowercased()])
                for alias in other.aliases { all.insert(alias.lowercased()) }
                var rest = Substring(path)
                while let slash = rest.firstIndex(of: "/") {
                    rest = rest[rest.index(after: slash)...]
                    all.insert(String(rest))
                }
            }
            otherNames = all
        }
        let lowered = name.lowercased()
        return otherNames!.contains(lowered) || otherNames!.contains(lowered.withoutMarkdownExtension)
    }

    /// Whether a markdown link's target, read relative to its note, is the note's file.
    private func isRelative(_ target: String, from source: String, to path: String) -> Bool {
        guard !target.hasPrefix("/") else { return false }
        let folder = PathText.parent(source)
        let resolved = ResolutionIndex.normalized(folder.isEmpty ? target : folder + "/" + target)
        let file = ResolutionIndex.normalized(path)
        return resolved == file || resolved + ".md" == file
    }

    private func relativeURL(from source: String, to target: String, keepingExtension: Bool) -> String {
        let folder = PathText.parent(source)
        let url = DisplayPath.relative(
            DisplayPath.absolute(target), from: DisplayPath.absolute(folder.isEmpty ? "." : folder))
        return keepingExtension ? url : url.withoutMarkdownExtension
    }

    /// A path as a markdown link destination: as it is inside `<…>`, else with what would end or
    /// break the destination percent-encoded.
    static func destination(_ path: String, angled: Bool) -> String {
        angled ? path : path.addingPercentEncodingForLinks
    }

    // MARK: Files

    private mutating func add(_ replacement: NoteEditPlan.Replacement, to path: String) {
        if edits[path] == nil { order.append(path) }
        edits[path, default: []].append(replacement)
    }

    private mutating func isWritable(_ source: Int) -> Bool {
        if let known = writable[source] { return known }
        let answer = source == index || folders.holds(graph.notes[source])
        writable[source] = answer
        return answer
    }

    private mutating func spans(_ path: String) -> LinkSpans? {
        if let found = files[path] { return found }
        guard !unreadable.contains(path), let bytes = try? FileContents.read(path, regularOnly: true) else {
            unreadable.insert(path)
            return nil
        }
        let spans = LinkSpans(bytes)
        files[path] = spans
        return spans
    }

    private mutating func bytes(_ path: String) -> [UInt8]? { spans(path)?.bytes }
}

extension String {
    fileprivate var trimmingSlashes: String {
        var text = Substring(self)
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
