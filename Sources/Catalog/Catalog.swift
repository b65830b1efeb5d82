import Notes

/// The rule files and pattern notes that ship with PatternLint, compiled in at build time.
public enum BuiltinCatalog {
    /// Every embedded file: `path` relative to the package root (`Rules/x.md`, `notes/...`).
    public static var files: [(path: String, contents: String)] { generatedCatalogFiles }

    public static var ruleFiles: [(path: String, contents: String)] {
        files.filter { $0.path.hasPrefix("Rules/") }
    }

    public static var noteFiles: [(path: String, contents: String)] {
        files.filter { $0.path.hasPrefix("notes/") }
    }

    /// The built-in notes as vault sources (relative paths below `notes/`).
    public static var noteSources: [Vault.Source] {
        noteFiles.map { file in
            Vault.Source.text(path: file.path, relativePath: String(file.path.dropFirst("notes/".count)), file.contents)
        }
    }
}
