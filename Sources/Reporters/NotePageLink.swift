import Notes
import LintEngine
import Support

/// Where a pattern note is published: `help_uri_base` plus the page `notes export --html` writes
/// for it. Reports that link notes (SARIF's `helpUri`, the HTML report) use this one spelling.
public enum NotePageLink {
    public static func url(for note: NoteReference, base: String) -> String {
        (base.hasSuffix("/") ? base : base + "/")
            + HTMLExport.pageNames(for: [Note.placeholder(permalink: note.permalink)])[0]
    }
}
