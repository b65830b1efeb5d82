import ArgumentParser
import Foundation
import LanguageServer

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
            fixes, suppressions and the note as code actions. In the pattern notes, [[wiki \
            links]] lead to their note and complete after [[. The README's "Editors" section has \
            the setup for Neovim, VS Code and Helix.
            """)

    func run() throws {
        throw ExitCode(LanguageServer().run())
    }
}
