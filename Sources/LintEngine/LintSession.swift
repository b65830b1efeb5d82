import Foundation
import Notes
import Support
import SwiftUIModel
import ProjectSettings

/// One lint run's world, loaded once and shared by every front end (the CLI's `lint` and the
/// plugins that call it, the MCP server, an editor server): the configuration, the notes graph,
/// the rule catalog; then discovery, context, the baseline and the changed-line filter. A front
/// end decides only how it gets its files (disk, a buffer, the git index) and how it answers.
/// One error policy: a configuration that cannot be read is an error naming the file, everywhere.
public struct LintSession: Sendable {
    /// A front end may narrow it before linting (`--only-rule`).
    public var configuration: Configuration
    public let graph: Graph
    public let catalog: RuleCatalog
    /// What loading found to say (unknown keys, broken notes, rule files that failed), each naming
    /// its file: a front end prints or logs them.
    public let warnings: [String]
    /// With a boundary (the MCP server's workspace), nothing outside it is read.
    public let boundary: RealPathBoundary?
    /// Configured paths a front end left out (the MCP server's, outside its workspace), to report.
    public var ignoredPaths: [String] = []

    /// What the session is loaded from.
    public struct Origin: Sendable {
        /// `.patternlint.yml` to read; nil: found from the current folder up.
        public var configPath: String?
        public var extraNotes: [String] = []
        public var extraRules: [String] = []
        public var builtinRuleFiles: [(path: String, contents: String)]
        /// The Swift rules those files describe (`BuiltinRules.all`).
        public var builtinRules: [any Rule]
        public var builtinNotes: [Vault.Source]
        public var boundary: RealPathBoundary?

        public init(
            configPath: String?, extraNotes: [String] = [], extraRules: [String] = [],
            builtinRuleFiles: [(path: String, contents: String)], builtinRules: [any Rule],
            builtinNotes: [Vault.Source], boundary: RealPathBoundary? = nil
        ) {
            self.builtinRules = builtinRules
            self.configPath = configPath
            self.extraNotes = extraNotes
            self.extraRules = extraRules
            self.builtinRuleFiles = builtinRuleFiles
            self.builtinNotes = builtinNotes
            self.boundary = boundary
        }
    }

    /// Loads everything once; a configuration that cannot be read throws `LintProblem` naming it.
    public static func load(_ origin: Origin) throws -> LintSession {
        var configuration = Configuration()
        if let path = origin.configPath ?? Configuration.find() {
            do { configuration = try Configuration.load(path: path) } catch { throw LintProblem("\(error)") }
        }
        // Read by the model's name predicates from here on, for every file of the run.
        SwiftUINames.use(configuration.navigation)
        // Rules that recommend newer APIs stay quiet for a project that still supports older OSes.
        // Without `deployment_target:`, each file's targets come from the nearest project above it;
        // either way that project says whether a target builds the file.
        configuration.detectsDeploymentTargets = true
        let noteRoots = configuration.notes.map(configuration.resolve) + origin.extraNotes
        let ruleFolders = configuration.rules.map(configuration.resolve) + origin.extraRules
        // A team's rules that silently stop running pass every check: a folder that is not there is an error.
        for (written, folder) in zip(configuration.rules, configuration.rules.map(configuration.resolve))
        where !FolderListing.exists(folder) {
            let place = configuration.path.map { path in configuration.lines["rules"].map { "\(path):\($0)" } ?? path }
            throw LintProblem(
                "\(place ?? Configuration.fileName): `rules:` names \(written), which does not exist (\(folder))")
        }
        // A multi-file write a killed run left is finished before anything reads the folders.
        var contained = NoteFolders(noteRoots + ruleFolders).contained
        if let boundary = origin.boundary { contained = contained.filter { boundary.contains($0.root) } }
        let finished = FileBatchJournal.recover(in: contained)
        let vault = Vault.load(
            roots: noteRoots, extra: origin.builtinNotes, within: origin.boundary,
            linkNames: configuration.noteLinkNames)
        var graph = Graph(vault: vault)
        let catalog = RuleCatalog(
            builtinFiles: origin.builtinRuleFiles, implementations: origin.builtinRules, teamFolders: ruleFolders,
            graph: graph, within: origin.boundary)
        // A rule citing a note is a link to it (no orphan; a backlink "cited by rule").
        graph.cite(
            catalog.entries.compactMap {
                RuleCitation.read(path: $0.metadata.path, bytes: Array($0.metadata.markdown.utf8))
            })
        // `nested_navigation_stack` and an imported rule's SwiftLint id name the rule, as in SwiftLint.
        configuration.adoptRuleIDs(RuleIDSpellings(catalog.entries))
        let rules = Dictionary(
            catalog.entries.map { ($0.metadata.id, $0.rule.optionSpecs) }, uniquingKeysWith: { a, _ in a })
        let warnings =
            finished + vault.loadDiagnostics.map(\.loadWarning) + catalog.problems
            + configuration.warnings(rules: rules)
        return LintSession(
            configuration: configuration, graph: graph, catalog: catalog, warnings: warnings, boundary: origin.boundary)
    }

    /// The configured folders to lint: `included`, else the configuration's folder's run (`.`).
    public var configuredRoots: [String] { configuration.includedRoots }

    /// The Swift files under `roots` (the configuration's exclusions applied; with a boundary,
    /// links out of it skipped), and a linter that already knows the folders listed, so deployment
    /// targets are resolved without listing again.
    /// `configured`: the roots are `configuredRoots`, so `included`'s globs filter what they hold.
    public func prepare(roots: [String], configured: Bool = false) -> (linter: Linter, discovery: FileDiscovery.Result)
    {
        let discovery = FileDiscovery.find(
            paths: roots, excluded: configuration.excluded, root: configuration.root, within: boundary,
            included: configured ? configuration.includedFilter : [])
        let linter = Linter(catalog: catalog, configuration: configuration)
        linter.targetResolver.know(listedFolders: discovery.listedFolders, projectFolders: discovery.projectFolders)
        return (linter, discovery)
    }

    /// Which baseline hides findings: the configured one, a file, or none.
    public enum BaselineChoice: Sendable {
        case configured
        case file(String)
        case none
    }

    /// The baseline a run applies, anchored to the folder of the configuration that names it.
    public func baseline(_ choice: BaselineChoice) throws -> Baseline? {
        try baselineFile(choice)?.baseline
    }

    /// The baseline a run applies and its file's path.
    public func baselineFile(_ choice: BaselineChoice) throws -> (baseline: Baseline, path: String)? {
        let path: String
        switch choice {
        case .none: return nil
        case .file(let file): path = file
        case .configured:
            guard let configured = configuration.baseline.map(configuration.resolve) else { return nil }
            path = configured
        }
        if let boundary, !boundary.contains(path) {
            throw LintProblem("\(path): leads outside \(boundary.folder)")
        }
        return (
            try Baseline.load(path: path, anchor: Baseline.anchor(forFileAt: path, configuration: configuration)), path
        )
    }

    /// What a front end asks of a run besides its inputs.
    public struct Filters: Sendable {
        public var baseline: BaselineChoice = .configured
        /// Only findings on lines changed since this git revision (or whose evidence is).
        public var changedSince: String?
        /// Name the baseline's entries that match no finding (`--strict-baseline`).
        public var judgesBaseline = false
        public init(baseline: BaselineChoice = .configured, changedSince: String? = nil, judgesBaseline: Bool = false) {
            self.baseline = baseline
            self.changedSince = changedSince
            self.judgesBaseline = judgesBaseline
        }
    }

    /// Lints the inputs and applies the filters: every front end's findings, evidence included.
    /// A baseline that cannot be read throws; so does a revision git does not know.
    public func lint(_ inputs: [LintInput], with linter: Linter, filters: Filters = Filters()) throws -> LintResult {
        var result = linter.lint(inputs)
        let baseline = try baselineFile(filters.baseline)
        // Judged on every finding of the files linted, before the changed lines narrow them.
        if filters.judgesBaseline { result.staleBaselineEntries = baseline?.baseline.staleEntries(result) ?? [] }
        if let revision = filters.changedSince {
            result.findings = try Self.onlyChangedLines(result.findings, since: revision)
        }
        if let baseline {
            baseline.baseline.apply(to: &result)
            result.baselinePath = baseline.path
        }
        return result
    }

    /// Findings on lines changed since the revision, or whose evidence is on one: a change that
    /// makes code elsewhere wrong (a new push of a view that owns a stack) is that change's
    /// finding (untracked files count as wholly changed).
    public static func onlyChangedLines(_ findings: [Finding], since revision: String) throws -> [Finding] {
        let changed: [String: Set<Int>?]
        do { changed = try Git.changedLines(since: revision) } catch {
            throw LintProblem("--changed-since \(revision): \(error)")
        }
        let byKey = Dictionary(changed.map { (PathKey.of($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        func isChanged(_ path: String, _ line: Int) -> Bool {
            guard let lines = byKey[PathKey.of(path)] else { return false }
            return lines.map { $0.contains(line) } ?? true
        }
        return findings.filter { finding in
            isChanged(finding.path, finding.line) || finding.related.contains { isChanged($0.path, $0.line) }
        }
    }
}

extension FileDiscovery.Result {
    /// The files besides `paths`, read for cross-file rules only (an editor's buffer, staged
    /// files, a snippet: the rest of the tree as context).
    public func contextInputs(besides paths: [String]) -> [LintInput] {
        let keys = Set(paths.map(PathKey.of))
        return files.filter { !keys.contains(PathKey.of($0)) }.map { LintInput.disk($0, reportFindings: false) }
    }
}
