import Dispatch
import Support

/// A vault loaded for renaming or moving one note: every note's names first, then the whole
/// parse only of the notes that may link to it. A rename needs every name (a new title must be
/// no other note's; links resolve against all of them) but only the links that lead to the one
/// note, and parsing markdown is most of a load: on 10,000 link-dense notes a full load took
/// about a second, this about a quarter of that.
///
/// First pass: a note whose front matter declares its title is read from its front matter alone
/// (no markdown parse, no links); any other note (its title comes from its text) is parsed whole.
/// Second pass (`graph(forRenaming:)`): a note is parsed whole when its file holds every word of
/// one of the renamed note's names (title, an alias, its permalink, path or file name), ignoring
/// case: any link to the note, however written (markup or a line break between words, a
/// `memory://` prefix, `%20`, a path), holds them all.
public struct NamesFirstLoad: Sendable {
    public let graph: Graph
    let sources: [Vault.Source]
    /// Per note, whether it was parsed whole in the first pass.
    let whole: [Bool]
    /// Per note read from its front matter alone, the runs of letters its file holds.
    let trigrams: [NameTrigrams?]

    public static func load(
        roots: [String], extra: [Vault.Source] = [], within boundary: RealPathBoundary? = nil,
        linkNames: LinkNames? = nil
    ) -> NamesFirstLoad {
        var sources = extra
        var diagnostics: [NoteDiagnostic] = []
        var attachments: [Attachment] = []
        for root in roots {
            let (found, files, problems) = Vault.filesUnder(root, within: boundary, linkNames: linkNames)
            sources += found
            attachments += files
            diagnostics += problems
        }
        let read = ConcurrentSlots<(Note, NameTrigrams?)>(count: sources.count)
        let given = sources
        DispatchQueue.concurrentPerform(iterations: given.count) { index in
            let source = given[index]
            guard let data = try? source.read() else { return }
            if let light = NoteParser.names(
                path: source.path, relativePath: source.relativePath, data: data, reread: source.read)
            {
                read[index] = (light, NameTrigrams(data))
            } else {
                read[index] = (
                    NoteParser.parse(
                        path: source.path, relativePath: source.relativePath, data: data, reread: source.read),
                    nil
                )
            }
        }
        var notes: [Note] = []
        var whole: [Bool] = []
        var trigrams: [NameTrigrams?] = []
        var kept: [Vault.Source] = []
        for (index, result) in read.take().enumerated() {
            guard case (var note, let runs)? = result else {
                diagnostics.append(
                    NoteDiagnostic(.error, "unreadable", path: given[index].path, line: 1, "cannot be read"))
                continue
            }
            note.linkNames = given[index].linkNames
            notes.append(note)
            whole.append(runs == nil)
            trigrams.append(runs)
            kept.append(given[index])
        }
        let vault = Vault(notes: notes, loadDiagnostics: diagnostics, attachments: attachments)
        return NamesFirstLoad(graph: Graph(vault: vault), sources: kept, whole: whole, trigrams: trigrams)
    }

    /// The graph with every note that may link to `note` parsed whole (and `note` itself): what
    /// `NoteRename` needs; the positions of the notes are those of `graph`.
    public func graph(forRenaming note: Int) -> Graph {
        let words = NameWords(graph.notes[note])
        let notes = ConcurrentSlots<Note>(count: graph.notes.count)
        let (sources, whole, light, trigrams) = (self.sources, self.whole, graph.notes, self.trigrams)
        DispatchQueue.concurrentPerform(iterations: light.count) { index in
            guard !whole[index] else { return }
            // A file without the runs of letters of any name is not read again.
            if index != note, let runs = trigrams[index], !words.mayName(runs) { return }
            let source = sources[index]
            guard let data = try? source.read(), index == note || words.mayName(data) else { return }
            var parsed = NoteParser.parse(
                path: source.path, relativePath: source.relativePath, data: data, reread: source.read)
            parsed.linkNames = source.linkNames
            notes[index] = parsed
        }
        var merged = light
        for (index, parsed) in notes.take().enumerated() { if let parsed { merged[index] = parsed } }
        return Graph(
            vault: Vault(notes: merged, loadDiagnostics: graph.loadDiagnostics, attachments: graph.attachments))
    }
}

/// The words of a note's names, lowered (ASCII only: a word with other letters is left out, so
/// the test can only let more files through).
struct NameWords: Sendable {
    let names: [[[UInt8]]]

    init(_ note: Note) {
        let texts = [note.title, note.permalink, note.relativePath.withoutMarkdownExtension, note.stem] + note.aliases
        var names: [[[UInt8]]] = []
        for text in texts {
            var words: [[UInt8]] = []
            var word: [UInt8] = []
            var ascii = true
            for byte in text.utf8 + [0x20] {
                if byte.isASCIILetterOrDigit || byte >= 0x80 {
                    word.append(byte.asciiLowercased)
                    if byte >= 0x80 { ascii = false }
                } else {
                    if !word.isEmpty, ascii { words.append(word) }
                    word = []
                    ascii = true
                }
            }
            names.append(words)
        }
        self.names = names
    }

    /// Whether a file with these runs of letters may hold every word of one of the names: false
    /// only where `mayName` of its bytes is false.
    func mayName(_ trigrams: NameTrigrams) -> Bool {
        if names.contains(where: \.isEmpty) { return true }
        return names.contains { words in words.allSatisfy(trigrams.mayHold) }
    }

    /// Whether the bytes hold every word of one of the names, ignoring ASCII case.
    func mayName(_ bytes: [UInt8]) -> Bool {
        // A name with no word to look for (all symbols, or other scripts) may be anywhere.
        if names.contains(where: \.isEmpty) { return true }
        let lowered = bytes.map(\.asciiLowercased)
        return lowered.withUnsafeBufferPointer { buffer in
            names.contains { words in
                words.allSatisfy { word in
                    word.withUnsafeBufferPointer { !buffer.endsOfOccurrences(of: $0, limit: 1).isEmpty }
                }
            }
        }
    }
}
