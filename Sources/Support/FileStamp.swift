#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file's status says of its contents without reading them: inode, size and modification
/// time. Two equal stamps are taken as the same contents (as `FileReplacement` checks that nobody
/// saved a file it is about to replace).
public struct FileStamp: Equatable, Sendable {
    var inode: UInt64
    var size: Int64
    var modified: (Int, Int)

    /// The file's stamp now, following a symbolic link; nil when it cannot be read.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = FileReplacement.modificationTime(status)
    }

    /// The file's size in bytes when stamped.
    public var byteCount: Int { Int(size) }

    public static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.inode == b.inode && a.size == b.size && a.modified == b.modified
    }
}
