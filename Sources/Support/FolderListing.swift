#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folder listings straight from `readdir`: walking a tree with Foundation's file manager costs
/// a `stat` per entry and more; the listing already says which entries are folders.
public enum FolderListing {
    public enum EntryKind: Sendable { case folder, file, unknown }

    /// The entries of a folder with what the listing says they are (`d_type`), or nil when it
    /// cannot be read. Symlinks come back as `.unknown`: their target decides (`isFolder`).
    public static func entries(_ path: String) -> [(name: String, kind: EntryKind)]? {
        guard let handle = opendir(path) else { return nil }
        defer { closedir(handle) }
        var entries: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind =
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): .folder
                case Int32(DT_REG): .file
                default: .unknown
                }
            entries.append((name, kind))
        }
        return entries
    }

    /// Whether a path is a folder, following symlinks; nil when it does not exist (or a link is broken).
    public static func isFolder(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A folder's device and inode: the same folder reached through a symlink has the same one.
    public struct FolderID: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        public init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
