import Foundation
import Support
import SwiftUIModel
import ProjectSettings

/// Findings accepted as they are today; later runs report only what is new.
///
/// File format (JSON): `{"version": 1, "root": ".", "findings": [{"rule", "path", "fingerprint", "evidence", "line", "message", "confidence"}]}`.
/// Entries are anchored to one folder, the anchor (the configuration's folder: `anchor(forFileAt:configuration:)`):
/// each `path` is relative to it, and `root` names it relative to the file's own folder. So a run
/// matches the entries whatever folder it starts in and however it spells paths (relative,
/// absolute, `./x`). A file without `root` (written before it existed) holds paths relative to the
/// folder its run started in, usually the configuration's; it is read against the anchor given.
/// Matching uses `fingerprint` (see `Fingerprint`, over the anchored path) and, when the entry has
/// one, `evidence` (`Fingerprint.evidence`): a finding whose proof changed (a new push of the view,
/// another write) is new even on an unchanged line. Entries without `evidence` (files written
/// before it, findings without evidence) match on `fingerprint` alone, as they always did.
/// `line` and `message` are for readers.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var rule: String
        public var path: String
        public var fingerprint: String
        /// The finding's evidence as accepted (`Fingerprint.evidence`); nil when it had none or the
        /// file was written before entries carried it.
        public var evidence: String?
        public var line: Int
        public var message: String
        /// How sure the finding was when it was accepted: for readers (a baseline that accepted a
        /// low-confidence guess reads differently from one that accepted a proven error); absent in
        /// files written before findings carried one. Matching ignores it, so a finding that
        /// moves tier stays accepted.
        public var confidence: Confidence?
    }

    public var entries: [Entry]
    /// The folder entry paths are relative to: absolute and normalised.
    public var anchor: String

    /// The findings as entries anchored at `anchor`.
    public init(findings: [Finding], anchor: String = DisplayPath.currentFolder) {
        self.anchor = DisplayPath.absolute(anchor)
        let paths = Self.anchoredPaths(findings, anchor: self.anchor)
        let evidence = Self.evidenceFingerprints(findings, anchor: self.anchor)
        entries = zip(findings, zip(paths, zip(Fingerprint.compute(for: findings, paths: paths), evidence))).map {
            finding, anchored in
            Entry(
                rule: finding.ruleID, path: anchored.0, fingerprint: anchored.1.0, evidence: anchored.1.1,
                line: finding.line, message: finding.message, confidence: finding.confidence)
        }
    }

    struct File: Codable {
        var version: Int
        /// The anchor, relative to the file's folder; absent in files written before anchoring.
        var root: String?
        var findings: [Entry]
    }

    /// Where the entries of the baseline at `path` start when its file does not say: the folder of
    /// the configuration in use, else the baseline's own folder. New files are written so too.
    public static func anchor(forFileAt path: String, configuration: Configuration) -> String {
        configuration.path == nil ? folder(of: path) : DisplayPath.absolute(configuration.root)
    }

    /// Reads a baseline; `fallback` anchors a file that does not name its root.
    public static func load(path: String, anchor fallback: String = DisplayPath.currentFolder) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LintProblem("\(path): cannot read the baseline")
        }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.version == 1 else {
                throw LintProblem("\(path): baseline version \(file.version) is not supported (expected 1)")
            }
            var baseline = Baseline(findings: [], anchor: file.root.map { folder(of: path) + "/" + $0 } ?? fallback)
            baseline.entries = file.findings
            return baseline
        } catch let problem as LintProblem {
            throw problem
        } catch {
            throw LintProblem(
                "\(path): not a PatternLint baseline (corrupt or not JSON); write a new one with --write-baseline")
        }
    }

    /// Written atomically: a crash leaves the old baseline whole.
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let root = DisplayPath.relative(anchor, from: Self.folder(of: path))
        let data = try encoder.encode(File(version: 1, root: root, findings: entries))
        try AtomicFile.write(data + Data("\n".utf8), to: path)
    }

    /// Findings not in the baseline. Each baseline entry absorbs one finding with its fingerprint.
    public func filter(_ findings: [Finding]) -> [Finding] { match(findings).kept }

    /// The findings no entry absorbs, and the positions of the entries that absorbed none. An
    /// entry absorbs one finding with its fingerprint whose evidence is the entry's (an entry
    /// without evidence takes any); an entry with the same evidence is used first.
    public func match(_ findings: [Finding]) -> (kept: [Finding], unmatched: [Int]) {
        var byFingerprint: [String: [Int]] = [:]
        for (position, entry) in entries.enumerated() { byFingerprint[entry.fingerprint, default: []].append(position) }
        var used = [Bool](repeating: false, count: entries.count)
        let fingerprints = Fingerprint.compute(for: findings, paths: Self.anchoredPaths(findings, anchor: anchor))
        let evidence = Self.evidenceFingerprints(findings, anchor: anchor)
        var kept: [Finding] = []
        for (position, finding) in findings.enumerated() {
            let candidates = byFingerprint[fingerprints[position]] ?? []
            let same = candidates.first {
                !used[$0] && entries[$0].evidence != nil && entries[$0].evidence == evidence[position]
            }
            if let entry = same ?? candidates.first(where: { !used[$0] && entries[$0].evidence == nil }) {
                used[entry] = true
            } else {
                kept.append(finding)
            }
        }
        return (kept, used.indices.filter { !used[$0] })
    }

    /// Leaves out the findings the baseline holds, counting them in `hiddenByBaseline`.
    public func apply(to result: inout LintResult) {
        let kept = filter(result.findings)
        result.hiddenByBaseline = result.findings.count - kept.count
        result.findings = kept
    }

    /// The entries no finding of `result` matches, among those the run could judge: entries of the
    /// files it linted, and of files that are gone. (A run over part of the tree cannot say that an
    /// entry of a file it did not read is stale.) Give it the findings before any other filter.
    public func staleEntries(_ result: LintResult) -> [Entry] {
        let linted = Set(Self.anchoredPaths(result.files, anchor: anchor))
        return match(result.findings).unmatched.map { entries[$0] }.filter { entry in
            linted.contains(entry.path) || !FolderListing.exists(anchor + "/" + entry.path)
        }
    }

    /// This run's entries over `earlier`'s: the earlier entries of files this run did not lint (and
    /// that still exist) are kept, so writing the baseline from part of the tree does not forget the
    /// rest; those of linted files are replaced, which drops the stale ones. Returns how many
    /// earlier entries were dropped as stale (matching no finding of the run).
    public mutating func keep(entriesOf earlier: Baseline, notLintedIn result: LintResult) -> Int {
        let linted = Set(Self.anchoredPaths(result.files, anchor: anchor))
        let reanchored = earlier.entries.map { entry in
            var entry = entry
            entry.path = DisplayPath.relative(DisplayPath.absolute(earlier.anchor + "/" + entry.path), from: anchor)
            return entry
        }
        let judged = reanchored.map { linted.contains($0.path) || !FolderListing.exists(anchor + "/" + $0.path) }
        let replaced = Baseline(entries: zip(reanchored, judged).filter(\.1).map(\.0), anchor: anchor)
        entries = zip(reanchored, judged).filter { !$0.1 }.map(\.0) + entries
        return replaced.match(result.findings).unmatched.count
    }

    init(entries: [Entry], anchor: String) {
        self.entries = entries
        self.anchor = anchor
    }

    /// Each finding's evidence fingerprint (nil when it has none), its paths anchored.
    static func evidenceFingerprints(_ findings: [Finding], anchor: String) -> [String?] {
        // Every evidence path anchored in one pass, then handed back finding by finding.
        let anchored = anchoredPaths(findings.flatMap { $0.related.map(\.path) }, anchor: anchor)
        var next = 0
        return findings.map { finding in
            guard !finding.related.isEmpty else { return nil }
            let paths = Array(anchored[next..<next + finding.related.count])
            next += finding.related.count
            return Fingerprint.evidence(finding.related, paths: paths)
        }
    }

    /// Each finding's path relative to `anchor`, however the run spelt it.
    static func anchoredPaths(_ findings: [Finding], anchor: String) -> [String] {
        anchoredPaths(findings.map(\.path), anchor: anchor)
    }

    /// Paths relative to `anchor`, however the run spelt them.
    static func anchoredPaths(_ paths: [String], anchor: String) -> [String] {
        var known: [String: String] = [:]
        var realAnchor: String??
        func resolvedAnchor() -> String? {
            if realAnchor == nil { realAnchor = .some(RealPath.of(anchor)) }
            return realAnchor ?? nil
        }
        return paths.map { path in
            if let anchoredPath = known[path] { return anchoredPath }
            let anchoredPath = anchored(path, to: anchor, realAnchor: resolvedAnchor)
            known[path] = anchoredPath
            return anchoredPath
        }
    }

    /// A path relative to `anchor`. One that seems to lie outside it is looked at again by where
    /// both really lead: a folder named through a symbolic link (macOS's `/var` is `/private/var`).
    static func anchored(_ path: String, to anchor: String, realAnchor: () -> String?) -> String {
        let absolute = DisplayPath.absolute(path)
        let lexical = DisplayPath.relative(absolute, from: anchor)
        guard leavesFolder(lexical), let folder = realAnchor(), let real = RealPath.of(absolute) else {
            return lexical
        }
        let resolved = DisplayPath.relative(real, from: folder)
        return leavesFolder(resolved) ? lexical : resolved
    }

    static func leavesFolder(_ relativePath: String) -> Bool {
        relativePath == ".." || relativePath.hasPrefix("../")
    }

    static func folder(of path: String) -> String {
        PathText.parent(DisplayPath.absolute(path))
    }
}
