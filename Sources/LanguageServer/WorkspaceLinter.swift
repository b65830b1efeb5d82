import Catalog
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel

/// The workspace's lint session (its `.patternlint.yml`, the built-in and team rules and notes,
/// the configured baseline) and the Swift files it covers, loaded once and again only when the
/// configuration, a note or a rule file changes. Between edits it keeps each file's index summary
/// (`IncrementalLint`): an edit reads the edited buffer only.
final class WorkspaceLinter {
    let session: LintSession
    private var incremental: IncrementalLint
    private var discovery: FileDiscovery.Result
    private var discovered: Set<String>
    /// The configured baseline, read at load and again when files change on disk.
    private var baseline: Result<Baseline?, Error>

    /// Throws `LintProblem` naming the configuration when it cannot be read. The summaries of a
    /// workspace loaded before are kept (a note or the configuration changed, not the Swift files).
    init(root: String, reusing previous: WorkspaceLinter? = nil) throws {
        let origin = LintSession.Origin(
            configPath: Configuration.find(from: root), builtinRuleFiles: BuiltinCatalog.ruleFiles,
            builtinRules: BuiltinRules.all, builtinNotes: BuiltinCatalog.noteSources)
        session = try LintSession.load(origin)
        let (linter, discovery) = session.prepare(roots: session.configuredRoots)
        self.discovery = discovery
        incremental = IncrementalLint(linter: linter, files: discovery.files, reusing: previous?.incremental)
        discovered = Set(incremental.fileKeys)
        baseline = Result { [session] in try session.baseline(.configured) }
    }

    /// The session's notes by path key, worked out on first use.
    private(set) lazy var noteKeys = NoteKeys(session.graph.notes)

    /// What the last lint did (files summarised, index merged, files judged), for the log.
    var lastWork: IncrementalLint.Work { incremental.lastWork }

    /// Lists the files again (one was added or removed on disk).
    func rediscover() {
        discovery = session.prepare(roots: session.configuredRoots).discovery
        incremental.setFiles(discovery.files)
        discovered = Set(incremental.fileKeys)
    }

    /// An Xcode project or `Package.swift` changed: which targets build which files, and for which
    /// OS, are read again by a fresh linter; the files' summaries are kept, their first passes
    /// (which those decide) are not.
    func projectsChanged() {
        let (linter, discovery) = session.prepare(roots: session.configuredRoots)
        self.discovery = discovery
        incremental = IncrementalLint(linter: linter, files: discovery.files, reusing: incremental)
        discovered = Set(incremental.fileKeys)
    }

    /// Files changed on disk (saved, or changed by another program): read again at the next lint;
    /// the baseline too, as it may be one of them. Nil: any file may have changed.
    func changedOnDisk(_ paths: [String]?) {
        if let paths { incremental.invalidate(paths) } else { incremental.invalidateAll() }
        baseline = Result { [session] in try session.baseline(.configured) }
    }

    /// A save: the files whose status changed since they were read are read again at the next lint
    /// (another program wrote them, and the editor may not say so), the baseline too.
    func saved(_ path: String) {
        incremental.invalidate([path])
        incremental.invalidateChangedOnDisk()
        baseline = Result { [session] in try session.baseline(.configured) }
    }

    /// Whether an open buffer is linted: a file the configuration covers, or a new unsaved one
    /// (an excluded file stays quiet in the editor as it does on the command line).
    func covers(_ path: String) -> Bool {
        discovered.contains(PathKey.of(path)) || !FileManager.default.fileExists(atPath: path)
    }

    /// The open buffers' findings, each buffer read from memory (unsaved text wins over disk) and
    /// every other file from what was last read of it on disk, as context; the configured
    /// baseline applied (one that cannot be read throws).
    func lint(buffers: [String: [UInt8]]) throws -> [String: [Finding]] {
        let paths = buffers.keys.filter(covers)
        var result = incremental.lint(reporting: paths, buffers: buffers)
        if let baseline = try baseline.get() { result.findings = baseline.filter(result.findings) }
        for problem in result.problems { ServerLog.write(problem) }
        var byPath = Dictionary(uniqueKeysWithValues: paths.map { (PathKey.of($0), [Finding]()) })
        for finding in result.findings { byPath[PathKey.of(finding.path), default: []].append(finding) }
        return byPath
    }

    /// Files not open whose findings the last lint's change moved (see
    /// `IncrementalLint.affectedByLastChange`), by path key, the baseline applied.
    func affectedByLastChange(besides open: [String]) -> [String: [Finding]] {
        let baseline = (try? baseline.get()) ?? nil
        var byPath: [String: [Finding]] = [:]
        for (path, findings) in incremental.affectedByLastChange(besides: open) {
            byPath[PathKey.of(path)] = baseline?.filter(findings) ?? findings
        }
        return byPath
    }
}
