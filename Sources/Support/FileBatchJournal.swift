import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The commit point of a `FileBatch` of several files: written once every new content is in a
/// temporary file, before the first swap, and removed after the last. Each swap is told apart by
/// inode (the new content's temporary file has one of its own), so whoever finishes a batch — the
/// run that began it, `patternlint finish-write`, or the next command after a crash — knows which
/// files were swapped without trusting anything but the file system. A journal found later is
/// finished: every file gets its new content; one changed since (by an editor) puts every file
/// back instead, so a batch is never left half-written.
public enum FileBatchJournal {
    /// `.patternlint-journal-PID-N.json` in the first folder of the batch.
    static let prefix = ".patternlint-journal-"

    /// One change of a batch, as staged and as the journal records it (the bytes stay in memory).
    struct Item: Codable {
        enum Kind: String, Codable { case replace, create, move }
        var kind: Kind
        var shown: String
        /// Real path of the file replaced, made or moved away from.
        var target: String
        var destination: String?
        var destinationShown: String?
        /// Name of the temporary file in the folder of `destination ?? target`.
        var temporary: String?
        var temporaryInode: UInt64?
        /// Name a moved file's old content keeps in its folder until the batch is done.
        var kept: String?
        /// The file replaced or moved, as it was checked.
        var before: FileIdentity?
        var beforeMode: UInt32?
        var expected: [UInt8] = []
        var contents: [UInt8] = []

        enum CodingKeys: String, CodingKey {
            case kind, shown, target, destination, destinationShown, temporary, temporaryInode, kept, before,
                beforeMode
        }

        init(kind: Kind, shown: String, target: String, expected: [UInt8], contents: [UInt8]) {
            self.kind = kind
            self.shown = shown
            self.target = target
            self.expected = expected
            self.contents = contents
        }

        var targetFolder: String { Self.folder(of: target) }
        var written: String { destination ?? target }
        var writtenShown: String { destinationShown ?? shown }

        static func folder(of path: String) -> String {
            let folder = PathText.parent(path)
            return folder.isEmpty ? "/" : folder
        }

        static func name(of path: String) -> String { (path as NSString).lastPathComponent }

        func handle(_ path: String, _ handles: [String: OpenFolder]) throws -> OpenFolder {
            guard let folder = handles[Self.folder(of: path)] else {
                throw WriteError(description: "\(shown): cannot write: its folder is not open")
            }
            return folder
        }

        /// The file is as the change expects: the old one unchanged, the new path free.
        mutating func verify(in handles: [String: OpenFolder]) throws {
            if kind != .create {
                let folder = try handle(target, handles)
                guard let status = try folder.checkWritable(Self.name(of: target), shownAs: shown) else {
                    throw WriteError(description: "\(shown): cannot write: it no longer exists")
                }
                guard status.st_mode & 0o222 != 0 else { throw FileReplacement.Refusal.readOnly(shown) }
                guard (try? folder.read(Self.name(of: target), shownAs: shown)) == expected else {
                    throw FileReplacement.Refusal.changedSinceRead(shown)
                }
                before = FileIdentity(status)
                beforeMode = UInt32(status.st_mode & 0o7777)
            }
            if kind != .replace {
                let folder = try handle(written, handles)
                if folder.status(Self.name(of: written)) != nil {
                    throw WriteError(description: "\(writtenShown): already exists; not overwritten")
                }
            }
        }

        mutating func writeTemporary(in handles: [String: OpenFolder]) throws {
            let folder = try handle(written, handles)
            let owner = kind == .create ? nil : try handle(target, handles).status(Self.name(of: target))
            let mode = mode_t(beforeMode ?? 0o644)
            let name = try contents.withUnsafeBufferPointer {
                try folder.makeTemporary(
                    beside: Self.name(of: written), bytes: $0, mode: mode, owner: owner, shownAs: writtenShown)
            }
            temporary = name
            temporaryInode = folder.status(name).map { UInt64($0.st_ino) }
            if kind == .move { kept = AtomicFile.temporaryName(forName: Self.name(of: target)) }
        }

        func discardTemporary(in handles: [String: OpenFolder]) {
            if let temporary, let folder = handles[Self.folder(of: written)] {
                unlinkat(folder.descriptor, temporary, 0)
            }
            if let kept, let folder = handles[targetFolder] { unlinkat(folder.descriptor, kept, 0) }
        }

        func inode(_ folder: OpenFolder, _ name: String?) -> UInt64? {
            guard let name, let status = folder.status(name) else { return nil }
            return UInt64(status.st_ino)
        }

        /// Whether the new content is in place already.
        func isSwapped(in handles: [String: OpenFolder]) throws -> Bool {
            guard let temporaryInode else { return false }
            let folder = try handle(written, handles)
            guard inode(folder, Self.name(of: written)) == temporaryInode else { return false }
            guard kind == .move else { return true }
            return try handle(target, handles).status(Self.name(of: target)) == nil
        }

        /// The old file is as it was checked: same inode, size and modification time.
        func targetUnchanged(_ folder: OpenFolder) -> Bool {
            guard let before else { return false }
            return folder.holds(Self.name(of: target), before)
        }

        /// Puts the new content in place; afterwards the temporary name holds the old content (a
        /// replace) and `undo` can put the old state back.
        func swapIn(in handles: [String: OpenFolder]) throws {
            guard let temporary else { return }
            let folder = try handle(written, handles)
            let name = Self.name(of: written)
            switch kind {
            case .replace:
                guard targetUnchanged(folder), let before else { throw FileReplacement.Refusal.changedSinceRead(shown) }
                if try folder.exchange(temporary, with: name, checked: before, shownAs: shown) { return }
                // No exchange here: the old file keeps a second name, then the new one replaces it.
                let kept = AtomicFile.temporaryName(forName: name)
                guard linkat(folder.descriptor, name, folder.descriptor, kept, 0) == 0 else { throw failure(shown) }
                guard renameat(folder.descriptor, temporary, folder.descriptor, name) == 0 else {
                    unlinkat(folder.descriptor, kept, 0)
                    throw failure(shown)
                }
                _ = renameat(folder.descriptor, kept, folder.descriptor, temporary)
            case .create:
                // `link` never replaces: a file made at the path meanwhile stays and fails the batch.
                guard linkat(folder.descriptor, temporary, folder.descriptor, name, 0) == 0 else {
                    throw failure(writtenShown)
                }
            case .move:
                let from = try handle(target, handles)
                guard targetUnchanged(from) else { throw FileReplacement.Refusal.changedSinceRead(shown) }
                if inode(folder, name) != temporaryInode {
                    guard linkat(folder.descriptor, temporary, folder.descriptor, name, 0) == 0 else {
                        throw failure(writtenShown)
                    }
                }
                guard let kept, renameat(from.descriptor, Self.name(of: target), from.descriptor, kept) == 0 else {
                    unlinkat(folder.descriptor, name, 0)
                    throw failure(shown)
                }
            }
        }

        /// Puts the old state back after `swapIn` (or a dead run's swap).
        func undo(in handles: [String: OpenFolder]) {
            guard let temporary, let folder = handles[Self.folder(of: written)] else { return }
            let name = Self.name(of: written)
            switch kind {
            case .replace:
                if let exchange = exchangeFiles, exchange(folder.descriptor, temporary, folder.descriptor, name, 2) == 0
                {
                    return
                }
                _ = renameat(folder.descriptor, temporary, folder.descriptor, name)
            case .create:
                if inode(folder, name) == temporaryInode { unlinkat(folder.descriptor, name, 0) }
            case .move:
                if let kept, let from = handles[targetFolder], from.status(Self.name(of: target)) == nil {
                    _ = renameat(from.descriptor, kept, from.descriptor, Self.name(of: target))
                }
                if inode(folder, name) == temporaryInode { unlinkat(folder.descriptor, name, 0) }
            }
        }

        func failure(_ path: String) -> WriteError {
            WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }

    struct Record: Codable {
        var pid: Int32
        var folders: [String]
        var items: [Item]
    }

    /// Writes the journal (atomically, synced) in `folder` and answers its path.
    static func write(_ items: [Item], in folders: [ContainedFolder]) throws -> String {
        let folder = folders[0]
        let record = Record(pid: getpid(), folders: folders.map(\.root), items: items)
        let data = try JSONEncoder().encode(record)
        let open = try folder.openFolder(of: ContainedFolder.Location(root: folder.root, components: []), itself: true)
        let name = prefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
        let temporary = try [UInt8](data).withUnsafeBufferPointer {
            try open.makeTemporary(beside: name, bytes: $0, mode: 0o644, owner: nil, shownAs: folder.root + "/" + name)
        }
        let file = openat(open.descriptor, temporary, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if file >= 0 {
            _ = fsync(file)
            close(file)
        }
        guard renameat(open.descriptor, temporary, open.descriptor, name) == 0 else {
            unlinkat(open.descriptor, temporary, 0)
            throw WriteError(description: "\(folder.root)/\(name): cannot write: \(String(cString: strerror(errno)))")
        }
        _ = fsync(open.descriptor)
        return folder.root + "/" + name
    }

    /// Swaps every item in (those a dead run swapped already are left), or, when one cannot be,
    /// puts every item back; then removes the temporary files and the journal.
    static func finish(
        _ items: [Item], journal: String, handles: [String: OpenFolder], failingSwap: Int? = nil
    ) throws {
        defer {
            for item in items { item.discardTemporary(in: handles) }
            unlink(journal)
        }
        for index in items.indices {
            do {
                if index == failingSwap { throw WriteError(description: "\(items[index].shown): test failure") }
                if try items[index].isSwapped(in: handles) { continue }
                try items[index].swapIn(in: handles)
            } catch {
                for finished in items[..<index].reversed() { finished.undo(in: handles) }
                throw error
            }
        }
    }

    /// Finishes the journals that runs no longer alive left in the folders' roots (or the one
    /// named): the files every journal names must lie in these folders, else it is left alone.
    /// Answers a line for each journal finished or left, for the command to show.
    @discardableResult
    public static func recover(in folders: [ContainedFolder], only named: String? = nil) -> [String] {
        var messages: [String] = []
        for folder in Set(folders).sorted(by: { $0.root < $1.root }) {
            guard let entries = FolderListing.entries(folder.root) else { continue }
            for name in entries.map(\.name).sorted() where isJournalName(name) {
                let path = folder.root + "/" + name
                if let named, RealPath.of(named) != path { continue }
                if let message = recover(path, folders: folders, force: named != nil) { messages.append(message) }
            }
        }
        return messages
    }

    /// Finishes one journal this run wrote (`patternlint finish-write`), all files or none.
    public static func finish(journal: String, folders: [ContainedFolder]) -> Result<Void, WriteError> {
        switch recover(journal, folders: folders, force: true) {
        case nil: .success(())
        case let message?: .failure(WriteError(description: message))
        }
    }

    /// Whether a folder entry is a journal of this tool's.
    public static func isJournalName(_ name: String) -> Bool { name.hasPrefix(prefix) && name.hasSuffix(".json") }

    private static func recover(_ journal: String, folders: [ContainedFolder], force: Bool) -> String? {
        guard let bytes = try? FileContents.read(journal, regularOnly: true),
            let record = try? JSONDecoder().decode(Record.self, from: Data(bytes))
        else {
            return "\(journal): an interrupted write's journal that cannot be read; left as it is"
        }
        // A run still alive (this one included) is finishing its own batch.
        if !force, kill(record.pid, 0) == 0 || errno != ESRCH { return nil }
        var handles: [String: OpenFolder] = [:]
        do {
            for item in record.items {
                for path in [item.target] + (item.destination.map { [$0] } ?? []) {
                    let folder = Item.folder(of: path)
                    if handles[folder] != nil { continue }
                    guard let contained = folders.first(where: { $0.contains(folder) }) else {
                        throw ContainedFolder.Outside(path: path, folder: folders.map(\.root).joined(separator: ", "))
                    }
                    let location = try contained.location(ofRealPath: folder, shown: folder)
                    handles[folder] = try contained.openFolder(of: location, itself: true)
                }
                for name in [item.temporary, item.kept].compactMap({ $0 }) where !AtomicFile.isTemporaryName(name) {
                    throw ContainmentError("\(name): not a temporary file of this tool")
                }
            }
        } catch {
            if force { return "\(error)" }
            return "\(journal): an interrupted write's journal names a file it may not touch (\(error)); left as it is"
        }
        let count = record.items.count
        var locks: [FolderLock] = []
        defer { for lock in locks.reversed() { lock.release() } }
        do {
            for folder in handles.keys.sorted() {
                locks.append(try FolderLock(descriptor: handles[folder]!.descriptor, naming: folder))
            }
            try finish(record.items, journal: journal, handles: handles)
            return force ? nil : "finished a write of \(count) files that an interrupted run left (\(journal))"
        } catch {
            return "put back the \(count) files of a write an interrupted run left, since \(error) (\(journal))"
        }
    }
}
