import Foundation
import Support
import Yams
import SwiftLexer
import SwiftUIModel

/// A team rule's matching, read from its rule file's front matter:
///
/// ```yaml
/// match:
///   call: VStack                 # one kind of match (see TeamMatcherParser.primaryKeys)
///   without_label: spacing       # its refinements
///   inside: [List]               # context: inside, not_inside, has, not_has
///   previews: include            # skip (structural matches' default) or include
///   report_at: callee            # which part of the match the finding points at
///   message: Every VStack states its spacing ($CALLEE)
/// paths: ["Sources/**"]          # globs from the configuration's folder
/// excluded_paths: ["**/Tests/**"]
/// path_regex: ['Sources/.*\.swift']       # SwiftLint's included / excluded
/// excluded_path_regex: ['.*Tests?\.swift']
/// examples: todo                 # `rules --test` counts the rule without examples instead of failing it
/// ```
public struct TeamRuleSpec: Sendable {
    var matcher: (any TeamMatcher)?
    var context = MatchContext()
    var includePreviews: Bool?
    var reportAt: String?
    var message: String?
    public internal(set) var scope: PathScope?
    /// `examples: todo`: an imported rule whose examples the team has still to write.
    public internal(set) var examplesToWrite = false

    /// Front matter keys this reads besides a rule file's own (`id`, `severity`, `note`…).
    static let topLevelKeys = ["match", "paths", "excluded_paths", "path_regex", "excluded_path_regex", "examples"]

    /// The spec of a rule file, or nil when its front matter names none of these keys.
    static func read(path: String, text: String) throws -> TeamRuleSpec? {
        guard let front = try frontMatter(text, path: path), topLevelKeys.contains(where: { front[$0] != nil }) else {
            return nil
        }
        var map = SpecMap(front, path: path, place: "front matter")
        var spec = TeamRuleSpec()
        spec.scope = try PathScope.parse(&map)
        if let examples = try map.string("examples") {
            guard examples == "todo" else {
                throw map.problem("`examples` takes only `todo` (the rule's examples are still to be written)")
            }
            spec.examplesToWrite = true
        }
        if let raw = map.raw("match") {
            var match = try SpecMap.from(raw, path: path, place: "match")
            let matcher = try TeamMatcherParser.primary(&match)
            spec.matcher = matcher
            spec.context = try MatchContext.parse(&match)
            if let previews = try match.choice("previews", ["skip", "include"]) {
                spec.includePreviews = previews == "include"
            }
            spec.message = try match.string("message")
            if let reportAt = try match.string("report_at") {
                let allowed = ["start"] + matcher.anchorNames
                guard allowed.contains(reportAt) else {
                    throw match.problem(
                        "`match.report_at` is `\(reportAt)`; this match can point at: \(allowed.joined(separator: ", "))"
                    )
                }
                spec.reportAt = reportAt
            }
            try match.finish()
        }
        return spec
    }

    /// The front matter as a mapping (all scalars kept as text), bounded against alias bombs.
    static func frontMatter(_ text: String, path: String) throws -> [String: Any]? {
        guard let yaml = RuleFrontMatterText.yaml(in: text) else { return nil }
        do {
            // Composed once: checked against the alias budget, then made into values (loading
            // the text again parsed it a second time, for every rule file of every run).
            guard let node = try BoundedYAML.compose(yaml) else { return nil }
            return Constructor.default.any(from: node) as? [String: Any]
        } catch {
            throw SpecMap.problem(path, "the front matter cannot be read: \(error)")
        }
    }
}
