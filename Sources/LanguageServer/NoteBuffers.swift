import Foundation
import BuiltinRules
import LintEngine
import Reporters
import Support
import SwiftUIModel
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
    static func isNote(_ key: String, in session: LintSession, keys: NoteKeys) -> Bool {
        keys.index(of: key) != nil
            || noteFolders(session).contains { key.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Whether two readings of a note give the graph the same facts: names, headings, code
    /// blocks, links (with their places), observations and problems; the prose may differ. Then a
    /// graph made with one holds for the other (typing a sentence does not make it again).
    static func sameFacts(_ a: Note, _ b: Note) -> Bool {
        a.path == b.path && a.relativePath == b.relativePath && a.title == b.title && a.type == b.type
            && a.permalink == b.permalink && a.tags == b.tags && a.aliases == b.aliases && a.extra == b.extra
            && a.frontMatter == b.frontMatter && a.headings == b.headings && a.codeBlocks == b.codeBlocks
            && a.links == b.links && a.observations == b.observations && a.diagnostics == b.diagnostics
            && a.blockIDs == b.blockIDs && a.inlineTags == b.inlineTags
    }

    /// The note a buffer holds, read as the graph reads its note `index`.
    static func note(_ index: Int, in graph: Graph, bytes: [UInt8]) -> Note {
        let known = graph.notes[index]
        var note = NoteParser.parse(path: known.path, relativePath: known.relativePath, data: bytes)
        note.linkNames = known.linkNames
        return note
    }

    /// The session's graph with the buffers (by key) in place of their notes' files, and its keys
    /// (`keys`: the session's).
    static func graph(_ session: LintSession, keys: NoteKeys, buffers: [String: [UInt8]]) -> (Graph, NoteKeys) {
        guard !buffers.isEmpty else { return (session.graph, keys) }
        var pending = buffers
        var notes = session.graph.notes.map { note in
            guard let bytes = pending.removeValue(forKey: keys.key(ofPath: note.path)) else { return note }
            var parsed = NoteParser.parse(path: note.path, relativePath: note.relativePath, data: bytes)
            parsed.linkNames = note.linkNames
            return parsed
        }
        var graphKeys = keys
        let folders = noteFolders(session)
        for (key, bytes) in pending.sorted(by: { $0.key < $1.key }) {
            guard let folder = folders.first(where: { key.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
                continue
            }
            let relative = String(key.dropFirst(folder.count).drop { $0 == "/" })
            graphKeys.add(path: key, key: key, index: notes.count)
            notes.append(NoteParser.parse(path: key, relativePath: relative, data: bytes))
        }
        let vault = Vault(
            notes: notes, loadDiagnostics: session.graph.loadDiagnostics, attachments: session.graph.attachments)
        var graph = Graph(vault: vault)
        // The rules' citations, as the session's graph has them (a buffer may make one resolve).
        graph.cite(
            session.catalog.entries.compactMap {
                RuleCitation.read(path: $0.metadata.path, bytes: Array($0.metadata.markdown.utf8))
            })
        return (graph, graphKeys)
    }
}
