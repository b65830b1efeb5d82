import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// `regex:` (with `match_kinds`, `excluded_match_kinds`, `capture_group`) and `text:` (literal
/// texts, with `kinds` / `excluded_kinds`): SwiftLint's `custom_rules` semantics, kept exactly.
/// `text: [a, b]` is the regex `(?:a|b)` with each text quoted, so a literal rule and the regex
/// it reads as find the same matches by construction.
struct RegexMatcher: TeamMatcher {
    let regex: SwiftLintRegex
    /// `text:` as written, for the default message; nil for `regex:`.
    let texts: [String]?

    static func regex(_ map: inout SpecMap) throws -> RegexMatcher {
        guard let pattern = try map.string("regex") else { throw map.problem("`\(map.place).regex` is empty") }
        let matchKinds = try kinds(&map, "match_kinds")
        let excludedKinds = try kinds(&map, "excluded_match_kinds")
        if matchKinds != nil, excludedKinds != nil {
            throw map.problem("`match_kinds` and `excluded_match_kinds` cannot both be given (as in SwiftLint)")
        }
        let group = try map.int("capture_group") ?? 0
        let sourceKit = try sourceKitComments(&map)
        do {
            let excluded = SwiftLintRegex.excludedKinds(matchKinds: matchKinds, excludedMatchKinds: excludedKinds)
            return RegexMatcher(
                regex: try SwiftLintRegex(
                    pattern: pattern, excluded: excluded, captureGroup: group, sourceKitComments: sourceKit),
                texts: nil)
        } catch {
            throw map.problem("`\(map.place).regex`: \(error)")
        }
    }

    static func text(_ map: inout SpecMap) throws -> RegexMatcher {
        guard let texts = try map.strings("text"), !texts.isEmpty, !texts.contains(where: \.isEmpty) else {
            throw map.problem("`\(map.place).text` needs a text (or a list of texts)")
        }
        let matchKinds = try kinds(&map, "kinds")
        let excludedKinds = try kinds(&map, "excluded_kinds")
        if matchKinds != nil, excludedKinds != nil {
            throw map.problem("`kinds` and `excluded_kinds` cannot both be given")
        }
        let pattern = "(?:" + texts.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")"
        let sourceKit = try sourceKitComments(&map)
        let excluded = SwiftLintRegex.excludedKinds(matchKinds: matchKinds, excludedMatchKinds: excludedKinds)
        return RegexMatcher(
            regex: try SwiftLintRegex(pattern: pattern, excluded: excluded, sourceKitComments: sourceKit), texts: texts)
    }

    /// `execution_mode:` as SwiftLint's custom rules take it: `sourcekit` names the kinds inside a
    /// comment as SourceKit does; `swiftsyntax` and `default` (SwiftLint's default) the comment whole.
    static func sourceKitComments(_ map: inout SpecMap) throws -> Bool {
        try map.choice("execution_mode", ["swiftsyntax", "sourcekit", "default"]) == "sourcekit"
    }

    static func kinds(_ map: inout SpecMap, _ key: String) throws -> [SwiftLintKind]? {
        guard let names = try map.strings(key) else { return nil }
        return try names.map { name in
            guard let kind = SwiftLintKind(shortName: name) else {
                let known = SwiftLintKind.allCases.map(\.shortName)
                throw map.problem(
                    "`\(map.place).\(key)`: no syntax kind `\(name)`\(NameSuggestions(known).didYouMean(name)) (kinds: \(known.joined(separator: ", ")))"
                )
            }
            return kind
        }
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let (found, gaveUp) = regex.matches(in: file.index, budget: file.budget)
        var matches = found.compactMap { found -> TeamMatch? in
            let match = file.match(at: found.offset, range: found.range, text: file.text(found.range))
            if let within, !within.contains(match.token) { return nil }
            return match
        }
        // A spent budget turns the rule off (`RegexBudget.bounded`); ICU giving up on this file
        // is said in this file.
        if gaveUp, !file.budget.isSpent {
            var note = file.match(at: 0, range: 0..<0)
            note.gaveUp = true
            matches.append(note)
        }
        return matches
    }

    func defaultMessage(_ match: TeamMatch) -> String {
        if let texts { return "`\(texts.count == 1 ? texts[0] : match.text)` is not to be written here" }
        // SwiftLint's own default.
        return "Regex matched"
    }

    /// Everything but the excluded kinds: with none excluded, comments and strings too.
    var readsComments: Bool { !regex.excluded.contains(.comment) || !regex.excluded.contains(.docComment) }
    var readsStrings: Bool { !regex.excluded.contains(.string) }
    var includesPreviewsByDefault: Bool { true }
    var requiredTexts: [[UInt8]]? { regex.required.first }
    var requiredTextLists: [[[UInt8]]] { regex.required }
}
