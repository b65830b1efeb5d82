import Foundation
import Support

/// The folders notes are written in (the configured `notes:` folders and `--notes`), judged by
/// real path: a write is allowed only inside one of them, whatever links or `..` a path goes
/// through. The built-in catalogue is in none of them, so it is never written.
public struct NoteFolders: Sendable {
    public struct Folder: Sendable {
        /// As given (relative to the current folder, or absolute): the base of the notes' paths.
        public var path: String
        public var boundary: RealPathBoundary
    }

    public let folders: [Folder]

    /// The given folders that have a real path, made or not yet (a file root is left out: nothing
    /// is written beside a single note passed as a root).
    public init(_ paths: [String]) {
        var seen = Set<String>()
        folders = paths.compactMap { path in
            guard FolderListing.isFolder(path) != false, let boundary = RealPathBoundary(folder: path),
                seen.insert(boundary.folder).inserted
            else { return nil }
            return Folder(
                path: path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path, boundary: boundary)
        }
    }

    public var first: Folder? { folders.first }

    /// The folders as `ContainedFolder`s, through which every write into them goes.
    public var contained: [ContainedFolder] {
        folders.compactMap { try? ContainedFolder($0.boundary.folder) }
    }

    /// The folder a path is in, by real path (the innermost when folders nest), or nil.
    public func folder(containing path: String) -> Folder? {
        folders.filter { $0.boundary.contains(path) }.max { $0.boundary.folder.count < $1.boundary.folder.count }
    }

    /// Where `path` is inside `folder`, with `/` separators (`""` for the folder itself), by real
    /// path; nil when it is not inside.
    public static func relative(_ path: String, in folder: Folder) -> String? {
        let root = folder.boundary.folder
        guard let real = RealPath.of(path), RealPath.isInside(real, root) else { return nil }
        return real == root ? "" : String(real.dropFirst(root == "/" ? 1 : root.count + 1))
    }

    /// The folder's path joined with a relative path, as the notes' paths are spelt.
    public static func join(_ folder: Folder, _ relative: String) -> String {
        relative.isEmpty ? folder.path : folder.path + "/" + relative
    }

    /// Whether a loaded note is a file in one of the folders (not a built-in note, not outside).
    public func holds(_ note: Note) -> Bool {
        // One real path for every folder (a rename asks this of each of a thousand notes).
        guard FolderListing.isRegularFile(note.path), let real = RealPath.of(note.path) else { return false }
        return folders.contains { $0.boundary.contains(realPath: real) }
    }
}

/// Why a note cannot be written, for the message a command or tool gives.
public struct NoteWriteRefusal: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
