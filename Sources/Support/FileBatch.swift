import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several files changed together, all or nothing: a rename that rewrites links in forty notes
/// must not leave twenty of them pointing at a name that no longer exists.
///
/// `commit()` checks every file still holds the bytes its change was computed on (and that no
/// new file's path is taken), writes every new content to a temporary file beside its target,
/// and only then swaps them in, one by one. When a step fails, the files already swapped get
/// their old content back and the temporary files go: the folder is as it was, and the error
/// names the file. Symlinks are written through; an existing file keeps its mode and owner.
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
    /// Tests make the swap of this change fail, to see the ones before it put back.
    var failingSwapForTesting: Int?

    public init(_ changes: [Change] = []) { self.changes = changes }

    public mutating func add(_ change: Change) { changes.append(change) }

    /// Writes every change or none; throws a `FileReplacement.Refusal` or a `WriteError` naming
    /// the file. Missing folders of new files are made (and removed again on failure when empty).
    public func commit() throws {
        var staged: [Staged] = []
        var madeFolders: [String] = []
        // Locks on every folder written in, in one order, so two runs cannot deadlock.
        var locks: [FolderLock] = []
        defer { for lock in locks.reversed() { lock.release() } }
        do {
            for change in changes { staged.append(try Staged.checking(change, madeFolders: &madeFolders)) }
            // By real path: one folder spelt two ways, locked twice, would wait for itself.
            // Each folder resolved once, not once per file written in it.
            let folders = Set(Set(staged.flatMap(\.folders)).map { RealPath.of($0) ?? $0 }).sorted()
            for folder in folders { locks.append(try FolderLock(folder: folder, naming: folder)) }
            // Checked under the locks: another run of this tool cannot write meanwhile.
            for index in staged.indices {
                try staged[index].verify()
                try staged[index].writeTemporary()
            }
        } catch {
            for item in staged { item.discardTemporary() }
            removeEmpty(madeFolders)
            throw error
        }
        for index in staged.indices {
            do {
                if index == failingSwapForTesting {
                    throw WriteError(description: "\(staged[index].shown): test failure")
                }
                try staged[index].swapIn()
            } catch {
                for finished in staged[..<index].reversed() { finished.undo() }
                for item in staged { item.discardTemporary() }
                removeEmpty(madeFolders)
                throw error
            }
        }
        for item in staged { item.discardTemporary() }
    }

    private func removeEmpty(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }

    /// One change, its real paths, what it was checked against, and its temporary file.
    private struct Staged {
        enum Kind { case replace, create, move }
        var kind: Kind
        /// The path as given, for messages.
        var shown: String
        /// The file replaced, made or moved away from (symlinks followed for a replace or move).
        var target: String
        /// Where a move leads.
        var destination: String?
        var expected: [UInt8]
        var contents: [UInt8]
        var before: stat?
        var temporary: String?
        /// Where a move's old file is kept until the batch is done.
        var keptOld: String?

        var folders: [String] {
            [Self.folder(of: target)] + (destination.map { [Self.folder(of: $0)] } ?? [])
        }

        static func folder(of path: String) -> String {
            let folder = (path as NSString).deletingLastPathComponent
            return folder.isEmpty ? "." : folder
        }

        static func checking(_ change: Change, madeFolders: inout [String]) throws -> Staged {
            switch change {
            case .replace(let path, let expected, let contents):
                return Staged(
                    kind: .replace, shown: path, target: FileReplacement.followingLinks(path), expected: expected,
                    contents: contents)
            case .create(let path, let contents):
                try makeFolders(of: path, into: &madeFolders)
                return Staged(kind: .create, shown: path, target: path, expected: [], contents: contents)
            case .move(let from, let expected, let to, let contents):
                try makeFolders(of: to, into: &madeFolders)
                return Staged(
                    kind: .move, shown: from, target: FileReplacement.followingLinks(from), destination: to,
                    expected: expected, contents: contents)
            }
        }

        /// Creates the missing folders above `path`, outermost first, recording each.
        static func makeFolders(of path: String, into made: inout [String]) throws {
            var missing: [String] = []
            var folder = Self.folder(of: path)
            while !folder.isEmpty, folder != "/", folder != ".", !FileManager.default.fileExists(atPath: folder) {
                missing.append(folder)
                folder = (folder as NSString).deletingLastPathComponent
            }
            guard !missing.isEmpty else { return }
            try Folder.create(Self.folder(of: path))
            made += missing.reversed()
        }

        /// The file is as the change expects: the old one unchanged, the new path free.
        mutating func verify() throws {
            var status = stat()
            if kind != .create {
                guard lstat(target, &status) == 0 else {
                    throw WriteError(description: "\(shown): cannot write: \(String(cString: strerror(errno)))")
                }
                guard status.st_mode & S_IFMT == S_IFREG else { throw FileReplacement.Refusal.notRegular(shown) }
                guard status.st_mode & 0o222 != 0 else { throw FileReplacement.Refusal.readOnly(shown) }
                guard (try? FileContents.read(target)) == expected else {
                    throw FileReplacement.Refusal.changedSinceRead(shown)
                }
                before = status
            }
            if let free = kind == .create ? target : destination, lstat(free, &status) == 0 {
                throw WriteError(description: "\(free): already exists; not overwritten")
            }
        }

        mutating func writeTemporary() throws {
            let beside = destination ?? target
            let path = AtomicFile.temporaryName(for: beside)
            let mode = before.map { $0.st_mode & 0o7777 } ?? 0o644
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
            guard descriptor >= 0 else {
                throw WriteError(
                    description: "\(destination ?? shown): cannot write: \(String(cString: strerror(errno)))")
            }
            temporary = path
            let written = contents.withUnsafeBufferPointer { FileReplacement.writeAll($0, to: descriptor) }
            let reason = written ? nil : String(cString: strerror(errno))
            if written, let before {
                // The umask narrowed the mode at creation; the owner is kept where this user may set it.
                _ = fchmod(descriptor, mode_t(mode))
                _ = fchown(descriptor, before.st_uid, before.st_gid)
            }
            close(descriptor)
            if let reason { throw WriteError(description: "\(destination ?? shown): cannot write: \(reason)") }
        }

        /// Puts the new content in place; afterwards `temporary` holds the old content (a replace)
        /// or nothing, and `undo` can put the old state back.
        mutating func swapIn() throws {
            guard let temporary else { return }
            switch kind {
            case .replace:
                if let before, !FileReplacement.unchanged(target, since: before) {
                    throw FileReplacement.Refusal.changedSinceRead(shown)
                }
                if let before, before.st_nlink > 1 {
                    // A rename would split the hard links: the one file they share is rewritten.
                    try rewrite(contents)
                    return
                }
                if let exchange = exchangeFiles, exchange(AT_FDCWD, temporary, AT_FDCWD, target, 2) == 0 {
                    // An editor that saved between the check and the swap gets its file back.
                    if let before, !FileReplacement.unchanged(temporary, since: before) {
                        _ = exchange(AT_FDCWD, temporary, AT_FDCWD, target, 2)
                        throw FileReplacement.Refusal.changedSinceRead(shown)
                    }
                    return
                }
                // No exchange here: the old file is kept under a name of its own, then replaced.
                let kept = AtomicFile.temporaryName(for: target)
                guard link(target, kept) == 0 else { throw failure(shown) }
                guard rename(temporary, target) == 0 else {
                    unlink(kept)
                    throw failure(shown)
                }
                self.temporary = kept
            case .create:
                // `link` never replaces: a file made at the path meanwhile stays and fails the batch.
                guard link(temporary, target) == 0 else { throw failure(target) }
            case .move:
                guard let destination, link(temporary, destination) == 0 else { throw failure(destination ?? shown) }
                let kept = AtomicFile.temporaryName(for: target)
                guard rename(target, kept) == 0 else {
                    unlink(destination)
                    throw failure(shown)
                }
                keptOld = kept
            }
        }

        func undo() {
            switch kind {
            case .replace:
                guard let temporary else { return }
                if let before, before.st_nlink > 1 {
                    try? rewrite(expected)
                    return
                }
                if let exchange = exchangeFiles, exchange(AT_FDCWD, temporary, AT_FDCWD, target, 2) == 0 { return }
                _ = rename(temporary, target)
            case .create:
                unlink(target)
            case .move:
                if let keptOld { _ = rename(keptOld, target) }
                if let destination { unlink(destination) }
            }
        }

        func discardTemporary() {
            if let temporary { unlink(temporary) }
            if let keptOld { unlink(keptOld) }
        }

        func rewrite(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBufferPointer { try FileReplacement.rewriteInPlace($0, target: target, shownAs: shown) }
        }

        func failure(_ path: String) -> WriteError {
            WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }
}
