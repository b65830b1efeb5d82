import SwiftUIModel
import ProjectSettings
import Support

/// Minimal globbing for `included`/`excluded`: `**` spans folders, `*` and `?` stay in one.
/// A pattern without wildcards matches the path itself and everything below it.
public enum Glob {
    public static func hasWildcards(_ pattern: String) -> Bool { pattern.contains(where: { "*?[".contains($0) }) }

    /// The folder to walk for a pattern: its folders before the first one with a wildcard
    /// (`Packages/*/Sources` → `Packages`, `*/Sources` → `.`); a pattern without any, itself.
    public static func walkedFolder(_ pattern: String) -> String {
        guard hasWildcards(pattern) else { return pattern }
        var folders: [Substring] = []
        for part in pattern.split(separator: "/", omittingEmptySubsequences: false) {
            if hasWildcards(String(part)) { break }
            folders.append(part)
        }
        let folder = folders.joined(separator: "/")
        return folder.isEmpty ? (pattern.hasPrefix("/") ? "/" : ".") : folder
    }

    public static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = pattern
        while pattern.hasPrefix("./") { pattern.removeFirst(2) }
        while pattern.hasSuffix("/") { pattern.removeLast() }
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        if !pattern.contains(where: { "*?[".contains($0) }) {
            return path == pattern || path.hasPrefix(pattern + "/")
        }
        return match(Array(pattern.utf8)[...], Array(path.utf8)[...])
            || match(Array(pattern.utf8)[...], Array((path + "/").utf8)[...])
            || prefixMatch(Array(pattern.utf8), Array(path.utf8))
    }

    /// A glob naming a folder also excludes what is inside it.
    static func prefixMatch(_ pattern: [UInt8], _ path: [UInt8]) -> Bool {
        var index = path.count
        while let slash = path[..<index].lastIndex(of: UInt8(ascii: "/")) {
            if match(pattern[...], path[..<slash]) { return true }
            index = slash
        }
        return false
    }

    static func match(_ p: ArraySlice<UInt8>, _ s: ArraySlice<UInt8>) -> Bool {
        var p = p, s = s
        while let c = p.first {
            if c == UInt8(ascii: "*") {
                if p.dropFirst().first == UInt8(ascii: "*") {
                    // `**/` matches zero or more folders; `**` at the end matches everything.
                    var rest = p.dropFirst(2)
                    if rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
                    if rest.isEmpty { return true }
                    var candidate = s
                    while true {
                        if match(rest, candidate) { return true }
                        guard let slash = candidate.firstIndex(of: UInt8(ascii: "/")) else { return false }
                        candidate = candidate[(slash + 1)...]
                    }
                }
                let rest = p.dropFirst()
                var candidate = s
                while true {
                    if match(rest, candidate) { return true }
                    guard let first = candidate.first, first != UInt8(ascii: "/") else { return false }
                    candidate = candidate.dropFirst()
                }
            }
            guard let d = s.first else { return false }
            if c == UInt8(ascii: "?") {
                if d == UInt8(ascii: "/") { return false }
            } else if c != d {
                return false
            }
            p = p.dropFirst()
            s = s.dropFirst()
        }
        return s.isEmpty
    }
}
