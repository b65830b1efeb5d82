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

    func diagnostics(at key: String, note: Int?, in text: DocumentPositions) -> [JSON] {
        problems(at: key, note: note).map { problem in
            [
                "range": text.range(of: Self.range(line: problem.line, column: problem.column, in: text)).json,
                "severity": problem.severity == .error ? 1 : 2,
                "code": .string(problem.code),
                "source": "patternlint notes",
                "message": .string(problem.message),
            ]
        }
    }

    /// The bytes a problem at a 1-based line and column (in Unicode scalars) marks: the rest of
    /// the line's word, or a link up to its closing bracket.
    static func range(line: Int, column: Int, in text: DocumentPositions) -> Range<Int> {
        let bytes = text.bytes
        let start = text.offset(line: line, column: column)
        let end = text.lineRange(lspLine: max(0, line - 1)).upperBound
        let rest = bytes[start..<end]
        var last = start
        if rest.starts(with: "[[".utf8) || rest.starts(with: "![[".utf8) {
            while last < end,
                !(bytes[last] == UInt8(ascii: "]") && last + 1 < end && bytes[last + 1] == UInt8(ascii: "]"))
            {
                last += 1
            }
            last = min(last + 2, end)
        } else if rest.first == UInt8(ascii: "[") {
            while last < end, bytes[last] != UInt8(ascii: ")") { last += 1 }
            last = min(last + 1, end)
        } else {
            last = end
        }
        return start..<last
    }
}
