import Foundation
import Notes
import SwiftUIModel
import ProjectSettings
import Support

/// A rule described by its markdown file (`Rules/<id>.md`): front matter plus examples.
public struct RuleMetadata: Sendable {
    public var id: String
    public var severity: Severity
    /// The wiki link to the pattern note, e.g. `[[Dual Initializer Pattern]]`.
    public var noteLink: String
    public var summary: String
    public var tags: [String]
    public var correctable: Bool
    /// Opt-in rules run only when enabled in the configuration.
    public var optIn: Bool
    public var path: String
    /// The whole rule file as written (for `explain`).
    public var markdown: String
    public var body: String
    public var triggering: [Example]
    public var nonTriggering: [Example]
    public var corrections: [Correction]
    /// A declarative pattern (team rules without Swift code).
    public var pattern: DeclarativePattern?
    /// A team rule's `match:` and path scope (`TeamRuleSpec`).
    public var team: TeamRuleSpec?
    /// A rule imported from SwiftLint: its id there (`swiftlint_id:`, which `import-swiftlint`
    /// writes; for a rule tagged `swiftlint-import` without one, its id with underscores). Only
    /// such a rule heeds `// swiftlint:disable` comments.
    public var swiftLintID: String?

    public struct Example: Sendable {
        public var code: String
        /// Line of the code block's first line in the rule file.
        public var line: Int
        /// The fence's info string, `swift previews=off iOS=15`: what the example runs under
        /// (`RuleExampleRunner.ExampleSettings`).
        public var info: String = "swift"
    }

    public struct Correction: Sendable {
        public var before: String
        public var after: String
        public var line: Int
    }

    public enum LoadError: Error, CustomStringConvertible {
        case problem(path: String, line: Int, message: String)

        public var description: String {
            switch self {
            case let .problem(path, line, message): "\(path):\(line): \(message)"
            }
        }
    }

    /// Reads a rule file; a missing `id`, bad `severity` or missing `note` is an error naming the file.
    public static func parse(path: String, text: String) throws -> RuleMetadata {
        let note = NoteParser.parse(path: path, relativePath: path, text: text)
        if let problem = note.diagnostics.first(where: { $0.severity == .error }) {
            throw LoadError.problem(path: path, line: problem.line, message: problem.message)
        }
        guard let id = note.extra["id"], !id.isEmpty else {
            throw LoadError.problem(path: path, line: 1, message: "rule file has no `id` in its front matter")
        }
        guard let severity = Severity(rawValue: note.extra["severity"] ?? "warning") else {
            throw LoadError.problem(path: path, line: 1, message: "`severity` must be error, warning or info")
        }
        guard let link = note.extra["note"], !link.isEmpty else {
            throw LoadError.problem(
                path: path, line: 1, message: "rule `\(id)` names no pattern note (`note: \"[[Title]]\"`)")
        }
        var metadata = RuleMetadata(
            id: id, severity: severity, noteLink: link, summary: note.extra["summary"] ?? "", tags: note.tags,
            correctable: note.extra["correctable"] == "true",
            optIn: note.extra["opt_in"] == "true" || note.extra["opt-in"] == "true",
            path: path, markdown: text, body: note.body, triggering: [], nonTriggering: [], corrections: [],
            pattern: nil, team: nil)
        if note.extra["pattern"] != nil, let raw = DeclarativePattern.rawPattern(in: text) {
            metadata.pattern = try DeclarativePattern.parse(raw, path: path)
        }
        metadata.team = try TeamRuleSpec.read(path: path, text: text)
        if let written = note.extra["swiftlint_id"], !written.isEmpty {
            metadata.swiftLintID = written
        } else if note.tags.contains(swiftLintImportTag) {
            metadata.swiftLintID = String(id.map { $0 == "-" ? "_" : $0 })
        }
        // Each swift block belongs to the section whose heading precedes it.
        var pendingBefore: (String, Int)?
        for block in note.codeBlocks where block.language == "swift" {
            let section = note.headings.last(where: { $0.line < block.line })?.text.lowercased() ?? ""
            let example = Example(code: block.content, line: block.contentLine, info: block.info)
            if section.hasPrefix("non-triggering") || section.hasPrefix("non triggering") {
                metadata.nonTriggering.append(example)
            } else if section.hasPrefix("triggering") {
                metadata.triggering.append(example)
            } else if section.hasPrefix("correction") {
                let words = block.info.split(separator: " ").map(String.init)
                if words.contains("after"), let before = pendingBefore {
                    metadata.corrections.append(Correction(before: before.0, after: block.content, line: before.1))
                    pendingBefore = nil
                } else {
                    pendingBefore = (block.content, block.contentLine)
                }
            }
        }
        return metadata
    }

    /// The tag `import-swiftlint` gives the rules it writes.
    public static let swiftLintImportTag = "swiftlint-import"

    /// The note's title as written in the link: `[[Title|shown]]` → `Title`.
    public var noteTarget: String {
        var target = noteLink.trimmingCharacters(in: .whitespaces)
        if target.hasPrefix("[["), target.hasSuffix("]]") { target = String(target.dropFirst(2).dropLast(2)) }
        if let bar = target.firstIndex(of: "|") { target = String(target[..<bar]) }
        if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
        return target
    }
}
