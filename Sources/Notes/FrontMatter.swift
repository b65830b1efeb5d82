import Foundation
import Support
import Yams

/// YAML front matter, split off before cmark sees the file.
public struct FrontMatter: Sendable, Equatable {
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
        // The string's own bytes, not a copy of them (a note's text is copied enough as it is).
        var bytes = text
        return bytes.withUTF8 { split(text, bytes: $0) }
    }

    private static func split(_ text: String, bytes: UnsafeBufferPointer<UInt8>) -> FrontMatterSplit {
        let noFrontMatter = FrontMatterSplit(yaml: nil, yamlFirstLine: 0, body: text, unclosed: false)
        // Line ranges are found one at a time: only the front matter is ever split.
        func lineEnd(from start: Int) -> Int {
            var index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            return index
        }
        func content(_ start: Int, _ end: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
            var end = end
            while end > start, bytes[end - 1] == UInt8(ascii: "\r") || bytes[end - 1].isSpaceOrTab { end -= 1 }
            return bytes[start..<end]
        }
        let firstEnd = lineEnd(from: 0)
        guard content(0, firstEnd).elementsEqual("---".utf8) else { return noFrontMatter }
        // The YAML lines as ranges, made into one string at the end: a string per line, then
        // joined, cost more than reading them.
        var yamlLines: [Range<Int>] = []
        var start = firstEnd + 1
        var lineCount = 1
        while start <= bytes.count {
            let end = lineEnd(from: start)
            let line = content(start, end)
            lineCount += 1
            if line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) {
                // The front matter's lines blanked, then the rest as it is, made in one go.
                let rest = end < bytes.count ? bytes[(end + 1)...] : bytes[bytes.count...]
                let body = String(unsafeUninitializedCapacity: lineCount + rest.count) { buffer in
                    buffer.baseAddress!.initialize(repeating: UInt8(ascii: "\n"), count: lineCount)
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[lineCount...]).initialize(from: rest)
                    return buffer.count
                }
                return FrontMatterSplit(
                    yaml: joined(yamlLines, of: bytes), yamlFirstLine: 2, body: body, unclosed: false)
            }
            yamlLines.append(line.startIndex..<line.endIndex)
            start = end + 1
        }
        return FrontMatterSplit(yaml: nil, yamlFirstLine: 2, body: text, unclosed: true)
    }

    /// The lines, one after the other, each followed by a line feed but the last.
    private static func joined(_ lines: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>) -> String {
        let length = lines.reduce(max(0, lines.count - 1)) { $0 + $1.count }
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var at = 0
            for (number, line) in lines.enumerated() {
                if number > 0 {
                    buffer[at] = UInt8(ascii: "\n")
                    at += 1
                }
                _ = UnsafeMutableBufferPointer(rebasing: buffer[at..<(at + line.count)]).initialize(from: bytes[line])
                at += line.count
            }
            return at
        }
    }

    struct YAMLProblem: Error {
        var line: Int
        var message: String
    }

    /// Parses the YAML; errors carry a line relative to the YAML text (1-based). Read as a node
    /// tree, not as `Any`: every `as?` from `Any` costs a runtime conformance search, and the
    /// catalogue's notes are parsed on every run.
    static func parse(_ yaml: String) -> Result<FrontMatter, YAMLProblem> {
        if let entries = PlainFrontMatter.entries(yaml) { return .success(frontMatter(entries)) }
        return parseWithYams(yaml)
    }

    static func parseWithYams(_ yaml: String) -> Result<FrontMatter, YAMLProblem> {
        let root: Node?
        do {
            // The basic resolver keeps every scalar a string (a title `2024` or `yes` stays text) and skips regex work.
            root = try BoundedYAML.compose(yaml)
        } catch let error as YamlError {
            return .failure(problem(from: error))
        } catch let error as BoundedYAML.TooLarge {
            return .failure(YAMLProblem(line: 1, message: error.description))
        } catch {
            return .failure(YAMLProblem(line: 1, message: "\(error)"))
        }
        guard let root else { return .success(FrontMatter()) }
        guard case .mapping(let map) = root, map.allSatisfy({ $0.key.scalar != nil }) else {
            return .failure(YAMLProblem(line: 1, message: "front matter is not a mapping of keys to values"))
        }
        return .success(frontMatter(map.map { (key: $0.key.scalar?.string ?? "", value: value($0.value)) }))
    }

    static func frontMatter(_ entries: [(key: String, value: FrontMatterValue)]) -> FrontMatter {
        var matter = FrontMatter()
        for (key, value) in entries {
            switch key {
            case "title": matter.title = scalarText(value)
            case "type": matter.type = scalarText(value)
            case "permalink": matter.permalink = scalarText(value)
            case "tags": matter.tags = list(value)
            case "aliases", "alias": matter.aliases += list(value)
            default: matter.extra[key] = value.text
            }
        }
        return matter
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

    private static func scalarText(_ value: FrontMatterValue) -> String? {
        let result = value.text.trimmed
        return result.isEmpty ? nil : result
    }

    /// A list, a single string, or a comma-separated string; `#` prefixes are dropped from tags.
    private static func list(_ value: FrontMatterValue) -> [String] {
        let items: [String]
        if case .sequence(let sequence) = value {
            items = sequence
        } else {
            items = value.text.split(separator: ",").map(String.init)
        }
        return
            items
            .map { $0.trimmed }
            .map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
            .filter { !$0.isEmpty }
    }

    /// A Yams node as the note model reads it: a list's items and a mapping's pairs as text.
    private static func value(_ node: Node) -> FrontMatterValue {
        switch node {
        case .scalar(let scalar): return .scalar(scalar.string)
        case .sequence(let sequence): return .sequence(sequence.map { value($0).text })
        case .mapping(let map):
            return .mapping(
                map.map { (key: value($0.key).text, value: value($0.value).text) }.sorted { $0.key < $1.key }
                    .map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        case .alias: return .scalar("")
        }
    }
}
