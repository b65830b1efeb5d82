import SwiftLexer

/// One linted file: its path and structure.
public struct LintFile: Sendable {
    public let index: Int
    public let path: String
    public let structure: Structure
    public var source: SourceFile { structure.file }
    /// The names rules start from that stand in the file (`Rule.startsFrom`: a rule none of whose
    /// names stand here is skipped).
    public let vocabulary: Vocabulary
    /// What the file contributes to the project index, when computed right after parsing
    /// (while the file is still in cache) rather than by the index itself.
    var summary: FileSummary?

    public init(index: Int, path: String, structure: Structure) {
        self.index = index
        self.path = path
        self.structure = structure
        vocabulary = Vocabulary(structure)
    }

    /// Whether the file imports a test framework (see `Structure.importsTestFramework`); the
    /// imports are read only when one of those names stands in the file.
    public var importsTestFramework: Bool {
        vocabulary.containsAny(.xcTest, .testing, .snapshotTesting, .viewInspector) && structure.importsTestFramework()
    }
}

/// Options a configuration gives one rule (`constant-binding: { previews: off }`), as text.
public struct RuleOptions: Sendable {
    public var values: [String: String]
    /// The oldest OS versions the project supports, if known (see `DeploymentTargets`).
    public var deploymentTargets: DeploymentTargets?

    public init(_ values: [String: String] = [:], deploymentTargets: DeploymentTargets? = nil) {
        self.values = values
        self.deploymentTargets = deploymentTargets
    }

    /// Whether the project may use an API introduced in these versions (yes when nothing is known).
    public func allows(_ introduced: [DeploymentTargets.Platform: DeploymentTargets.Version]) -> Bool {
        deploymentTargets?.allows(introduced) ?? true
    }

    public subscript(key: String) -> String? { values[key] }
}

/// A rule implemented in Swift. Rules read the structure of one file; those that need cross-file
/// facts are `ProjectRule`s and decide against the project index built over every file of the run. They report byte offsets; the engine
/// adds severity, line, column and the pattern note.
public protocol Rule: Sendable {
    /// The id of the rule's markdown file in `Rules/`.
    var id: String { get }
    /// The engine hands rules that are not `ProjectRule`s an empty index: they see one file only.
    func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit]
    /// Names of which one must stand in a file for the rule to find anything there; the engine
    /// skips the rule in files whose `Vocabulary` has none of them. Empty (the default): always run.
    var startsFrom: [Vocabulary.Word] { get }
    /// The rule as a `ProjectRule`, if it is one. (An `as? any ProjectRule` cast searches the
    /// runtime's conformance tables, a quarter of a million instructions per rule at start-up.)
    var asProjectRule: (any ProjectRule)? { get }
}

extension Rule {
    public var startsFrom: [Vocabulary.Word] { [] }
    public var asProjectRule: (any ProjectRule)? { nil }
}

/// A rule whose verdict needs facts from other files. `prepare` runs while the file's tokens are
/// in memory and gathers what the verdict needs (offsets, names, message parts); the closure it
/// returns decides once the project index is complete. The closure must not capture the file or
/// its structure: the engine drops each file's tokens as soon as it has been through pass 1.
public protocol ProjectRule: Rule {
    func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit]
}

extension ProjectRule {
    public var asProjectRule: (any ProjectRule)? { self }

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        prepare(file, options: options)(project)
    }
}

/// A rule that can rewrite what it flags (`--fix`).
public protocol CorrectableRule: Rule {
    /// Byte edits for this file; non-overlapping, any order.
    func corrections(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Edit]
}

/// Replace `range` (bytes) with `replacement`.
public struct Edit: Sendable, Equatable {
    public var range: Range<Int>
    public var replacement: String
    /// For a correction made of several edits (a declaration and its uses): the offset of the
    /// finding they fix. They are applied all together or not at all, and a suppression on the
    /// finding's line keeps them all.
    public var anchor: Int?

    public init(range: Range<Int>, replacement: String, anchor: Int? = nil) {
        self.range = range
        self.replacement = replacement
        self.anchor = anchor
    }
}

/// Every rule implemented in Swift, by id.
public enum BuiltinRules {
    public static let all: [any Rule] = [
        ConstantBindingRule(),
        MissingStandaloneInitRule(),
        NavigationViewDeprecatedRule(),
        NavigationLinkIsActiveRule(),
        NavigationLinkTagSelectionRule(),
        EagerListDestinationRule(),
        DestinationInLazyContainerRule(),
        StateNotPrivateRule(),
        ExclusiveBoolFlagsRule(),
        TabViewInNavigationStackRule(),
        NestedNavigationStackRule(),
        HeavyViewInitRule(),
        HardcodedNavigationInReusableViewRule(),
        NavigationLinkOutsideStackRule(),
        MisplacedNavigationModifierRule(),
        NavigationLoopRule(),
        DeprecatedNavigationModifierRule(),
        PresentationModeDeprecatedRule(),
        BindingNeverWrittenRule(),
        BoolBindingFromOptionalRule(),
    ]

    public static var byID: [String: any Rule] {
        Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
    }
}
