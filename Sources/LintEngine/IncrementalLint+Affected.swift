import Dispatch
import Foundation
import ProjectSettings
import Support
import SwiftLexer
import SwiftUIModel

extension IncrementalLint {
    /// After lints that merged the index again: the files not asked for whose findings the changes
    /// since the last call moved (the callers of a view that starts or stops writing its binding, the files that push
    /// it or extend it), each with its findings now. The candidates are the files that build, push
    /// or declare a type that a changed file declares (before or after the change); each is read
    /// from disk and judged against the index before and after; at most `limit` of them (a change
    /// to a type built everywhere is left to the next lint of those files). Once per change: call it
    /// when typing pauses, as it reads and judges each candidate twice.
    public func affectedByLastChange(besides reported: [String], limit: Int = 64) -> [String: [Finding]] {
        guard let after = project, !changedSince.isEmpty else { return [:] }
        let earlier = changedSince, names = changedTypes
        changedSince = [:]
        changedTypes = []
        let skipped = Set(reported.map(PathKey.of)).union(earlier.keys.map { keys[$0] })
        // The index before the changes, merged from the summaries with the changed files' earlier ones.
        let summariesBefore = slots.indices.compactMap { index in
            earlier[index].map { $0.kept?.summary } ?? slots[index].summary
        }
        var merged = ProjectIndex(summaries: summariesBefore, count: slots.count)
        merged.ruleFacts = FactCollector.merged(
            collectors, pieces: slots.indices.map { earlier[$0]?.facts ?? slots[$0].facts })
        let before = merged
        var candidates = Set<Int>()
        for index in [before, after] {
            for name in names {
                for site in index.constructions[name] ?? [] { candidates.insert(site.file) }
                for site in index.pushedViews[name] ?? [] { candidates.insert(site.file) }
                for ref in index.typesByName[name] ?? [] { candidates.insert(ref.file) }
            }
        }
        let files = candidates.filter { $0 < slots.count && !skipped.contains(keys[$0]) }.sorted()
        guard !files.isEmpty, files.count <= limit else { return [:] }
        let results = ConcurrentSlots<[Finding]>(count: files.count)
        let paths = self.paths
        DispatchQueue.concurrentPerform(iterations: files.count) { item in
            let index = files[item]
            guard case .success(let file) = Linter.load(LintInput.disk(paths[index]), index: index) else { return }
            let state = linter.firstPass(file, rules: rules)
            let order = { (a: Finding, b: Finding) in
                (a.line, a.column, a.ruleID, a.message) < (b.line, b.column, b.ruleID, b.message)
            }
            let was = linter.secondPass(state, project: before, rules: rules, reportUnused: reportUnused).sorted(
                by: order)
            let now = linter.secondPass(state, project: after, rules: rules, reportUnused: reportUnused).sorted(
                by: order)
            if was != now { results[item] = now }
        }
        var affected: [String: [Finding]] = [:]
        for (item, findings) in results.values.enumerated() {
            if let findings { affected[paths[files[item]]] = findings }
        }
        return affected
    }
}
