import Foundation

/// Finds the `.swift` files to lint under the given paths.
public enum FileDiscovery {
    /// Folders never linted: build products, dependencies and VCS data.
    public static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm", "node_modules"]

    public struct Result: Sendable {
        public var files: [String] = []
        /// Paths that could not be found or read, with the reason.
        public var problems: [String] = []
    }

    public static func find(paths: [String], excluded: [String], root: String = ".") -> Result {
        var result = Result()
        var seen = Set<String>()
        let manager = FileManager.default
        func isExcluded(_ path: String) -> Bool {
            let relative = relativePath(path, to: root)
            return excluded.contains { Glob.matches($0, relative) || Glob.matches($0, path) }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.problems.append("\(path): no such file or folder")
                continue
            }
            if !isDirectory.boolValue {
                // A file named explicitly is linted even when excluded by a glob, if it is Swift.
                if path.hasSuffix(".swift"), seen.insert(path).inserted { result.files.append(path) }
                else if !path.hasSuffix(".swift") { result.problems.append("\(path): not a .swift file, skipped") }
                continue
            }
            var visitedFolders = Set<String>()
            var pending = [path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path]
            var found: [String] = []
            while let folder = pending.popLast() {
                // Symlinked folders are followed once: a loop cannot hang the walk.
                guard visitedFolders.insert(realPath(folder)).inserted else { continue }
                let entries: [String]
                do {
                    entries = try manager.contentsOfDirectory(atPath: folder)
                } catch {
                    result.problems.append("\(folder): cannot read folder")
                    continue
                }
                for entry in entries {
                    if skippedFolders.contains(entry) || entry.hasPrefix(".") && entry != "." { continue }
                    let full = folder == "." ? entry : folder + "/" + entry
                    var entryIsDirectory: ObjCBool = false
                    guard manager.fileExists(atPath: full, isDirectory: &entryIsDirectory) else { continue }
                    if isExcluded(full) { continue }
                    if entryIsDirectory.boolValue {
                        pending.append(full)
                    } else if entry.hasSuffix(".swift"), seen.insert(full).inserted {
                        // Files are deduplicated by path; only folders are resolved (loop protection).
                        found.append(full)
                    }
                }
            }
            result.files += found.sorted()
        }
        return result
    }

    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    static func relativePath(_ path: String, to root: String) -> String {
        guard root != "." else { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        let absoluteRoot = URL(fileURLWithPath: root).standardizedFileURL.path
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return absolute.hasPrefix(absoluteRoot + "/") ? String(absolute.dropFirst(absoluteRoot.count + 1)) : path
    }
}
