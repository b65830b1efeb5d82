import Catalog
import Foundation
import Lint
import Notes

/// The built-in notes and rules, loaded once for all lint tests.
enum CatalogFixture {
    static let graph: Graph = {
        let sources = BuiltinCatalog.noteFiles.map { file in
            Vault.Source.text(path: file.path, relativePath: String(file.path.dropFirst("notes/".count)), file.contents)
        }
        return Graph(vault: Vault.load(sources: sources))
    }()

    static let catalog = RuleCatalog(builtinFiles: BuiltinCatalog.ruleFiles, graph: graph)

    /// Lints in-memory files with every rule enabled (opt-in ones too) unless `only` is given.
    static func lint(_ files: [(path: String, text: String)], only: [String]? = nil, options: [String: RuleOptions] = [:]) -> LintResult {
        var configuration = Configuration()
        configuration.optInRules = catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
        configuration.onlyRules = only
        configuration.ruleOptions = options
        let linter = Linter(catalog: catalog, configuration: configuration)
        return linter.lint(files.map { file in LintInput(path: file.path) { Array(file.text.utf8) } })
    }
}

/// An example with `↓` markers: the code without them, and where each marker stood.
struct MarkedExample {
    var code: String
    /// (line, column in characters), 1-based.
    var markers: [(line: Int, column: Int)]

    init(_ marked: String) {
        var code = ""
        var markers: [(Int, Int)] = []
        var line = 1, column = 1
        for character in marked {
            if character == "↓" {
                markers.append((line, column))
                continue
            }
            code.append(character)
            if character == "\n" { line += 1; column = 1 } else { column += character.unicodeScalars.count }
        }
        self.code = code
        self.markers = markers
    }
}
