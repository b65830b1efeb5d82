import Foundation
import Support
import SwiftUIModel
import ProjectSettings

/// Findings accepted as they are today; later runs report only what is new.
///
/// File format (JSON): `{"version": 1, "root": ".", "findings": [{"rule", "path", "fingerprint", "line", "message", "confidence"}]}`.
/// Entries are anchored to one folder, the anchor (the configuration's folder: `anchor(forFileAt:configuration:)`):
/// each `path` is relative to it, and `root` names it relative to the file's own folder. So a run
/// matches the entries whatever folder it starts in and however it spells paths (relative,
/// absolute, `./x`). A file without `root` (written before it existed) holds paths relative to the
/// folder its run started in, usually the configuration's; it is read against the anchor given.
/// Matching uses `fingerprint` only (see `Fingerprint`, over the anchored path); `line` and
/// `message` are for readers.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var rule: String
        public var path: String
        public var fingerprint: String
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
        entries = zip(findings, zip(paths, Fingerprint.compute(for: findings, paths: paths))).map {
            finding, anchored in
            Entry(
                rule: finding.ruleID, path: anchored.0, fingerprint: anchored.1, line: finding.line,
                message: finding.message, confidence: finding.confidence)
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
    public func filter(_ findings: [Finding]) -> [Finding] {
        var remaining: [String: Int] = [:]
        for entry in entries { remaining[entry.fingerprint, default: 0] += 1 }
        let fingerprints = Fingerprint.compute(for: findings, paths: Self.anchoredPaths(findings, anchor: anchor))
        return zip(findings, fingerprints).compactMap { finding, fingerprint in
            if let count = remaining[fingerprint], count > 0 {
                remaining[fingerprint] = count - 1
                return nil
            }
            return finding
        }
    }

    /// Leaves out the findings the baseline holds, counting them in `hiddenByBaseline`.
    public func apply(to result: inout LintResult) {
        let kept = filter(result.findings)
        result.hiddenByBaseline = result.findings.count - kept.count
        result.findings = kept
    }

    /// Each finding's path relative to `anchor`, however the run spelt it.
    static func anchoredPaths(_ findings: [Finding], anchor: String) -> [String] {
        var known: [String: String] = [:]
        var realAnchor: String??
        func resolvedAnchor() -> String? {
            if realAnchor == nil { realAnchor = .some(RealPath.of(anchor)) }
            return realAnchor ?? nil
        }
        return findings.map { finding in
            if let path = known[finding.path] { return path }
            let path = anchored(finding.path, to: anchor, realAnchor: resolvedAnchor)
            known[finding.path] = path
            return path
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
