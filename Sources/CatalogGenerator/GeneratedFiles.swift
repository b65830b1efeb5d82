import Foundation

/// One file the generator writes: where (relative to the package root) and what.
public struct GeneratedFile: Sendable, Equatable {
    public var path: String
    public var contents: String
}

/// Why the files cannot be generated: a rule type without a rule file, an id declared twice, a
/// README without its table markers. Each names the file to fix.
public struct GenerationError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Everything that is listed rather than written by hand, made from the rule markdown (`Rules/`),
/// the notes (`notes/`) and the rule types (`Sources/BuiltinRules/`): the embedded catalogue, the
/// rule registry and the README's rule table. `scripts/embed-catalog` writes them; a test checks
/// that what is committed is what this makes.
public enum GeneratedFiles {
    public static let catalogPath = "Sources/Catalog/EmbeddedCatalog.swift"
    public static let registryPath = "Sources/BuiltinRules/BuiltinRuleRegistry.swift"
    public static let readmePath = "README.md"
    static let ruleTypesFolder = "Sources/BuiltinRules"

    /// The generated files, from the package at `root`.
    public static func make(root: String) throws -> [GeneratedFile] {
        let markdown = MarkdownFiles.read(root: root, folders: ["Rules", "notes"])
        let ruleFiles = try RuleFile.parseAll(markdown)
        let ruleTypes = try RuleTypes.scan(folder: root + "/" + ruleTypesFolder, relativeTo: root)
        try RuleTypes.checkEachHasARuleFile(ruleTypes, ruleFiles: ruleFiles)
        let readme = try String(contentsOfFile: root + "/" + readmePath, encoding: .utf8)
        let table = RuleTable.markdown(ruleFiles, notePaths: NotePaths(markdown))
        return [
            GeneratedFile(path: catalogPath, contents: CatalogSource.swift(markdown)),
            GeneratedFile(path: registryPath, contents: RegistrySource.swift(ruleTypes)),
            GeneratedFile(path: readmePath, contents: try RuleTable.splice(table, into: readme, path: readmePath)),
        ]
    }

    /// The generated files whose copy under `root` differs from what `make` gives.
    public static func stale(root: String) throws -> [GeneratedFile] {
        try make(root: root).filter { file in
            (try? String(contentsOfFile: root + "/" + file.path, encoding: .utf8)) != file.contents
        }
    }
}

/// The markdown files below some folders of the package, in byte order of their paths (as
/// `LC_ALL=C sort` orders them), so the generated catalogue is the same on every machine.
enum MarkdownFiles {
    static func read(root: String, folders: [String]) -> [(path: String, contents: String)] {
        var files: [(path: String, contents: String)] = []
        for folder in folders {
            for relative in paths(below: root + "/" + folder) {
                let path = folder + "/" + relative
                // An unreadable file is left out; the catalogue tests then name it missing.
                guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { continue }
                files.append((path, text))
            }
        }
        return files.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    }

    private static func paths(below folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }
    }
}
