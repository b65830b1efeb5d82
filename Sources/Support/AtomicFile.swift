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
/// temporary file in the same folder, which is then renamed over the target (`ContainedFolder`).
/// A symlink is written through only to a file in the folder that holds the link; an existing
/// file keeps its mode and (where permitted) owner; a file with several hard links is refused.
public enum AtomicFile {
    public static func write(_ contents: String, to path: String, within folder: ContainedFolder? = nil) throws {
        try write(Data(contents.utf8), to: path, within: folder)
    }

    public static func write(_ data: Data, to path: String, within folder: ContainedFolder? = nil) throws {
        let folder = try folder ?? ContainedFolder(parentOf: path)
        // A missing folder is the caller's to make (an output file's folder that does not exist is an error).
        try folder.write([UInt8](data), to: path, creatingFolders: false)
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

    /// A temporary file's name beside `name` in the same folder.
    static func temporaryName(forName name: String) -> String {
        // A long name keeps its start: the temporary name must fit the file system's 255 bytes.
        var base = name
        while base.utf8.count > 200 { base.removeLast() }
        return ".\(base).patternlint-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Whether a name is one `temporaryName(forName:)` makes, whoever made it.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), !name.contains("/"),
            let marker = name.range(of: ".patternlint-")
        else { return false }
        let fields = name[marker.upperBound...].dropLast(4).split(separator: "-")
        return fields.count == 2 && Int32(fields[0]) != nil && UInt32(fields[1]) != nil
    }
}

/// `--fix`'s write: replaces a file's content only while it still holds the bytes the edits were
/// computed on, so a file an editor (or another run) saved meanwhile is never overwritten or
/// patched at stale offsets. Writers of this tool take a lock on the file's folder for the
/// check-and-replace, so concurrent runs cannot interleave; symlinks inside the folder are
/// written through, mode and owner kept, and a file with several hard links is refused.
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
    /// untouched), a `ContainmentError` (it leads out of `folder`, or through a link swapped in)
    /// or a `WriteError`. Without a folder, the one that really holds the file.
    public static func replace(
        _ path: String, expected: [UInt8], with new: [UInt8], within folder: ContainedFolder? = nil
    ) throws {
        let folder = try folder ?? ContainedFolder(parentOf: path)
        let location = try folder.locate(path)
        guard !location.components.isEmpty else { throw Refusal.notRegular(path) }
        let open = try folder.openFolder(of: location)
        guard let status = open.status(location.name) else {
            throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(ENOENT)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Refusal.notRegular(path) }
        guard status.st_mode & 0o222 != 0 else { throw Refusal.readOnly(path) }
        try open.replace(location.name, with: new, expected: expected, shownAs: path)
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

    /// A lock on an opened folder (its own open of it: a lock belongs to one open file).
    init(descriptor folder: Int32, naming path: String) throws {
        descriptor = openat(folder, ".", O_RDONLY | O_CLOEXEC | O_DIRECTORY)
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
        return try read(descriptor: descriptor, shownAs: path, regularOnly: regularOnly)
    }

    /// The bytes of a file already opened (`OpenFolder.read`); `path` names it in errors.
    public static func read(descriptor: Int32, shownAs path: String, regularOnly: Bool = false) throws -> [UInt8] {
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
        var ancestor = PathText.parent(path)
        while !ancestor.isEmpty, ancestor != "/" {
            if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isFolder) {
                if !isFolder.boolValue {
                    throw WriteError(description: "\(path): cannot create the folder: \(ancestor) is a file")
                }
                break
            }
            ancestor = PathText.parent(ancestor)
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
