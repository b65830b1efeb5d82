import Foundation
import BuiltinRules
import LintEngine
import Reporters
import Support
import SwiftUIModel
import Notes

/// Rename of a note from the editor: the plan of the notes' own rename core (`NoteRename`, as
/// `notes rename` makes it) as a workspace edit, each file's byte ranges as LSP ranges of the text
/// it was planned on, and the note's file renamed after its title. The server writes nothing.
struct NoteRenaming {
    let session: LintSession
    let documents: [String: OpenDocument]
    /// Whether the editor applies `documentChanges` with file renames (`RenameFile`).
    let editorRenamesFiles: Bool
    /// The encoding of the edits' positions, as `initialize` agreed.
    let encoding: PositionEncoding

    /// The edit renaming note `index` of the session's graph to `title`. Throws `RequestError` when
    /// the note is not a file in a note folder, the title is taken, a file to change has unsaved
    /// changes in the editor, or the editor cannot rename files and the file's name changes.
    func edit(renaming index: Int, to title: String) throws -> JSON {
        let configuration = session.configuration
        let plan: NoteEditPlan
        do {
            plan = try NoteRename.plan(
                .init(note: index, title: title), in: session.graph,
                folders: NoteFolders(configuration.notes.map(configuration.resolve)),
                citations: RuleCitation.read(folders: configuration.rules.map(configuration.resolve)))
        } catch let refusal as NoteWriteRefusal {
            throw RequestError(code: JSONRPC.requestFailed, message: refusal.description)
        }
        for skipped in plan.skipped { ServerLog.write("rename: left as written: \(skipped)") }
        var changes: [JSON] = []
        var renames: [JSON] = []
        for file in plan.files {
            let key = PathKey.of(file.path)
            let uri = DocumentURI.from(path: key)
            // Planned on the disk's bytes: a buffer with other text would get edits in the wrong places.
            if let open = documents[key], !open.inSync || open.bytes != file.original {
                let why = open.inSync ? "has unsaved changes; save it" : "is out of sync with the editor; reopen it"
                throw RequestError(code: JSONRPC.requestFailed, message: "\(file.path) \(why), then rename")
            }
            let text = DocumentPositions(file.original, encoding: encoding)
            let edits: [JSON] = file.replacements.map { replacement in
                ["range": text.range(of: replacement.range).json, "newText": .string(replacement.text)]
            }
            if !edits.isEmpty {
                let version = documents[key]?.version.map { JSON.number(Double($0)) } ?? .null
                changes.append(["textDocument": ["uri": .string(uri), "version": version], "edits": .array(edits)])
            }
            if let newPath = file.newPath {
                renames.append([
                    "kind": "rename", "oldUri": .string(uri),
                    "newUri": .string(DocumentURI.from(path: PathKey.of(newPath))),
                ])
            }
        }
        if !renames.isEmpty, !editorRenamesFiles {
            throw RequestError(
                code: JSONRPC.requestFailed,
                message: "the editor cannot rename files (workspaceEdit.resourceOperations); "
                    + "run `patternlint notes rename \"\(session.graph.notes[index].title)\" \"\(title)\"`")
        }
        // The text first, on the files' old names; then the files renamed.
        return ["documentChanges": .array(changes + renames)]
    }

    /// Where a rename may start in a note's buffer: on the cursor's line, its `title:` line in the
    /// front matter or its `# Title` heading, the bytes of the title there.
    static func titleRange(at cursor: TextCursor, title: String) -> Range<Int>? {
        let line = cursor.text.bytes[cursor.lineBytes]
        let name = Array(title.utf8)
        guard !name.isEmpty else { return nil }
        for prefix in ["title:", "# "] where line.starts(with: prefix.utf8) {
            var start = line.startIndex
            while start + name.count <= line.endIndex {
                if line[start..<(start + name.count)].elementsEqual(name) { return start..<(start + name.count) }
                start += 1
            }
        }
        return nil
    }
}
