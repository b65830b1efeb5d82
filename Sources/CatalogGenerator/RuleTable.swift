import Foundation
import Notes

/// The README's table of rules, one row per rule file: id (linked to the file), severity with
/// `fix` and `opt-in`, the `summary`, and the pattern note (linked to it). Written between two
/// marker comments, so the rest of the README stays hand-written.
enum RuleTable {
    static let beginMarker = "<!-- rules:begin"
    static let endMarker = "<!-- rules:end -->"
    static let begin =
        "<!-- rules:begin: generated from Rules/*.md by scripts/embed-catalog; edit the rule files, not this table -->"

    static func markdown(_ rules: [RuleFile], notePaths: NotePaths) -> String {
        var lines = ["| rule | severity | what it flags | note |", "|---|---|---|---|"]
        for rule in rules {
            let cells = [
                "[`\(rule.id)`](\(rule.path))", severity(rule), cell(rule.summary), note(rule.noteTitle, notePaths),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func severity(_ rule: RuleFile) -> String {
        ([rule.severity] + (rule.correctable ? ["fix"] : []) + (rule.optIn ? ["opt-in"] : [])).joined(separator: ", ")
    }

    static func note(_ title: String, _ paths: NotePaths) -> String {
        guard let path = paths[title] else { return cell(title) }
        return "[\(cell(title))](\(path.replacingOccurrences(of: " ", with: "%20")))"
    }

    /// Text as one table cell: on one line, its `|` escaped.
    static func cell(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "|", with: "\\|")
    }

    /// The README with `table` between its markers (the marker lines themselves kept as written
    /// here, so a hand-edited marker comes back).
    static func splice(_ table: String, into readme: String, path: String) throws -> String {
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(beginMarker) }) else {
            throw GenerationError("\(path): no `\(beginMarker) … -->` line to put the rule table after")
        }
        guard let end = lines[start...].firstIndex(where: { $0.hasPrefix(endMarker) }) else {
            throw GenerationError("\(path): no `\(endMarker)` line after `\(beginMarker)`")
        }
        let body = table.split(separator: "\n").map(String.init)
        lines.replaceSubrange(start...end, with: [begin] + body + [endMarker])
        return lines.joined(separator: "\n")
    }
}

/// Where each note lives, by any name a wiki link may use for it (resolved as the catalogue does).
struct NotePaths {
    let graph: Graph

    init(_ markdown: [(path: String, contents: String)]) {
        let notes = markdown.filter { $0.path.hasPrefix("notes/") }.map { file in
            Vault.Source.text(path: file.path, relativePath: String(file.path.dropFirst("notes/".count)), file.contents)
        }
        graph = Graph(vault: Vault.load(sources: notes))
    }

    subscript(title: String) -> String? {
        guard case .resolved(let index) = graph.resolve(title) else { return nil }
        return graph.notes[index].path
    }
}
