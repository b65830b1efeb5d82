import Dispatch
import Foundation
import Notes
import SwiftLexer

/// A Swift file to lint: a path and a way to get its bytes (disk, or the git index for `--staged`).
public struct LintInput: Sendable {
    public var path: String
    public var read: @Sendable () throws -> [UInt8]
    /// Findings in context-only files (cross-file facts) are not reported.
    public var reportFindings: Bool

    public init(path: String, reportFindings: Bool = true, read: @escaping @Sendable () throws -> [UInt8]) {
        self.path = path
        self.read = read
        self.reportFindings = reportFindings
    }

    public static func disk(_ path: String, reportFindings: Bool = true) -> LintInput {
        LintInput(path: path, reportFindings: reportFindings) { try FileContents.read(path) }
    }
}

public struct LintProblem: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public struct LintResult: Sendable {
    public var findings: [Finding]
    /// Files that could not be linted (unreadable, binary), each naming the file.
    public var problems: [String]
    public var filesLinted: Int
    public var rulesRun: [RuleCatalog.Entry]
    /// Paths of the files whose findings are reported.
    public var files: [String] = []

    public init(findings: [Finding], problems: [String], filesLinted: Int, rulesRun: [RuleCatalog.Entry], files: [String] = []) {
        self.findings = findings
        self.problems = problems
        self.filesLinted = filesLinted
        self.rulesRun = rulesRun
        self.files = files
    }
}

/// The pipeline: files → tokens → structure → project index → rules → findings (suppressions,
/// severities, notes). Files are read, lexed and checked in parallel; the output is sorted, so it
/// is the same whatever the thread count.
public struct Linter: Sendable {
    public var catalog: RuleCatalog
    public var configuration: Configuration
    /// For a process that exits after one run: skip freeing the parsed files (saves the teardown).
    public var keepParsedFilesUntilExit = false

    public init(catalog: RuleCatalog, configuration: Configuration) {
        self.catalog = catalog
        self.configuration = configuration
    }

    public var enabledEntries: [RuleCatalog.Entry] {
        catalog.entries.filter { configuration.isEnabled($0.metadata) }
    }

    /// Reads and parses every input; binary files are skipped with a problem.
    public static func parse(_ inputs: [LintInput]) -> (files: [LintFile?], problems: [String]) {
        let parsed = ConcurrentSlots<Result<LintFile, LintProblem>>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            let input = inputs[index]
            do {
                let bytes = try input.read()
                if bytes.prefix(8192).contains(0) {
                    parsed[index] = .failure(LintProblem("\(input.path): binary file (NUL bytes), skipped"))
                    return
                }
                let structure = Structure(SourceFile(path: input.path, bytes: bytes))
                var file = LintFile(index: index, path: input.path, structure: structure)
                file.summary = ProjectIndex.FileSummary(file)
                parsed[index] = .success(file)
            } catch let problem as LintProblem {
                parsed[index] = .failure(problem)
            } catch let problem as ReadError {
                parsed[index] = .failure(LintProblem(problem.description))
            } catch {
                parsed[index] = .failure(LintProblem("\(input.path): cannot be read: \(error.localizedDescription)"))
            }
        }
        var files: [LintFile?] = []
        var problems: [String] = []
        for slot in parsed.values {
            switch slot {
            case .success(let file)?: files.append(file)
            case .failure(let problem)?: files.append(nil); problems.append(problem.description)
            case nil: files.append(nil)
            }
        }
        return (files, problems)
    }

    public func lint(_ inputs: [LintInput]) -> LintResult {
        let clock = PhaseClock()
        let (parsed, problems) = Self.parse(inputs)
        clock.mark("read, lex, structure")
        // Files that failed keep their slot so indices line up; the index sees the others.
        let files = parsed.compactMap { $0 }
        let project = ProjectIndex(files: files, count: inputs.count)
        clock.mark("project index")
        let entries = enabledEntries
        let reportUnused = entries.contains { $0.metadata.id == RuleCatalog.unusedSuppressionID }
        let perFile = ConcurrentSlots<[Finding]>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
            let file = files[position]
            guard inputs[file.index].reportFindings else { perFile[position] = []; return }
            perFile[position] = self.findings(in: file, project: project, entries: entries, reportUnused: reportUnused)
        }
        clock.mark("rules")
        RuleTimer.shared.dump()
        defer {
            clock.mark("sort")
            // The CLI exits right after reporting: hand the parsed files to a global instead of
            // tearing down hundreds of megabytes of arrays one by one (as compilers skip frees).
            if keepParsedFilesUntilExit { ParsedFilesKeeper.shared.keep(parsed) }
        }
        // Sort within each file by position, then the files by path: cheaper than one big sort.
        let groups = perFile.values.compactMap { $0 }.filter { !$0.isEmpty }.map { group in
            group.sorted { ($0.line, $0.column, $0.ruleID, $0.message) < ($1.line, $1.column, $1.ruleID, $1.message) }
        }
        let all = groups.sorted { $0[0].path < $1[0].path }.flatMap { $0 }
        let reported = files.filter { inputs[$0.index].reportFindings }.map(\.path)
        return LintResult(findings: all, problems: problems, filesLinted: reported.count, rulesRun: entries, files: reported)
    }

    func findings(in file: LintFile, project: ProjectIndex, entries: [RuleCatalog.Entry], reportUnused: Bool) -> [Finding] {
        let suppressions = Suppressions(file.source)
        var used = Set<Int>()
        var result: [Finding] = []
        for entry in entries where entry.metadata.id != RuleCatalog.unusedSuppressionID {
            let options = configuration.ruleOptions[entry.metadata.id] ?? RuleOptions()
            let started = RuleTimer.shared.enabled ? DispatchTime.now().uptimeNanoseconds : 0
            let hits = entry.rule.check(file, project: project, options: options)
            if RuleTimer.shared.enabled { RuleTimer.shared.add(entry.metadata.id, DispatchTime.now().uptimeNanoseconds - started) }
            for hit in hits {
                let line = file.source.lines.line(of: hit.offset)
                if let directive = suppressions.suppressor(of: entry.metadata.id, line: line) {
                    used.insert(directive)
                    continue
                }
                result.append(makeFinding(entry, hit: hit, in: file, line: line))
            }
        }
        if reportUnused, let entry = entries.first(where: { $0.metadata.id == RuleCatalog.unusedSuppressionID }) {
            let enabled = Set(entries.map(\.metadata.id))
            var unused: [Int] = []
            for (index, directive) in suppressions.directives.enumerated() where directive.kind != .enable && !used.contains(index) {
                // A directive for rules that are not running this time cannot be judged.
                guard directive.rules.contains("all") || directive.rules.allSatisfy(enabled.contains) else { continue }
                unused.append(index)
            }
            // An unused-suppression finding can itself be suppressed, which uses that other directive.
            var silenced = Set<Int>()
            for index in unused {
                if let other = suppressions.suppressor(of: RuleCatalog.unusedSuppressionID, line: suppressions.directives[index].line, except: index) {
                    silenced.insert(index)
                    used.insert(other)
                }
            }
            for index in unused where !silenced.contains(index) && !used.contains(index) {
                let directive = suppressions.directives[index]
                let names = directive.rules.joined(separator: " ")
                let hit = Hit(file: file.index, offset: directive.offset,
                              message: "`patternlint:\(directive.kind.rawValue) \(names)` suppresses nothing here; remove it")
                result.append(makeFinding(entry, hit: hit, in: file, line: directive.line))
            }
        }
        return result
    }

    func makeFinding(_ entry: RuleCatalog.Entry, hit: Hit, in file: LintFile, line: Int) -> Finding {
        let severity = hit.severity.map { $0 == .info ? .info : configuration.severity(of: entry.metadata) == .error ? .error : $0 }
            ?? configuration.severity(of: entry.metadata)
        let message = hit.message + (entry.note.map { ". See: \($0.title)" } ?? ".")
        return Finding(ruleID: entry.metadata.id, severity: severity, message: message, path: file.path, line: line,
                       column: file.source.characterColumn(of: hit.offset, line: line), note: entry.note,
                       sourceLine: file.source.lineText(line))
    }
}

/// `PATTERNLINT_TIMING=1` prints how long each phase of a run took, on stderr.
public final class PhaseClock: @unchecked Sendable {
    private let enabled = ProcessInfo.processInfo.environment["PATTERNLINT_TIMING"] != nil
    private var last = DispatchTime.now().uptimeNanoseconds

    public init() {}

    public func mark(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        FileHandle.standardError.write(Data(String(format: "timing: %-22@ %7.1f ms  rss %5d MB\n", phase as NSString,
                                                    Double(now - last) / 1e6, Self.residentMegabytes()).utf8))
        last = now
    }

    /// Resident memory from `/proc/self/statm` (0 where there is none).
    static func residentMegabytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * 4096 / 1_000_000
    }
}

/// With `PATTERNLINT_TIMING` set: CPU time per rule, summed over files and threads.
final class RuleTimer: @unchecked Sendable {
    static let shared = RuleTimer()
    let enabled = ProcessInfo.processInfo.environment["PATTERNLINT_TIMING"] != nil
    private let lock = NSLock()
    private var totals: [String: UInt64] = [:]
    func add(_ id: String, _ nanos: UInt64) { lock.withLock { totals[id, default: 0] += nanos } }
    func dump() {
        guard enabled else { return }
        for (id, total) in totals.sorted(by: { $0.value > $1.value }) {
            FileHandle.standardError.write(Data(String(format: "rule: %-40@ %7.1f ms\n", id as NSString, Double(total) / 1e6).utf8))
        }
    }
}

/// Holds parsed files until the process exits (see `Linter.keepParsedFilesUntilExit`).
final class ParsedFilesKeeper: @unchecked Sendable {
    static let shared = ParsedFilesKeeper()
    private let lock = NSLock()
    private var kept: [[LintFile?]] = []
    func keep(_ files: [LintFile?]) { lock.withLock { kept.append(files) } }
}
