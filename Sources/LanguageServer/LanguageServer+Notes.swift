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
            let diagnostics = checker.diagnostics(at: key, note: note, in: TextPositions(document.bytes))
            guard checkedNotes[key] != diagnostics else { continue }
            checkedNotes[key] = diagnostics
            publish(uri: document.uri, version: document.version, diagnostics: diagnostics)
        }
    }

    /// The open markdown buffer's line at the request's position.
    func noteLine(_ params: JSON) throws -> (key: String, line: Substring, number: Int, character: Int)? {
        let (key, _) = try document(params)
        guard let line = params["position"]?["line"]?.int, let character = params["position"]?["character"]?.int else {
            throw RequestError.invalidParams("`position` must have a line and a character")
        }
        guard key.hasSuffix(".md"), let document = documents[key], document.inSync else { return nil }
        return (key, TextPositions(document.bytes).text(ofLine: line), line, character)
    }

    /// Where the link at the request's position leads: its note (from the parsed link, or from
    /// the `[[…]]` text around the cursor in a rule file) and the heading it names.
    private func linkTarget(_ params: JSON) throws -> (graph: Graph, note: Int, heading: String?)? {
        guard let (key, line, number, character) = try noteLine(params), let graph = noteGraph(),
            let document = documents[key], let workspace
        else { return nil }
        let links = NoteLinks(graph: graph, catalog: workspace.session.catalog)
        if let note = noteIndex(at: key),
            let edge = links.edge(in: note, line: number, character: character, text: TextPositions(document.bytes))
        {
            guard let target = edge.target else { return nil }
            return (graph, target, edge.link.anchor)
        }
        guard let link = NoteNavigation.wikiLink(in: line, at: character) else { return nil }
        if link.note.isEmpty, let own = noteIndex(at: key) { return (graph, own, link.heading) }
        guard case .resolved(let target) = graph.resolve(link.note) else { return nil }
        return (graph, target, link.heading)
    }

    func noteHover(_ params: JSON) throws -> JSON? {
        guard try noteLine(params) != nil else { return nil }
        guard let (graph, note, _) = try linkTarget(params), let workspace else { return .null }
        return NoteNavigation(graph: graph).hover(of: note, notes: NoteLookup(session: workspace.session))
    }

    func definition(_ params: JSON) throws -> JSON {
        guard let (graph, note, heading) = try linkTarget(params) else { return .null }
        return NoteNavigation(graph: graph).location(of: note, heading: heading)
    }

    func completion(_ params: JSON) throws -> JSON {
        guard let (_, line, number, character) = try noteLine(params), let graph = noteGraph() else { return .null }
        return NoteNavigation(graph: graph).completions(in: line, lineNumber: number, at: character) ?? .null
    }

    /// On a link: what leads to its note; elsewhere in a note: what leads to this note.
    func references(_ params: JSON) throws -> JSON {
        guard let (key, _, _, _) = try noteLine(params), let graph = noteGraph(), let workspace else { return .null }
        let links = NoteLinks(graph: graph, catalog: workspace.session.catalog)
        guard let note = try linkTarget(params)?.note ?? noteIndex(at: key) else { return [] }
        return links.references(to: note, includingItself: params["context"]?["includeDeclaration"] == .bool(true))
    }

    /// The note a rename here renames, and the range of its name here: the note a link under the
    /// cursor leads to (in a note or a rule file), or this note when the cursor is on its title.
    private func renameTarget(_ params: JSON) throws -> (note: Int, range: (line: Int, start: Int, end: Int))? {
        guard let (key, line, number, character) = try noteLine(params), let graph = noteGraph(), let workspace,
            let document = documents[key]
        else { return nil }
        let links = NoteLinks(graph: graph, catalog: workspace.session.catalog)
        let own = noteIndex(at: key)
        var found: (note: Int, range: (line: Int, start: Int, end: Int))?
        if let own,
            let edge = links.edge(in: own, line: number, character: character, text: TextPositions(document.bytes)),
            let target = edge.target
        {
            let start = String(line.unicodeScalars.prefix(max(0, edge.link.column - 1))).utf16.count
            found = (target, (number, start, start + edge.link.raw.utf16.count))
        } else if let link = NoteNavigation.wikiLink(in: line, at: character), !link.note.isEmpty,
            case .resolved(let target) = graph.resolve(link.note), let name = line.range(of: link.note)
        {
            let start = line[..<name.lowerBound].utf16.count
            found = (target, (number, start, start + link.note.utf16.count))
        } else if let own,
            let range = NoteRenaming.titleRange(in: line, lineNumber: number, title: graph.notes[own].title),
            range.start <= character, character <= range.end
        {
            found = (own, range)
        }
        // Only a note the session read from disk (the buffers' graph keeps their places) is renamed.
        guard let found, found.note < workspace.session.graph.notes.count,
            PathKey.of(workspace.session.graph.notes[found.note].path) == PathKey.of(graph.notes[found.note].path)
        else { return nil }
        return found
    }

    func prepareRename(_ params: JSON) throws -> JSON {
        guard let (note, range) = try renameTarget(params), let workspace else { return .null }
        return [
            "range": FindingDiagnostics.range(range),
            "placeholder": .string(workspace.session.graph.notes[note].title),
        ]
    }

    func rename(_ params: JSON) throws -> JSON {
        guard let title = params["newName"]?.string else { throw RequestError.invalidParams("`newName` is missing") }
        guard let (note, _) = try renameTarget(params), let workspace else {
            throw RequestError(
                code: JSONRPC.requestFailed, message: "rename a note on its title or on a link to it")
        }
        return try NoteRenaming(
            session: workspace.session, documents: documents, editorRenamesFiles: editorRenamesFiles
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
        let links = NoteLinks(graph: graph, catalog: workspace.session.catalog)
        guard let note = noteIndex(at: key) else { return [] }
        return links.symbols(of: note, text: TextPositions(document.bytes))
    }
}
