/// How a link names its note: the step of resolution it matched (`Graph`'s order: permalink,
/// title, alias, path, a trailing part of the path, file stem). After a rename or move the link
/// names the note the same way, so `[[checkout-flow]]` stays a file name and `[[Checkout Flow]]`
/// a title.
enum NoteNameForm: Equatable {
    case permalink, title, alias
    case path(withExtension: Bool)
    case trailingPath(components: Int, withExtension: Bool)
    case stem

    /// The form by which `name` (a link's target without its `memory://`, `/` or `./` prefix)
    /// names `note`: exact first, then ignoring case, as links resolve.
    static func of(_ name: String, naming note: Note) -> NoteNameForm? {
        for folded in [false, true] {
            func same(_ a: String, _ b: String) -> Bool { folded ? a.lowercased() == b.lowercased() : a == b }
            if same(name, note.permalink) { return .permalink }
            if same(name, note.title) { return .title }
            if note.aliases.contains(where: { same(name, $0) }) { return .alias }
            if same(name, note.relativePath) { return .path(withExtension: true) }
            if same(name, note.relativePath.withoutMarkdownExtension) { return .path(withExtension: false) }
            if name.contains("/") {
                let wanted = name.withoutMarkdownExtension
                let path = note.relativePath.withoutMarkdownExtension
                if folded ? path.lowercased().hasSuffix("/" + wanted.lowercased()) : path.hasSuffix("/" + wanted) {
                    return .trailingPath(
                        components: wanted.split(separator: "/").count, withExtension: wanted != name)
                }
            }
            if same(name, note.stem) { return .stem }
        }
        return nil
    }

    /// `memory://`, `/` or `./` at the start of a target, which resolution skips: kept as written.
    static func prefixLength(of target: String) -> Int {
        var rest = Substring(target)
        if rest.hasPrefix("memory://") { rest = rest.dropFirst("memory://".count) }
        while rest.hasPrefix("/") || rest.hasPrefix("./") { rest = rest.dropFirst(rest.hasPrefix("/") ? 1 : 2) }
        return target.utf8.count - rest.utf8.count
    }
}

/// The names a note answers to once renamed or moved.
struct NoteNames {
    var title: String
    var permalink: String
    var relativePath: String

    var stem: String { Note.stemOf(relativePath) }

    /// The note's name in a form; nil for an alias, which a rename keeps.
    func name(in form: NoteNameForm) -> String? {
        switch form {
        case .permalink: return permalink
        case .title: return title
        case .alias: return nil
        case .path(let withExtension):
            return withExtension ? relativePath : relativePath.withoutMarkdownExtension
        case .trailingPath(let components, let withExtension):
            let parts = relativePath.withoutMarkdownExtension.split(separator: "/")
            let trailing = parts.suffix(min(components, parts.count)).joined(separator: "/")
            return withExtension ? trailing + ".md" : trailing
        case .stem: return stem
        }
    }
}
