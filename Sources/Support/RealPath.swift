#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a path really leads, symbolic links and `..` resolved by the file system: a folder's
/// paths can name a link to anywhere, so where a path is spelt proves nothing.
public enum RealPath {
    /// The real path of `path`. For a path that does not exist (yet), the real path of its nearest
    /// existing folder with the rest appended. Nil when it cannot be said: a link that leads
    /// nowhere, a loop of links, a folder that cannot be searched.
    public static func of(_ path: String) -> String? {
        if let resolved = resolved(path) { return resolved }
        guard errno == ENOENT || errno == ENOTDIR, !exists(path) else { return nil }
        let (parent, name) = split(absolute(path))
        // Past the part that exists, `..` cannot be resolved without guessing.
        guard let parent, name != "..", name != ".", let real = of(parent) else { return nil }
        return real == "/" ? "/" + name : real + "/" + name
    }

    /// Whether a real path is `folder` or below it (both real paths): the one comparison every
    /// containment check makes.
    public static func isInside(_ real: String, _ folder: String) -> Bool {
        real == folder || real.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether the path names something, a link that leads nowhere included.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        return String(cString: folder) + "/" + path
    }

    /// The folder holding the last component and the component; no folder for `/`.
    private static func split(_ path: String) -> (parent: String?, name: String) {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return (nil, trimmed) }
        let parent = String(trimmed[..<slash])
        return (parent.isEmpty ? "/" : parent, String(trimmed[trimmed.index(after: slash)...]))
    }
}

/// A folder known by its real path: a path is inside it when its real path is the folder or
/// below it, however the path is spelt and whatever links it goes through.
public struct RealPathBoundary: Sendable {
    /// The folder's real path.
    public let folder: String

    public init?(folder: String) {
        guard let real = RealPath.of(folder) else { return nil }
        self.folder = real
    }

    public func contains(_ path: String) -> Bool {
        guard let real = RealPath.of(path) else { return false }
        return contains(realPath: real)
    }

    /// `contains` of a path already resolved with `RealPath.of` (one resolution for many folders).
    public func contains(realPath real: String) -> Bool { RealPath.isInside(real, folder) }

    /// A read refused because the path leads out of the folder.
    public struct Outside: Error, CustomStringConvertible {
        public var path: String
        public var folder: String
        public var description: String { "\(path): leads outside \(folder)" }
    }

    /// Throws `Outside` unless the path is inside: for reads that must not leave the folder.
    public func check(_ path: String) throws {
        guard contains(path) else { throw Outside(path: path, folder: folder) }
    }
}

/// Path text, without Foundation: `NSString.deletingLastPathComponent` traps on a path of one
/// character (`x`, `.`) in the toolchain this is built with.
public enum PathText {
    /// The path without its last component, as `NSString.deletingLastPathComponent` answers:
    /// `a/b` → `a`, `/a` → `/`, `a` → ``, `a/b/` → `a`, `/` → `/`.
    public static func parent(_ path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }
}

extension String {
    /// The string, or nil when it is empty (`PathText.parent("a") ?? "."`-style defaults).
    public var nonEmpty: String? { isEmpty ? nil : self }
}
