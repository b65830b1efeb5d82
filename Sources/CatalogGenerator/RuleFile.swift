import Foundation
import Notes

/// What the rule table shows of one rule file's front matter, read as `RuleMetadata` reads it (a
/// test holds the two to the same answers; this target cannot use `Lint`'s own reader).
public struct RuleFile: Sendable, Equatable {
    public var id: String
    public var path: String
    public var severity: String
    public var summary: String
    /// The pattern note's title, from `note: "[[Title]]"`.
    public var noteTitle: String
    public var correctable: Bool
    public var optIn: Bool

    /// The rule files among the markdown files (those under `Rules/`), in id order.
    static func parseAll(_ markdown: [(path: String, contents: String)]) throws -> [RuleFile] {
        let rules = try markdown.filter { $0.path.hasPrefix("Rules/") }.map {
            try parse(path: $0.path, text: $0.contents)
        }
        var seen = Set<String>()
        for rule in rules where !seen.insert(rule.id).inserted {
            throw GenerationError("\(rule.path): rule `\(rule.id)` is defined twice")
        }
        return rules.sorted { $0.id < $1.id }
    }

    public static func parse(path: String, text: String) throws -> RuleFile {
        let note = NoteParser.parse(path: path, relativePath: path, text: text)
        if let problem = note.diagnostics.first(where: { $0.severity == .error }) {
            throw GenerationError("\(path):\(problem.line): \(problem.message)")
        }
        guard let id = note.extra["id"], !id.isEmpty else {
            throw GenerationError("\(path): rule file has no `id` in its front matter")
        }
        return RuleFile(
            id: id, path: path, severity: note.extra["severity"] ?? "warning", summary: note.extra["summary"] ?? "",
            noteTitle: noteTitle(note.extra["note"] ?? ""), correctable: note.extra["correctable"] == "true",
            optIn: note.extra["opt_in"] == "true" || note.extra["opt-in"] == "true")
    }

    /// `[[Title|shown]]` or `[[Title#Section]]` → `Title`.
    static func noteTitle(_ link: String) -> String {
        var target = Substring(link.trimmingCharacters(in: .whitespaces))
        if target.hasPrefix("[["), target.hasSuffix("]]") { target = target.dropFirst(2).dropLast(2) }
        if let bar = target.firstIndex(of: "|") { target = target[..<bar] }
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        return String(target)
    }
}
