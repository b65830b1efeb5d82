import Support

/// "Did you mean" for note names: a note goes by its title, permalink, stem and aliases, and is
/// offered by its title (the ranking is Support's `ClosestNames`, shared with rule ids).
struct TitleSuggestions: Sendable {
    private let names: ClosestNames

    init(_ notes: [Note]) {
        names = ClosestNames(
            notes.map { note in (note.title, [note.title, note.permalink, note.stem] + note.aliases) })
    }

    /// The `limit` titles closest to `name`: a name a note's name contains first, then by edit distance.
    func closest(to name: String, limit: Int, maxDistance: Int = .max) -> [String] {
        names.closest(to: name, limit: limit, maxDistance: maxDistance)
    }
}
