import Notes

/// Whether `notes check FILE…` has anything to check: a pre-commit hook passes every changed
/// markdown file (a README, a changelog), and only notes and rule files feed the check.
struct NotesCheckGate {
    let source: NotesOptions
    let rules: [String]

    func touchesNotes(_ files: [String]) throws -> Bool {
        let configuration = try source.configuration()
        let ruleFolders = (configuration.map { config in config.rules.map(config.resolve) } ?? []) + rules
        let folders = NoteFolders(try source.noteFolderPaths() + ruleFolders)
        return files.contains { folders.folder(containing: $0) != nil }
    }
}
