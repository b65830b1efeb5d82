#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folder listings straight from `readdir`: walking a tree with Foundation's file manager costs
/// a `stat` per entry and more; the listing already says which entries are folders.
public enum FolderListing {
    /// What the listing says an entry is. `special`: a FIFO, device or socket, which no reader of
    /// sources should open (a FIFO blocks the open). `undecodable`: a name that is not UTF-8, which
    /// a `String` path cannot reach; its name comes with the bad bytes shown as `\xE9`.
    public enum EntryKind: Sendable { case folder, file, unknown, special, undecodable }

    /// The entries of a folder with what the listing says they are (`d_type`), or nil when it
    /// cannot be read. Symlinks come back as `.unknown`: their target decides (`isFolder`).
    public static func entries(_ path: String) -> [(name: String, kind: EntryKind)]? {
        guard let handle = opendir(path) else { return nil }
        defer { closedir(handle) }
        var entries: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                entries.append((escaped(bytes), .undecodable))
                continue
            }
            let kind: EntryKind =
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): .folder
                case Int32(DT_REG): .file
                case Int32(DT_FIFO), Int32(DT_CHR), Int32(DT_BLK), Int32(DT_SOCK): .special
                default: .unknown
                }
            entries.append((name, kind))
        }
        return entries
    }

    /// A name with every byte that is not part of valid UTF-8 written as `\xHH`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var name = ""
        var index = 0
        while index < bytes.count {
            // The longest valid sequence from here (1 to 4 bytes), else one escaped byte.
            if let length = (1...4).first(where: { length in
                index + length <= bytes.count
                    && String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            }) {
                name += String(decoding: bytes[index..<index + length], as: UTF8.self)
                index += length
            } else {
                name += "\\x" + String(bytes[index], radix: 16, uppercase: true)
                index += 1
            }
        }
        return name
    }

    /// Whether a path is a regular file, following symlinks (false for FIFOs, devices, sockets).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether a path names anything, a link that leads nowhere included.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
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
