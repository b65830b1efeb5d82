import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// Typed reading of one mapping of a rule file's front matter (`match:`, `has:`), remembering
/// which keys were read so the rest can be refused by name: a misspelt key must not be a rule
/// that silently matches everything or nothing.
struct SpecMap {
    let values: [String: Any]
    let path: String
    /// Where the mapping stands, for messages: `match`, `match.has`.
    let place: String
    private(set) var read: Set<String> = []

    init(_ values: [String: Any], path: String, place: String) {
        self.values = values
        self.path = path
        self.place = place
    }

    static func from(_ value: Any, path: String, place: String) throws -> SpecMap {
        guard let map = value as? [String: Any] else {
            throw problem(path, "`\(place)` must be a mapping of keys to values")
        }
        return SpecMap(map, path: path, place: place)
    }

    static func problem(_ path: String, _ message: String) -> RuleMetadata.LoadError {
        .problem(path: path, line: 1, message: message)
    }

    func problem(_ message: String) -> RuleMetadata.LoadError { Self.problem(path, message) }

    func has(_ key: String) -> Bool { values[key] != nil }

    mutating func raw(_ key: String) -> Any? {
        read.insert(key)
        return values[key]
    }

    mutating func string(_ key: String) throws -> String? {
        guard let value = raw(key) else { return nil }
        if value is [Any] || value is [String: Any] {
            throw problem("`\(place).\(key)` must be a single value")
        }
        return "\(value)"
    }

    /// A value or a list of values, as strings.
    mutating func strings(_ key: String) throws -> [String]? {
        guard let value = raw(key) else { return nil }
        if let list = value as? [Any] {
            return try list.map { item in
                if item is [Any] || item is [String: Any] {
                    throw problem("`\(place).\(key)` must list plain values")
                }
                return "\(item)"
            }
        }
        if value is [String: Any] { throw problem("`\(place).\(key)` must be a value or a list of values") }
        return ["\(value)"]
    }

    mutating func int(_ key: String) throws -> Int? {
        guard let text = try string(key) else { return nil }
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw problem("`\(place).\(key)` must be a whole number, not `\(text)`")
        }
        return number
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let text = try string(key) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw problem("`\(place).\(key)` must be true or false, not `\(text)`")
        }
    }

    /// A list whose items may be values or mappings.
    mutating func items(_ key: String) throws -> [Any]? {
        guard let value = raw(key) else { return nil }
        if let list = value as? [Any] { return list }
        return [value]
    }

    /// A value that must be one of `allowed`.
    mutating func choice(_ key: String, _ allowed: [String]) throws -> String? {
        guard let text = try string(key) else { return nil }
        guard allowed.contains(text) else {
            throw problem("`\(place).\(key)` is `\(text)`; expected one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    /// Refuses keys no reader asked for, naming the ones it takes.
    func finish(known extra: [String] = []) throws {
        let known = read.union(extra)
        for key in values.keys.sorted() where !known.contains(key) {
            let suggestion = NameSuggestions(Array(known)).didYouMean(key)
            throw problem(
                "unknown key `\(key)` in `\(place)`\(suggestion) (it takes: \(known.sorted().joined(separator: ", ")))")
        }
    }
}
