import Dispatch
import Foundation
import ProjectSettings
import Support
import SwiftLexer
import SwiftUIModel

/// A lint that stays loaded between runs, for an editor: each file's index summary is kept (with a
/// digest of the buffer it was taken from, or the file's status on disk), so an edit reads and
/// summarises the edited file only; the
/// project index is merged again from the kept summaries, and only the files asked for are judged
/// (their first pass kept too, so a file that did not change is only judged again against the new
/// index). The files keep `Linter.lint`'s input order (their index in the project index), so the
/// findings are the ones `patternlint lint` gives on the same contents. Not thread-safe: one
/// caller at a time (the server's queue).
public final class IncrementalLint: @unchecked Sendable {
    public let linter: Linter
    let rules: [Linter.PreparedRule]
    let gates: Linter.RuleGates
    /// The collecting rules' collectors (`CollectingRule`), in `rules` order: each slot keeps what
    /// each collected from its file, and the index gets them merged again after any file is read.
    let collectors: [FactCollector]
    /// A file was read since the rules' facts were last merged.
    private var factsStale = true
    let reportUnused: Bool
    /// Path keys in input order: a file's position is its index in the project index.
    private(set) var keys: [String] = []
    private(set) var paths: [String] = []
    /// The run's files by path key (`PathKey`), in input order (sharing their storage with
    /// the lint's own, for a caller that needs to know which files the run covers).
    public var fileKeys: [String] { keys }
    private var position: [String: Int] = [:]
    private(set) var slots: [Slot] = []
    /// Merged from the current summaries; nil once one of them changes.
    var project: ProjectIndex?
    /// The summaries in file order, as the index is merged from them: kept up to date rather than
    /// gathered at each merge (copying 9,000 summaries out of their slots was a tenth of it).
    private var summaries: [KeptSummary] = []
    /// Where each file's summary is in `summaries`; nil: it has none, or `summaries` is out of date.
    private var summaryPosition: [Int?] = []
    /// Whether an index was merged since the files last moved: changes count from there.
    private var indexedOnce = false
    /// For `affectedByLastChange`: each file whose summary changed since it last looked, as it
    /// was before (its summary and facts then), and the types those files declare before or
    /// after. The index before is merged again from these when asked, off the typing path,
    /// rather than kept beside the new one (two indexes and their hierarchies were a tenth of
    /// the server's memory).
    var changedSince: [Int: Earlier] = [:]
    var changedTypes: Set<String> = []

    struct Earlier {
        var kept: KeptSummary?
        var facts: [(any Sendable)?]
    }

    /// What is kept of one file between runs.
    struct Slot {
        /// Of the buffer last summarised; nil: read from disk, not read yet, or unreadable.
        var digest: ContentDigest?
        /// To be read again from disk at the next run (never read, changed on disk, unreadable).
        var stale = true
        /// The file's status when it was read from disk (nil: read from a buffer, or unreadable).
        var stamp: FileStamp?
        var kept: KeptSummary?
        var summary: FileSummary? { kept?.summary }
        /// What each collector took from those bytes, by position in `collectors`.
        var facts: [(any Sendable)?] = []
        var problem: String?
        /// The first pass on those bytes, kept while the file's findings are asked for: boxed,
        /// as only open files have one (inline, it would widen every file's slot).
        var state: Linter.FileState? {
            get { firstPass?.state }
            set { firstPass = newValue.map(FirstPass.init) }
        }
        private var firstPass: FirstPass?
    }

    final class FirstPass: Sendable {
        let state: Linter.FileState
        init(_ state: Linter.FileState) { self.state = state }
    }

    /// The bytes' FNV-1a and length: two contents that agree on both are taken as the same.
    struct ContentDigest: Equatable {
        var hash: UInt64
        var count: Int
        init(_ bytes: [UInt8]) {
            hash = FNV1a.hash(bytes)
            count = bytes.count
        }
    }

    /// How much the last run did, for the log and the tests.
    public struct Work: Sendable, Equatable {
        /// Files read and summarised again (all of them on the first run).
        public var summarised = 0
        /// Files read again whose summary came out the same (the index kept).
        public var summaryKept = 0
        /// Whether the project index was merged again.
        public var merged = false
        /// Files judged against the index.
        public var judged = 0
    }
    public private(set) var lastWork = Work()

    /// `files`: the run's files in the order `patternlint lint` reads them (its discovery). With
    /// `previous` (the same tree under another configuration or other rules), the summaries it took
    /// are kept: a summary depends on the file's bytes and position only, a first pass on the rules.
    public init(linter: Linter, files: [String], reusing previous: IncrementalLint? = nil) {
        self.linter = linter
        let entries = linter.enabledEntries
        (rules, gates) = linter.prepare(entries)
        collectors = rules.compactMap(\.collector)
        reportUnused = entries.contains { $0.metadata.id == RuleCatalog.unusedSuppressionID }
        if let previous {
            keys = previous.keys
            paths = previous.paths
            position = previous.position
            // Other collecting rules took other facts: every file is read for them again.
            let sameCollectors = previous.collectors.map(\.ruleID) == collectors.map(\.ruleID)
            slots = previous.slots.map { slot in
                var kept = slot
                kept.state = nil
                if !sameCollectors { kept.stale = true }
                return kept
            }
        }
        setFiles(files)
    }

    /// The file list changed (a file added or removed on disk): files that keep their position
    /// keep what was kept of them; the others are read again (their index is in their summary).
    public func setFiles(_ files: [String]) {
        let old = Dictionary(uniqueKeysWithValues: zip(keys, slots))
        let oldPosition = position
        keys = files.map(PathKey.of)
        paths = files
        position = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        slots = keys.enumerated().map { index, key in
            oldPosition[key] == index ? old[key] ?? Slot() : Slot()
        }
        summaryPosition = []
        project = nil
        // Files moved: what an index before knew by position no longer holds.
        indexedOnce = false
        changedSince = [:]
        changedTypes = []
    }

    /// The files' bytes on disk may have changed: read them again at the next run.
    public func invalidate(_ files: [String]) {
        for key in files.map(PathKey.of) {
            guard let index = position[key] else { continue }
            slots[index].stale = true
        }
    }

    /// Every file may have changed on disk (a branch switched under the editor).
    public func invalidateAll() {
        for index in slots.indices { slots[index].stale = true }
    }

    /// Marks the files read from disk whose status changed since (for an editor that does not say
    /// when files change on disk): one `stat` a file, no read.
    public func invalidateChangedOnDisk() {
        for index in slots.indices where !slots[index].stale {
            guard let stamp = slots[index].stamp else { continue }
            if FileStamp(path: paths[index]) != stamp { slots[index].stale = true }
        }
    }

    /// Findings of the `reported` files (by path key), each file read from `buffers` when given
    /// there (unsaved text wins over disk) and from disk otherwise; every file of the run feeds the
    /// index. A reported file outside the run (a new unsaved buffer) is linted after the others.
    /// Suppressions and unused suppressions applied; no baseline (the caller applies it).
    public func lint(reporting reported: [String], buffers: [String: [UInt8]]) -> LintResult {
        var work = Work()
        let clock = PhaseClock()
        let reportedKeys = Set(reported.map(PathKey.of))
        for path in reported where position[PathKey.of(path)] == nil {
            position[PathKey.of(path)] = keys.count
            keys.append(PathKey.of(path))
            paths.append(path)
            slots.append(Slot())
            project = nil
        }
        let bufferByKey = Dictionary(buffers.map { (PathKey.of($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        // Which files to read: a buffer whose digest changed, a file not read yet, a reported file
        // whose first pass is not kept.
        var toRead: [(index: Int, bytes: [UInt8]?)] = []
        for index in slots.indices {
            let key = keys[index]
            let wanted = reportedKeys.contains(key)
            if !wanted { slots[index].state = nil }
            if let bytes = bufferByKey[key] {
                let same = slots[index].digest == ContentDigest(bytes)
                if !same || (wanted && slots[index].state == nil) { toRead.append((index, bytes)) }
            } else if slots[index].stale || (wanted && slots[index].state == nil) {
                toRead.append((index, nil))
            }
        }
        if !toRead.isEmpty { summarise(toRead, reporting: reportedKeys, work: &work) }
        clock.mark("incremental: read \(toRead.count)")
        if self.project == nil {
            self.project = mergedIndex()
            factsStale = false
            work.merged = true
        } else if factsStale {
            self.project?.ruleFacts = FactCollector.merged(collectors, pieces: slots.map(\.facts))
            factsStale = false
        }
        guard let project = self.project else { preconditionFailure("merged above") }
        indexedOnce = true
        clock.mark("incremental: index")
        let judged = slots.indices.filter { reportedKeys.contains(keys[$0]) && slots[$0].state != nil }
        let perFile = ConcurrentSlots<[Finding]>(count: judged.count)
        DispatchQueue.concurrentPerform(iterations: judged.count) { position in
            guard let state = slots[judged[position]].state else { return }
            perFile[position] = linter.secondPass(state, project: project, rules: rules, reportUnused: reportUnused)
                .sorted(by: Finding.inFileOrder)
        }
        work.judged = judged.count
        clock.mark("incremental: judge \(judged.count)")
        lastWork = work
        var findings: [Finding] = []
        for group in perFile.values.compactMap({ $0 }).sorted(by: { ($0.first?.path ?? "") < ($1.first?.path ?? "") }) {
            findings.append(contentsOf: group)
        }
        let problems = slots.indices.compactMap { index in
            reportedKeys.contains(keys[index]) ? slots[index].problem : nil
        }
        return LintResult(
            findings: findings, problems: problems, filesLinted: judged.count, rulesRun: linter.enabledEntries,
            files: judged.map { paths[$0] })
    }

    /// The index merged from the current summaries and the collecting rules' current facts.
    func mergedIndex() -> ProjectIndex {
        if summaryPosition.count != slots.count {
            summaries = slots.compactMap(\.kept)
            var next = 0
            summaryPosition = slots.map { slot in
                guard slot.summary != nil else { return nil }
                defer { next += 1 }
                return next
            }
        }
        return index(of: summaries, facts: slots.map(\.facts))
    }

    /// An index of these summaries (in file order) with the collecting rules' facts merged from
    /// these pieces (by file).
    func index(of kept: [KeptSummary], facts: [[(any Sendable)?]]) -> ProjectIndex {
        var index = ProjectIndex(kept: kept, count: slots.count)
        index.ruleFacts = FactCollector.merged(collectors, pieces: facts)
        index.enabledRules = Set(linter.enabledEntries.map(\.metadata.id))
        return index
    }

    /// Notes a change to a file's summary or facts for `affectedByLastChange`, with what the file
    /// was before it (the first such change since it last looked counts). (A changed summary
    /// also drops the index there and then, before the new one is built: two are never held.)
    private func noteChange(_ index: Int, to slot: Slot) {
        guard indexedOnce else { return }
        if changedSince[index] == nil {
            changedSince[index] = Earlier(kept: slots[index].kept, facts: slots[index].facts)
        }
        for summary in [slots[index].summary, slot.summary] {
            for type in summary?.types ?? [] { changedTypes.insert(type.name) }
        }
    }

    /// A file this large is parsed alone (see `summarise`).
    static let largeFile = 256 * 1024

    /// The order to parse files of these sizes in: the largest first, each followed by small ones
    /// worth as much. A parsed file holds about eight times its size (tokens, structure) until its
    /// summary is taken, so the big ones are parsed while little is kept yet (the kept summaries
    /// later fill the memory they freed) and rarely two at once (the other core meanwhile takes
    /// the small ones): the first index's peak heap stays near what is kept.
    static func workOrder(sizes: [Int]) -> [Int] {
        let bySize = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        var order: [Int] = []
        order.reserveCapacity(sizes.count)
        var large = 0, small = bySize.count - 1
        while large <= small {
            let big = bySize[large]
            order.append(big)
            large += 1
            var matched = 0
            while matched < sizes[big], large <= small {
                order.append(bySize[small])
                matched += max(sizes[bySize[small]], 1)
                small -= 1
            }
        }
        return order
    }

    /// Reads and parses the files in parallel: each one's summary, and the first pass of those reported.
    private func summarise(_ files: [(index: Int, bytes: [UInt8]?)], reporting: Set<String>, work: inout Work) {
        let results = ConcurrentSlots<Slot>(count: files.count)
        let paths = self.paths, keys = self.keys
        // Taken before the reads: a save during one makes the next check read the file again.
        let stamps = files.map { $0.bytes == nil ? FileStamp(path: paths[$0.index]) : nil }
        let sizes = files.indices.map { files[$0].bytes?.count ?? stamps[$0]?.byteCount ?? 0 }
        let order = Self.workOrder(sizes: sizes)
        // One large file parsed at a time, however the threads are scheduled (a parsed file holds
        // several times its size); they seldom meet, given the order.
        let oneLarge = DispatchSemaphore(value: 1)
        DispatchQueue.concurrentPerform(iterations: files.count) { turn in
            let item = order[turn]
            let large = sizes[item] >= Self.largeFile
            if large { oneLarge.wait() }
            defer { if large { oneLarge.signal() } }
            let (index, buffer) = files[item]
            let path = paths[index]
            let input = buffer.map { bytes in LintInput(path: path) { bytes } } ?? LintInput.disk(path)
            var slot = Slot()
            slot.stamp = stamps[item]
            switch Linter.load(input, index: index) {
            case .failure(let problem):
                // Read again next time from disk: the file may become readable.
                slot.problem = problem.description
                slot.digest = buffer.map(ContentDigest.init)
                slot.stale = buffer == nil
            case .success(let file):
                // Only a buffer's bytes are digested (to tell the next edit from this one); a
                // file read from disk is told from its buffer, once opened, by its summary.
                slot.digest = buffer.map(ContentDigest.init)
                // Summarised from a buffer: when it closes, the disk is read again.
                slot.stale = buffer != nil
                slot.kept = KeptSummary(file.summary)
                let facts = collectors.map { $0.collect(file) }
                // Most files give no collector anything: no list kept for them (`merged` reads a
                // missing list as none).
                slot.facts = facts.contains { $0 != nil } ? facts : []
                if reporting.contains(keys[index]) { slot.state = linter.firstPass(file, rules: rules, gates: gates) }
            }
            results[item] = slot
        }
        for (item, slot) in results.values.enumerated() {
            guard let slot else { continue }
            let index = files[item].index
            // The summary in its place, or, where a file gained or lost one, all gathered again.
            if let place = summaryPosition.count == slots.count ? summaryPosition[index] : nil,
                let summary = slot.kept
            {
                summaries[place] = summary
            } else if (slots[index].summary != nil) != (slot.summary != nil) {
                summaryPosition = []
            }
            // Only a new summary changes the index: not a file opened as it is on disk, read again
            // unchanged after a save, still unreadable (a closed buffer never saved), nor an edit
            // that moves no fact the index holds (typing in a comment, in a line that builds nothing).
            switch (slots[index].summary, slot.summary) {
            case (nil, nil):
                break
            case (let old?, let new?):
                // The same buffer bytes: the same summary. Read from disk: compared.
                if let digest = slots[index].digest, digest == slot.digest { break }
                if old == new {
                    work.summaryKept += 1
                    // The index stands, but a collecting rule's facts may have moved (an extension
                    // now uses a property another file declares): noted for the closed files.
                    // Facts that did not move keep the merged ones (typing in a string merged
                    // every file's facts again at each key).
                    if !FactCollector.same(collectors, slots[index].facts, slot.facts) {
                        factsStale = true
                        noteChange(index, to: slot)
                    }
                } else {
                    project = nil
                    noteChange(index, to: slot)
                }
            default:
                project = nil
                noteChange(index, to: slot)
            }
            slots[index] = slot
        }
        work.summarised = files.count
    }
}
