import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Support
import SwiftUIModel
import ProjectSettings

/// Finds the `.swift` files to lint under the given paths.
public enum FileDiscovery {
    /// Folders never linted: build products, dependencies and VCS data.
    public static let skippedFolders: Set<String> = [
        ".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm", "node_modules",
    ]

    public struct Result: Sendable {
        public var files: [String] = []
        /// Paths that could not be found or read, with the reason.
        public var problems: [String] = []
        /// What was passed over on purpose, each naming the path and why (a FIFO named `x.swift`,
        /// a link to a folder outside the roots, a name that is not UTF-8): said, but not a failure.
        public var skipped: [String] = []
        /// This tool's temporary files left by runs that no longer exist (a killed `--fix`).
        public var staleTemporaries: [String] = []
        /// Every folder listed, and those among them holding a `Package.swift` or an `*.xcodeproj`:
        /// what the deployment-target resolver would otherwise list again.
        public var listedFolders: [String] = []
        public var projectFolders: [String] = []
    }

    /// With a boundary, a path or a symbolic link whose real path leaves it is skipped and named in
    /// `problems`: a link inside a workspace can lead anywhere.
    /// Whether an `excluded` glob covers the path (relative to `root`, or as given).
    public static func isExcluded(_ path: String, by excluded: [String], root: String) -> Bool {
        let relative = relativePath(path, to: root)
        return excluded.contains { Glob.matches($0, relative) || Glob.matches($0, path) }
    }

    /// `included`: when not empty, a file found in a folder is kept only if one of these globs
    /// matches it (`included: ["*/Sources"]` walks `.`); a file named itself is kept.
    public static func find(
        paths: [String], excluded: [String], root: String = ".", within boundary: RealPathBoundary? = nil,
        included: [String] = []
    ) -> Result {
        var result = Result()
        var seen = Set<String>()
        let manager = FileManager.default
        let isExcluded: @Sendable (String) -> Bool = { path in Self.isExcluded(path, by: excluded, root: root) }
        // Linked folders are followed only while they stay inside a folder being linted: a link
        // to `/` (or to a home folder) would otherwise walk the whole disk.
        let realRoots = paths.filter { FolderListing.isFolder($0) == true }.map(FileReplacement.followingLinks)
        for path in paths {
            if let boundary, !boundary.contains(path) {
                result.problems.append(leadsOutside(path, boundary))
                continue
            }
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.problems.append("\(path): no such file or folder")
                continue
            }
            if !isDirectory.boolValue {
                // A file named explicitly is linted even when excluded by a glob, if it is Swift.
                if !FolderListing.isRegularFile(path) {
                    result.skipped.append("\(path): not a regular file (a FIFO, device or socket); skipped")
                } else if path.hasSuffix(".swift"), seen.insert(path).inserted {
                    result.files.append(path)
                } else if !path.hasSuffix(".swift") {
                    result.problems.append("\(path): not a .swift file, skipped")
                }
                continue
            }
            let walk = walkFolder(
                path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path,
                excluded: excluded.isEmpty ? nil : isExcluded, within: realRoots, boundary: boundary)
            result.problems += walk.problems
            result.skipped += walk.skipped
            result.staleTemporaries += walk.staleTemporaries
            result.listedFolders += walk.listed
            result.projectFolders += walk.projects
            // Files are deduplicated by path; only folders are resolved (loop protection).
            var found = walk.files.filter { seen.insert($0).inserted }
            if !included.isEmpty {
                found.removeAll { path in
                    let relative = relativePath(path, to: root)
                    return !included.contains { Glob.matches($0, relative) || Glob.matches($0, path) }
                }
            }
            result.files += found
        }
        return result
    }

    /// The `.swift` files under a folder, and the folders that could not be read. Breadth-first on
    /// one thread until there are enough folders to share, then each of those depth-first on the
    /// cores: listing folders is system calls, which run side by side. Only real folders are walked
    /// in parallel (each has one path, so no thread races another to it); symlinked folders are
    /// followed afterwards, one thread, in path order, so which path names a linked folder does not
    /// depend on timing.
    static func walkFolder(
        _ start: String, excluded: (@Sendable (String) -> Bool)?, within realRoots: [String],
        boundary: RealPathBoundary? = nil
    ) -> (
        files: [String], problems: [String], listed: [String], projects: [String], skipped: [String],
        staleTemporaries: [String]
    ) {
        let visited = VisitedFolders()
        var files: [String] = []
        var problems: [String] = []
        var skipped: [String] = []
        var staleTemporaries: [String] = []
        var links: [String] = []
        var listed: [String] = []
        var projects: [String] = []
        func take(_ visit: Visit) -> [String] {
            files += visit.files
            problems += visit.problems
            skipped += visit.skipped
            staleTemporaries += visit.staleTemporaries
            links += visit.links
            if let folder = visit.folder {
                listed.append(folder)
                if visit.isProject { projects.append(folder) }
            }
            return visit.folders
        }
        var frontier = [start]
        while !frontier.isEmpty, frontier.count < 32 {
            frontier = frontier.flatMap {
                take(visitFolder($0, visited: visited, excluded: excluded, within: boundary))
            }
        }
        let roots = frontier
        let subtrees = ConcurrentSlots<[Visit]>(count: roots.count)
        DispatchQueue.concurrentPerform(iterations: roots.count) { position in
            var pending = [roots[position]]
            var visits: [Visit] = []
            while let folder = pending.popLast() {
                let visit = visitFolder(folder, visited: visited, excluded: excluded, within: boundary)
                pending += visit.folders
                visits.append(visit)
            }
            subtrees[position] = visits
        }
        for visit in subtrees.values.compactMap({ $0 }).joined() { _ = take(visit) }
        // Linked folders, in path order (a link found inside one is taken after those found before).
        var pendingLinks = links.sorted()
        while !pendingLinks.isEmpty {
            let folder = pendingLinks.removeFirst()
            links = []
            let real = FileReplacement.followingLinks(folder)
            guard realRoots.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
                skipped.append("\(folder): a link to a folder outside the linted folders (\(real)); not followed")
                continue
            }
            let folders = take(visitFolder(folder, visited: visited, excluded: excluded, within: boundary))
            pendingLinks = (folders + links).sorted() + pendingLinks
        }
        return (files.sorted(), problems.sorted(), listed, projects, skipped.sorted(), staleTemporaries.sorted())
    }

    /// What one folder holds: its `.swift` files, its folders and symlinked folders to visit (none
    /// when it was seen before), or why it could not be read and the links it skipped.
    struct Visit: Sendable {
        var files: [String] = []
        var folders: [String] = []
        var links: [String] = []
        var problems: [String] = []
        var skipped: [String] = []
        var staleTemporaries: [String] = []
        /// The folder listed, and whether it holds a project (`Package.swift`, `*.xcodeproj`).
        var folder: String?
        var isProject = false
    }

    static func visitFolder(
        _ folder: String, visited: VisitedFolders, excluded: (@Sendable (String) -> Bool)?,
        within boundary: RealPathBoundary? = nil
    ) -> Visit {
        // Each folder is listed once, however it is reached: a symlink loop cannot hang the walk.
        guard let id = FolderListing.FolderID(folder), visited.insert(id) else { return Visit() }
        guard let entries = FolderListing.entries(folder) else {
            return Visit(problems: ["\(folder): cannot read folder"])
        }
        var visit = Visit(folder: folder)
        for (entry, kind) in entries {
            if entry == "Package.swift" || entry.hasSuffix(".xcodeproj") || entry == "project.yml"
                || entry == "project.yaml" || entry == "Project.swift"
            {
                visit.isProject = true
            }
            let full = folder == "." ? entry : folder + "/" + entry
            if entry.hasPrefix("."), AtomicFile.isStaleTemporary(entry) { visit.staleTemporaries.append(full) }
            if skippedFolders.contains(entry) || entry.hasPrefix(".") && entry != "." { continue }
            // The folder listing says what most entries are; links and odd file systems need a stat.
            var isFolder = kind == .folder
            var isLink = false
            switch kind {
            case .folder, .file: break
            case .special, .undecodable:
                if entry.hasSuffix(".swift"), excluded?(full) != true {
                    visit.skipped.append(
                        kind == .special
                            ? "\(full): not a regular file (a FIFO, device or socket); skipped"
                            : "\(full): the file name is not valid UTF-8; skipped")
                }
                continue
            case .unknown:
                guard let folder = FolderListing.isFolder(full) else { continue }
                isFolder = folder
                var info = stat()
                isLink = isFolder && lstat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
                if !isFolder, entry.hasSuffix(".swift"), !FolderListing.isRegularFile(full) {
                    visit.skipped.append("\(full): not a regular file (a FIFO, device or socket); skipped")
                    continue
                }
            }
            if !isFolder, !entry.hasSuffix(".swift") { continue }
            if let excluded, excluded(full) { continue }
            // Listed as a folder or a file, an entry is where its folder is; anything else may be a link.
            if kind == .unknown, let boundary, !boundary.contains(full) {
                visit.problems.append(leadsOutside(full, boundary))
                continue
            }
            if isLink {
                visit.links.append(full)
            } else if isFolder {
                visit.folders.append(full)
            } else {
                visit.files.append(full)
            }
        }
        return visit
    }

    static func leadsOutside(_ path: String, _ boundary: RealPathBoundary) -> String {
        "\(path): leads outside \(boundary.folder), skipped"
    }

    /// Folders seen so far, shared by the threads of one walk.
    final class VisitedFolders: @unchecked Sendable {
        private let lock = NSLock()
        private var seen = Set<FolderListing.FolderID>()

        /// False when the folder was visited before.
        func insert(_ id: FolderListing.FolderID) -> Bool { lock.withLock { seen.insert(id).inserted } }
    }

    static func relativePath(_ path: String, to root: String) -> String {
        guard root != "." else { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        let absoluteRoot = URL(fileURLWithPath: root).standardizedFileURL.path
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return absolute.hasPrefix(absoluteRoot + "/") ? String(absolute.dropFirst(absoluteRoot.count + 1)) : path
    }
}
