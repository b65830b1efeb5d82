import Notes
import SwiftUIModel
import ProjectSettings
import Support

/// Lints the Swift examples of pattern notes, so notes cannot drift from the rules:
/// a block marked ```` ```swift good ```` must produce no finding; ```` ```swift bad RULE ````
/// must produce at least one finding of RULE. Unmarked blocks are not checked.
public struct NoteExampleChecker: Sendable {
    public var catalog: RuleCatalog

    public init(catalog: RuleCatalog) { self.catalog = catalog }

    public struct Outcome: Sendable {
        public var diagnostics: [NoteDiagnostic]
        public var examplesChecked: Int
    }

    /// Everything `notes check` reports, and the MCP `check_notes` tool: the graph's own problems,
    /// rules citing no note and, with `examples`, examples that drift; by path, line, column, code.
    /// `brokenLinks`: see `Graph.check`.
    public func problems(
        in graph: Graph, orphans: Bool = true, examples: Bool = true, builtinNotesLoaded: Bool = true,
        brokenLinks: Graph.BrokenLinks? = nil
    ) -> [NoteDiagnostic] {
        var problems = graph.check(reportOrphans: orphans, brokenLinks: brokenLinks)
        problems += ruleProblems(builtinNotesLoaded: builtinNotesLoaded)
        if examples { problems += check(graph.notes).diagnostics }
        return problems.sorted { ($0.path, $0.line, $0.column, $0.code) < ($1.path, $1.line, $1.column, $1.code) }
    }

    public func check(_ notes: [Note]) -> Outcome {
        var configuration = Configuration()
        configuration.optInRules = catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
            .filter { $0 != RuleCatalog.unusedSuppressionID }
        let linter = Linter(catalog: catalog, configuration: configuration)
        var diagnostics: [NoteDiagnostic] = []
        var checked = 0
        for note in notes {
            for block in note.codeBlocks where block.language == "swift" {
                let words = block.info.split(separator: " ").map(String.init)
                guard words.count >= 2, words[1] == "good" || words[1] == "bad" else { continue }
                checked += 1
                let result = linter.lint([LintInput(path: "\(note.path):\(block.line)") { Array(block.content.utf8) }])
                if words[1] == "good" {
                    for finding in result.findings {
                        diagnostics.append(
                            NoteDiagnostic(
                                .error, "example-drift", path: note.path, line: block.contentLine + finding.line - 1,
                                column: finding.column,
                                "example marked `good` triggers `\(finding.ruleID)`: \(finding.message)"))
                    }
                } else {
                    let expected = Array(words.dropFirst(2))
                    if expected.isEmpty {
                        diagnostics.append(
                            NoteDiagnostic(
                                .warning, "example-drift", path: note.path, line: block.line,
                                "example marked `bad` names no rule (write ```swift bad RULE-ID)"))
                    }
                    for rule in expected {
                        if catalog.entry(rule) == nil {
                            diagnostics.append(
                                NoteDiagnostic(
                                    .error, "example-drift", path: note.path, line: block.line,
                                    "example names unknown rule `\(rule)`"))
                        } else if !result.findings.contains(where: { $0.ruleID == rule }) {
                            diagnostics.append(
                                NoteDiagnostic(
                                    .error, "example-drift", path: note.path, line: block.line,
                                    "example marked `bad \(rule)` does not trigger `\(rule)`"))
                        }
                    }
                }
            }
        }
        return Outcome(diagnostics: diagnostics, examplesChecked: checked)
    }

    /// Rules whose note does not resolve, as note-check errors. Without the built-in notes
    /// (`--no-builtin-notes`), the built-in rules' notes are not in play: only team rules are checked.
    public func ruleProblems(builtinNotesLoaded: Bool = true) -> [NoteDiagnostic] {
        catalog.entries.filter { $0.note == nil && (builtinNotesLoaded || !$0.builtin) }.map { entry in
            NoteDiagnostic(
                .error, "rule-missing-note", path: entry.metadata.path, line: 1,
                "rule `\(entry.metadata.id)` cites \(entry.metadata.noteLink), which is not a note")
        }
    }
}
