import ArgumentParser
import Catalog
import Foundation
import Lint
import Notes
import Support

/// Options every rule-aware command shares: configuration, extra notes and rule folders.
struct LintOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Configuration file (default: .patternlint.yml here or in a parent folder).", valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("notes"), help: ArgumentHelp("Add a folder of pattern notes. Repeatable.", valueName: "dir"))
    var notes: [String] = []

    @Option(name: .customLong("rules"), help: ArgumentHelp("Add a folder of rule files. Repeatable.", valueName: "dir"))
    var rules: [String] = []

    @OptionGroup var color: ColorOptions
}

/// Configuration, notes graph and rule catalog for a run, loaded once.
struct LintEnvironment {
    var configuration: Configuration
    var graph: Graph
    var catalog: RuleCatalog
    /// Configured paths left out because they lead outside the workspace (the MCP server's).
    var ignoredPaths: [String] = []

    /// Loads everything; a bad configuration is an error (exit 2), unknown keys are warnings.
    /// With a boundary, no note or rule file whose real path leaves it is read.
    static func load(_ options: LintOptions, warn: Bool = true, within boundary: RealPathBoundary? = nil) throws
        -> LintEnvironment
    {
        var configuration = Configuration()
        if let path = options.config ?? Configuration.find() {
            do {
                configuration = try Configuration.load(path: path)
            } catch {
                throw CLIFailure(message: "\(error)")
            }
        }
        // Rules that recommend newer APIs stay quiet for a project that still supports older OSes.
        // Without `deployment_target:`, each file's targets come from the nearest project above it.
        if configuration.deploymentTargets == nil { configuration.detectsDeploymentTargets = true }
        let noteRoots = configuration.notes.map(configuration.resolve) + options.notes
        let vault = Vault.load(roots: noteRoots, extra: BuiltinCatalog.noteSources, within: boundary)
        let graph = Graph(vault: vault)
        let ruleFolders = configuration.rules.map(configuration.resolve) + options.rules
        let catalog = RuleCatalog(
            builtinFiles: BuiltinCatalog.ruleFiles, teamFolders: ruleFolders, graph: graph, within: boundary)
        if warn {
            for problem in vault.loadDiagnostics { Terminal.warning(problem.loadWarning) }
            for problem in catalog.problems { Terminal.warning(problem) }
            let rules = Dictionary(
                catalog.entries.map { ($0.metadata.id, $0.rule.optionSpecs) }, uniquingKeysWith: { a, _ in a })
            for warning in configuration.warnings(rules: rules) { Terminal.warning(warning) }
        }
        return LintEnvironment(configuration: configuration, graph: graph, catalog: catalog)
    }
}

extension LintEnvironment {
    /// The Swift files under `roots` (the configuration's exclusions applied, and with a boundary,
    /// links out of it), and a linter that already knows the folders listed, so deployment targets
    /// are resolved without listing again.
    func prepare(roots: [String], within boundary: RealPathBoundary? = nil) -> (
        linter: Linter, discovery: FileDiscovery.Result
    ) {
        let discovery = FileDiscovery.find(
            paths: roots, excluded: configuration.excluded, root: configuration.root, within: boundary)
        let linter = Linter(catalog: catalog, configuration: configuration)
        linter.targetResolver.know(listedFolders: discovery.listedFolders, projectFolders: discovery.projectFolders)
        return (linter, discovery)
    }
}

extension FileDiscovery.Result {
    /// The files besides `paths`, read for cross-file rules only (an editor's buffer, staged
    /// files, a snippet: the rest of the tree as context).
    func contextInputs(besides paths: [String]) -> [LintInput] {
        let keys = Set(paths.map(PathKey.of))
        return files.filter { !keys.contains(PathKey.of($0)) }.map { LintInput.disk($0, reportFindings: false) }
    }
}
