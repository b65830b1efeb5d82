import Foundation

/// Writes a file so that readers see either the old or the whole new content: the text goes to a
/// temporary file in the same folder, which is then renamed over the target.
public enum AtomicFile {
    public static func write(_ contents: String, to path: String) throws {
        try write(Data(contents.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).patternlint-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
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
            throw WriteError(description: "\(path): cannot write: \(error.localizedDescription)")
        }
    }
}

/// A file that could not be written, naming it.
public struct WriteError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// Reads whole files for every module (notes, Swift sources, the `tokens` command).
public enum FileContents {
    /// The file's bytes, or an error whose description names the file and the reason.
    public static func read(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReadError(description: "\(path): cannot be read (permission denied or not a file)")
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.readToEnd() ?? Data())
        } catch {
            throw ReadError(description: "\(path): cannot be read: \(error.localizedDescription)")
        }
    }
}

/// A file that could not be read, naming it.
public struct ReadError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
