/// A project rule that owns the facts it gathers from other files, as SwiftLint's
/// `CollectingRule` does: `collect` reads each file of the run while its tokens are in memory
/// (context-only files too), and the verdict gets every file's facts beside the shared index.
/// Facts one rule alone needs live here, in the rule, not in the shared `FileSummary`.
public protocol CollectingRule: ProjectRule {
    associatedtype FileInfo: Sendable
    /// What this rule needs of one file, nil when the file has nothing for it.
    func collect(_ file: LintFile) -> FileInfo?
    /// Gathers what the verdict on `file` needs; the closure decides with the index and every
    /// file's collected facts, and must not capture the file or its structure.
    func validate(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex, Collected<FileInfo>) -> [Hit]
}

/// Every file's facts for one collecting rule, by file index.
public struct Collected<FileInfo: Sendable>: Sendable {
    public let byFile: [FileInfo?]

    public init(_ byFile: [FileInfo?]) { self.byFile = byFile }

    /// The facts of the files that have some, in file order.
    public var all: [FileInfo] { byFile.compactMap { $0 } }
}

/// A collecting rule with its fact type erased, for the engine's loop over `any Rule`.
public struct FactCollector: Sendable {
    /// A key for the rule's facts in the index (its id).
    let ruleID: String
    let collect: @Sendable (LintFile) -> (any Sendable)?
    /// Turns the per-file pieces into the rule's `Collected<FileInfo>`, once per run.
    let gather: @Sendable ([(any Sendable)?]) -> any Sendable
}

extension CollectingRule {
    public var factCollector: FactCollector? {
        FactCollector(
            ruleID: id, collect: { file in self.collect(file) },
            gather: { pieces in Collected<FileInfo>(pieces.map { $0 as? FileInfo }) })
    }

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let decide = validate(file, options: options)
        let id = id
        return { project in
            decide(project, project.ruleFacts[id] as? Collected<FileInfo> ?? Collected([]))
        }
    }

    /// Alone, the rule judges the file against its own facts.
    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        var project = ProjectIndex(files: [file])
        var pieces = [FileInfo?](repeating: nil, count: file.index + 1)
        pieces[file.index] = collect(file)
        project.ruleFacts[id] = Collected(pieces)
        return validate(file, options: options)(project, Collected(pieces))
    }
}
