import ArgumentParser
import Catalog
import Foundation
import Notes
import Support

extension NotesCommand {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a new note from a template into a note folder, and print its path.",
            discussion: """
                The note goes into the first configured note folder (`notes:` in .patternlint.yml, \
                then --notes), or --dir, as TITLE-SLUG.md (as "Title.md" where the folder's notes \
                are named by their titles, as in an Obsidian vault), with front matter in the catalogue's \
                form: title, type, permalink (from its path in the note folder) and tags. \
                Templates are markdown files in the templates folder (--templates, default \
                .templates in the first note folder; hidden folders are not read as notes): \
                --template NAME reads NAME.md there, and default.md is used when it exists and no \
                template is named. {{title}}, {{permalink}}, {{date}} and {{tags}} are filled in. \
                An existing file, or a note with the same title or permalink, is never overwritten \
                (exit 2).
                """)
        @OptionGroup var source: NotesOptions
        @Argument(help: "The note's title.") var title: String
        @Option(help: ArgumentHelp("Folder to write it in (default: the first note folder).", valueName: "dir"))
        var dir: String?
        @Option(help: ArgumentHelp("Template: NAME.md in the templates folder, or a file.", valueName: "name"))
        var template: String?
        @Option(
            help: ArgumentHelp("Templates folder (default: .templates in the first note folder).", valueName: "dir"))
        var templates: String?
        @Option(name: .customLong("tag"), help: ArgumentHelp("A tag. Repeatable.", valueName: "tag"))
        var tags: [String] = []
        @Option(help: "The note's type.") var type = "note"
        @Option(help: "Permalink (default: from the path in the note folder).") var permalink: String?
        @Flag(name: .customLong("print-path"), help: "Print only the new file's path (for editors).")
        var printPath = false

        func run() throws {
            let title = self.title.trimmed
            do { try NoteRename.checkTitle(title) } catch { throw CLIFailure(message: "notes new: \(error)") }
            let folders = NoteFolders(try source.noteFolderPaths())
            guard dir != nil || folders.first != nil else {
                throw CLIFailure(
                    message:
                        "notes new: no note folder to write in; set `notes:` in .patternlint.yml, or give --notes DIR or --dir DIR"
                )
            }
            // Titles and permalinks are what a new note must not repeat: the names suffice.
            let graph = NamesFirstLoad.load(
                roots: try source.noteFolderPaths(), extra: source.noBuiltin ? [] : BuiltinCatalog.noteSources
            ).graph
            let directory = dir ?? folders.first!.path
            // Named as the notes already in that folder are: by title in an Obsidian vault.
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            let naming = NoteFileNaming(judging: graph.notes.lazy.filter { $0.path.hasPrefix(prefix) })
            guard let fileName = naming.fileName(for: title) else {
                throw CLIFailure(message: "notes new: \"\(title)\" has no letter or digit to name a file after")
            }
            let path = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/" + fileName
            // The permalink follows the path in the note folder (or in --dir, when that is in none).
            let relative = folders.folder(containing: directory).flatMap { NoteFolders.relative(directory, in: $0) }
                .map { $0.isEmpty ? fileName : $0 + "/" + fileName }
            let draft = NoteDraft(
                title: title,
                permalink: permalink.map { $0.trimmed } ?? Slug.permalink(fromRelativePath: relative ?? fileName),
                type: type, tags: tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }, date: NoteDraft.today())
            try refuseTaken(draft, path: path, in: graph)
            let templateText = try templateContents(folders)
            let text = draft.text(template: templateText)
            let problems = draft.problems(in: text, path: path)
            guard problems.isEmpty else {
                throw CLIFailure(
                    message: "notes new: the template does not make a readable note, nothing written:\n"
                        + problems.joined(separator: "\n"))
            }
            do { try FileBatch([.create(path: path, contents: Array(text.utf8))]).commit() } catch {
                throw CLIFailure(message: "\(error)")
            }
            if folders.folder(containing: path) == nil {
                Terminal.warning(
                    "\(directory) is in no note folder: the notes commands read it only with --notes \(directory)")
            }
            Terminal.write(printPath ? path + "\n" : "created \(path)\n")
        }

        /// A file at the path, or a note answering to the title or permalink, is not replaced.
        private func refuseTaken(_ draft: NoteDraft, path: String, in graph: Graph) throws {
            if FileManager.default.fileExists(atPath: path) {
                throw CLIFailure(message: "notes new: \(path) already exists; not overwritten")
            }
            for note in graph.notes
            where note.title.lowercased() == draft.title.lowercased() || note.permalink == draft.permalink {
                let what =
                    note.permalink == draft.permalink ? "permalink \(draft.permalink)" : "title \"\(note.title)\""
                throw CLIFailure(message: "notes new: \(note.path) already has the \(what); nothing written")
            }
        }

        /// The named template, or `default.md` of the templates folder when it exists.
        private func templateContents(_ folders: NoteFolders) throws -> String? {
            let folder = templates ?? folders.first.map { $0.path + "/.templates" }
            var path: String?
            if let template {
                let named = template.hasSuffix(".md") ? template : template + ".md"
                if template.contains("/"), FileManager.default.fileExists(atPath: template) {
                    path = template
                } else if let folder {
                    path = folder + "/" + named
                } else {
                    throw CLIFailure(
                        message: "notes new: no templates folder to find \(named) in; give --templates DIR")
                }
            } else if let folder, FolderListing.isRegularFile(folder + "/default.md") {
                path = folder + "/default.md"
            }
            guard let path else { return nil }
            do { return String(decoding: try FileContents.read(path, regularOnly: true), as: UTF8.self) } catch {
                let available =
                    folder.flatMap(FolderListing.entries)?.map(\.name).filter { $0.hasSuffix(".md") }
                    .map { String($0.dropLast(3)) }.sorted() ?? []
                throw CLIFailure(
                    message: "notes new: \(error)"
                        + (available.isEmpty ? "" : "; templates: " + available.joined(separator: ", ")))
            }
        }
    }
}

extension NotesOptions {
    /// The folders notes are written in: the configuration's `notes:` folders, then `--notes`.
    func noteFolderPaths() throws -> [String] {
        (try configuration().map { config in config.notes.map(config.resolve) } ?? []) + roots
    }

    /// Finishes a multi-file write that a killed run left in the note and rule folders (its
    /// journal), before anything reads them, and says so.
    func finishInterruptedWrites(extraRules: [String] = []) throws {
        let rules = (try configuration().map { config in config.rules.map(config.resolve) } ?? []) + extraRules
        let folders = NoteFolders(try noteFolderPaths() + rules).contained
        for message in FileBatchJournal.recover(in: folders) { Terminal.warning(message) }
    }
}
