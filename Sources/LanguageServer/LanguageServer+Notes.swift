import Foundation
import BuiltinRules
import LintEngine
import Reporters
import Support
import SwiftUIModel
import Notes
import Support

/// The pattern notes in the editor: their `notes check` problems as diagnostics while they are
/// edited, links that lead somewhere (definition, hover), backlinks as references, headings as the
/// outline, and completion of note names, headings and a rule file's `note:`. Every answer reads
/// the graph with the open note buffers in place of their files.
extension LanguageServer {
    /// A note buffer changed (or, with no key, the session was loaded again): the graph is made
    /// again on first use, unless the buffer still gives it the same facts, and the open notes are
    /// checked once the messages already read are handled.
    func notesChanged(_ key: String? = nil) {
        if let key, let (graph, keys) = bufferedNotes, let bytes = documents[key]?.bytes,
            let index = keys.index(of: key),
            NoteBuffers.sameFacts(graph.notes[index], NoteBuffers.note(index, in: graph, bytes: bytes))
        {
            // Prose typed: every fact the graph holds stands (its copy of the prose may lag).
        } else {
            bufferedNotes = nil
            checkedGraph = nil
        }
        noteCheckGeneration += 1
        let generation = noteCheckGeneration
        queue.async {
            guard generation == self.noteCheckGeneration else { return }
            self.checkOpenNotes()
        }
    }

    func noteGraph() -> Graph? { bufferedGraph()?.graph }

    /// The graph with the buffers, made on first use, and its notes' keys.
    func bufferedGraph() -> (graph: Graph, keys: NoteKeys)? {
        guard let workspace else { return nil }
        if let bufferedNotes { return bufferedNotes }
        let session = workspace.session
        let keys = workspace.noteKeys
        let buffers = documents.filter {
            $0.key.hasSuffix(".md") && NoteBuffers.isNote($0.key, in: session, keys: keys)
        }
        let made = NoteBuffers.graph(session, keys: keys, buffers: buffers.mapValues(\.bytes))
        bufferedNotes = made
        return made
    }

    /// The note of the buffer `key` in the graph with the buffers.
    func noteIndex(at key: String) -> Int? { bufferedGraph()?.keys.index(of: key) }

    /// The open notes' and rule files' problems, published when they change.
    private func checkOpenNotes() {
        let clock = PhaseClock()
        guard let workspace, let (graph, keys) = bufferedGraph() else { return }
        clock.mark("notes: graph with buffers")
        defer { clock.mark("notes: checked") }
        let ruleFiles = Set(workspace.session.catalog.entries.map { PathKey.of($0.metadata.path) })
        // The graph's own problems once per graph, not once per open note.
        let checker = checkedGraph ?? NoteDiagnostics(graph: graph, catalog: workspace.session.catalog, keys: keys)
        checkedGraph = checker
        for (key, document) in documents where key.hasSuffix(".md") && document.inSync {
            let note = keys.index(of: key)
            guard ruleFiles.contains(key) || note != nil else { continue }
            let diagnostics = checker.diagnostics(at: key, note: note, in: positions(document.bytes))
            guard checkedNotes[key] != diagnostics else { continue }
            checkedNotes[key] = diagnostics
            publish(uri: document.uri, version: document.version, diagnostics: diagnostics)
        }
    }

    /// The open markdown buffer at the request's position.
    func noteCursor(_ params: JSON) throws -> (key: String, cursor: TextCursor)? {
        let (key, _) = try document(params)
        guard let position = LSPPosition(params["position"]) else {
            throw RequestError.invalidParams("`position` must have a line and a character")
        }
        guard key.hasSuffix(".md"), let document = documents[key], document.inSync else { return nil }
        return (key, TextCursor(positions(document.bytes), at: position))
    }

    /// Where the link at the request's position leads: its note (from the parsed link, or from
    /// the `[[…]]` text around the cursor in a rule file) and the heading it names.
    private func linkTarget(_ params: JSON) throws -> (graph: Graph, note: Int, heading: String?)? {
        guard let (key, cursor) = try noteCursor(params), let graph = noteGraph(), let workspace else { return nil }
        let links = NoteLinks(graph: graph, catalog: workspace.session.catalog, encoding: encoding)
        if let note = noteIndex(at: key), let (edge, _) = links.edge(in: note, at: cursor) {
            guard let target = edge.target else { return nil }
            return (graph, target, edge.link.anchor)
        }
        guard let link = NoteNavigation.wikiLink(at: cursor) else { return nil }
        if link.note.isEmpty, let own = noteIndex(at: key) { return (graph, own, link.heading) }
        guard case .resolved(let target) = graph.resolve(link.note) else { return nil }
        return (graph, target, link.heading)
    }

    func noteHover(_ params: JSON) throws -> JSON? {
        guard try noteCursor(params) != nil else { return nil }
        guard let (graph, note, _) = try linkTarget(params), let workspace else { return .null }
        return NoteNavigation(graph: graph).hover(of: note, notes: NoteLookup(session: workspace.session))
    }

    func definition(_ params: JSON) throws -> JSON {
        guard let (graph, note, heading) = try linkTarget(params) else { return .null }
        return NoteNavigation(graph: graph).location(of: note, heading: heading)
    }

    func completion(_ params: JSON) throws -> JSON {
        guard let (_, cursor) = try noteCursor(params), let graph = noteGraph() else { return .null }
        return NoteNavigation(graph: graph).completions(at: cursor) ?? .null
    }

    /// On a link: what leads to its note; elsewhere in a note: what leads to this note.
    func references(_ params: JSON) throws -> JSON {
        guard let (key, _) = try noteCursor(params), let graph = noteGraph(), let workspace else { return .null }
        let links = NoteLinks(graph: graph, catalog: workspace.session.catalog, encoding: encoding)
        guard let note = try linkTarget(params)?.note ?? noteIndex(at: key) else { return [] }
        return links.references(to: note, includingItself: params["context"]?["includeDeclaration"] == .bool(true))
    }

    /// The note a rename here renames, and the range of its name here: the note a link under the
    /// cursor leads to (in a note or a rule file), or this note when the cursor is on its title.
    private func renameTarget(_ params: JSON) throws -> (note: Int, range: LSPRange)? {
        guard let (key, cursor) = try noteCursor(params), let graph = noteGraph(), let workspace else { return nil }
        let links = NoteLinks(graph: graph, catalog: workspace.session.catalog, encoding: encoding)
        let own = noteIndex(at: key)
        var found: (note: Int, bytes: Range<Int>)?
        if let own, let (edge, bytes) = links.edge(in: own, at: cursor), let target = edge.target {
            found = (target, bytes)
        } else if let link = NoteNavigation.wikiLink(at: cursor), !link.note.isEmpty,
            case .resolved(let target) = graph.resolve(link.note)
        {
            found = (target, link.name)
        } else if let own, let range = NoteRenaming.titleRange(at: cursor, title: graph.notes[own].title),
            range.lowerBound <= cursor.offset, cursor.offset <= range.upperBound
        {
            found = (own, range)
        }
        // Only a note the session read from disk (the buffers' graph keeps their places) is renamed.
        guard let found, found.note < workspace.session.graph.notes.count,
            PathKey.of(workspace.session.graph.notes[found.note].path) == PathKey.of(graph.notes[found.note].path)
        else { return nil }
        return (found.note, cursor.text.range(of: found.bytes))
    }

    func prepareRename(_ params: JSON) throws -> JSON {
        guard let (note, range) = try renameTarget(params), let workspace else { return .null }
        return ["range": range.json, "placeholder": .string(workspace.session.graph.notes[note].title)]
    }

    func rename(_ params: JSON) throws -> JSON {
        guard let title = params["newName"]?.string else { throw RequestError.invalidParams("`newName` is missing") }
        guard let (note, _) = try renameTarget(params), let workspace else {
            throw RequestError(
                code: JSONRPC.requestFailed, message: "rename a note on its title or on a link to it")
        }
        return try NoteRenaming(
            session: workspace.session, documents: documents, editorRenamesFiles: editorRenamesFiles,
            encoding: encoding
        )
        .edit(renaming: note, to: title)
    }

    func documentSymbols(_ params: JSON) throws -> JSON {
        let (key, _) = try document(params)
        guard key.hasSuffix(".md"), let document = documents[key], document.inSync, let graph = noteGraph(),
            let workspace
        else {
            return []
        }
        let links = NoteLinks(graph: graph, catalog: workspace.session.catalog, encoding: encoding)
        guard let note = noteIndex(at: key) else { return [] }
        return links.symbols(of: note, text: positions(document.bytes))
    }
}
