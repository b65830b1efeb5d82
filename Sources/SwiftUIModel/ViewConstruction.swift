import SwiftLexer
import Support

/// A construction of a type-named callee (`ChildView(…)`), with what rules ask of it later.
public struct ViewConstruction: Sendable, Equatable {
    public var file: Int
    public var call: Int
    public var line: Int
    /// Where the callee's name stands on the line (in characters), and, for a call passing
    /// `.constant(…)`, where the first one does: what evidence points at.
    public var column = 1
    public var constantPosition: SourcePosition?
    /// The type whose declaration holds the call, if any.
    public var owner: String?
    /// Its node in the view hierarchy: `owner`, or `Owner.member` inside a member that builds
    /// views other than `body` (see `ViewHierarchy.memberName`).
    public var node: String?
    public var ownerIsApp: Bool
    /// Lexically inside a stack's content / inside presentation content (see `ViewHierarchy`).
    public var inStack: Bool
    public var presented: Bool
    public var inPreview: Bool
    /// Inside a `#if DEBUG` branch: compiled only into builds a developer runs.
    public var inDebugOnly = false
    /// Some argument is `.constant(…)`.
    public var passesConstantBinding: Bool
    /// The labels of the arguments that are `.constant(…)` (empty when none is), and of those
    /// that are `.constant(false)` or `.constant(nil)` ("off here").
    public var constantLabels: [String] = []
    public var frozenOffLabels: [String] = []
    /// For a call that passes `.constant(…)`: its literal arguments and labels, which decide the
    /// view's conditional writes (`BindingGate`).
    public var frozenCall: FrozenCall?
    /// Views of the run or of packages the call stands inside, innermost first (see `ViewHierarchy.wrappers`).
    public var wrappers: [String] = []
    /// The stack it is in is a `NavigationSplitView` (a column), not a `NavigationStack`.
    public var inSplitView = false
    /// The line of the stack it is in, and whether that stack is built only on some runs.
    public var stackLine: Int?
    public var stackIsConditional = false
    /// Built in the rows of this `ForEach` or `List` (once per element).
    public var rowContainer: ViewHierarchy.RowContainer?
    /// A use found through a type (`router.destination(for:)` with `var router: Router`): other
    /// uses of the member may go unseen, so it can put the member in a stack but never show
    /// that the member is in none.
    public var isPartial = false

    /// Built where only a developer sees it: a preview, a test, a `#if DEBUG` branch.
    public var neverShips: Bool { inPreview || inDebugOnly }
}

extension ViewConstruction {
    /// Where the stack around the site starts, and whether it is built on some runs only: what
    /// a finding about the nesting cites, and how sure it can be.
    mutating func placeStack(_ placement: ViewHierarchy.Placement, in s: Structure) {
        guard let stack = placement.stack else { return }
        let token = s.calls[stack].calleeToken
        stackLine = s.code[token].line
        stackIsConditional = s.isConditional(token)
    }
}

/// What a call that freezes a binding says in literals: enough to tell which of the view's
/// writes it switches off.
public struct FrozenCall: Sendable, Equatable {
    public var arguments: [String: LiteralArgument]
    public var passed: Set<String>
    /// The `#if` branches the call is compiled in: the callee's writes compiled only for another
    /// platform cannot happen from it.
    public var branches: [String] = []
    /// The view is disabled, hidden or untouchable where it is built (`.disabled(true)` on it or
    /// a container): nothing it writes is a person's doing.
    public var unusable = false

    /// A call's literal arguments and labels, its arguments split once.
    package init(of call: CallSite, in s: Structure) {
        arguments = [:]
        passed = []
        for argument in s.arguments(of: call) {
            guard let label = argument.label else { continue }
            passed.insert(label)
            if let literal = LiteralArgument.of(argument.value, in: s) { arguments[label] = literal }
        }
    }
}

/// A line and column in a file (1-based; the column in characters).
public struct SourcePosition: Sendable, Equatable {
    public var line: Int
    public var column: Int
}
