import SwiftLexer
import Support
import SwiftUIModel

/// One place a team rule's `match:` found.
struct TeamMatch: Sendable {
    /// Where the finding stands unless `report_at` names another anchor (bytes).
    var offset: Int
    /// The code token `inside` and `not_inside` are judged at.
    var token: Int
    /// The code tokens `has` and `not_has` look in (the call, the declaration, the statement).
    var extent: ClosedRange<Int>
    /// Other places `report_at` may name (bytes), by name.
    var anchors: [String: Int] = [:]
    /// Metavariables and the names a matcher binds (`$NAME` of a declaration), by name without `$`.
    var bindings: [String: String] = [:]
    /// The matched text, for the default message.
    var text: String = ""
    /// Not a match: ICU gave up on the file (its backtracking stack), so its findings here are
    /// incomplete.
    var gaveUp = false
}

/// One kind of `match:` (a call, a declaration, a token pattern, a regex…).
protocol TeamMatcher: Sendable {
    /// The matches in the file; `within` limits them to those code tokens (a `has` search), and
    /// `bindings` fixes metavariables a `code` pattern must repeat.
    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch]
    /// The names `report_at` may give besides `start`.
    var anchorNames: [String] { get }
    /// The finding's message when the rule gives none.
    func defaultMessage(_ match: TeamMatch) -> String
    /// Whether `defaultMessage` reads the match's bindings (not only its text).
    var defaultMessageReadsBindings: Bool { get }
    /// Whether it looks at comments or at string literals' text (so an example wrapped in a
    /// comment or a string is not expected to go silent).
    var readsComments: Bool { get }
    var readsStrings: Bool { get }
    /// Whether matches in previews count when the rule does not set `previews:`.
    var includesPreviewsByDefault: Bool { get }
    /// Texts of which the file must hold one for a match to be possible (a quick skip), or nil.
    var requiredTexts: [[UInt8]]? { get }
    /// Lists of such texts, every one of which must hold (`requiredTexts` alone by default).
    var requiredTextLists: [[[UInt8]]] { get }
}

extension TeamMatcher {
    var anchorNames: [String] { [] }
    var readsComments: Bool { false }
    var readsStrings: Bool { false }
    var includesPreviewsByDefault: Bool { false }
    var defaultMessageReadsBindings: Bool { true }
    var requiredTextLists: [[[UInt8]]] { requiredTexts.map { [$0] } ?? [] }
    var requiredTexts: [[UInt8]]? { nil }

    func matches(in file: TeamFile) -> [TeamMatch] { matches(in: file, within: nil, bindings: [:]) }
}

/// A file as team rules read it: the lint file, its structure and the index the rules share.
struct TeamFile {
    let index: TeamFileIndex
    /// Whether the file imports a test framework (read only for rules that ask: `inside: [test]`).
    let importsTestFramework: Bool
    /// Whether the rule reads what its matches bind (its message names a `$NAME`, or it tests a
    /// context): a matcher may leave out bindings nothing reads (a dictionary and a string a match).
    let readsBindings: Bool
    /// Whether the rule reports at a named anchor (`report_at`): a matcher may leave the anchors out.
    let readsAnchors: Bool
    /// What the rule's regexes may still spend in the run: every scan is charged to it.
    let budget: RegexBudget
    /// Borrowed, not returned: a returned structure is a copy, a retain and a release for each of
    /// its arrays, on every read by every rule.
    var s: Structure { _read { yield index.structure } }
    var bytes: [UInt8] { _read { yield index.structure.file.bytes } }

    /// Holds no copy of the `LintFile`: copying one costs a retain for each of its many parts,
    /// and a file meets every team rule.
    init(
        _ lint: LintFile, index: TeamFileIndex, readsTestImports: Bool, readsBindings: Bool = true,
        readsAnchors: Bool = true, budget: RegexBudget
    ) {
        self.index = index
        self.budget = budget
        importsTestFramework = readsTestImports && lint.importsTestFramework
        self.readsBindings = readsBindings
        self.readsAnchors = readsAnchors
    }

    /// The code token holding byte `offset`, or the last one before it (0 when none).
    func token(at offset: Int) -> Int { max(0, s.code.partitioningIndex { $0.offset > offset } - 1) }

    /// A match of text at bytes `range` (a regex, a comment): judged at the nearest code token.
    func match(at offset: Int, range: Range<Int>, text: String = "") -> TeamMatch {
        let first = token(at: range.lowerBound)
        let last = max(first, token(at: max(range.lowerBound, range.upperBound - 1)))
        return TeamMatch(offset: offset, token: first, extent: first...last, text: text)
    }

    /// The text of bytes `range`.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
    }
}
