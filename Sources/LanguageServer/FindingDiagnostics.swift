import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Support

/// A finding as an LSP diagnostic: severity as Xcode shows it, the rule id as `code`, the note as
/// `codeDescription`, the evidence as `relatedInformation`.
struct FindingDiagnostics {
    let notes: NoteLookup

    static func severity(_ severity: Severity) -> JSON {
        switch severity {
        case .error: 1
        case .warning: 2
        case .info: 3
        }
    }

    static func range(_ range: (line: Int, start: Int, end: Int)) -> JSON {
        [
            "start": ["line": .number(Double(range.line)), "character": .number(Double(range.start))],
            "end": ["line": .number(Double(range.line)), "character": .number(Double(range.end))],
        ]
    }

    static func position(_ position: (line: Int, character: Int)) -> JSON {
        ["line": .number(Double(position.line)), "character": .number(Double(position.character))]
    }

    func diagnostic(_ finding: Finding, in text: TextPositions) -> JSON {
        var members: [String: JSON] = [
            "range": Self.range(text.range(line: finding.line, column: finding.column)),
            "severity": Self.severity(finding.severity),
            "code": .string(finding.ruleID),
            "source": "patternlint",
            "message": .string(finding.message),
            // The confidence travels with the diagnostic (clients show `data` in code actions and hovers).
            "data": ["confidence": .string(finding.confidence.rawValue)],
        ]
        if let note = finding.note, let href = notes.href(for: note) {
            members["codeDescription"] = ["href": .string(href)]
        }
        if !finding.related.isEmpty {
            members["relatedInformation"] = .array(
                finding.related.map { relatedInformation($0, findingPath: finding.path, text: text) })
        }
        return .object(members)
    }

    /// Evidence in the finding's own buffer is placed on its word in UTF-16 columns, as the
    /// finding is; in another file, whose text is not at hand, the column is taken as is.
    func relatedInformation(_ related: RelatedLocation, findingPath: String, text: TextPositions) -> JSON {
        let path = PathKey.of(related.path)
        let range =
            path == PathKey.of(findingPath)
            ? text.range(line: related.line, column: related.column)
            : (max(0, related.line - 1), max(0, related.column - 1), max(0, related.column - 1))
        return [
            "location": ["uri": .string(DocumentURI.from(path: path)), "range": Self.range(range)],
            "message": .string(related.message),
        ]
    }
}

/// `file://` URIs and the paths they name.
enum DocumentURI {
    static func from(path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return PathKey.of(url.path)
    }
}
