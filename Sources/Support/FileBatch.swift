import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several files changed together, all or nothing, even through a `kill -9`: a rename that
/// rewrites links in forty notes must not leave twenty of them pointing at a name that no longer
/// exists.
///
/// `commit()` places every path with `ContainedFolder` (a path leading out of the batch's folders
/// is refused), checks every file still holds the bytes its change was computed on (and that no
/// new file's path is taken), and writes every new content to a temporary file beside its target.
/// A batch of several files then writes its journal (`FileBatchJournal`) before the first swap:
/// from there on it is finished, by this process or, if it dies, by the next command that opens
/// the folders. Each swap exchanges the temporary file with the target, so the temporary name
/// holds the old content until the end; when a step fails, the files already swapped get their
/// old content back. Symlinks inside the folders are written through; an existing file keeps its
/// mode and owner; a file with several hard links is refused.
public struct FileBatch {
    public enum Change: Sendable {
        /// `path` holds `expected`; it gets `contents`.
        case replace(path: String, expected: [UInt8], contents: [UInt8])
        /// `path` does not exist; it is made with `contents` (never over a file made meanwhile).
        case create(path: String, contents: [UInt8])
        /// `from` holds `expected`; it goes, and `to` (which must not exist) gets `contents`.
        case move(from: String, expected: [UInt8], to: String, contents: [UInt8])
    }

    public private(set) var changes: [Change] = []
    /// The folders every path must be in; the journal goes in the first. Empty: each file's own folder.
    public let folders: [ContainedFolder]
    /// Tests make the swap of this change fail, to see the ones before it put back.
    var failingSwapForTesting: Int?
    /// Tests stop the commit right after the journal is written, as a `kill -9` would.
    var stopAfterJournalForTesting = false

    /// Where the swaps of a journaled batch run. The CLI sets a process of its own
    /// (`patternlint finish-write JOURNAL FOLDER…`), so that a kill of the command cannot stop a
    /// swap halfway; given the journal and the folders' real paths, it answers whether the batch
    /// was written, or why not.
    nonisolated(unsafe) public static var finisher: ((String, [String]) -> Result<Void, WriteError>)?

    public init(_ changes: [Change] = [], within folders: [ContainedFolder] = []) {
        self.changes = changes
        self.folders = folders
    }

    public mutating func add(_ change: Change) { changes.append(change) }

    /// Writes every change or none; throws a `FileReplacement.Refusal`, a `ContainmentError` or a
    /// `WriteError` naming the file. Missing folders of new files are made (and removed again on
    /// failure when empty).
    public func commit() throws {
        var staged: [FileBatchJournal.Item] = []
        var handles: [String: OpenFolder] = [:]
        var madeFolders: [String] = []
        // Locks on every folder written in, in one order, so two runs cannot deadlock.
        var locks: [FolderLock] = []
        defer { for lock in locks.reversed() { lock.release() } }
        func discardTemporaries() { for item in staged { item.discardTemporary(in: handles) } }
        func discard() {
            discardTemporaries()
            for folder in madeFolders.reversed() { rmdir(folder) }
        }
        do {
            for change in changes {
                staged.append(try stage(change, handles: &handles, madeFolders: &madeFolders))
            }
            for folder in handles.keys.sorted() {
                locks.append(try FolderLock(descriptor: handles[folder]!.descriptor, naming: folder))
            }
            // Checked under the locks: another run of this tool cannot write meanwhile.
            for index in staged.indices {
                try staged[index].verify(in: handles)
                try staged[index].writeTemporary(in: handles)
            }
        } catch {
            discard()
            throw error
        }
        guard staged.count > 1 else {
            do {
                if failingSwapForTesting == 0 { throw WriteError(description: "\(staged[0].shown): test failure") }
                try staged.first?.swapIn(in: handles)
            } catch {
                discard()
                throw error
            }
            discardTemporaries()
            return
        }
        let journal: String
        // Without folders given, each file's own: the journal goes in the first, and whoever
        // finishes it is held to them all.
        let roots: [ContainedFolder]
        do {
            roots = folders.isEmpty ? try Set(handles.keys).sorted().map { try ContainedFolder($0) } : folders
            journal = try FileBatchJournal.write(staged, in: roots)
        } catch {
            discard()
            throw error
        }
        if stopAfterJournalForTesting { return }
        if let finisher = Self.finisher, failingSwapForTesting == nil {
            // The other process takes the folders' locks in its turn.
            for lock in locks.reversed() { lock.release() }
            locks = []
            if case .failure(let error) = finisher(journal, roots.map(\.root)) {
                for folder in madeFolders.reversed() { rmdir(folder) }
                throw error
            }
            return
        }
        do {
            try FileBatchJournal.finish(staged, journal: journal, handles: handles, failingSwap: failingSwapForTesting)
        } catch {
            for folder in madeFolders.reversed() { rmdir(folder) }
            throw error
        }
    }

    private func folder(for path: String) throws -> ContainedFolder {
        if folders.isEmpty { return try ContainedFolder(parentOf: path) }
        var outside: Error?
        for folder in folders {
            do {
                _ = try folder.locate(path)
                return folder
            } catch { outside = outside ?? error }
        }
        throw outside!
    }

    private func stage(
        _ change: Change, handles: inout [String: OpenFolder], madeFolders: inout [String]
    ) throws -> FileBatchJournal.Item {
        func open(_ path: String, creating: Bool) throws -> ContainedFolder.Location {
            let contained = try folder(for: path)
            let location = try contained.locate(path)
            guard !location.components.isEmpty else {
                throw ContainmentError("\(path): is the folder \(contained.root) itself")
            }
            let parent = ContainedFolder.Location(root: location.root, components: Array(location.folders))
            if handles[parent.path] == nil {
                if creating { recordMissing(parent, made: &madeFolders) }
                handles[parent.path] = try contained.openFolder(of: location, creating: creating)
            }
            return location
        }
        switch change {
        case .replace(let path, let expected, let contents):
            let target = try open(path, creating: false)
            return .init(kind: .replace, shown: path, target: target.path, expected: expected, contents: contents)
        case .create(let path, let contents):
            let target = try open(path, creating: true)
            return .init(kind: .create, shown: path, target: target.path, expected: [], contents: contents)
        case .move(let from, let expected, let to, let contents):
            let target = try open(from, creating: false)
            let destination = try open(to, creating: true)
            var item = FileBatchJournal.Item(
                kind: .move, shown: from, target: target.path, expected: expected, contents: contents)
            item.destination = destination.path
            item.destinationShown = to
            return item
        }
    }

    /// Notes which folders above a new file do not exist yet, outermost first, so a failed batch
    /// removes them again.
    private func recordMissing(_ folder: ContainedFolder.Location, made: inout [String]) {
        var path = folder.root
        for component in folder.components {
            path += (path == "/" ? "" : "/") + component
            var info = stat()
            if lstat(path, &info) != 0 { made.append(path) }
        }
    }
}

extension ContainedFolder {
    /// The folder that really holds `path` (a file's own folder, or its nearest one that exists,
    /// for a file in folders still to make), for a write that names no folder.
    public init(parentOf path: String) throws {
        var parent = PathText.parent(RealPath.of(path) ?? path).nonEmpty ?? "."
        while FolderListing.isFolder(parent) != true, parent != "/", parent != "." {
            parent = PathText.parent(parent).nonEmpty ?? "."
        }
        try self.init(parent)
    }
}
