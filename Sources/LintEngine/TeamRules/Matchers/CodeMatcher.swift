import SwiftLexer
import Support
import SwiftUIModel

/// `code:` — one token pattern or a list of them (`CodePattern`), with `where:` conditions on
/// what metavariables stand for (`where: {X: "/^is[A-Z]/"}`, `where: {S: {literal: string}}`).
struct CodeMatcher: TeamMatcher {
    let patterns: [CodePattern]
    let conditions: [String: ValuePattern]

    static func parse(_ map: inout SpecMap) throws -> CodeMatcher {
        let sources = try map.strings("code") ?? []
        guard !sources.isEmpty else { throw map.problem("`\(map.place).code` needs a pattern") }
        let patterns = try sources.map { source in
            do { return try CodePattern(source) } catch { throw map.problem("`\(map.place).code`: \(error)") }
        }
        var conditions: [String: ValuePattern] = [:]
        if let raw = map.raw("where") {
            guard let entries = raw as? [String: Any] else {
                throw map.problem("`\(map.place).where` must map metavariables to what they must be")
            }
            let names = Set(patterns.flatMap(\.variables))
            for (key, value) in entries {
                let name = key.hasPrefix("$") ? String(key.dropFirst()) : key
                guard names.contains(name) else {
                    throw map.problem(
                        "`\(map.place).where`: `$\(name)` is not a metavariable of the pattern (it has: \(names.sorted().map { "$" + $0 }.joined(separator: ", ")))"
                    )
                }
                conditions[name] = try ValuePattern.parse(value, path: map.path, place: "\(map.place).where.\(key)")
            }
        }
        return CodeMatcher(patterns: patterns, conditions: conditions)
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        // The structure borrowed for the call: a `let` of it would be a copy, a retain per array.
        matches(in: file, file.s, within: within, bindings: bindings)
    }

    private func matches(in file: TeamFile, _ s: Structure, within: Range<Int>?, bindings: [String: String])
        -> [TeamMatch]
    {
        let range = within ?? 0..<s.code.count
        var found: [TeamMatch] = []
        for pattern in patterns {
            let fixed = bindings.isEmpty ? bindings : bindings.filter { pattern.variables.contains($0.key) }
            // A search of more than a few tokens (the file, a `has:` over a type's body) starts
            // from the occurrences of the pattern's token; a few tokens are read one by one.
            let buckets = within.map { $0.count > 64 } ?? true ? file.index.buckets : nil
            for match in pattern.matches(in: s, range: range, fixed: fixed, buckets: buckets) {
                guard
                    conditions.allSatisfy({ name, condition in
                        guard let bound = match.bindings[name] else { return false }
                        return condition.matches(bound, in: s, budget: file.budget)
                    })
                else { continue }
                let first = match.tokens.lowerBound
                // Texts and anchors only for a rule that reads them (two dictionaries a match).
                var anchors: [String: Int] = [:]
                var texts: [String: String] = [:]
                if file.readsAnchors { anchors["end"] = s.code[match.tokens.upperBound - 1].offset }
                if file.readsBindings || file.readsAnchors {
                    for (name, tokens) in match.bindings {
                        if file.readsBindings { texts[name] = s.compactText(tokens) }
                        if file.readsAnchors, let token = tokens.first { anchors["$" + name] = s.code[token].offset }
                    }
                }
                found.append(
                    TeamMatch(
                        offset: s.code[first].offset, token: first,
                        extent: first...(match.tokens.upperBound - 1), anchors: anchors, bindings: texts,
                        text: s.compactText(match.tokens)))
            }
        }
        return found.sorted { $0.offset < $1.offset }
    }

    var anchorNames: [String] { ["end"] + Set(patterns.flatMap(\.variables)).sorted().map { "$" + $0 } }

    func defaultMessage(_ match: TeamMatch) -> String {
        "`\(match.text.count > 60 ? String(match.text.prefix(57)) + "…" : match.text)` matches `\(patterns.map(\.source).joined(separator: "` or `"))`"
    }

    var defaultMessageReadsBindings: Bool { false }

    var requiredTexts: [[UInt8]]? {
        // Every alternative needs its own word; a file with none of them cannot match.
        let words = patterns.map(\.requiredWord)
        return words.contains(where: { $0 == nil }) ? nil : words.compactMap { $0 }
    }

    /// One pattern needs each of its plain words (`static let shared = $NAME(`: `static` and
    /// `shared`), each a list of its own; those under four bytes are left out, since the gate
    /// tells longer ones by the file's byte grams but searches the file for shorter ones.
    var requiredTextLists: [[[UInt8]]] {
        let first = requiredTexts.map { [$0] } ?? []
        guard patterns.count == 1, let only = first.first?.first else { return first }
        return first + patterns[0].plainWords.filter { $0.count >= 4 && $0 != only }.map { [$0] }
    }
}
