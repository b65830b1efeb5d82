import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel

/// A finding's code actions: each fix it carries as a workspace edit (safe ones preferred, unsafe
/// ones labelled), a suppression comment above its line, and its pattern note to open.
struct FindingCodeActions {
    /// `workspace/executeCommand` with the note's address: the server sends `window/showDocument`.
    static let openNoteCommand = "patternlint.openNote"

    let uri: String
    let text: DocumentPositions
    let diagnostics: FindingDiagnostics

    func actions(for finding: Finding) -> [JSON] {
        let diagnostic = diagnostics.diagnostic(finding, in: text)
        var actions: [JSON] = []
        if let fix = finding.fix, !fix.edits.isEmpty {
            let safe = fix.applicability == .safe
            actions.append(
                action(
                    title: "Fix \(finding.ruleID)" + (safe ? "" : " (unsafe)"),
                    edits: fix.edits.map(textEdit), diagnostic: diagnostic, preferred: safe))
        }
        actions.append(
            action(
                title: "Disable \(finding.ruleID) for this line", edits: [disableComment(finding)],
                diagnostic: diagnostic, preferred: false))
        // The client cannot open a page from a code action itself: the server asks it to. A bare
        // `Command` (which a code action list may hold), as some clients read any entry with a
        // `command` as one.
        if let note = finding.note, let href = diagnostics.notes.href(for: note) {
            actions.append([
                "title": .string("Open pattern note \"\(note.title)\""),
                "command": .string(Self.openNoteCommand),
                "arguments": [.string(href)],
            ])
        }
        return actions
    }

    private func action(title: String, edits: [JSON], diagnostic: JSON, preferred: Bool) -> JSON {
        [
            "title": .string(title),
            "kind": "quickfix",
            "diagnostics": [diagnostic],
            "isPreferred": .bool(preferred),
            "edit": ["changes": .object([uri: .array(edits)])],
        ]
    }

    /// Byte offsets become positions in the negotiated encoding.
    private func textEdit(_ edit: Edit) -> JSON {
        ["range": text.range(of: edit.range).json, "newText": .string(edit.replacement)]
    }

    /// `// patternlint:disable:next RULE -- ` at the line's indentation, the reason left to write.
    private func disableComment(_ finding: Finding) -> JSON {
        let line = max(0, finding.line - 1)
        let indentation = text.bytes[text.lineRange(lspLine: line)].prefix { $0 == 0x20 || $0 == 0x09 }
        return [
            "range": LSPRange.startOf(line: line).json,
            "newText": .string(
                "\(String(decoding: indentation, as: UTF8.self))// patternlint:disable:next \(finding.ruleID) -- \n"),
        ]
    }
}
