import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel

/// Hover on a finding: its message, the code that proves it, and its pattern note's summary.
struct FindingHover {
    let notes: NoteLookup

    func markdown(for findings: [Finding]) -> String {
        findings.map(section).joined(separator: "\n\n---\n\n")
    }

    private func section(_ finding: Finding) -> String {
        let sureness = finding.confidenceLabel.map { ", \($0)" } ?? ""
        var text = "**\(finding.ruleID)** (\(finding.severity.rawValue)\(sureness)): \(finding.message)"
        if !finding.related.isEmpty {
            text += "\n\nEvidence:\n"
            text += finding.related.map { "- `\($0.path):\($0.line):\($0.column)`: \($0.message)" }
                .joined(separator: "\n")
        }
        if let note = finding.note {
            let title = notes.href(for: note).map { "[\(note.title)](\($0))" } ?? note.title
            text += "\n\nPattern note: **\(title)**"
            if let summary = notes.summary(of: note) { text += "\n\n" + summary }
        }
        return text
    }
}
