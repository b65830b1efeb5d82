import SwiftUIModel
import ProjectSettings
import Support

/// A project rule that owns the facts it gathers from other files, as SwiftLint's
/// `CollectingRule` does: `collect` reads each file of the run while its tokens are in memory
/// (context-only files too), and the verdict gets every file's facts beside the shared index.
/// Facts one rule alone needs live here, in the rule, not in the shared `FileSummary`.
public protocol CollectingRule: ProjectRule {
    /// Equatable, so the editor's lint can tell whether an edit moved the rule's facts.
    associatedtype FileInfo: Sendable & Equatable
    /// The facts as the verdicts read them, merged once per run (by default the per-file list).
    associatedtype Facts: Sendable = Collected<FileInfo>
    /// What this rule needs of one file, nil when the file has nothing for it.
    func collect(_ file: LintFile) -> FileInfo?
    /// Every file's facts into the form the verdicts look things up in (a table by name, say).
    static func merge(_ collected: Collected<FileInfo>) -> Facts
    /// Gathers what the verdict on `file` needs; the closure decides with the index and the
    /// merged facts, and must not capture the file or its structure.
    func validate(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex, Facts) -> [Hit]
}

extension CollectingRule where Facts == Collected<FileInfo> {
    public static func merge(_ collected: Collected<FileInfo>) -> Facts { collected }
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
    /// Turns the per-file pieces into the rule's merged `Facts`, once per run.
    let gather: @Sendable ([(any Sendable)?]) -> any Sendable
    /// Whether two of a file's pieces are the same facts (by the rule's own `==`).
    let same: @Sendable ((any Sendable)?, (any Sendable)?) -> Bool

    /// Whether two files' pieces, one per collector in `collectors` order, are the same facts.
    static func same(_ collectors: [FactCollector], _ a: [(any Sendable)?], _ b: [(any Sendable)?]) -> Bool {
        a.count == b.count && a.count == collectors.count
            && collectors.indices.allSatisfy { collectors[$0].same(a[$0], b[$0]) }
    }

    /// Every collector's merged facts, by rule id, from each file's pieces (in `collectors` order;
    /// a file with none, read or not, gives an empty list).
    static func merged(_ collectors: [FactCollector], pieces byFile: [[(any Sendable)?]]) -> [String: any Sendable] {
        var facts: [String: any Sendable] = [:]
        for (position, collector) in collectors.enumerated() {
            facts[collector.ruleID] = collector.gather(
                byFile.map { $0.count == collectors.count ? $0[position] : nil })
        }
        return facts
    }
}

extension CollectingRule {
    public var factCollector: FactCollector? {
        FactCollector(
            ruleID: id, collect: { file in self.collect(file) },
            gather: { pieces in Self.merge(Collected<FileInfo>(pieces.map { $0 as? FileInfo })) },
            same: { a, b in
                // Both absent, or both this rule's facts and equal (a piece of another type never is).
                guard let a, let b else { return a == nil && b == nil }
                guard let x = a as? FileInfo, let y = b as? FileInfo else { return false }
                return x == y
            })
    }

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let decide = validate(file, options: options)
        let id = id
        return { project in
            decide(project, project.ruleFacts[id] as? Facts ?? Self.merge(Collected([])))
        }
    }

    /// Alone, the rule judges the file against its own facts.
    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        var pieces = [FileInfo?](repeating: nil, count: file.index + 1)
        pieces[file.index] = collect(file)
        return validate(file, options: options)(ProjectIndex(files: [file]), Self.merge(Collected(pieces)))
    }
}
