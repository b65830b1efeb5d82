import Foundation
import Lint
import Notes

/// The notes graph as the editor sees it: the session's notes with each open note buffer parsed in
/// place of its file (a new unsaved note in a note folder added), so links, headings and titles
/// typed a moment ago complete, resolve and are checked before the note is saved.
enum NoteBuffers {
    /// The configured note folders (absolute path keys), where a markdown buffer is a note.
    static func noteFolders(_ session: LintSession) -> [String] {
        session.configuration.notes.map { PathKey.of(session.configuration.resolve($0)) }
    }

    /// Whether a markdown file is one of the session's notes, or a new one in a note folder.
    static func isNote(_ key: String, in session: LintSession) -> Bool {
        session.graph.notes.contains { PathKey.of($0.path) == key }
            || noteFolders(session).contains { key.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    static func graph(_ session: LintSession, buffers: [String: [UInt8]]) -> Graph {
        guard !buffers.isEmpty else { return session.graph }
        var pending = buffers
        var notes = session.graph.notes.map { note in
            guard let bytes = pending.removeValue(forKey: PathKey.of(note.path)) else { return note }
            return NoteParser.parse(path: note.path, relativePath: note.relativePath, data: bytes)
        }
        let folders = noteFolders(session)
        for (key, bytes) in pending.sorted(by: { $0.key < $1.key }) {
            guard let folder = folders.first(where: { key.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
                continue
            }
            let relative = String(key.dropFirst(folder.count).drop { $0 == "/" })
            notes.append(NoteParser.parse(path: key, relativePath: relative, data: bytes))
        }
        return Graph(vault: Vault(notes: notes, loadDiagnostics: session.graph.loadDiagnostics))
    }
}
