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
        guard project != nil, !changedSince.isEmpty else { return [:] }
        let earlier = changedSince, names = changedTypes
        changedSince = [:]
        changedTypes = []
        let skipped = Set(reported.map(PathKey.of)).union(earlier.keys.map { keys[$0] })
        // The candidates, from the summaries (those of before the change too) rather than from the
        // two indexes: no index is built for a change that moves nothing.
        let files = slots.indices.filter { index in
            guard !skipped.contains(keys[index]) else { return false }
            return slots[index].summary?.mayMention(anyOf: names) ?? false
        }
        guard !files.isEmpty, files.count <= limit else { return [:] }
        // Judged against the index now, then against the index before (merged from the summaries
        // with the changed files' earlier ones), then the index now is merged again: the two are
        // never held at once (they were a tenth of the server's memory at every pause).
        let (now, built) = judgeAndDrop(files)
        let was = judgeBefore(files, earlier: earlier)
        let again = mergedIndex()
        again.buildLazies(built)
        project = again
        var affected: [String: [Finding]] = [:]
        for (item, index) in files.enumerated() where now[item] != was[item] {
            if let findings = now[item] { affected[paths[index]] = findings }
        }
        return affected
    }

    /// The files judged against the index now, and what of it was built on first use; the index
    /// is dropped (its last holder).
    private func judgeAndDrop(_ files: [Int]) -> ([[Finding]?], ProjectIndex.Lazies) {
        guard let current = project else { return ([], ProjectIndex.Lazies()) }
        project = nil
        return (judge(files, against: current), current.lazies)
    }

    /// The files judged against the index before the changes, merged from the summaries with the
    /// changed files' earlier ones (and freed on return).
    private func judgeBefore(_ files: [Int], earlier: [Int: Earlier]) -> [[Finding]?] {
        let before = index(
            of: slots.indices.compactMap { earlier[$0].map(\.kept) ?? slots[$0].kept },
            facts: slots.indices.map { earlier[$0]?.facts ?? slots[$0].facts })
        return judge(files, against: before)
    }

    /// Each file read from disk and judged against `index` (nil: unreadable).
    private func judge(_ files: [Int], against index: ProjectIndex) -> [[Finding]?] {
        let results = ConcurrentSlots<[Finding]>(count: files.count)
        let paths = self.paths
        DispatchQueue.concurrentPerform(iterations: files.count) { item in
            let file = files[item]
            guard case .success(let loaded) = Linter.load(LintInput.disk(paths[file]), index: file) else { return }
            let state = linter.firstPass(loaded, rules: rules, gates: gates)
            results[item] = linter.secondPass(state, project: index, rules: rules, reportUnused: reportUnused)
                .sorted(by: Finding.inFileOrder)
        }
        return results.values
    }
}
