import ArgumentParser
import Foundation
import LanguageServer
import Support

/// `patternlint lsp`: the findings and their pattern notes in any editor with a Language Server
/// Protocol client (Neovim, VS Code, Helix…), over stdio; logs go to stderr.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve findings to an editor (Language Server Protocol, stdio).",
        discussion: """
            The editor starts it; it reads .patternlint.yml from the workspace root the editor \
            names, with the built-in and team rules and notes and the configured baseline. Open \
            Swift buffers are linted as typed (unsaved text wins over disk), with the rest of the \
            workspace as context: diagnostics with their evidence, hover with the pattern note, \
            fixes, suppressions and the note as code actions. An edit reads the edited buffer only. \
            In the pattern notes: what `notes check` reports, as the note is edited; links lead \
            to their note and show its summary; names, permalinks, headings and a rule file's \
            note: complete; references are the backlinks; symbols are the headings; rename \
            on a note's title or a link to it rewrites every link and rule note: (as notes \
            rename does) in one workspace edit. The \
            README's "Editors" section has the setup for Neovim, VS Code, Helix, Zed, Sublime \
            Text and Emacs.
            """)

    func run() throws {
        // A server keeps its index for the whole session: two arenas (its queue's and the
        // workers') keep that memory together (see `ReturnFreedMemory.limitArenas`).
        ReturnFreedMemory.limitArenas(to: 2)
        throw ExitCode(LanguageServer().run())
    }
}
