import Foundation

/// Where a team rule applies: `paths:` / `excluded_paths:` are globs relative to the folder of
/// `.patternlint.yml` (`**` spans folders; a folder name covers what is inside it), and
/// `path_regex:` / `excluded_path_regex:` are SwiftLint's `included` / `excluded`: regexes
/// searched anywhere in the file's absolute path.
public struct PathScope: @unchecked Sendable {
    var included: [String] = []
    var excluded: [String] = []
    var includedRegex: [NSRegularExpression] = []
    var excludedRegex: [NSRegularExpression] = []

    var isEmpty: Bool { included.isEmpty && excluded.isEmpty && includedRegex.isEmpty && excludedRegex.isEmpty }

    static func parse(_ front: inout SpecMap) throws -> PathScope? {
        var scope = PathScope()
        scope.included = try front.strings("paths") ?? []
        scope.excluded = try front.strings("excluded_paths") ?? []
        func regexes(_ key: String) throws -> [NSRegularExpression] {
            try (front.strings(key) ?? []).map { pattern in
                do {
                    return try NSRegularExpression(pattern: pattern, options: SwiftLintRegex.options)
                } catch {
                    throw front.problem("`\(key)`: `\(pattern)` is not a valid regular expression")
                }
            }
        }
        scope.includedRegex = try regexes("path_regex")
        scope.excludedRegex = try regexes("excluded_path_regex")
        return scope.isEmpty ? nil : scope
    }

    /// Whether a file the run names `path` is in scope; `root` is the configuration's folder.
    func applies(to path: String, absolutePath: String, root: String?) -> Bool {
        if !included.isEmpty || !excluded.isEmpty {
            let relative = Self.relative(absolutePath, to: root) ?? path
            if !included.isEmpty, !included.contains(where: { Glob.matches($0, relative) }) { return false }
            if excluded.contains(where: { Glob.matches($0, relative) }) { return false }
        }
        let whole = NSRange(location: 0, length: absolutePath.utf16.count)
        if !includedRegex.isEmpty,
            !includedRegex.contains(where: { $0.firstMatch(in: absolutePath, range: whole) != nil })
        {
            return false
        }
        return !excludedRegex.contains { $0.firstMatch(in: absolutePath, range: whole) != nil }
    }

    /// A path made absolute against the current folder, `.` and `..` resolved.
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The path below `root`, or nil when it is not below it.
    static func relative(_ absolutePath: String, to root: String?) -> String? {
        guard let root else { return nil }
        let base = absolute(root)
        if base == "/" { return String(absolutePath.dropFirst()) }
        guard absolutePath.hasPrefix(base + "/") else { return nil }
        return String(absolutePath.dropFirst(base.count + 1))
    }
}
