/// How a vault names its notes' files: by slug (`checkout-flow.md`, as the catalogue does) or by
/// title (`Checkout Flow.md`, as Obsidian does), judged from the notes it holds, so that a new
/// note is named as its neighbours are.
public enum NoteFileNaming: Sendable, Equatable {
    case slug, title

    /// By title when more of the notes have a file named exactly their title than one named its
    /// slug (a note whose title is its own slug, `intro`, tells neither).
    public init(judging notes: some Sequence<Note>) {
        var byTitle = 0, bySlug = 0
        for note in notes {
            let stem = note.stem, slug = Slug.component(note.title)
            guard stem != slug || stem != note.title else { continue }
            if stem == note.title { byTitle += 1 } else if stem == slug { bySlug += 1 }
        }
        self = byTitle > bySlug ? .title : .slug
    }

    /// The new note's file name; nil when the title has nothing to name a file after.
    public func fileName(for title: String) -> String? {
        switch self {
        case .slug: return NoteDraft.fileName(for: title)
        case .title:
            // Characters a file name or an Obsidian link cannot hold become dashes; no hidden file.
            let unsafe = Set("/\\:*?\"<>|#^[]")
            var name = String(title.map { unsafe.contains($0) || $0.isNewline ? "-" : $0 }).trimmed
            while name.hasPrefix(".") { name.removeFirst() }
            guard name.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
            return name + ".md"
        }
    }
}
