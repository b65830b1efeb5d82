import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way this tool reads or writes a file under a folder it was handed (a note folder, a
/// rule folder, an export, the `--to` of an import, the roots of `--fix`). A checkout, a synced
/// folder or an assistant decides what the names under it are, so where a path is spelt proves
/// nothing:
///
/// 1. `locate` resolves the path by real path (links and `..` followed by the file system) and
///    refuses it unless it lands in the folder; a NUL byte is refused before anything is asked.
/// 2. `openFolder` then opens that real path's folders one component at a time from the root,
///    following no link: a link swapped in after the check fails the open instead of leading out.
/// 3. Files are opened, made and renamed relative to that descriptor (`openat`, `renameat`), never
///    by the path again, and a write makes a new file: a file with several hard links (one of them
///    possibly outside) is refused rather than changed in place.
public struct ContainedFolder: Sendable, Hashable {
    /// The folder's real path.
    public let root: String

    /// The folder must exist (`create` makes it first, with its parents).
    public init(_ folder: String, create: Bool = false) throws {
        if folder.utf8.contains(0) { throw ContainmentError("\(folder.visibleNUL): a path cannot hold a NUL byte") }
        if create { try Folder.create(folder) }
        guard let real = RealPath.of(folder), FolderListing.isFolder(real) == true else {
            throw ContainmentError("\(folder): not a folder that can be read")
        }
        root = real
    }

    /// A path's place in the folder, by real path: the folders from the root down, and the name.
    public struct Location: Sendable, Hashable {
        public let root: String
        /// Components below the root, outermost first; the last one is the file's name.
        public let components: [String]

        public var name: String { components.last ?? "" }
        public var folders: ArraySlice<String> { components.dropLast() }
        /// The real path.
        public var path: String {
            components.isEmpty ? root : (root == "/" ? "" : root) + "/" + components.joined(separator: "/")
        }
    }

    /// Where `path` really leads, or `Outside` when that is not in the folder. A path that does
    /// not exist yet is placed by its nearest existing folder's real path; `..` past it is refused.
    public func locate(_ path: String) throws -> Location {
        if path.utf8.contains(0) { throw ContainmentError("\(path.visibleNUL): a path cannot hold a NUL byte") }
        guard let real = RealPath.of(path) else { throw Outside(path: path, folder: root) }
        return try location(ofRealPath: real, shown: path)
    }

    /// `locate` of a path already resolved with `RealPath.of`.
    public func location(ofRealPath real: String, shown: String) throws -> Location {
        guard RealPath.isInside(real, root) else { throw Outside(path: shown, folder: root) }
        let components = real.dropFirst(root.count).split(separator: "/").map(String.init)
        guard !components.contains(where: { $0 == ".." || $0 == "." }) else { throw Outside(path: shown, folder: root) }
        return Location(root: root, components: components)
    }

    public func contains(_ path: String) -> Bool { (try? locate(path)) != nil }

    /// Opens the folder that holds `location`'s file (`location` itself with `itself`), from the
    /// root down, following no link; with `creating`, missing folders are made on the way.
    public func openFolder(of location: Location, itself: Bool = false, creating: Bool = false) throws -> OpenFolder {
        let shown = location.path
        var descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw ContainmentError("\(root): cannot open the folder: \(reason(errno))") }
        var opened = root
        for component in itself ? location.components[...] : location.folders {
            var next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            if next < 0, errno == ENOENT, creating {
                if mkdirat(descriptor, component, 0o755) != 0, errno != EEXIST {
                    let failure = errno
                    close(descriptor)
                    throw ContainmentError("\(opened)/\(component): cannot create the folder: \(reason(failure))")
                }
                next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            }
            let failure = errno
            close(descriptor)
            guard next >= 0 else {
                let why =
                    failure == ELOOP || failure == ENOTDIR
                    ? "\(opened)/\(component) is a link or a file, not a folder of \(root); not followed"
                    : "\(opened)/\(component): cannot open the folder: \(reason(failure))"
                throw ContainmentError("\(shown): \(why)")
            }
            descriptor = next
            opened += "/" + component
        }
        return OpenFolder(descriptor: descriptor, path: opened)
    }

    /// Opens a folder below the root given as plain names (names this tool made, as an export's
    /// page folders), making the missing ones: no name may be empty, `.`, `..`, or hold a `/`.
    public func openFolder(components: [String], creating: Bool) throws -> OpenFolder {
        guard
            components.allSatisfy({
                !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("/") && !$0.utf8.contains(0)
            })
        else { throw ContainmentError("\(components.joined(separator: "/").visibleNUL): not a folder of \(root)") }
        return try openFolder(of: Location(root: root, components: components), itself: true, creating: creating)
    }

    /// Reads a regular file in the folder (no link followed on the way; a FIFO or device refused
    /// without blocking).
    public func read(_ path: String) throws -> [UInt8] {
        let location = try locate(path)
        return try openFolder(of: location).read(location.name, shownAs: path)
    }

    /// Writes a file atomically (a new file renamed over the old one, whose mode and owner it
    /// takes), making missing folders with `creatingFolders`. With `expected`, only over a file
    /// that still holds it.
    public func write(_ bytes: [UInt8], to path: String, expected: [UInt8]? = nil, creatingFolders: Bool = true) throws
    {
        let location = try locate(path)
        guard !location.components.isEmpty else { throw ContainmentError("\(path): is the folder itself") }
        try openFolder(of: location, creating: creatingFolders).replace(
            location.name, with: bytes, expected: expected, shownAs: path)
    }

    /// A path that leads out of the folder.
    public struct Outside: Error, CustomStringConvertible {
        public var path: String
        public var folder: String
        public init(path: String, folder: String) {
            self.path = path
            self.folder = folder
        }
        public var description: String { "\(path.visibleNUL): leads outside \(folder)" }
    }
}

/// Why a path was not read or written: it names the path and the reason.
public struct ContainmentError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A folder opened by `ContainedFolder.openFolder`: every file operation is relative to it.
public final class OpenFolder: @unchecked Sendable {
    public let descriptor: Int32
    /// Its real path, for messages.
    public let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The entry's status, the entry itself (a link is not followed); nil when there is none.
    public func status(_ name: String) -> stat? {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    public func read(_ name: String, shownAs shown: String) throws -> [UInt8] {
        let file = openat(descriptor, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else {
            let failure = errno
            if failure == ELOOP { throw ContainmentError("\(shown): a symbolic link; not followed") }
            throw ReadError(description: "\(shown): cannot be read: \(reason(failure))")
        }
        defer { close(file) }
        return try FileContents.read(descriptor: file, shownAs: shown, regularOnly: true)
    }

    /// Refuses what a write must never go through: a link, a non-file, a file with other names.
    public func checkWritable(_ name: String, shownAs shown: String) throws -> stat? {
        guard let info = status(name) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw ContainmentError("\(shown): a symbolic link; not written through")
        default: throw FileReplacement.Refusal.notRegular(shown)
        }
        guard info.st_nlink <= 1 else {
            throw ContainmentError(
                "\(shown): has \(info.st_nlink) hard links, and a write would change the file under every name "
                    + "(one may be outside \(path)); not written")
        }
        return info
    }

    /// A temporary file beside `name`, made new (never an existing path); its name is returned.
    func makeTemporary(
        beside name: String, bytes: UnsafeBufferPointer<UInt8>, mode: mode_t, owner: stat?, shownAs shown: String
    )
        throws -> String
    {
        for _ in 0..<8 {
            let temporary = AtomicFile.temporaryName(forName: name)
            let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if file < 0, errno == EEXIST { continue }
            guard file >= 0 else { throw WriteError(description: "\(shown): cannot write: \(reason(errno))") }
            var failure: String?
            if !FileReplacement.writeAll(bytes, to: file) { failure = reason(errno) }
            if failure == nil, let owner {
                // A replaced file keeps its mode, which the umask narrowed at creation, and its owner
                // where this user may set it; a new file keeps the mode the umask gives it.
                _ = fchmod(file, mode)
                _ = fchown(file, owner.st_uid, owner.st_gid)
            }
            close(file)
            if let failure {
                unlinkat(descriptor, temporary, 0)
                throw WriteError(description: "\(shown): cannot write: \(failure)")
            }
            return temporary
        }
        throw WriteError(description: "\(shown): cannot write: no free temporary name")
    }

    /// Replaces (or makes) `name` with `bytes` by renaming a new file over it. With `expected`,
    /// the file must still hold those bytes, checked under this tool's lock on the folder, and an
    /// editor's save that races the swap is swapped back.
    public func replace(_ name: String, with bytes: [UInt8], expected: [UInt8]? = nil, shownAs shown: String) throws {
        let lock = try FolderLock(descriptor: descriptor, naming: shown)
        defer { lock.release() }
        let before = try checkWritable(name, shownAs: shown)
        if let expected {
            guard let before else { throw WriteError(description: "\(shown): cannot write: it no longer exists") }
            guard before.st_mode & 0o222 != 0 else { throw FileReplacement.Refusal.readOnly(shown) }
            guard (try? read(name, shownAs: shown)) == expected else {
                throw FileReplacement.Refusal.changedSinceRead(shown)
            }
        }
        let mode = before.map { $0.st_mode & 0o7777 } ?? 0o644
        let temporary = try bytes.withUnsafeBufferPointer {
            try makeTemporary(beside: name, bytes: $0, mode: mode_t(mode), owner: before, shownAs: shown)
        }
        if expected != nil, let before {
            let checked = FileIdentity(before)
            do {
                guard holds(name, checked) else { throw FileReplacement.Refusal.changedSinceRead(shown) }
                if try exchange(temporary, with: name, checked: checked, shownAs: shown) {
                    unlinkat(descriptor, temporary, 0)
                    return
                }
            } catch {
                unlinkat(descriptor, temporary, 0)
                throw error
            }
        }
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            let failure = reason(errno)
            unlinkat(descriptor, temporary, 0)
            throw WriteError(description: "\(shown): cannot write: \(failure)")
        }
    }

    /// Makes `name`, which must not exist yet (nor be a link), with `bytes`.
    public func create(_ name: String, with bytes: [UInt8], mode: mode_t = 0o644, shownAs shown: String) throws {
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard file >= 0 else { throw WriteError(description: "\(shown): cannot write: \(reason(errno))") }
        defer { close(file) }
        let written = bytes.withUnsafeBufferPointer { FileReplacement.writeAll($0, to: file) }
        guard written else { throw WriteError(description: "\(shown): cannot write: \(reason(errno))") }
    }

    /// The entry is the file as it was checked: nobody saved it since.
    func holds(_ name: String, _ checked: FileIdentity) -> Bool {
        status(name).map(FileIdentity.init) == checked
    }

    /// Exchanges `temporary` with `name` (the temporary name then holds the old file), and looks
    /// at what came out: a save that landed between the check and the exchange is swapped back,
    /// never lost, and refused. False when the file system cannot exchange: nothing was done.
    func exchange(_ temporary: String, with name: String, checked: FileIdentity, shownAs shown: String) throws -> Bool {
        guard let exchange = exchangeFiles, exchange(descriptor, temporary, descriptor, name, 2) == 0 else {
            return false
        }
        guard holds(temporary, checked) else {
            _ = exchange(descriptor, temporary, descriptor, name, 2)
            throw FileReplacement.Refusal.changedSinceRead(shown)
        }
        return true
    }
}

/// A file as a write checked it: inode, size and modification time (what the journal keeps).
struct FileIdentity: Codable, Equatable {
    var inode: UInt64
    var size: Int64
    var modified: [Int]

    init(_ status: stat) {
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        let time = FileReplacement.modificationTime(status)
        modified = [time.0, time.1]
    }
}

private func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

extension String {
    /// The text with each NUL shown as `\0`, for messages (a NUL would end the line a terminal shows).
    public var visibleNUL: String { utf8.contains(0) ? replacingOccurrences(of: "\0", with: "\\0") : self }
}
