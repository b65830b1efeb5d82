import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// Where a team rule applies: `paths:` / `excluded_paths:` are globs relative to the folder of
/// `.patternlint.yml` (`**` spans folders; a folder name covers what is inside it), and
/// `path_regex:` / `excluded_path_regex:` are SwiftLint's `included` / `excluded`: regexes
/// searched anywhere in the file's absolute path.
public struct PathScope: @unchecked Sendable {
    var included: [String] = [] { didSet { includedGlobs = included.map(CompiledGlob.init) } }
    var excluded: [String] = [] { didSet { excludedGlobs = excluded.map(CompiledGlob.init) } }
    private var includedGlobs: [CompiledGlob] = []
    private var excludedGlobs: [CompiledGlob] = []
    var includedRegex: [BoundedRegex] = []
    var excludedRegex: [BoundedRegex] = []

    var isEmpty: Bool { included.isEmpty && excluded.isEmpty && includedRegex.isEmpty && excludedRegex.isEmpty }

    static func parse(_ front: inout SpecMap) throws -> PathScope? {
        var scope = PathScope()
        scope.included = try front.strings("paths") ?? []
        scope.excluded = try front.strings("excluded_paths") ?? []
        func regexes(_ key: String) throws -> [BoundedRegex] {
            try (front.strings(key) ?? []).map { pattern in
                do {
                    _ = try NSRegularExpression(pattern: pattern, options: SwiftLintRegex.options)
                    return try BoundedRegex(searchable(pattern), swiftLint: true)
                } catch {
                    throw front.problem("`\(key)`: `\(pattern)` is not a valid regular expression")
                }
            }
        }
        scope.includedRegex = try regexes("path_regex")
        scope.excludedRegex = try regexes("excluded_path_regex")
        return scope.isEmpty ? nil : scope
    }

    /// The pattern without a leading `.*`: whether it matches somewhere is the same (with
    /// `.dotMatchesLineSeparators`, `.*` may match nothing), and ICU retries a leading `.*` from
    /// every position of the path, which costs more than the rest of a rule on a small file.
    static func searchable(_ pattern: String) -> String {
        guard pattern.hasPrefix(".*") else { return pattern }
        let rest = pattern.dropFirst(2)
        // `.*?` matches the same; `.*+` (possessive) would not give back, so it stays.
        if rest.hasPrefix("+") || rest.hasPrefix("{") { return pattern }
        return String(rest.hasPrefix("?") ? rest.dropFirst() : rest)
    }

    /// Whether a file the run names `path` is in scope; `root` is the configuration's folder. The
    /// regexes are charged to the rule's budget (a scan cut short reads as no match: the rule is
    /// off from there).
    func applies(to path: String, absolutePath: String, relative: String?, budget: RegexBudget) -> Bool {
        if !included.isEmpty || !excluded.isEmpty {
            let relative = relative ?? path
            if !included.isEmpty, !includedGlobs.contains(where: { $0.matches(relative) }) { return false }
            if excludedGlobs.contains(where: { $0.matches(relative) }) { return false }
        }
        if !includedRegex.isEmpty,
            !includedRegex.contains(where: { $0.firstMatch(in: absolutePath, budget: budget) == true })
        {
            return false
        }
        return !excludedRegex.contains { $0.firstMatch(in: absolutePath, budget: budget) == true }
    }

    /// The current folder, read once: a lint run does not change it, and asking costs a system call.
    private static let currentFolder = FileManager.default.currentDirectoryPath

    /// A path made absolute against the current folder, `.` and `..` resolved.
    static func absolute(_ path: String) -> String {
        if isPlainAbsolute(path) { return path }
        if let folder = plainCurrentFolder, isPlainRelative(path) { return folder + "/" + path }
        let joined = path.hasPrefix("/") ? path : currentFolder + "/" + path
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

    /// Whether the path starts with `/` and holds no `/./`, `/../`, `//` and does not end in `/.`
    /// (read as bytes: every file of a run asks). A path this calls not plain takes the long way,
    /// which gives a plain path back unchanged.
    private static func isPlainAbsolute(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard bytes.first == slash else { return false }
            if bytes.count >= 2, bytes[bytes.count - 2] == slash, bytes[bytes.count - 1] == dot { return false }
            for index in bytes.indices where bytes[index] == slash && index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == slash { return false }
                guard next == dot, index + 2 < bytes.count else { continue }
                let after = bytes[index + 2]
                if after == slash { return false }
                if after == dot, index + 3 < bytes.count, bytes[index + 3] == slash { return false }
            }
            return true
        }
    }

    /// Whether the path is one or more names joined by `/`, none empty, `.` or `..`: made
    /// absolute, it is the current folder, `/` and the path.
    private static func isPlainRelative(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                let length = index - start
                if length == 0 { return false }
                if length <= 2, bytes[start] == UInt8(ascii: "."), length == 1 || bytes[start + 1] == UInt8(ascii: ".")
                {
                    return false
                }
                start = index + 1
            }
            return true
        }
    }

    /// The current folder when it is a plain absolute path other than `/`.
    private static let plainCurrentFolder: String? =
        isPlainAbsolute(currentFolder) && currentFolder.utf8.count > 1 && currentFolder.utf8.last != UInt8(ascii: "/")
        ? currentFolder : nil

    private static let roots = LockedRoots()

    /// `absolute(root)`, remembered: every file of a run asks for the same root.
    static func absoluteRoot(_ root: String) -> String { roots.absolute(root) }

    /// The path below `root`, or nil when it is not below it.
    static func relative(_ absolutePath: String, to root: String?) -> String? {
        guard let root else { return nil }
        let base = absoluteRoot(root)
        if base == "/" { return String(absolutePath.dropFirst()) }
        guard absolutePath.hasPrefix(base + "/") else { return nil }
        return String(absolutePath.dropFirst(base.count + 1))
    }
}

/// A `Glob` pattern read once into bytes: `Glob.matches` converts the pattern for every path,
/// and a rule asks for every file.
struct CompiledGlob: Sendable {
    let text: String
    let bytes: [UInt8]
    let hasWildcards: Bool

    init(_ pattern: String) {
        var pattern = pattern
        while pattern.hasPrefix("./") { pattern.removeFirst(2) }
        while pattern.hasSuffix("/") { pattern.removeLast() }
        text = pattern
        bytes = Array(pattern.utf8)
        hasWildcards = pattern.contains { "*?[".contains($0) }
    }

    /// As `Glob.matches`: a pattern without wildcards matches the path and what is below it.
    func matches(_ path: String) -> Bool {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        if !hasWildcards { return path == text || path.hasPrefix(text + "/") }
        let utf8 = Array(path.utf8)
        return Glob.match(bytes[...], utf8[...]) || Glob.match(bytes[...], (utf8 + [UInt8(ascii: "/")])[...])
            || Glob.prefixMatch(bytes, utf8)
    }
}

/// The absolute form of the few roots a process lints under.
private final class LockedRoots: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: String] = [:]

    func absolute(_ root: String) -> String {
        lock.withLock {
            if let found = known[root] { return found }
            let made = PathScope.absolute(root)
            known[root] = made
            return made
        }
    }
}
