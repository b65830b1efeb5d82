import Dispatch
import Foundation
import Support

/// All notes loaded from one or more roots (folders on disk, or the built-in catalogue).
public struct Vault: Sendable {
    public private(set) var notes: [Note]
    /// Problems met while loading that belong to no note (missing root, unreadable file).
    public private(set) var loadDiagnostics: [NoteDiagnostic]
    /// Files beside the notes that are not notes (images, PDFs), for `![[diagram.png]]`.
    public private(set) var attachments: [Attachment] = []

    public init(notes: [Note], loadDiagnostics: [NoteDiagnostic] = [], attachments: [Attachment] = []) {
        self.notes = notes
        self.loadDiagnostics = loadDiagnostics
        self.attachments = attachments
    }

    /// A source of markdown text: a file on disk or an embedded file.
    public struct Source: Sendable {
        public var path: String
        public var relativePath: String
        public var read: @Sendable () throws -> [UInt8]
        /// Which names besides its path the note answers to in links (its vault's rule).
        public var linkNames: LinkNames = .declared

        public init(path: String, relativePath: String, read: @escaping @Sendable () throws -> [UInt8]) {
            self.path = path
            self.relativePath = relativePath
            self.read = read
        }

        public static func text(path: String, relativePath: String, _ text: String) -> Source {
            Source(path: path, relativePath: relativePath) { Array(text.utf8) }
        }
    }

    /// Loads every `*.md` below each root; a root may also be a single markdown file.
    /// With a clock, marks how long finding and parsing took (`PATTERNLINT_TIMING=1`).
    /// With a boundary, no file whose real path leaves it is read (`markdownFiles`).
    /// With a progress counter, counts the notes parsed. `reading`: see `load(sources:)`.
    /// `linkNames`: the names the roots' notes answer to in links (else `LinkNames.of(root:)`).
    public static func load(
        roots: [String], extra: [Source] = [], clock: PhaseClock? = nil, within boundary: RealPathBoundary? = nil,
        progress: ProgressCounter? = nil, linkNames: LinkNames? = nil, reading: (@Sendable (Note) -> Void)? = nil
    ) -> Vault {
        var sources = extra
        var diagnostics: [NoteDiagnostic] = []
        var attachments: [Attachment] = []
        for root in roots {
            let (found, files, problems) = filesUnder(root, within: boundary, linkNames: linkNames)
            sources += found
            attachments += files
            diagnostics += problems
        }
        clock?.mark("notes: find files")
        var vault = load(sources: sources, progress: progress, reading: reading)
        vault.loadDiagnostics = diagnostics + vault.loadDiagnostics
        vault.attachments = attachments
        clock?.mark("notes: read and parse")
        return vault
    }

    /// Parses every source, in parallel; the order of `notes` follows `sources`. A note reads its
    /// body again from its source when asked; `reading` is given each note while it still holds
    /// the text just read (a search counts its words there: `NoteSearch.Precount`).
    public static func load(
        sources: [Source], progress: ProgressCounter? = nil, reading: (@Sendable (Note) -> Void)? = nil
    ) -> Vault {
        let results = ConcurrentSlots<Result<Note, NoteDiagnostic>>(count: sources.count)
        progress?.begin("Reading notes", total: sources.count)
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            defer { progress?.advance() }
            let source = sources[index]
            do {
                let data = try source.read()
                var note = NoteParser.parse(path: source.path, relativePath: source.relativePath, data: data)
                note.linkNames = source.linkNames
                reading?(note)
                note.bodySource = .reread(source.read)
                results[index] = .success(note)
            } catch {
                results[index] = .failure(NoteDiagnostic(.error, "unreadable", path: source.path, line: 1, "\(error)"))
            }
        }
        var notes: [Note] = []
        var diagnostics: [NoteDiagnostic] = []
        notes.reserveCapacity(sources.count)
        // Popped from the end, each note is moved rather than copied (a dozen reference counts each).
        var values = results.take()
        while let result = values.popLast() {
            switch result {
            case .success(let note)?: notes.append(note)
            case .failure(let problem)?: diagnostics.append(problem)
            case nil: break
            }
        }
        notes.reverse()
        diagnostics.reverse()
        return Vault(notes: notes, loadDiagnostics: diagnostics)
    }

    /// Walks a folder for `*.md`, skipping hidden folders; symlinked folders are not followed twice.
    /// With a boundary, a root or link whose real path leaves it is skipped with a warning, and
    /// each read of a file checks again (a note's body is read again when asked, maybe after a
    /// file was swapped for a link).
    public static func markdownFiles(under root: String, within boundary: RealPathBoundary? = nil) -> (
        [Source], [NoteDiagnostic]
    ) {
        let (sources, _, diagnostics) = filesUnder(root, within: boundary)
        return (sources, diagnostics)
    }

    /// The markdown files under a root, and the other files that may be attachments.
    static func filesUnder(_ root: String, within boundary: RealPathBoundary? = nil, linkNames: LinkNames? = nil)
        -> ([Source], [Attachment], [NoteDiagnostic])
    {
        if let boundary, !boundary.contains(root) { return ([], [], [leadsOutside(root, boundary)]) }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else {
            return ([], [], [NoteDiagnostic(.error, "missing-path", path: root, line: 1, "no such file or folder")])
        }
        if !isDirectory.boolValue {
            let name = (root as NSString).lastPathComponent
            return ([fileSource(path: root, relativePath: name, within: boundary)], [], [])
        }
        var sources: [Source] = []
        var attachments: [Attachment] = []
        var diagnostics: [NoteDiagnostic] = []
        // Each folder is listed once, however it is reached: a symlink loop cannot hang the walk.
        var visited: Set<FolderListing.FolderID> = []
        var pending = [""]
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        // A write killed before its journal leaves its temporary files; with a journal still to
        // finish (in the root, listed first), they may be wanted.
        var removesLeftovers = true
        while let relativeDirectory = pending.popLast() {
            let directory = relativeDirectory.isEmpty ? base : base + "/" + relativeDirectory
            guard let id = FolderListing.FolderID(directory), visited.insert(id).inserted,
                let entries = FolderListing.entries(directory)
            else { continue }
            if relativeDirectory.isEmpty {
                removesLeftovers = !entries.contains { FileBatchJournal.isJournalName($0.name) }
            }
            for (entry, _) in entries where removesLeftovers && AtomicFile.isStaleTemporary(entry) {
                let full = base + "/" + (relativeDirectory.isEmpty ? entry : relativeDirectory + "/" + entry)
                if unlink(full) == 0 {
                    diagnostics.append(
                        NoteDiagnostic(
                            .warning, "leftover-temporary", path: full, line: 1,
                            "removed a temporary file that an interrupted write left"))
                }
            }
            for (entry, kind) in entries.sorted(by: { $0.name < $1.name }) where !entry.hasPrefix(".") {
                let relative = relativeDirectory.isEmpty ? entry : relativeDirectory + "/" + entry
                let full = base + "/" + relative
                // The listing says what most entries are; a symlink is what it points to.
                let isFolder: Bool
                switch kind {
                case .folder: isFolder = true
                case .file: isFolder = false
                case .unknown:
                    guard let folder = FolderListing.isFolder(full) else { continue }
                    isFolder = folder
                    // A linked file that is a FIFO or device would block the read.
                    if !folder, !FolderListing.isRegularFile(full) { continue }
                case .special, .undecodable: continue
                }
                // Listed as a folder or a file, an entry is where its folder is; anything else may be a link.
                if kind == .unknown, isFolder || entry.hasSuffixIgnoringASCIICase(".md"), let boundary,
                    !boundary.contains(full)
                {
                    diagnostics.append(leadsOutside(full, boundary))
                    continue
                }
                if isFolder {
                    pending.append(relative)
                } else if entry.hasSuffixIgnoringASCIICase(".md") {
                    sources.append(fileSource(path: full, relativePath: relative, within: boundary))
                } else if Attachment.looksLikeFile(entry), kind != .unknown || boundary?.contains(full) != false {
                    attachments.append(Attachment(path: full, relativePath: relative))
                }
            }
        }
        sources.sort { $0.path < $1.path }
        let names = linkNames ?? LinkNames.of(root: base)
        if names != .declared { for index in sources.indices { sources[index].linkNames = names } }
        attachments.sort { $0.path < $1.path }
        return (sources, attachments, diagnostics.sorted { $0.path < $1.path })
    }

    static func fileSource(path: String, relativePath: String, within boundary: RealPathBoundary? = nil) -> Source {
        guard let boundary else {
            return Source(path: path, relativePath: relativePath) { try FileContents.read(path, regularOnly: true) }
        }
        return Source(path: path, relativePath: relativePath) {
            try boundary.check(path)
            return try FileContents.read(path, regularOnly: true)
        }
    }

    static func leadsOutside(_ path: String, _ boundary: RealPathBoundary) -> NoteDiagnostic {
        NoteDiagnostic(
            .warning, "outside-workspace", path: path, line: 1, "leads outside \(boundary.folder); not read")
    }
}
