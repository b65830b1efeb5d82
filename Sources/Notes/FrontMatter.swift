import Foundation
import Yams

/// YAML front matter, split off before cmark sees the file.
public struct FrontMatter: Sendable {
    public var title: String?
    public var type: String?
    public var permalink: String?
    public var tags: [String] = []
    public var aliases: [String] = []
    public var extra: [String: String] = [:]
}

/// The result of splitting a note's text into front matter and body.
struct FrontMatterSplit {
    var yaml: String?
    /// Line of the first YAML line (the one after the opening `---`).
    var yamlFirstLine: Int
    /// The body with the front matter lines blanked, so cmark's line numbers are the file's.
    var body: String
    var unclosed: Bool
}

enum FrontMatterParser {
    /// Splits `---` … `---` (or `...`) off the top of `text`. A UTF-8 BOM must already be gone.
    static func split(_ text: String) -> FrontMatterSplit {
        var lines = text.scalarLines()
        func stripped(_ line: Substring) -> Substring {
            var line = line
            while let last = line.last, last == "\r" || last == " " || last == "\t" { line = line.dropLast() }
            return line
        }
        guard let first = lines.first, stripped(first) == "---" else {
            return FrontMatterSplit(yaml: nil, yamlFirstLine: 0, body: text, unclosed: false)
        }
        var closing: Int?
        for index in 1..<lines.count {
            let line = stripped(lines[index])
            if line == "---" || line == "..." { closing = index; break }
        }
        guard let end = closing else {
            return FrontMatterSplit(yaml: nil, yamlFirstLine: 2, body: text, unclosed: true)
        }
        let yaml = lines[1..<end].map { String(stripped($0)) }.joined(separator: "\n")
        for index in 0...end { lines[index] = "" }
        return FrontMatterSplit(yaml: yaml, yamlFirstLine: 2, body: lines.joined(separator: "\n"), unclosed: false)
    }

    struct YAMLProblem: Error {
        var line: Int
        var message: String
    }

    /// Parses the YAML; errors carry a line relative to the YAML text (1-based).
    static func parse(_ yaml: String) -> Result<FrontMatter, YAMLProblem> {
        let loaded: Any?
        do {
            loaded = try Yams.load(yaml: yaml)
        } catch let error as YamlError {
            return .failure(problem(from: error))
        } catch {
            return .failure(YAMLProblem(line: 1, message: "\(error)"))
        }
        guard let loaded else { return .success(FrontMatter()) }
        guard let map = loaded as? [String: Any] else {
            return .failure(YAMLProblem(line: 1, message: "front matter is not a mapping of keys to values"))
        }
        var matter = FrontMatter()
        for (key, value) in map {
            switch key {
            case "title": matter.title = scalarText(value)
            case "type": matter.type = scalarText(value)
            case "permalink": matter.permalink = scalarText(value)
            case "tags": matter.tags = list(value)
            case "aliases", "alias": matter.aliases += list(value)
            default: matter.extra[key] = text(value)
            }
        }
        return .success(matter)
    }

    private static func problem(from error: YamlError) -> YAMLProblem {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return YAMLProblem(line: max(1, mark.line), message: problem)
        case let .duplicatedKeysInMapping(duplicates, _):
            return YAMLProblem(line: 1, message: "duplicate keys: \(duplicates.joined(separator: ", "))")
        default:
            return YAMLProblem(line: 1, message: "\(error)")
        }
    }

    private static func scalarText(_ value: Any) -> String? {
        let result = text(value).trimmingCharacters(in: .whitespaces)
        return result.isEmpty ? nil : result
    }

    /// A list, a single string, or a comma-separated string; `#` prefixes are dropped from tags.
    private static func list(_ value: Any) -> [String] {
        let items: [String]
        if let array = value as? [Any] {
            items = array.map(text)
        } else {
            items = text(value).split(separator: ",").map(String.init)
        }
        return items
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
            .filter { !$0.isEmpty }
    }

    private static func text(_ value: Any) -> String {
        switch value {
        case let string as String: return string
        case let array as [Any]: return array.map(text).joined(separator: ", ")
        case let map as [String: Any]:
            return map.keys.sorted().map { "\($0): \(text(map[$0]!))" }.joined(separator: ", ")
        default: return "\(value)"
        }
    }
}

extension String {
    /// Lines split on `\n` scalars; a `\r\n` pair is one Character, so `split(separator: "\n")` would miss it.
    func scalarLines() -> [Substring] {
        unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }
}
