import Foundation

/// How a path is shown in reports, baselines and fingerprints: normalised (`a/./b` and `a//b` are
/// `a/b`, `a/x/../b` is `a/b`) and, when it lies in the current folder, relative to it, so a
/// baseline written in one clone matches in another at a different place.
public enum DisplayPath {
    /// The current folder, read once (the linter never changes it).
    public static let currentFolder: String = FileManager.default.currentDirectoryPath

    public static func of(_ path: String, relativeTo base: String = currentFolder) -> String {
        let normalized = normalize(path)
        guard normalized.hasPrefix("/") else { return normalized }
        let folder = normalize(base)
        if normalized == folder { return "." }
        let prefix = folder == "/" ? "/" : folder + "/"
        return normalized.hasPrefix(prefix) ? String(normalized.dropFirst(prefix.count)) : normalized
    }

    /// `path` made absolute against the current folder, normalised.
    public static func absolute(_ path: String) -> String {
        normalize(path.hasPrefix("/") ? path : currentFolder + "/" + path)
    }

    /// `path` as seen from `folder`, lexically: `Sources/A.swift`, or `../Other/A.swift` when it is not
    /// below the folder. Both are absolute.
    public static func relative(_ path: String, from folder: String) -> String {
        let target = normalize(path).split(separator: "/")
        let base = normalize(folder).split(separator: "/")
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared).map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Lexical normalisation: no file system access, so symbolic links are kept as written.
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            // `/..` is `/`; a relative path keeps its leading `..`s.
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
