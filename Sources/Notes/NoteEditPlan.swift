import Support

/// Edits to several files, planned from a graph and applied together or not at all: what a
/// rename or move of a note (`NoteRename`) and the MCP writes produce.
///
/// For a client of its own (a language server's rename) the plan is plain data: each `FileEdit`
/// is the file's bytes as read, the byte ranges replaced in them (in order, disjoint) and, for the
/// note that moves, its new path. `diff()` is what `--dry-run` prints; `apply()` writes it all
/// with `FileBatch`, refusing if any file changed since it was read.
public struct NoteEditPlan: Sendable {
    public struct FileEdit: Sendable {
        public var path: String
        /// The file's bytes when the plan was made.
        public var original: [UInt8]
        /// In order, disjoint, as byte ranges of `original`.
        public var replacements: [Replacement]
        /// Where the file goes, when it moves.
        public var newPath: String?

        public init(path: String, original: [UInt8], replacements: [Replacement], newPath: String? = nil) {
            self.path = path
            self.original = original
            self.replacements = replacements
            self.newPath = newPath
        }

        public var updated: [UInt8] {
            ByteReplacements.apply(replacements.map { ($0.range, $0.text) }, to: original)
        }
    }

    public struct Replacement: Sendable, Equatable {
        public var range: Range<Int>
        public var text: String
        /// What the edit is, for a summary: `link`, `title`, `rule`.
        public var reason: String

        public init(range: Range<Int>, text: String, reason: String) {
            self.range = range
            self.text = text
            self.reason = reason
        }
    }

    public var files: [FileEdit]
    /// Links that lead to the note but could not be rewritten (not where the graph placed them,
    /// ambiguous), each as `path:line: why`: left as written.
    public var skipped: [String]

    public init(files: [FileEdit], skipped: [String] = []) {
        self.files = files
        self.skipped = skipped
    }

    public var isEmpty: Bool { files.allSatisfy { $0.replacements.isEmpty && $0.newPath == nil } }

    /// How many replacements of a kind (`link`, `rule`, …) the plan makes.
    public func count(_ reason: String) -> Int {
        files.reduce(0) { $0 + $1.replacements.filter { $0.reason == reason }.count }
    }

    /// A unified diff of every file, moves as git shows them (`rename from`/`rename to`).
    public func diff() -> String {
        var out = ""
        for file in files {
            // git refuses `a/./Folder/Note.md`: paths as git spells them (a vault that is `.`).
            let path = DisplayPath.normalize(file.path)
            let newPath = DisplayPath.normalize(file.newPath ?? file.path)
            var header = ""
            if file.newPath != nil {
                header = "diff --git a/\(path) b/\(newPath)\nrename from \(path)\nrename to \(newPath)\n"
            }
            let body = UnifiedDiff.of(
                file.original, replacements: file.replacements.map { ($0.range, $0.text) }, oldPath: path,
                newPath: newPath)
            if header.isEmpty && body.isEmpty { continue }
            if header.isEmpty { header = "diff --git a/\(path) b/\(newPath)\n" }
            out += header + body
        }
        return out
    }

    /// Writes every file or none (a `FileBatch`); throws naming the file when one changed since
    /// it was read, a new path is taken, or a write fails.
    /// Every path must lie in one of `folders` (the note folders first: the batch's journal goes
    /// in the first).
    public func apply(within folders: [ContainedFolder] = []) throws {
        var batch = FileBatch(within: folders)
        for file in files {
            if let newPath = file.newPath {
                batch.add(.move(from: file.path, expected: file.original, to: newPath, contents: file.updated))
            } else if !file.replacements.isEmpty {
                batch.add(.replace(path: file.path, expected: file.original, contents: file.updated))
            }
        }
        try batch.commit()
    }
}
