import Foundation
import Notes
import Support
import SwiftUIModel
import ProjectSettings

/// The rules of a run: metadata from rule files (built-in and a team's), joined to their Swift
/// implementation or declarative pattern, and to the pattern note each one cites.
public struct RuleCatalog: Sendable {
    public struct Entry: Sendable {
        public var metadata: RuleMetadata
        public var rule: any Rule
        /// The resolved pattern note, nil when the rule's `note` does not resolve.
        public var note: NoteReference?
        /// The note's markdown (front matter left out), for reporters that carry it (SARIF help).
        public var noteMarkdown: String?
        /// Whether it came with PatternLint or from a team's folder.
        public var builtin: Bool
    }

    public private(set) var entries: [Entry] = []
    /// Problems loading rule files: unreadable, bad front matter, no implementation, missing note.
    public private(set) var problems: [String] = []

    /// The id of the engine's own rule for suppressions that suppress nothing.
    public static let unusedSuppressionID = "unused-suppression"

    /// With a boundary, no team rule file whose real path leaves it is read (`Vault.markdownFiles`).
    /// `implementations`: the Swift rules the built-in files describe (a front end passes
    /// `BuiltinRules.all`; the engine depends on no rule).
    /// `kinds`: the rule kinds a rule file may describe without Swift (a team's `match:` and
    /// `pattern:`), asked in order before the implementations.
    public init(
        builtinFiles: [(path: String, contents: String)], implementations rules: [any Rule] = [],
        teamFolders: [String] = [], graph: Graph, within boundary: RealPathBoundary? = nil,
        kinds: [any RuleKind] = RuleCatalog.fileKinds
    ) {
        var seen = Set<String>()
        let implementations = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var files = builtinFiles.map { (path: $0.path, contents: $0.contents, builtin: true) }
        for folder in teamFolders {
            let (sources, issues) = Vault.markdownFiles(under: folder, within: boundary)
            problems += issues.map { issue in
                issue.code == "missing-path"
                    ? "\(issue.path): no such rule folder; no team rules read from it" : issue.description
            }
            for source in sources {
                do {
                    files.append((source.path, String(decoding: try source.read(), as: UTF8.self), false))
                } catch {
                    problems.append("\(source.path): cannot read rule file")
                }
            }
        }
        // A rule folder may hold its rules' notes (`import-swiftlint` writes them to `DIR/notes/`).
        // Made on the first rule file that does not parse: making every note's path absolute
        // costs more than reading the built-in rules, and a tidy run never needs it.
        var notePaths: Set<String>?
        for file in files {
            let metadata: RuleMetadata
            do {
                metadata = try RuleMetadata.parse(path: file.path, text: file.contents)
            } catch {
                if !file.builtin, !file.contents.hasIDLine {
                    let paths = notePaths ?? Set(graph.notes.map { PathScope.absolute($0.path) })
                    notePaths = paths
                    if paths.contains(PathScope.absolute(file.path)) { continue }
                }
                problems.append("\(error)")
                continue
            }
            guard seen.insert(metadata.id).inserted else {
                problems.append("\(file.path): rule `\(metadata.id)` is defined twice")
                continue
            }
            var rule: (any Rule)?
            do {
                for kind in kinds where rule == nil { rule = try kind.rule(for: metadata) }
            } catch {
                problems.append("\(file.path): \(error)")
                continue
            }
            if rule == nil {
                rule =
                    metadata.id == Self.unusedSuppressionID ? UnusedSuppressionMarker() : implementations[metadata.id]
            }
            guard var implementation = rule else {
                problems.append("\(file.path): rule `\(metadata.id)` has no implementation and no `pattern` or `match`")
                continue
            }
            // `paths:` on a `pattern:` rule (a `match:` rule applies its own).
            if metadata.team?.matcher == nil, let scope = metadata.team?.scope {
                implementation = PathScopedRule(base: implementation, scope: scope)
            }
            var note: NoteReference?
            var noteMarkdown: String?
            if case .resolved(let index) = graph.resolve(metadata.noteTarget) {
                let found = graph.notes[index]
                note = NoteReference(title: found.title, permalink: found.permalink, path: found.path)
                noteMarkdown = found.body.drop(while: { $0 == "\n" }).description
            } else {
                problems.append("\(file.path): rule `\(metadata.id)` cites \(metadata.noteLink), which is not a note")
            }
            entries.append(
                Entry(
                    metadata: metadata, rule: implementation, note: note, noteMarkdown: noteMarkdown,
                    builtin: file.builtin))
        }
        for id in implementations.keys where !seen.contains(id) {
            problems.append("built-in rule `\(id)` has no rule file in Rules/")
        }
        entries.sort { $0.metadata.id < $1.metadata.id }
    }

    /// The kinds of rule a rule file describes by itself: a team's `match:`, then `pattern:`.
    public static let fileKinds: [any RuleKind] = [MatchRuleKind(), PatternRuleKind()]

    public func entry(_ id: String) -> Entry? { entries.first { $0.metadata.id == id } }

    public var ids: Set<String> { Set(entries.map(\.metadata.id)) }
}

/// Stands for `unused-suppression`, which the engine itself checks after the other rules.
struct UnusedSuppressionMarker: Rule {
    let id = RuleCatalog.unusedSuppressionID
    func check(_ file: LintFile, options: RuleOptions) -> [Hit] { [] }
}

extension String {
    /// Whether the text has an `id:` line (a rule file's front matter does; a note's does not).
    fileprivate var hasIDLine: Bool {
        split(separator: "\n", maxSplits: 40).contains { $0.hasPrefix("id:") }
    }
}

/// A kind of rule that a rule file's front matter describes without Swift code.
public protocol RuleKind: Sendable {
    /// The rule when the file's front matter is of this kind, nil when it is not; throws a
    /// message (without the path) when it is but the rule cannot be made.
    func rule(for metadata: RuleMetadata) throws -> (any Rule)?
}

/// A team rule's `match:` (`TeamRule`).
public struct MatchRuleKind: RuleKind {
    public init() {}

    public func rule(for metadata: RuleMetadata) throws -> (any Rule)? {
        guard let spec = metadata.team, let rule = TeamRule(id: metadata.id, spec: spec) else { return nil }
        if metadata.pattern != nil {
            throw LintProblem("rule `\(metadata.id)` has both `pattern` and `match`; keep one")
        }
        return rule
    }
}

/// A rule file's `pattern:` (`DeclarativeRule`).
public struct PatternRuleKind: RuleKind {
    public init() {}

    public func rule(for metadata: RuleMetadata) throws -> (any Rule)? {
        metadata.pattern.map { DeclarativeRule(id: metadata.id, pattern: $0) }
    }
}
