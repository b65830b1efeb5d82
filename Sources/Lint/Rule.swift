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
    var summary: ProjectIndex.FileSummary?

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

// MARK: - Helpers shared by rules

extension Structure {
    /// The modules the file imports (`import SwiftUI`, `@testable import App`, `import struct
    /// SwiftUI.View` → `SwiftUI`). Imports stand at file scope: braces are skipped whole, so only
    /// top-level tokens are read.
    public func importedModules() -> [String] {
        var modules: [String] = []
        var index = 0
        while index < code.count {
            if code[index].keyword == .import {
                var name = index + 1
                // `import struct SwiftUI.View`: the kind comes first.
                if name < code.count, code[name].kind == .keyword { name += 1 }
                if name < code.count, code[name].kind == .identifier { modules.append(text(name)) }
            }
            if punct(index, UInt8(ascii: "{")), closing[index] > index {
                index = Int(closing[index]) + 1
            } else {
                index += 1
            }
        }
        return modules
    }

    /// The token index where a `.constant(…)` / `Binding.constant(…)` / `Binding<T>.constant(…)`
    /// value starts, when the argument value is exactly such a call.
    public func constantBindingStart(in value: Range<Int>) -> Int? {
        guard let first = value.first else { return nil }
        // `.constant(`
        if punct(first, UInt8(ascii: ".")), first + 1 < value.upperBound, self.is(first + 1, "constant"),
            punct(first + 2, UInt8(ascii: "("))
        {
            return first
        }
        // `Binding.constant(`, `SwiftUI.Binding.constant(`, `Binding<T>.constant(`
        var j = first
        if self.is(j, "SwiftUI"), punct(j + 1, UInt8(ascii: ".")) { j += 2 }
        guard self.is(j, "Binding") else { return nil }
        j += 1
        if j < value.upperBound, code[j].kind == .operator, file.bytes[code[j].offset] == UInt8(ascii: "<") {
            // Skip the generic arguments.
            var depth = 0
            while j < value.upperBound {
                let token = code[j]
                if token.kind == .operator {
                    for k in token.offset..<token.end {
                        if file.bytes[k] == UInt8(ascii: "<") {
                            depth += 1
                        } else if file.bytes[k] == UInt8(ascii: ">") {
                            depth -= 1
                        }
                    }
                }
                j += 1
                if depth <= 0 { break }
            }
        }
        guard punct(j, UInt8(ascii: ".")), self.is(j + 1, "constant"), punct(j + 2, UInt8(ascii: "(")) else {
            return nil
        }
        return first
    }

    /// Indices of the calls whose callee token lies in `region` (calls are stored in callee order).
    public func calls(in region: Range<Int>) -> Range<Int> {
        var low = 0, high = calls.count
        while low < high {
            let mid = (low + high) / 2
            if calls[mid].calleeToken < region.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < calls.count, calls[end].calleeToken < region.upperBound { end += 1 }
        return low..<end
    }

    /// Names of the calls around a token (innermost first): `["List", "NavigationStack"]`.
    public func enclosingCallees(of index: Int) -> [String] {
        enclosingCalls(of: index).map { calls[$0].callee }
    }

    /// Whether a callee name looks like a type (a view initializer): `ChildView`, `NavigationLink`.
    public static func isTypeName(_ name: String) -> Bool {
        guard let byte = name.utf8.first else { return false }
        // ASCII decides at once (nearly every name); other scripts ask Unicode.
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return name.unicodeScalars.first!.properties.isUppercase
    }

    /// The type declared for a view: `struct X: View` (or `: SwiftUI.View`).
    public func isViewType(_ type: TypeDecl) -> Bool {
        type.kind != .extension && type.kind != .protocol && type.inherits("View")
    }

    /// Where the finding for a call points: the callee token.
    public func offset(of index: Int) -> Int { code[index].offset }
}

extension Structure {
    static let testFrameworks: Set<String> = ["XCTest", "Testing", "SnapshotTesting", "ViewInspector"]

    /// The token ranges compiled only into debug builds: from `#if DEBUG` (or `#if DEBUG && …`)
    /// to its `#elseif`, `#else` or `#endif`. Preview scaffolding often lives there.
    public func debugOnlyRanges() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var open: [(debug: Bool, start: Int)] = []
        for index in code.indices where code[index].kind == .directive {
            if self.is(index, "#if") {
                let debug =
                    self.is(index + 1, "DEBUG") && !self.is(index + 2, "||") && code[index + 1].line == code[index].line
                open.append((debug, index))
            } else if self.is(index, "#elseif") || self.is(index, "#else") {
                if let last = open.last, last.debug {
                    ranges.append(last.start..<index); open[open.count - 1].debug = false
                }
            } else if self.is(index, "#endif"), let last = open.popLast(), last.debug {
                ranges.append(last.start..<index)
            }
        }
        return ranges
    }

    /// Whether the file imports a test framework (`import XCTest`, `@testable import …` with
    /// `Testing`): it builds views the way previews do, to look at them, not to show them.
    public func importsTestFramework() -> Bool {
        importedModules().contains(where: Self.testFrameworks.contains)
    }

    /// Whether the token is in code kept for older systems: the `else` of `if #available(…)` or
    /// `guard #available(…)`, or the body of `if #unavailable(…)`. Deprecated APIs belong there.
    public func isInAvailabilityFallback(_ index: Int) -> Bool {
        var found = false
        forEachEnclosingScope(of: index) { scope in
            guard case .statement = scope.kind else { return true }
            let open = scope.range.lowerBound
            if self.is(open - 1, "else") {
                // `if #available(…) { … } else {`, or `guard #available(…) else {`.
                let end =
                    punct(open - 2, UInt8(ascii: "}")) && opening[open - 2] >= 0 ? Int(opening[open - 2]) : open - 1
                found = conditionMentions("#available", before: end)
            } else {
                found = conditionMentions("#unavailable", before: open)
            }
            return !found
        }
        return found
    }

    /// Whether the `if`/`guard` condition ending just before `end` holds the directive `name`.
    private func conditionMentions(_ name: StaticString, before end: Int) -> Bool {
        var j = end - 1
        var steps = 0
        while j >= 0, steps < 200 {
            if self.is(j, "if") || self.is(j, "guard") { return false }
            if code[j].kind == .directive, self.is(j, name) { return true }
            if punct(j, UInt8(ascii: "{")) || punct(j, UInt8(ascii: "}")) || punct(j, UInt8(ascii: ";")) {
                return false
            }
            // Skip over a bracketed group (`#available(iOS 16, *)`) as a whole.
            if opening[j] >= 0, !punct(j, UInt8(ascii: "}")) { j = Int(opening[j]) }
            j -= 1
            steps += 1
        }
        return false
    }
}

extension ScopeKind {
    /// Scopes that start a new presentation: content of `sheet`/`fullScreenCover`/`popover`.
    var isClosure: Bool {
        if case .closure = self { return true }
        return false
    }
}
