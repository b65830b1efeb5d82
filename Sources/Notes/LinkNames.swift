import Support

/// Which names besides its file's path a note answers to when a link is resolved.
///
/// Obsidian finds a note by its file only: an alias is offered while typing and written
/// `[[Note|alias]]`, and a `title:` or Publish `permalink:` property names nothing. Basic Memory
/// finds a note by its title and permalink, and writes both into every note's front matter. So by
/// default, after its path, a note answers to its title, and to its permalink and aliases only
/// when its front matter declares its title; `note_links: { names: … }` in `.patternlint.yml`
/// says otherwise for a whole vault.
public enum LinkNames: String, Sendable, CaseIterable {
    /// The title (its first heading when not declared); permalink and aliases too for a note whose
    /// front matter sets `title:` (Basic Memory's notes and PatternLint's own).
    case declared
    /// Every note answers to its title (its first heading when not declared), permalink and aliases.
    case all
    /// Paths only, as Obsidian resolves them: the default under a folder holding `.obsidian/`.
    case none

    /// The names a link may find a note by, besides its path.
    enum Name { case permalink, title, alias }

    func answers(to name: Name, titleIsDeclared: Bool) -> Bool {
        switch self {
        case .declared: name == .title || titleIsDeclared
        case .all: true
        case .none: false
        }
    }
}

extension LinkNames {
    /// `.none` for an Obsidian vault (its root holds the `.obsidian` settings folder), else `.declared`.
    public static func of(root: String) -> LinkNames {
        FolderListing.isFolder(root + "/.obsidian") == true ? .none : .declared
    }
}
