import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Support
import SwiftLexer

/// Findings' fixes as the MCP answer gives them: whether `--fix` applies it alone (`safe`) or only
/// with `--unsafe-fixes`, and each edit's start and end (line, and column in characters, as
/// findings are placed), byte offset and length, and replacement: an assistant applies it by either.
struct FixEdits {
    /// A snippet's source, which is on no disk, by its path.
    let sources: [String: [UInt8]]
    /// Each edited file's positions, read once per answer (nil when it cannot be read: then the
    /// edits give offsets alone).
    private var positions: [String: TextPositions?] = [:]

    init(sources: [String: [UInt8]]) {
        self.sources = sources
    }

    /// The fix as a JSON object, or `null`.
    mutating func json(_ fix: Fix?, in path: String) -> String {
        guard let fix else { return "null" }
        let place = positions(of: path)
        var out = "{\"applicability\": \(JSON.quote(fix.applicability.rawValue)), \"edits\": ["
        for (index, edit) in fix.edits.enumerated() {
            out += index == 0 ? "{" : ", {"
            if let place {
                out += "\"start\": \(Self.json(edit.range.lowerBound, place)), "
                out += "\"end\": \(Self.json(edit.range.upperBound, place)), "
            }
            out += "\"offset\": \(edit.range.lowerBound), \"length\": \(edit.range.count), "
            out += "\"replacement\": \(JSON.quote(edit.replacement))}"
        }
        return out + "]}"
    }

    private static func json(_ offset: Int, _ place: TextPositions) -> String {
        let line = place.line(of: offset)
        return "{\"line\": \(line), \"column\": \(place.characterColumn(of: offset, line: line))}"
    }

    /// Lines as the lexer counts them (a lone `\r` ends one too), so an edit's line is its finding's.
    private mutating func positions(of path: String) -> TextPositions? {
        if let known = positions[path] { return known }
        let bytes = sources[path] ?? (try? FileContents.read(path, regularOnly: true))
        let found = bytes.map { TextPositions(bytes: $0, lines: LineTable(lineStartsOf: $0)) }
        positions[path] = found
        return found
    }
}
