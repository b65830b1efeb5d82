import SwiftLexer
import SwiftUIModel
import ProjectSettings
import Support

/// Options a configuration gives one rule (`constant-binding: { previews: off }`), as text; a rule
/// reads each through its `RuleOptionSpec` (`value(of:)`), which falls back to the default.
public struct RuleOptions: Sendable {
    /// The fields in one immutable box: the lint loop passes every rule its options for every
    /// file, and a copy of three optionals is three generic copies, where a box is one retain.
    private final class Storage: Sendable {
        let values: [String: String]
        let deploymentTargets: DeploymentTargets?
        let projectRoot: String?
        let targetsUnknown: Bool

        init(
            _ values: [String: String], _ deploymentTargets: DeploymentTargets?, _ projectRoot: String?,
            _ targetsUnknown: Bool = false
        ) {
            self.values = values
            self.deploymentTargets = deploymentTargets
            self.projectRoot = projectRoot
            self.targetsUnknown = targetsUnknown
        }
    }

    private var storage: Storage

    public var values: [String: String] {
        get { storage.values }
        set { storage = Storage(newValue, storage.deploymentTargets, storage.projectRoot, storage.targetsUnknown) }
    }
    /// The oldest OS versions the project supports, if known (see `DeploymentTargets`).
    public var deploymentTargets: DeploymentTargets? {
        get { storage.deploymentTargets }
        set { storage = Storage(storage.values, newValue, storage.projectRoot, storage.targetsUnknown) }
    }
    /// The configuration's folder: team rules' `paths:` globs start there.
    public var projectRoot: String? {
        get { storage.projectRoot }
        set { storage = Storage(storage.values, storage.deploymentTargets, newValue, storage.targetsUnknown) }
    }
    /// The file's deployment targets were looked for and not found (no project the tool can read,
    /// no `deployment_target:`): whether a newer API is available to it cannot be told.
    public var deploymentTargetsUnknown: Bool {
        get { storage.targetsUnknown }
        set {
            storage = Storage(storage.values, storage.deploymentTargets, storage.projectRoot, newValue)
        }
    }

    /// How sure a deprecation is: that the replacement is there to move to needs the targets.
    public var deprecationConfidence: Confidence { deploymentTargetsUnknown ? .low : .high }

    public init(_ values: [String: String] = [:], deploymentTargets: DeploymentTargets? = nil) {
        storage = Storage(values, deploymentTargets, nil)
    }

    /// Whether the project may use an API introduced in these versions (yes when nothing is known).
    public func allows(_ introduced: [DeploymentTargets.Platform: DeploymentTargets.Version]) -> Bool {
        deploymentTargets?.allows(introduced) ?? true
    }

    public subscript(key: String) -> String? { values[key] }

    /// The option's value, or its default when it is unset or not one of its allowed values (the
    /// configuration warns about those).
    public func value(of spec: RuleOptionSpec) -> String {
        guard let value = values[spec.name], spec.allowed.isEmpty || spec.allowed.contains(value) else {
            return spec.defaultValue
        }
        return value
    }
}

/// The one contract every rule implemented in Swift follows. A rule reads one file's structure and
/// reports byte offsets (`Hit`); the engine adds severity, line, column and the pattern note. A hit
/// may carry its `Fix`, which `--fix` applies (safe fixes; unsafe ones only with `--unsafe-fixes`).
///
/// - A *local* rule implements `check(_:options:)`: it sees one file, nothing else.
/// - A *project* rule (`ProjectRule`) needs facts from other files: it implements
///   `prepare(_:options:)`, which gathers what it needs while the file's tokens are in memory and
///   returns the verdict to give once the `ProjectIndex` over every file is built, and says which
///   of the index's derived facts it reads (`needs`) so the engine builds only those.
public protocol Rule: Sendable {
    /// The id of the rule's markdown file in `Rules/`.
    var id: String { get }
    /// Names of which one must stand in a file for the rule to find anything there; the engine
    /// skips the rule in files whose `Vocabulary` has none of them. Empty (the default): always run.
    /// The short form of `prefilter`, for rules that need no texts.
    var startsFrom: [Vocabulary.Word] { get }
    /// What must stand in a file for the rule to find anything there, tested by the engine before
    /// the rule runs (the default: `startsFrom`'s names, no texts).
    var prefilter: Prefilter { get }
    /// Whether the rule finds code in comments or in strings' text: `rules --test` then does not
    /// hold it to staying silent on its example wrapped in one.
    var readsComments: Bool { get }
    var readsStrings: Bool { get }
    /// Whether a finding in code only previews and tests build is lowered to info (the default:
    /// yes, for the rules PatternLint ships). A team's own rule says what it means.
    var softensScaffolding: Bool { get }
    /// The options `.patternlint.yml` may set for the rule (the default: none). The configuration
    /// warns about any other key, and about values outside `allowed`.
    var optionSpecs: [RuleOptionSpec] { get }
    /// A local rule's findings in one file. (A project rule gets this for free: its verdict against
    /// an index of that file alone.)
    func check(_ file: LintFile, options: RuleOptions) -> [Hit]
    /// The rule as a `ProjectRule`, if it is one. (An `as? any ProjectRule` cast searches the
    /// runtime's conformance tables, a quarter of a million instructions per rule at start-up.)
    var asProjectRule: (any ProjectRule)? { get }
    /// The rule's collector of facts, when it is a `CollectingRule` (asked once per run).
    var factCollector: FactCollector? { get }
    /// Whether `check` reads `options.deploymentTargets` (the default): the engine then hands it
    /// the file's own project's targets, a copy of the options per file.
    var readsDeploymentTargets: Bool { get }
}

extension Rule {
    public var startsFrom: [Vocabulary.Word] { [] }
    public var prefilter: Prefilter { Prefilter(words: startsFrom) }
    public var readsComments: Bool { false }
    public var readsStrings: Bool { false }
    public var softensScaffolding: Bool { true }
    public var optionSpecs: [RuleOptionSpec] { [] }
    public var asProjectRule: (any ProjectRule)? { nil }
    public var factCollector: FactCollector? { nil }
    public var readsDeploymentTargets: Bool { true }
}

/// What must stand in a file for a rule to find anything there: one of `words` (read off the
/// lexer's `Vocabulary`, without looking at the bytes), and one text of each of `texts` (byte
/// strings, tested on the file's byte grams and then its bytes). Empty: always run.
public struct Prefilter: Sendable {
    public var words: [Vocabulary.Word]
    public var texts: [[[UInt8]]]

    public init(words: [Vocabulary.Word] = [], texts: [[[UInt8]]] = []) {
        self.words = words
        self.texts = texts
    }
}

/// Facts the project index derives on demand, each built once per run when some rule needs it.
public enum IndexFact: Sendable, Hashable, CaseIterable {
    /// `ProjectIndex.hierarchy`: which views some navigation stack (of any kind) reaches.
    case viewHierarchy
    /// `ProjectIndex.pathHierarchy`: the same over stacks with one path (`NavigationStack`/`NavigationView`).
    case pathHierarchy
    /// `ProjectIndex.pushGraph`: which view pushes which.
    case pushGraph
}

/// A rule whose verdict needs facts from other files. `prepare` runs while the file's tokens are
/// in memory and gathers what the verdict needs (offsets, names, message parts); the closure it
/// returns decides once the project index is complete. The closure must not capture the file or
/// its structure: the engine drops each file's tokens as soon as it has been through pass 1.
public protocol ProjectRule: Rule {
    /// The derived facts of the index the verdict reads (the index's own tables are always there).
    var needs: Set<IndexFact> { get }
    func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit]
}

extension ProjectRule {
    public var asProjectRule: (any ProjectRule)? { self }
    public var needs: Set<IndexFact> { [] }

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        prepare(file, options: options)(ProjectIndex(files: [file]))
    }
}

/// One option a rule reads from its section of `.patternlint.yml`.
public struct RuleOptionSpec: Sendable, Equatable {
    public var name: String
    /// The values it takes (empty: any text).
    public var allowed: [String]
    public var defaultValue: String
    public var summary: String

    public init(_ name: String, allowed: [String], default defaultValue: String, summary: String) {
        self.name = name
        self.allowed = allowed
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// Replace `range` (bytes) with `replacement`.
public struct Edit: Sendable, Equatable, Hashable, Codable {
    public var range: Range<Int>
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// How a finding is fixed: its edits (applied all together or not at all), and whether `--fix`
/// may apply them on its own.
public struct Fix: Sendable, Equatable, Hashable, Codable {
    public enum Applicability: String, Sendable, Codable {
        /// The rule can show the edit keeps the code building and behaving: `--fix` applies it.
        case safe
        /// It may not build or may change behaviour (a use the index cannot see): applied only
        /// with `--unsafe-fixes`, shown by `--fix --dry-run`.
        case unsafe
    }

    public var edits: [Edit]
    public var applicability: Applicability

    public init(_ edits: [Edit], _ applicability: Applicability) {
        self.edits = edits
        self.applicability = applicability
    }
}
