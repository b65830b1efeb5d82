import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Notes

/// What the editor shows of a finding's pattern note: where it is read, and its summary.
struct NoteLookup {
    let session: LintSession

    /// The note's page when the notes are published (`help_uri_base`), else its file when it is
    /// one on disk (a team note); a built-in note has neither, and gets no link.
    func href(for note: NoteReference) -> String? {
        if let base = session.configuration.helpURIBase, !base.isEmpty {
            return NotePageLink.url(for: note, base: base)
        }
        // Team notes are named relative to the workspace root (the current folder); a built-in
        // note's `notes/…` path is not a file there.
        let path = PathKey.of(note.path)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path).absoluteString
    }

    /// The note's first paragraph of prose: what the pattern is, in the note's own words.
    func summary(of reference: NoteReference) -> String? {
        guard let note = session.graph.notes.first(where: { $0.permalink == reference.permalink }) else { return nil }
        return summary(of: note)
    }

    func summary(of note: Note) -> String? {
        var paragraph: [String] = []
        var inCode = false
        for line in note.body.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("```") { inCode.toggle() }
            if inCode || text.hasPrefix("```") || text.hasPrefix("#") || text.hasPrefix("---") {
                if !paragraph.isEmpty { break }
                continue
            }
            if text.isEmpty {
                if !paragraph.isEmpty { break }
                continue
            }
            paragraph.append(text)
        }
        return paragraph.isEmpty ? nil : paragraph.joined(separator: " ")
    }
}
