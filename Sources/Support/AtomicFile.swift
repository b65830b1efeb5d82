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
/// temporary file in the same folder, which is then renamed over the target.
public enum AtomicFile {
    public static func write(_ contents: String, to path: String) throws {
        try write(Data(contents.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).patternlint-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try data.write(to: temporary, options: [.withoutOverwriting])
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw WriteError(description: "\(path): cannot replace file: \(reason)")
            }
        } catch let problem as WriteError {
            throw problem
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(description: "\(path): cannot write: \(Folder.inWords(error))")
        }
    }
}

extension AtomicFile {
    /// A new file in a folder no reader sees yet (a staging folder that is swapped in whole): the
    /// swap is what makes it atomic, so the file is written straight, without the temporary file
    /// and the sync to disk each atomic write pays (10,000 pages: 9 s of a 18 s export).
    public static func writeNew(_ contents: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var contents = contents
        try contents.withUTF8 { buffer in
            var written = 0
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    throw WriteError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
                }
                written += count
            }
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
    /// The file's bytes, or an error whose description names the file and the reason.
    public static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(description: "\(path): cannot be read: \(reason(errno))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ReadError(description: "\(path): cannot be read: \(reason(errno))")
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw ReadError(description: "\(path): cannot be read: it is a folder")
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
