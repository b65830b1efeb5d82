import Catalog
import Foundation
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import Notes

/// The built-in notes and rules, loaded once for all lint tests.
enum CatalogFixture {
    static let graph = Graph(vault: Vault.load(sources: BuiltinCatalog.noteSources))

    static let catalog = RuleCatalog(
        builtinFiles: BuiltinCatalog.ruleFiles, implementations: BuiltinRules.all, graph: graph)

    /// Lints in-memory files with every rule enabled (opt-in ones too) unless `only` is given.
    static func lint(
        _ files: [(path: String, text: String)], only: [String]? = nil, options: [String: RuleOptions] = [:],
        deploymentTargets: DeploymentTargets? = nil
    ) -> LintResult {
        var configuration = Configuration()
        configuration.deploymentTargets = deploymentTargets
        configuration.optInRules = catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
        configuration.onlyRules = only
        configuration.ruleOptions = options
        let linter = Linter(catalog: catalog, configuration: configuration)
        return linter.lint(files.map { file in LintInput(path: file.path) { Array(file.text.utf8) } })
    }
}

typealias MarkedExample = RuleExampleRunner.Marked
