import Foundation
import Support

/// Findings accepted as they are today; later runs report only what is new.
///
/// File format (JSON): `{"version": 1, "findings": [{"rule", "path", "fingerprint", "line", "message"}]}`.
/// Matching uses `fingerprint` only (see `Fingerprint`); `line` and `message` are for readers.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var rule: String
        public var path: String
        public var fingerprint: String
        public var line: Int
        public var message: String
    }

    public var entries: [Entry]

    public init(findings: [Finding]) {
        entries = zip(findings, Fingerprint.compute(for: findings)).map { finding, fingerprint in
            Entry(
                rule: finding.ruleID, path: finding.path, fingerprint: fingerprint, line: finding.line,
                message: finding.message)
        }
    }

    struct File: Codable {
        var version: Int
        var findings: [Entry]
    }

    public static func load(path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LintProblem("\(path): cannot read the baseline")
        }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.version == 1 else {
                throw LintProblem("\(path): baseline version \(file.version) is not supported (expected 1)")
            }
            var baseline = Baseline(findings: [])
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
        let data = try encoder.encode(File(version: 1, findings: entries))
        try AtomicFile.write(data + Data("\n".utf8), to: path)
    }

    /// Findings not in the baseline. Each baseline entry absorbs one finding with its fingerprint.
    public func filter(_ findings: [Finding]) -> [Finding] {
        var remaining: [String: Int] = [:]
        for entry in entries { remaining[entry.fingerprint, default: 0] += 1 }
        return zip(findings, Fingerprint.compute(for: findings)).compactMap { finding, fingerprint in
            if let count = remaining[fingerprint], count > 0 {
                remaining[fingerprint] = count - 1
                return nil
            }
            return finding
        }
    }
}
