import Catalog
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel

/// The workspace's lint session (its `.patternlint.yml`, the built-in and team rules and notes,
/// the configured baseline) and the Swift files it covers, loaded once and again only when the
/// configuration, a note or a rule file changes.
final class WorkspaceLinter {
    let session: LintSession
    private var linter: Linter
    private var discovery: FileDiscovery.Result
    private var discovered: Set<String>

    /// Throws `LintProblem` naming the configuration when it cannot be read.
    init(root: String) throws {
        let origin = LintSession.Origin(
            configPath: Configuration.find(from: root), builtinRuleFiles: BuiltinCatalog.ruleFiles,
            builtinRules: BuiltinRules.all, builtinNotes: BuiltinCatalog.noteSources)
        session = try LintSession.load(origin)
        (linter, discovery) = session.prepare(roots: session.configuredRoots)
        discovered = Set(discovery.files.map(PathKey.of))
    }

    /// Lists the files again (one was added or removed on disk).
    func rediscover() {
        (linter, discovery) = session.prepare(roots: session.configuredRoots)
        discovered = Set(discovery.files.map(PathKey.of))
    }

    /// Whether an open buffer is linted: a file the configuration covers, or a new unsaved one
    /// (an excluded file stays quiet in the editor as it does on the command line).
    func covers(_ path: String) -> Bool {
        discovered.contains(PathKey.of(path)) || !FileManager.default.fileExists(atPath: path)
    }

    /// The open buffers' findings, each buffer read from memory (unsaved text wins over disk) and
    /// every other file from disk as context; the configured baseline applied.
    func lint(buffers: [String: [UInt8]]) throws -> [String: [Finding]] {
        let paths = buffers.keys.filter(covers)
        let inputs =
            paths.map { path in
                let bytes = buffers[path] ?? []
                return LintInput(path: path) { bytes }
            } + discovery.contextInputs(besides: paths)
        let result = try session.lint(inputs, with: linter)
        for problem in result.problems { ServerLog.write(problem) }
        var byPath = Dictionary(uniqueKeysWithValues: paths.map { (PathKey.of($0), [Finding]()) })
        for finding in result.findings { byPath[PathKey.of(finding.path), default: []].append(finding) }
        return byPath
    }
}
