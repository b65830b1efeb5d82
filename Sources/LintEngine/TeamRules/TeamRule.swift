import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// Runs a rule file's `match:` (`TeamRuleSpec`): every match the context allows becomes a hit,
/// at the anchor `report_at` names, with `$NAME`s in the message filled in.
public struct TeamRule: Rule {
    public let id: String
    public let spec: TeamRuleSpec
    let matcher: any TeamMatcher
    /// Lists of texts a file must hold one of each of for a match to be possible, worked out
    /// once (some read a regex to find them): the matcher's own, and each `has:` entry's (a
    /// match that must have it cannot be where it is not). The linter skips a file missing one.
    let required: [[[UInt8]]]
    let readsTestImports: Bool
    /// Whether anything reads the names a match binds: a `$NAME` in the message, or the context.
    let readsBindings: Bool
    /// Whether the finding stands at a named anchor (`report_at` other than `start`).
    let readsAnchors: Bool
    /// What its regexes may spend, over all files of the run (the rule as loaded: one `lint`, or
    /// the language server's until it loads the rules again).
    let budget: RegexBudget

    init(id: String, spec: TeamRuleSpec, matcher: any TeamMatcher, budget: RegexBudget = RegexBudget()) {
        self.id = id
        self.spec = spec
        self.matcher = matcher
        self.budget = budget
        required = matcher.requiredTextLists + spec.context.has.flatMap(\.matcher.requiredTextLists)
        readsTestImports = spec.context.readsTestImports
        readsBindings =
            (spec.message.map { $0.utf8.contains(UInt8(ascii: "$")) } ?? matcher.defaultMessageReadsBindings)
            || !spec.context.isEmpty
        readsAnchors = spec.reportAt.map { $0 != "start" } ?? false
    }

    /// The rule for a spec with a `match:`; nil when it has none.
    public init?(id: String, spec: TeamRuleSpec) {
        guard let matcher = spec.matcher else { return nil }
        self.init(id: id, spec: spec, matcher: matcher)
    }

    public var prefilter: Prefilter { Prefilter(texts: required) }
    /// A team's rule means what its file says, in previews too.
    public var softensScaffolding: Bool { false }

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        budget.bounded(id, file) { hits(file, options: options) }
    }

    private func hits(_ file: LintFile, options: RuleOptions) -> [Hit] {
        let index = file.teamIndex
        if let scope = spec.scope, !scope.applies(file, index: index, root: options.projectRoot, budget: budget) {
            return []
        }
        // The required texts are the linter's gate (`Linter.RuleGates`), tested before this is
        // called; a file without them finds nothing here either, only slower.
        let team = TeamFile(
            file, index: index, readsTestImports: readsTestImports, readsBindings: readsBindings,
            readsAnchors: readsAnchors, budget: budget)
        let includePreviews = spec.includePreviews ?? matcher.includesPreviewsByDefault
        var hits: [Hit] = []
        for match in matcher.matches(in: team) {
            if match.gaveUp {
                let message =
                    "`\(id)` gave up on this file: a regex's backtracking outgrew ICU's stack (a `.+` or `.*` across the file?); its findings here may be incomplete"
                hits.append(Hit(file: file.index, offset: 0, message: message, severity: .info))
                continue
            }
            if !includePreviews, team.s.isInPreview(match.token) { continue }
            if !spec.context.isEmpty, !spec.context.allows(match, in: team) { continue }
            let offset: Int
            switch spec.reportAt {
            case nil: offset = match.offset
            case "start":
                offset =
                    team.s.code.isEmpty ? match.offset : min(match.offset, team.s.code[match.extent.lowerBound].offset)
            case let name?: offset = match.anchors[name] ?? match.offset
            }
            hits.append(Hit(file: file.index, offset: offset, message: message(for: match)))
        }
        return hits
    }

    func message(for match: TeamMatch) -> String {
        guard var text = spec.message else { return matcher.defaultMessage(match) }
        // Most messages name no `$NAME`: nothing to fill in (each replacement scans the text).
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        // Longest names first, so `$NAMES` is not read as `$NAME` + `S`.
        for (name, value) in match.bindings.sorted(by: { $0.key.count > $1.key.count }) {
            text = Self.replacing("$" + name, with: value, in: text)
        }
        return text
    }

    /// `text` with each occurrence of `name` replaced, left to right. ASCII texts are rewritten
    /// as bytes (the same result: no character spans two bytes there); others through
    /// Foundation, which compares by character.
    static func replacing(_ name: String, with value: String, in text: String) -> String {
        let original = text
        var text = text, name = name
        let ascii = text.withUTF8 { !$0.contains { $0 >= 0x80 } } && name.withUTF8 { !$0.contains { $0 >= 0x80 } }
        guard ascii, !name.isEmpty else { return text.replacingOccurrences(of: name, with: value) }
        return text.withUTF8 { bytes in
            name.withUTF8 { needle in
                let ends = bytes.endsOfOccurrences(of: needle)
                guard !ends.isEmpty else { return original }
                var result: [UInt8] = []
                result.reserveCapacity(bytes.count + ends.count * value.utf8.count)
                var from = 0
                for end in ends {
                    result.append(contentsOf: bytes[from..<(end - needle.count)])
                    result.append(contentsOf: value.utf8)
                    from = end
                }
                result.append(contentsOf: bytes[from...])
                return String(decoding: result, as: UTF8.self)
            }
        }
    }

    /// Example variants this rule is not silent in: wrapped in a comment when it reads
    /// comments, in a string when it reads strings' text.
    public var readsComments: Bool { matcher.readsComments }
    public var readsStrings: Bool { matcher.readsStrings }
    /// Team rules read no OS versions: their options go as they are, not copied per file.
    public var readsDeploymentTargets: Bool { false }
}

/// A rule (a `pattern:` rule) limited to the paths its rule file names; its `path_regex:` is
/// bounded as a team rule's regexes are.
struct PathScopedRule: Rule {
    let base: any Rule
    let scope: PathScope
    let budget = RegexBudget()
    var id: String { base.id }
    var readsDeploymentTargets: Bool { base.readsDeploymentTargets }

    func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        budget.bounded(id, file) {
            guard scope.applies(file, index: file.teamIndex, root: options.projectRoot, budget: budget) else {
                return []
            }
            return base.check(file, options: options)
        }
    }
}

extension PathScope {
    func applies(_ file: LintFile, index: TeamFileIndex, root: String?, budget: RegexBudget) -> Bool {
        let needsRelative = !included.isEmpty || !excluded.isEmpty
        return applies(
            to: file.path, absolutePath: index.absolutePath,
            relative: needsRelative ? index.relativePath(to: root) : nil, budget: budget)
    }
}
