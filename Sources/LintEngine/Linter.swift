import Dispatch
import Foundation
import SwiftLexer
import Support
import SwiftUIModel
import ProjectSettings

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
        LintInput(path: path, reportFindings: reportFindings) { try FileContents.read(path, regularOnly: true) }
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
    /// How many findings a baseline left out; nil when no baseline was applied.
    public var hiddenByBaseline: Int?
    /// The baseline file applied, as the run named it (reports say what hid the findings).
    public var baselinePath: String?
    /// The baseline's entries no finding matched, when the run was asked to judge them
    /// (`LintSession.Filters.judgesBaseline`); nil otherwise.
    public var staleBaselineEntries: [Baseline.Entry]?

    public init(
        findings: [Finding], problems: [String], filesLinted: Int, rulesRun: [RuleCatalog.Entry], files: [String] = []
    ) {
        self.findings = findings
        self.problems = problems
        self.filesLinted = filesLinted
        self.rulesRun = rulesRun
        self.files = files
    }
}

/// The pipeline: files → tokens → structure → project index → rules → findings (suppressions,
/// severities, notes), in two parallel passes and one parse per file. Pass 1 reads, lexes and
/// structures each file, takes its summary for the project index, runs the rules that need only
/// the file, and lets each `ProjectRule` gather what it will need; then the tokens are dropped, so
/// memory stays small on any repo. Pass 2 gives the project rules the finished index. The output
/// is sorted, so it is the same whatever the thread count.
public struct Linter: Sendable {
    public var catalog: RuleCatalog
    public var configuration: Configuration
    /// For a process that exits after one run: skip freeing what the run built (saves the teardown).
    public var keepRunUntilExit = false
    /// Each file's deployment targets when the configuration leaves them to the projects.
    public let targetResolver = DeploymentTargetResolver()
    /// Counts the files each pass has done (the CLI draws it on a terminal).
    public var progress: ProgressCounter?
    /// Lint context-only files too, and report their findings whose evidence lies in a reported
    /// file: a staged push of a view that owns a stack makes the error in the view's file, which
    /// the commit does not touch (`--staged`, `--with-context`).
    public var reportsFindingsProvedByReportedFiles = false

    public init(catalog: RuleCatalog, configuration: Configuration) {
        self.catalog = catalog
        self.configuration = configuration
    }

    public var enabledEntries: [RuleCatalog.Entry] {
        catalog.entries.filter { configuration.isEnabled($0.metadata) }
    }

    /// Reads and parses one input; binary files are refused with a problem.
    static func load(_ input: LintInput, index: Int) -> Result<LintFile, LintProblem> {
        do {
            let bytes = try input.read()
            if bytes.prefix(8192).contains(0) {
                return .failure(LintProblem("\(input.path): binary file (NUL bytes), skipped"))
            }
            return .success(
                LintFile(
                    index: index, path: input.path, structure: Structure(SourceFile(path: input.path, bytes: bytes))))
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

    /// What the per-file loop needs of each enabled rule, worked out once per run. A final class
    /// of constants: the loop reads several fields of every rule for every file, and reading a
    /// field of an array's struct element copies it (a generic copy for an optional).
    final class PreparedRule: Sendable {
        let id: String
        let rule: any Rule
        /// The same rule when it looks across files (`Rule.asProjectRule`), asked once per run.
        let projectRule: (any ProjectRule)?
        /// The rule's own collector of facts (`CollectingRule`), asked once per run.
        let collector: FactCollector?
        let options: RuleOptions
        let severity: Severity
        let note: NoteReference?
        /// `". See: <note title>"`, appended to every message.
        let messageSuffix: String
        /// `Rule.readsDeploymentTargets`, read once per run.
        let readsDeploymentTargets: Bool
        /// A built-in rule (not the unused-suppression one): its findings in code that never
        /// ships are at `info` (`ScaffoldCode`). A team's rule says itself where it applies.
        let softensScaffolding: Bool
        /// The names suppression comments may give the rule (`Suppressions.names`).
        let suppressionNames: [String]

        init(
            id: String, rule: any Rule, projectRule: (any ProjectRule)?, collector: FactCollector?,
            options: RuleOptions, severity: Severity, note: NoteReference?, messageSuffix: String,
            readsDeploymentTargets: Bool, softensScaffolding: Bool = true, swiftLintID: String? = nil
        ) {
            self.softensScaffolding = softensScaffolding
            suppressionNames = Suppressions.names(of: id, swiftLintID: swiftLintID)
            self.id = id
            self.rule = rule
            self.projectRule = projectRule
            self.collector = collector
            self.options = options
            self.severity = severity
            self.note = note
            self.messageSuffix = messageSuffix
            self.readsDeploymentTargets = readsDeploymentTargets
        }
    }

    /// What the per-file loop tests of every rule before it calls it, as plain values read
    /// through pointers. Reading a rule's fields retains its objects, and two threads retaining
    /// the same objects for every rule of every file contend for their counts: that was a third
    /// of the team rules' time, most of it for rules a file's words or texts rule out.
    final class RuleGates: Sendable {
        struct Gate {
            /// False for the unused-suppression rule (judged after the others).
            var runs: Bool
            /// Tagged `deprecated` in its markdown: silent in a file no target builds.
            var skipsUnbuiltFiles: Bool
            /// `Rule.prefilter`'s words as a `Vocabulary` mask (0: always run).
            var words: UInt64
            /// `Rule.prefilter`'s lists of texts, of each of which the
            /// file must hold one: `textLists[lists]`, each a range of `textEnds`, each of those
            /// the end of a text in `textBytes`; empty when it has none.
            var lists: Range<Int>
        }

        let gates: [Gate]
        let textBytes: [UInt8]
        let textEnds: [Int]
        let textLists: [Range<Int>]

        /// `entries`' gates, in their order.
        init(_ entries: [RuleCatalog.Entry]) {
            var textBytes: [UInt8] = []
            var textEnds: [Int] = []
            var textLists: [Range<Int>] = []
            gates = entries.map { entry in
                let firstList = textLists.count
                let prefilter = entry.rule.prefilter
                for list in prefilter.texts {
                    let first = textEnds.count
                    for text in list {
                        textBytes += text
                        textEnds.append(textBytes.count)
                    }
                    textLists.append(first..<textEnds.count)
                }
                return Gate(
                    runs: entry.metadata.id != RuleCatalog.unusedSuppressionID,
                    skipsUnbuiltFiles: entry.metadata.tags.contains("deprecated"),
                    words: Vocabulary.mask(prefilter.words), lists: firstList..<textLists.count)
            }
            self.textBytes = textBytes
            self.textEnds = textEnds
            self.textLists = textLists
        }
    }

    /// The enabled rules as the per-file loop reads them, with their gates (same order).
    func prepare(_ entries: [RuleCatalog.Entry]) -> (rules: [PreparedRule], gates: RuleGates) {
        let rules = entries.map { entry in
            PreparedRule(
                id: entry.metadata.id, rule: entry.rule, projectRule: entry.rule.asProjectRule,
                collector: entry.rule.factCollector, options: configuration.options(for: entry.metadata.id),
                severity: configuration.severity(of: entry.metadata), note: entry.note,
                messageSuffix: entry.note.map { ". See: \($0.title)" } ?? ".",
                readsDeploymentTargets: entry.rule.readsDeploymentTargets,
                softensScaffolding: entry.builtin && entry.rule.softensScaffolding
                    && entry.metadata.id != RuleCatalog.unusedSuppressionID,
                swiftLintID: entry.metadata.swiftLintID)
        }
        return (rules, RuleGates(entries))
    }

    /// A file between the passes: no tokens, only what placing and judging its findings needs.
    struct FileState: Sendable {
        var index: Int
        var path: String
        var positions: TextPositions
        var suppressions: Suppressions
        /// Directives that suppressed something so far.
        var used: Set<Int> = []
        /// Rules not run on this file (deprecations in a file no target builds): directives
        /// naming them cannot be judged.
        var skipped: Set<String> = []
        var findings: [Finding] = []
        /// Project rules' verdicts to come, by position in the prepared rules.
        var deferred: [(rule: Int, decide: @Sendable (ProjectIndex) -> [Hit])] = []
        var placer = LinePlacer()
        /// Where the file holds code that never ships (its findings there are at `info`).
        var scaffold = ScaffoldCode.none
        /// Positions in `findings` of those whose rule weighed the scaffolding itself (`Hit.weighsScaffolding`).
        var weighed: Set<Int> = []
    }

    /// Columns and line texts for findings in offset order: a column counts on from the finding
    /// before it on the same line, and findings on one line share its text: counted from the line
    /// start, each with its own copy, many findings on a long line cost the square of the line.
    struct LinePlacer: Sendable {
        var line = 0
        var text = ""
        var offset = 0
        var column = 1

        mutating func place(_ offset: Int, line: Int, positions: TextPositions) -> (column: Int, text: String) {
            if line != self.line {
                self.line = line
                text = positions.lineText(line)
                self.offset = 0
            }
            if self.offset == 0 || offset < self.offset {
                column = positions.characterColumn(of: offset, line: line)
            } else {
                column += positions.characterCount(from: self.offset, to: offset)
            }
            self.offset = offset
            return (column, text)
        }
    }

    public func lint(_ inputs: [LintInput]) -> LintResult {
        let clock = PhaseClock()
        let entries = enabledEntries
        let (rules, gates) = prepare(entries)
        let reportUnused = entries.contains { $0.metadata.id == RuleCatalog.unusedSuppressionID }
        // Pass 1: read, parse and summarise every file; local rules now, project rules prepared.
        let collectors = rules.compactMap(\.collector)
        let states = ConcurrentSlots<
            (state: FileState?, summary: FileSummary?, facts: [(any Sendable)?], problem: LintProblem?)
        >(count: inputs.count)
        progress?.begin("Linting files", total: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            defer { progress?.advance() }
            switch Self.load(inputs[index], index: index) {
            case .failure(let problem):
                states[index] = (nil, nil, [], problem)
            case .success(let file):
                // Context-only files (`--staged`) feed the index; their own findings are not reported
                // (but for those a reported file proves, when asked).
                let judged = inputs[index].reportFindings || reportsFindingsProvedByReportedFiles
                let state = judged ? firstPass(file, rules: rules, gates: gates) : nil
                // Collecting rules read every file, context-only ones too: their facts are cross-file.
                states[index] = (state, file.summary, collectors.map { $0.collect(file) }, nil)
            }
        }
        var slots = states.take()
        // Each file's findings leave its state (kept until exit) for pass 2 to own, so that
        // ordering and joining them moves findings instead of copying them (a retain per string).
        var firstFindings = [[Finding]?](repeating: nil, count: slots.count)
        for position in slots.indices where slots[position]?.state != nil {
            firstFindings[position] = []
            swap(&firstFindings[position]!, &slots[position]!.state!.findings)
        }
        let owned = ConcurrentSlots<[Finding]>(consume firstFindings)
        clock.mark("read, parse, local rules")
        var index = ProjectIndex(summaries: slots.compactMap { $0?.summary }, count: inputs.count)
        index.ruleFacts = FactCollector.merged(collectors, pieces: slots.map { $0?.facts ?? [] })
        index.enabledRules = Set(entries.map(\.metadata.id))
        let project = index
        let files = slots
        clock.mark("index merge")
        // The view hierarchies and the push graph are built on first use; build the ones the
        // running rules need side by side now rather than one after the other (each behind a lock) in pass 2.
        let needed = Array(rules.reduce(into: Set<IndexFact>()) { $0.formUnion($1.projectRule?.needs ?? []) })
        DispatchQueue.concurrentPerform(iterations: needed.count) { part in
            switch needed[part] {
            case .viewHierarchy: _ = project.hierarchy
            case .pathHierarchy: _ = project.pathHierarchy
            case .pushGraph: _ = project.pushGraph
            }
        }
        clock.mark("view hierarchies")
        // Pass 2: project rules' verdicts, unused suppressions, and each file's findings sorted.
        let perFile = ConcurrentSlots<FileFindings>(count: files.count)
        let reportedKeys =
            reportsFindingsProvedByReportedFiles
            ? Set(inputs.filter(\.reportFindings).map { PathKey.of($0.path) }) : []
        progress?.begin("Cross-file rules", total: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
            defer { progress?.advance() }
            guard let state = files[position]?.state, let first = owned.take(position) else { return }
            var findings = secondPass(state, first, project: project, rules: rules, reportUnused: reportUnused)
            if !inputs[position].reportFindings {
                findings.removeAll { !$0.related.contains { reportedKeys.contains(PathKey.of($0.path)) } }
            }
            if !findings.isEmpty { perFile[position] = FileFindings(findings) }
        }
        clock.mark("project rules")
        RuleTimer.shared.dump()
        defer {
            clock.mark("sort")
            // The CLI exits right after reporting: hand what the run built to a global instead of
            // freeing it piece by piece (as compilers skip frees).
            if keepRunUntilExit { ExitKeeper.shared.keep(files) }
        }
        let all = FileFindings.joined(perFile.take())
        var problems: [String] = []
        var reported: [String] = []
        for (position, slot) in files.enumerated() {
            if let problem = slot?.problem { problems.append(problem.description) }
            if let state = slot?.state, inputs[position].reportFindings { reported.append(state.path) }
        }
        return LintResult(
            findings: all, problems: problems, filesLinted: reported.count, rulesRun: entries, files: reported)
    }

    /// While the file is parsed: the rules that need only it, and the project rules' preparation.
    func firstPass(_ file: LintFile, rules: [PreparedRule], gates: RuleGates) -> FileState {
        var state = FileState(
            index: file.index, path: file.path, positions: file.source.positions,
            suppressions: Suppressions(file.source))
        state.scaffold = ScaffoldCode(file)
        // The nearest project (asked once per file): its targets, when the configuration names
        // none, and whether a target builds the file at all.
        let project = configuration.detectsDeploymentTargets ? targetResolver.project(forFile: file.path) : nil
        let fileTargets = configuration.deploymentTargets == nil ? project?.targets : nil
        let targetsUnknown = configuration.deploymentTargets == nil && project?.found == false
        let unbuilt = project?.isBuilt == false
        // The prefilters' texts, read on the first rule with some: a rule per file costs a
        // call, a lock and a retain or two before its texts rule the file out.
        var prefilterTexts: PrefilterTexts?
        gates.gates.withUnsafeBufferPointer { gateList in
            gates.textBytes.withUnsafeBufferPointer { textBytes in
                gates.textEnds.withUnsafeBufferPointer { textEnds in
                    gates.textLists.withUnsafeBufferPointer { textLists in
                        rules: for position in gateList.indices where gateList[position].runs {
                            let gate = gateList[position]
                            // A deprecated API in a stale copy no target compiles is nothing to migrate.
                            if unbuilt, gate.skipsUnbuiltFiles {
                                state.skipped.insert(rules[position].id)
                                continue
                            }
                            // A rule whose names or texts do not stand in the file has nothing to find there.
                            if gate.words != 0, !file.vocabulary.containsAny(mask: gate.words) { continue }
                            if !gate.lists.isEmpty {
                                if prefilterTexts == nil { prefilterTexts = file.teamIndex.textFilter }
                                for list in textLists[gate.lists]
                                where !prefilterTexts!.containsAny(textBytes, ends: textEnds, list) {
                                    continue rules
                                }
                            }
                            check(
                                rules[position], at: position, file, fileTargets, targetsUnknown: targetsUnknown,
                                into: &state)
                        }
                    }
                }
            }
        }
        return state
    }

    /// One rule on one file: a local rule's hits recorded, a project rule's verdict deferred.
    private func check(
        _ prepared: PreparedRule, at position: Int, _ file: LintFile, _ fileTargets: DeploymentTargets?,
        targetsUnknown: Bool, into state: inout FileState
    ) {
        let started = RuleTimer.shared.enabled ? DispatchTime.now().uptimeNanoseconds : 0
        if let projectRule = prepared.projectRule {
            var options = prepared.options
            if let targets = fileTargets { options.deploymentTargets = targets }
            if targetsUnknown { options.deploymentTargetsUnknown = true }
            state.deferred.append((position, projectRule.prepare(file, options: options)))
        } else if fileTargets != nil || targetsUnknown, prepared.readsDeploymentTargets {
            var options = prepared.options
            if let targets = fileTargets { options.deploymentTargets = targets }
            if targetsUnknown { options.deploymentTargetsUnknown = true }
            record(prepared.rule.check(file, options: options), of: prepared, in: &state)
        } else {
            record(prepared.rule.check(file, options: prepared.options), of: prepared, in: &state)
        }
        if RuleTimer.shared.enabled {
            RuleTimer.shared.add(prepared.id, DispatchTime.now().uptimeNanoseconds - started)
        }
    }

    /// With the whole run's index: the project rules' verdicts, then unused suppressions.
    func secondPass(_ state: FileState, project: ProjectIndex, rules: [PreparedRule], reportUnused: Bool) -> [Finding] {
        secondPass(state, state.findings, project: project, rules: rules, reportUnused: reportUnused)
    }

    /// The same, adding to `findings` (the state's own, taken out of it so that they are not shared).
    func secondPass(
        _ state: FileState, _ findings: consuming [Finding], project: ProjectIndex, rules: [PreparedRule],
        reportUnused: Bool
    ) -> [Finding] {
        var state = state
        state.findings = findings
        for (position, decide) in state.deferred {
            let started = RuleTimer.shared.enabled ? DispatchTime.now().uptimeNanoseconds : 0
            record(decide(project), of: rules[position], in: &state)
            if RuleTimer.shared.enabled {
                RuleTimer.shared.add(rules[position].id, DispatchTime.now().uptimeNanoseconds - started)
            }
        }
        softenFindingsInScaffoldTypes(&state, project: project, rules: rules)
        let suppressions = state.suppressions
        if reportUnused, !suppressions.directives.isEmpty,
            let entry = rules.first(where: { $0.id == RuleCatalog.unusedSuppressionID })
        {
            let enabled = Set(rules.map(\.id))
            var unused: [Int] = []
            for (index, directive) in suppressions.directives.enumerated()
            where directive.kind != .enable && directive.tool == .patternlint && !state.used.contains(index) {
                // A `swiftlint:` comment is SwiftLint's to judge (its `superfluous_disable_command`):
                // most name SwiftLint's own rules, which do not run here.
                // A directive for rules that are not running this time (or here) cannot be judged.
                guard directive.rules.contains("all") || directive.rules.allSatisfy(enabled.contains) else { continue }
                guard
                    state.skipped.isEmpty
                        || !directive.rules.contains(where: { $0 == "all" || state.skipped.contains($0) })
                else { continue }
                unused.append(index)
            }
            // An unused-suppression finding can itself be suppressed, which uses that other directive.
            var silenced = Set<Int>()
            for index in unused {
                if let other = suppressions.suppressor(
                    of: RuleCatalog.unusedSuppressionID, line: suppressions.directives[index].line, except: index)
                {
                    silenced.insert(index)
                    state.used.insert(other)
                }
            }
            for index in unused where !silenced.contains(index) && !state.used.contains(index) {
                let directive = suppressions.directives[index]
                let names = directive.written.joined(separator: " ")
                let hit = Hit(
                    file: state.index, offset: directive.offset,
                    message: "`patternlint:\(directive.kind.rawValue) \(names)` suppresses nothing here; remove it")
                state.findings.append(makeFinding(entry, hit: hit, in: &state, line: directive.line))
            }
        }
        return state.findings
    }

    /// Hits of one rule: suppressed ones mark their directive used, the rest become findings.
    func record(_ hits: [Hit], of rule: PreparedRule, in state: inout FileState) {
        // Most rules find their hits in order: sorted (a copy, a retain per string) only when not.
        let inOrder = hits.indices.dropFirst().allSatisfy { hits[$0 - 1].offset <= hits[$0].offset }
        // The last message with the rule's suffix: a rule's hits in a file often say the same,
        // and then share one string rather than each joining its own.
        var joined: (message: String, full: String)?
        for hit in inOrder ? hits : hits.sorted(by: { $0.offset < $1.offset }) {
            let line = state.positions.line(of: hit.offset)
            if !state.suppressions.directives.isEmpty,
                let directive = state.suppressions.suppressor(answeringTo: rule.suppressionNames, line: line)
            {
                state.used.insert(directive)
                continue
            }
            let message: String
            if let joined, joined.message == hit.message {
                message = joined.full
            } else {
                message = FindingMessage.joined(hit.message, rule.messageSuffix)
                joined = (hit.message, message)
            }
            if hit.weighsScaffolding { state.weighed.insert(state.findings.count) }
            state.findings.append(makeFinding(rule, hit: hit, in: &state, line: line, message: message))
        }
    }

    /// `message`: the hit's message with the rule's suffix, when the caller has it.
    func makeFinding(
        _ rule: PreparedRule, hit: Hit, in state: inout FileState, line: Int, message: String? = nil
    ) -> Finding {
        let severity = hit.severity.map { $0 == .info ? .info : rule.severity == .error ? .error : $0 } ?? rule.severity
        let (column, text) = state.placer.place(hit.offset, line: line, positions: state.positions)
        var finding = Finding(
            ruleID: rule.id, severity: severity.capped(by: hit.confidence),
            message: message ?? FindingMessage.joined(hit.message, rule.messageSuffix), path: state.path, line: line,
            column: column,
            note: rule.note, sourceLine: text, fix: hit.fix,
            related: hit.evidence.map { Self.locate($0, path: state.path, positions: state.positions) },
            confidence: hit.confidence)
        if finding.severity > .info, !hit.weighsScaffolding, rule.softensScaffolding,
            let why = state.scaffold.why(at: hit.offset)
        {
            finding.soften(why, suffix: rule.messageSuffix)
        }
        return finding
    }

    /// Findings in a type only code that never ships builds (a preview host, a demo screen) go to
    /// `info`, naming a place that builds it. Only the built-in rules: a team rule says where it applies.
    func softenFindingsInScaffoldTypes(_ state: inout FileState, project: ProjectIndex, rules: [PreparedRule]) {
        guard !state.scaffold.types.isEmpty, state.findings.contains(where: { $0.severity > .info }) else { return }
        let built = project.typesBuiltOnlyByScaffolding
        guard state.scaffold.types.contains(where: { built[$0.name] != nil }) else { return }
        let softened = Dictionary(
            rules.filter(\.softensScaffolding).map { ($0.id, $0.messageSuffix) },
            uniquingKeysWith: { first, _ in first })
        for index in state.findings.indices
        where state.findings[index].severity > .info && !state.weighed.contains(index) {
            let finding = state.findings[index]
            guard let suffix = softened[finding.ruleID],
                let type = state.scaffold.scaffoldType(around: finding.line, in: built), let site = built[type]
            else { continue }
            state.findings[index].soften(
                "`\(type)` is built only by previews, tests or `#if DEBUG` code", suffix: suffix)
            if let path = project.paths[site.file] {
                state.findings[index].related.append(
                    RelatedLocation(
                        path: path, line: site.line, column: site.column,
                        message: "`\(type)` is built here, in code that never ships"))
            }
        }
    }

    static func locate(_ evidence: Evidence, path: String, positions: TextPositions) -> RelatedLocation {
        switch evidence {
        case .elsewhere(let location):
            return location
        case .here(let offset, let message):
            let line = positions.line(of: offset)
            return RelatedLocation(
                path: path, line: line, column: positions.characterColumn(of: offset, line: line), message: message)
        }
    }
}
