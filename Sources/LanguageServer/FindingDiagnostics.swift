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
    /// The files evidence points into, to place it in the negotiated encoding.
    let evidence: EvidenceTexts

    static func severity(_ severity: Severity) -> JSON {
        switch severity {
        case .error: 1
        case .warning: 2
        case .info: 3
        }
    }

    func diagnostic(_ finding: Finding, in text: DocumentPositions) -> JSON {
        var members: [String: JSON] = [
            "range": text.range(line: finding.line, column: finding.column).json,
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

    /// Evidence is placed on its word, as the finding is: in the finding's own buffer, or in the
    /// text of the file it is in. A file that cannot be read gets the column as it is.
    func relatedInformation(_ related: RelatedLocation, findingPath: String, text: DocumentPositions) -> JSON {
        let path = PathKey.of(related.path)
        let file = path == PathKey.of(findingPath) ? text : evidence.positions(of: path)
        let range =
            file?.range(line: related.line, column: related.column)
            ?? LSPRange(
                start: LSPPosition(line: max(0, related.line - 1), character: max(0, related.column - 1)),
                end: LSPPosition(line: max(0, related.line - 1), character: max(0, related.column - 1)))
        return [
            "location": ["uri": .string(DocumentURI.from(path: path)), "range": range.json],
            "message": .string(related.message),
        ]
    }
}

/// The texts of the files evidence points into, each read once per answer: the open buffer when
/// there is one (its text is what the editor shows), else the file on disk.
final class EvidenceTexts {
    private let buffers: [String: [UInt8]]
    private let encoding: PositionEncoding
    private var read: [String: DocumentPositions?] = [:]

    init(buffers: [String: [UInt8]], encoding: PositionEncoding) {
        self.buffers = buffers
        self.encoding = encoding
    }

    func positions(of key: String) -> DocumentPositions? {
        if let known = read[key] { return known }
        let bytes = buffers[key] ?? (try? FileContents.read(key, regularOnly: true))
        let found = bytes.map { DocumentPositions($0, encoding: encoding) }
        read[key] = found
        return found
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
