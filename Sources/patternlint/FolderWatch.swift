import Support

#if canImport(Glibc)
import Glibc

/// Change notices for folders and everything below them (Linux inotify): asking whether anything
/// changed is one `read`, where looking costs a `stat` per file.
final class FolderWatch: @unchecked Sendable {
    private let descriptor: Int32

    /// Watches each of `trees` with every folder below it, and each of `folders` alone. Nil when
    /// the kernel refuses (no inotify, too many watches): the caller looks instead.
    init?(trees: [String], folders: [String]) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events =
            IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF
        var visited = Set<FolderListing.FolderID>()
        func watch(_ folder: String, depth: Int, below: Bool) -> Bool {
            guard depth < 32, let id = FolderListing.FolderID(folder), visited.insert(id).inserted else { return true }
            guard inotify_add_watch(descriptor, folder, UInt32(events)) >= 0 else { return false }
            guard below else { return true }
            for (name, kind) in FolderListing.entries(folder) ?? [] where kind == .folder && !name.hasPrefix(".") {
                guard watch(folder + "/" + name, depth: depth + 1, below: true) else { return false }
            }
            return true
        }
        let all = trees.map { ($0, true) } + folders.map { ($0, false) }
        for (folder, below) in all where FolderListing.isFolder(folder) == true {
            guard watch(folder, depth: 0, below: below) else {
                close(descriptor)
                return nil
            }
        }
    }

    deinit { close(descriptor) }

    /// Whether anything changed since the last call.
    func changed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var any = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                any = true
                continue
            }
            // Nothing more to read (EAGAIN), or the queue overflowed or failed: say changed to be safe.
            return count < 0 && errno != EAGAIN && errno != EWOULDBLOCK ? true : any
        }
    }
}
#else
/// Elsewhere the caller looks at the files itself.
final class FolderWatch: @unchecked Sendable {
    init?(trees: [String], folders: [String]) { nil }
    func changed() -> Bool { true }
}
#endif
