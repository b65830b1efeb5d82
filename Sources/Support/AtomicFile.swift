import Foundation

#if canImport(Glibc)
import Glibc
/// The system calls by a name of their own: inside `FileContents.read` a bare `read` is that function.
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// Writes a file so that readers see either the old or the whole new content: the text goes to a
/// temporary file in the same folder, which is then renamed over the target. A symlink is written
/// through to the file it names, and an existing file keeps its mode and (where permitted) owner.
public enum AtomicFile {
    public static func write(_ contents: String, to path: String) throws {
        try write(Data(contents.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        let target = FileReplacement.followingLinks(path)
        var status = stat()
        let existing = stat(target, &status) == 0 ? status : nil
        try [UInt8](data).withUnsafeBufferPointer { bytes in
            try FileReplacement.renameNew(bytes, over: target, keeping: existing, shownAs: path, before: nil)
        }
    }

    /// The temporary files this tool writes beside a target: `.NAME.patternlint-PID-N.tmp`
    /// (`.gitignore`: `.*.patternlint-*.tmp`). One left by a process that no longer runs (a
    /// `kill -9` mid-write) is stale.
    public static func isStaleTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let marker = name.range(of: ".patternlint-") else {
            return false
        }
        let fields = name[marker.upperBound...].dropLast(4).split(separator: "-")
        guard fields.count == 2, let pid = Int32(fields[0]), pid > 0, UInt32(fields[1]) != nil else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    static func temporaryName(for target: String) -> String {
        let url = URL(fileURLWithPath: target)
        return url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).patternlint-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        ).path
    }
}

/// `--fix`'s write: replaces a file's content only while it still holds the bytes the edits were
/// computed on, so a file an editor (or another run) saved meanwhile is never overwritten or
/// patched at stale offsets. Writers of this tool take a lock on the file's folder for the
/// check-and-replace, so concurrent runs cannot interleave; symlinks are written through, hard
/// links kept (the file is rewritten in place), and mode and owner kept.
public enum FileReplacement {
    public enum Refusal: Error, CustomStringConvertible, Sendable {
        /// The file is not what the edits were computed on any more.
        case changedSinceRead(String)
        /// No write permission bit: the user said not to write it.
        case readOnly(String)
        case notRegular(String)

        public var description: String {
            switch self {
            case .changedSinceRead(let path): "\(path): changed since it was read; left unfixed (run again to fix it)"
            case .readOnly(let path): "\(path): read-only; left unfixed"
            case .notRegular(let path): "\(path): not a regular file; left unfixed"
            }
        }
    }

    /// The path with every symlink resolved (the path itself when it cannot be resolved).
    public static func followingLinks(_ path: String) -> String { RealPath.of(path) ?? path }

    /// Replaces `path`'s content with `new` if it still is `expected`; throws a `Refusal` (the file
    /// untouched) or a `WriteError`.
    public static func replace(_ path: String, expected: [UInt8], with new: [UInt8]) throws {
        let target = followingLinks(path)
        let lock = try FolderLock(folder: (target as NSString).deletingLastPathComponent, naming: path)
        defer { lock.release() }
        var before = stat()
        guard lstat(target, &before) == 0 else {
            throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        guard before.st_mode & S_IFMT == S_IFREG else { throw Refusal.notRegular(path) }
        guard before.st_mode & 0o222 != 0 else { throw Refusal.readOnly(path) }
        guard (try? FileContents.read(target)) == expected else { throw Refusal.changedSinceRead(path) }
        try new.withUnsafeBufferPointer { bytes in
            if before.st_nlink > 1 {
                // A rename would split the hard links: rewrite the one file they share.
                try rewriteInPlace(bytes, target: target, shownAs: path)
            } else {
                try renameNew(bytes, over: target, keeping: before, shownAs: path, before: before)
            }
        }
    }

    /// Writes `bytes` to a temporary file beside `target` with `existing`'s mode and owner, then
    /// renames it over the target. With `before`, the target must still match it at the rename.
    static func renameNew(
        _ bytes: UnsafeBufferPointer<UInt8>, over target: String, keeping existing: stat?, shownAs path: String,
        before: stat?
    ) throws {
        let temporary = AtomicFile.temporaryName(for: target)
        let mode = existing.map { $0.st_mode & 0o7777 } ?? 0o644
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else {
            throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        var failure: String?
        if !writeAll(bytes, to: descriptor) { failure = String(cString: strerror(errno)) }
        if failure == nil, let existing {
            // The umask narrowed the mode at creation; the owner is kept where this user may set it.
            _ = fchmod(descriptor, mode_t(mode))
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        close(descriptor)
        if failure == nil, let before {
            if !unchanged(target, since: before) {
                unlink(temporary)
                throw Refusal.changedSinceRead(path)
            }
            // Swap the files, then look at what came out: if an editor saved between the check
            // and the swap, its file is swapped back, so no save is ever replaced unseen.
            if let exchange = exchangeFiles,
                exchange(AT_FDCWD, temporary, AT_FDCWD, target, 2 /* RENAME_EXCHANGE */) == 0
            {
                let replacedWhatWasChecked = unchanged(temporary, since: before)
                if !replacedWhatWasChecked {
                    _ = exchange(AT_FDCWD, temporary, AT_FDCWD, target, 2)
                }
                unlink(temporary)
                if !replacedWhatWasChecked { throw Refusal.changedSinceRead(path) }
                return
            }
        }
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(description: "\(path): cannot write: \(failure)")
        }
    }

    static func rewriteInPlace(_ bytes: UnsafeBufferPointer<UInt8>, target: String, shownAs path: String) throws {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard writeAll(bytes, to: descriptor), ftruncate(descriptor, off_t(bytes.count)) == 0 else {
            throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }

    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Same inode, size and modification time as when it was checked: nobody saved it since.
    static func unchanged(_ target: String, since before: stat) -> Bool {
        var now = stat()
        guard lstat(target, &now) == 0 else { return false }
        return now.st_ino == before.st_ino && now.st_size == before.st_size
            && modificationTime(now) == modificationTime(before)
    }

    static func modificationTime(_ status: stat) -> (Int, Int) {
        #if canImport(Darwin)
        (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
        #else
        (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
        #endif
    }
}

/// Linux's `renameat2`, looked up at run time (Swift's Glibc module does not declare it); nil
/// elsewhere, where a plain rename is used. A file system that cannot exchange fails the call,
/// and the plain rename follows.
#if os(Linux)
typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
let exchangeFiles: RenameAt2? = {
    guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "renameat2") else { return nil }
    return unsafeBitCast(symbol, to: RenameAt2.self)
}()
#else
let exchangeFiles: ((Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = nil
#endif

/// An exclusive `flock` on a folder, held by this tool's writers while they check and replace a
/// file in it (another run waits; the lock goes with the process, so a killed run leaves none).
struct FolderLock {
    let descriptor: Int32

    init(folder: String, naming path: String) throws {
        descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WriteError(description: "\(path): cannot lock its folder: \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw WriteError(description: "\(path): cannot lock its folder: \(String(cString: strerror(errno)))")
            }
        }
    }

    func release() { close(descriptor) }
}

extension AtomicFile {
    /// A new file in a folder no reader sees yet (a staging folder that is swapped in whole): the
    /// swap is what makes it atomic, so the file is written straight, without the temporary file
    /// and the sync to disk each atomic write pays (10,000 pages: 9 s of a 18 s export).
    public static func writeNew(_ contents: String, to path: String) throws {
        var contents = contents
        try contents.withUTF8 { try writeNew($0, to: path) }
    }

    public static func writeNew(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBufferPointer { try writeNew($0, to: path) }
    }

    private static func writeNew(_ buffer: UnsafeBufferPointer<UInt8>, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard FileReplacement.writeAll(buffer, to: descriptor) else {
            throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }
}

/// A file that could not be written, naming it.
public struct WriteError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Reads whole files for every module (notes, Swift sources, the `tokens` command): one `read`
/// into an array sized from `fstat`, no intermediate `Data` copy.
public enum FileContents {
    /// The file's bytes, or an error whose description names the file and the reason. With
    /// `regularOnly`, a FIFO, device or socket is refused without blocking (a FIFO named
    /// `x.swift` in a tree would otherwise hold the open forever).
    public static func read(_ path: String, regularOnly: Bool = false) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard descriptor >= 0 else { throw ReadError(description: "\(path): cannot be read: \(reason(errno))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ReadError(description: "\(path): cannot be read: \(reason(errno))")
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw ReadError(description: "\(path): cannot be read: it is a folder")
        }
        guard !regularOnly || status.st_mode & S_IFMT == S_IFREG else {
            throw ReadError(description: "\(path): not a regular file (a FIFO, device or socket), skipped")
        }
        // Regular files read in one go into uninitialized memory; pipes, and files that grow
        // meanwhile, read on in chunks.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: max(Int(status.st_size), 0) + 1) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                let count = systemRead(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count < 0, errno == EINTR { continue }
                if count < 0 { failure = errno; return }
                if count == 0 { return }
                initialized += count
            }
        }
        if failure == 0, bytes.count == bytes.capacity || bytes.count > Int(status.st_size) {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count < 0 { failure = errno; break }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[..<count])
            }
        }
        if failure != 0 { throw ReadError(description: "\(path): cannot be read: \(reason(failure))") }
        return bytes
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A file that could not be read, naming it.
public struct ReadError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Creates folders with errors in words that name the path (Foundation's say `Code=516`).
public enum Folder {
    public static func create(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { return }
            throw WriteError(description: "\(path): exists and is a file, not a folder")
        }
        // A file where a parent folder should be: Foundation says only "error 512".
        var ancestor = (path as NSString).deletingLastPathComponent
        while !ancestor.isEmpty, ancestor != "/" {
            if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isFolder) {
                if !isFolder.boolValue {
                    throw WriteError(description: "\(path): cannot create the folder: \(ancestor) is a file")
                }
                break
            }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "\(path): cannot create the folder: \(inWords(error))")
        }
    }

    /// The POSIX reason under a Foundation error (`File exists`, `Permission denied`), if any.
    public static func inWords(_ error: Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        return error.localizedDescription
    }
}
