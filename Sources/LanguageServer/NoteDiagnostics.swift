import Foundation
import BuiltinRules
import LintEngine
import Reporters
import Support
import SwiftUIModel
import Notes

/// What `notes check` reports for one note, or one rule file, as LSP diagnostics: broken and
/// ambiguous links, missing headings, bad front matter, duplicates, orphans, the note's Swift
/// examples that drift from the rules, and a rule file citing no note.
struct NoteDiagnostics {
    let graph: Graph
    let catalog: RuleCatalog
    /// The graph's problems and the rules citing no note, by file: worked out once for the graph.
    private let byFile: [String: [NoteDiagnostic]]

    init(graph: Graph, catalog: RuleCatalog, keys: NoteKeys) {
        self.graph = graph
        self.catalog = catalog
        let problems = graph.check(reportOrphans: true) + NoteExampleChecker(catalog: catalog).ruleProblems()
        byFile = Dictionary(grouping: problems) { keys.key(ofPath: $0.path) }
    }

    /// The problems of the file `key`, with the examples of its note (`note`, when it is one).
    func problems(at key: String, note: Int?) -> [NoteDiagnostic] {
        var problems = byFile[key] ?? []
        if let note { problems += NoteExampleChecker(catalog: catalog).check([graph.notes[note]]).diagnostics }
        return problems.sorted { ($0.line, $0.column, $0.code) < ($1.line, $1.column, $1.code) }
    }

    func diagnostics(at key: String, note: Int?, in text: TextPositions) -> [JSON] {
        problems(at: key, note: note).map { problem in
            [
                "range": FindingDiagnostics.range(Self.range(line: problem.line, column: problem.column, in: text)),
                "severity": problem.severity == .error ? 1 : 2,
                "code": .string(problem.code),
                "source": "patternlint notes",
                "message": .string(problem.message),
            ]
        }
    }

    /// A 1-based line and column in Unicode scalars, as LSP's 0-based line and UTF-16 columns over
    /// the rest of the line's word (a link: up to its closing bracket).
    static func range(line: Int, column: Int, in text: TextPositions) -> (line: Int, start: Int, end: Int) {
        let zeroLine = max(0, line - 1)
        let scalars = Array(text.text(ofLine: zeroLine).unicodeScalars)
        let first = min(max(0, column - 1), scalars.count)
        var last = first
        if scalars[first...].starts(with: "[[".unicodeScalars) || scalars[first...].starts(with: "![[".unicodeScalars) {
            while last < scalars.count, !(scalars[last] == "]" && last + 1 < scalars.count && scalars[last + 1] == "]")
            {
                last += 1
            }
            last = min(last + 2, scalars.count)
        } else if scalars[first...].first == "[" {
            while last < scalars.count, scalars[last] != ")" { last += 1 }
            last = min(last + 1, scalars.count)
        } else {
            last = scalars.count
        }
        let units = { (range: Range<Int>) in scalars[range].reduce(0) { $0 + $1.utf16.count } }
        let start = units(0..<first)
        return (zeroLine, start, start + max(units(first..<last), scalars.isEmpty ? 0 : 0))
    }
}
