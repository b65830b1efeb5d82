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
/// severities, notes), in two parallel passes. Pass 1 reads, lexes and structures every file and
/// takes its summary for the project index; pass 2 runs the rules file by file against that
/// index. Parsed files stay in memory between the passes up to `keepParsedBytes` of source; past
/// it a file keeps only its bytes and is parsed again in pass 2, so memory stays bounded on large
/// repos. The output is sorted, so it is the same whatever the thread count or budget.
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

    /// Source bytes whose parsed files stay in memory from the index to the rules. Past it, a
    /// file keeps only its bytes and summary and is parsed again for the rules: a parsed file
    /// takes about eleven bytes of memory per source byte, and on a large repo faulting that in
    /// costs more than lexing twice.
    public var keepParsedBytes: Int = ProcessInfo.processInfo.environment["PATTERNLINT_KEEP_MB"].flatMap(Int.init).map { $0 << 20 } ?? 8 << 20

    /// Reads and parses one input; binary files are refused with a problem.
    static func load(_ input: LintInput, index: Int) -> Result<LintFile, LintProblem> {
        do {
            let bytes = try input.read()
            if bytes.prefix(8192).contains(0) { return .failure(LintProblem("\(input.path): binary file (NUL bytes), skipped")) }
            var file = LintFile(index: index, path: input.path, structure: Structure(SourceFile(path: input.path, bytes: bytes)))
            file.summary = ProjectIndex.FileSummary(file)
            return .success(file)
        } catch let problem as LintProblem {
            return .failure(problem)
        } catch let problem as ReadError {
            return .failure(LintProblem(problem.description))
        } catch {
            return .failure(LintProblem("\(input.path): cannot be read: \(error.localizedDescription)"))
        }
    }

    /// Reads and parses every input; binary files are skipped with a problem.
    public static func parse(_ inputs: [LintInput]) -> (files: [LintFile?], problems: [String]) {
        let parsed = ConcurrentSlots<Result<LintFile, LintProblem>>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            parsed[index] = load(inputs[index], index: index)
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

    /// A file between the two passes: parsed, or (past the memory budget) its bytes only.
    enum Pending: Sendable {
        case parsed(LintFile)
        case unparsed(index: Int, path: String, bytes: [UInt8])
        case failed(LintProblem)
    }

    public func lint(_ inputs: [LintInput]) -> LintResult {
        let clock = PhaseClock()
        // Pass 1: read, parse and summarise every file in parallel.
        let pending = ConcurrentSlots<(Pending, ProjectIndex.FileSummary?)>(count: inputs.count)
        let budget = ByteBudget(keepParsedBytes)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            switch Self.load(inputs[index], index: index) {
            case .failure(let problem):
                pending[index] = (.failed(problem), nil)
            case .success(var file):
                let summary = file.summary
                file.summary = nil
                let bytes = file.source.bytes
                pending[index] = budget.take(bytes.count)
                    ? (.parsed(file), summary)
                    : (.unparsed(index: index, path: file.path, bytes: bytes), summary)
            }
        }
        let slots = pending.values
        clock.mark("read, lex, structure")
        let project = ProjectIndex(summaries: slots.compactMap { $0?.1 }, count: inputs.count)
        clock.mark("project index")
        // Pass 2: the rules, file by file (parsing again what was not kept).
        let entries = enabledEntries
        let rules = prepare(entries)
        let reportUnused = entries.contains { $0.metadata.id == RuleCatalog.unusedSuppressionID }
        let perFile = ConcurrentSlots<[Finding]>(count: slots.count)
        DispatchQueue.concurrentPerform(iterations: slots.count) { position in
            guard inputs[position].reportFindings, let (slot, _) = slots[position] else { return }
            let file: LintFile
            switch slot {
            case .failed: return
            case .parsed(let parsed): file = parsed
            case .unparsed(let index, let path, let bytes):
                file = LintFile(index: index, path: path, structure: Structure(SourceFile(path: path, bytes: bytes)))
            }
            // Sorted here, by position, in parallel; the files are put in path order below.
            perFile[position] = self.findings(in: file, project: project, rules: rules, reportUnused: reportUnused)
                .sorted { ($0.line, $0.column, $0.ruleID, $0.message) < ($1.line, $1.column, $1.ruleID, $1.message) }
        }
        clock.mark("rules")
        RuleTimer.shared.dump()
        defer {
            clock.mark("sort")
            // The CLI exits right after reporting: hand the parsed files to a global instead of
            // tearing down hundreds of megabytes of arrays one by one (as compilers skip frees).
            if keepParsedFilesUntilExit { ExitKeeper.shared.keep(slots) }
        }
        let groups = perFile.values.compactMap { $0 }.filter { !$0.isEmpty }
        var all: [Finding] = []
        all.reserveCapacity(groups.reduce(0) { $0 + $1.count })
        for group in groups.sorted(by: { $0[0].path < $1[0].path }) { all.append(contentsOf: group) }
        var problems: [String] = []
        var reported: [String] = []
        for (position, slot) in slots.enumerated() {
            switch slot?.0 {
            case .failed(let problem)?: problems.append(problem.description)
            case .parsed(let file)? where inputs[position].reportFindings: reported.append(file.path)
            case .unparsed(_, let path, _)? where inputs[position].reportFindings: reported.append(path)
            default: break
            }
        }
        return LintResult(findings: all, problems: problems, filesLinted: reported.count, rulesRun: entries, files: reported)
    }

    /// What the per-file loop needs of each enabled rule, worked out once per run (copying a
    /// catalog entry per rule per file costs a retain for each of its many fields).
    struct PreparedRule: Sendable {
        var id: String
        var rule: any Rule
        var options: RuleOptions
        var severity: Severity
        var note: NoteReference?
        /// `". See: <note title>"`, appended to every message.
        var messageSuffix: String
    }

    func prepare(_ entries: [RuleCatalog.Entry]) -> [PreparedRule] {
        entries.map { entry in
            PreparedRule(id: entry.metadata.id, rule: entry.rule, options: configuration.ruleOptions[entry.metadata.id] ?? RuleOptions(),
                         severity: configuration.severity(of: entry.metadata), note: entry.note,
                         messageSuffix: entry.note.map { ". See: \($0.title)" } ?? ".")
        }
    }

    func findings(in file: LintFile, project: ProjectIndex, rules: [PreparedRule], reportUnused: Bool) -> [Finding] {
        let suppressions = Suppressions(file.source)
        var used = Set<Int>()
        var result: [Finding] = []
        for position in rules.indices where rules[position].id != RuleCatalog.unusedSuppressionID {
            let started = RuleTimer.shared.enabled ? DispatchTime.now().uptimeNanoseconds : 0
            let hits = rules[position].rule.check(file, project: project, options: rules[position].options)
            if RuleTimer.shared.enabled { RuleTimer.shared.add(rules[position].id, DispatchTime.now().uptimeNanoseconds - started) }
            for hit in hits {
                let line = file.source.lines.line(of: hit.offset)
                if !suppressions.directives.isEmpty, let directive = suppressions.suppressor(of: rules[position].id, line: line) {
                    used.insert(directive)
                    continue
                }
                result.append(makeFinding(rules[position], hit: hit, in: file, line: line))
            }
        }
        if reportUnused, !suppressions.directives.isEmpty, let entry = rules.first(where: { $0.id == RuleCatalog.unusedSuppressionID }) {
            let enabled = Set(rules.map(\.id))
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

    func makeFinding(_ rule: PreparedRule, hit: Hit, in file: LintFile, line: Int) -> Finding {
        let severity = hit.severity.map { $0 == .info ? .info : rule.severity == .error ? .error : $0 } ?? rule.severity
        return Finding(ruleID: rule.id, severity: severity, message: hit.message + rule.messageSuffix, path: file.path, line: line,
                       column: file.source.characterColumn(of: hit.offset, line: line), note: rule.note,
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

/// Holds large values (parsed files, a run's result) until the process exits, so that a one-shot
/// command does not spend its last milliseconds freeing them one by one.
public final class ExitKeeper: @unchecked Sendable {
    public static let shared = ExitKeeper()
    private let lock = NSLock()
    private var kept: [Any] = []
    public func keep(_ value: Any) { lock.withLock { kept.append(value) } }
}

/// A byte allowance shared by threads: `take` succeeds while the total stays within the limit.
final class ByteBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int

    init(_ limit: Int) { left = limit }

    func take(_ bytes: Int) -> Bool {
        lock.withLock {
            guard bytes <= left else { return false }
            left -= bytes
            return true
        }
    }
}
