import SwiftLexer
import Support
import SwiftUIModel

/// A token pattern (`code: "$X = !$X"`): Swift written as usual, compared token by token with
/// whitespace and comments ignored. `$NAME` stands for one expression (a name, a literal, a
/// member chain `self.items[0].count`, a call `f(x)`, an implicit member `.left`); the same
/// name twice must be the same text. `$$$` (or `$$$NAME`) stands for any tokens, as few as
/// possible, balanced in brackets.
struct CodePattern: Sendable {
    enum Element: Sendable, Equatable {
        case token([UInt8])
        case variable(String)
        case ellipsis(String?)
    }

    let source: String
    let elements: [Element]
    /// The literal token right after a leading metavariable (`=` in `$X = !$X`): matches are
    /// looked for there, with the expressions that end before it.
    let anchor: [UInt8]?
    /// Without an anchor, the bucket of the first token, when it is a keyword or one byte: a
    /// match is looked for at its occurrences, not at every token.
    let startKey: TokenBuckets.Key?
    /// With an anchor, the bucket its candidates come from: the anchor's (distance 0) or a
    /// literal token's right after it, whichever source code has fewer of (`!` in `$X = !$X`,
    /// one after `=`; `0` in `$X.count == 0`). Only that one is grouped: every file's `.`
    /// tokens, a tenth of them, were grouped for `$X.count == 0` and then outnumbered its `0`s.
    let anchorKey: (distance: Int, key: TokenBuckets.Key)?

    /// By element: the names bound before it that it or a later element compares with (the
    /// bindings the rest of the pattern's outcome from there depends on).
    let comparedAgain: [[String]]
    /// By element: a `$$$` whose tries from a later end are the tail of its tries from here (it
    /// binds no name, or one nothing compares with): once it fails from a token, it fails from
    /// every end it went through.
    let sharesTail: [Bool]

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    init(_ source: String) throws {
        self.source = source
        var rewritten = ""
        var names: [String: String] = [:]
        var scalars = Substring(source)
        // `$$$NAME` and `$NAME` become identifiers the lexer reads as one token each.
        while let dollar = scalars.firstIndex(of: "$") {
            rewritten += scalars[..<dollar]
            var rest = scalars[dollar...]
            let isEllipsis = rest.hasPrefix("$$$")
            rest = rest.dropFirst(isEllipsis ? 3 : 1)
            let name = rest.prefix { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }
            if !isEllipsis, name.isEmpty || !(name.first?.isUppercase ?? false) {
                // `$0`, `$binding`: Swift's own dollar names, matched as written.
                rewritten += "$"
                scalars = scalars[scalars.index(after: dollar)...]
                continue
            }
            let placeholder = "__pl\(names.count)__"
            names[placeholder] = (isEllipsis ? "$$$" : "$") + name
            rewritten += placeholder
            scalars = rest.dropFirst(name.count)
        }
        rewritten += scalars
        let lexed = Lexer.tokenize(Array(rewritten.utf8))
        let bytes = Array(rewritten.utf8)
        var elements: [Element] = []
        for token in lexed.code {
            let text = Array(bytes[token.offset..<token.end])
            if let name = names[String(decoding: text, as: UTF8.self)] {
                if name.hasPrefix("$$$") {
                    let bare = String(name.dropFirst(3))
                    elements.append(.ellipsis(bare.isEmpty ? nil : bare))
                } else {
                    elements.append(.variable(String(name.dropFirst())))
                }
            } else {
                elements.append(.token(text))
            }
        }
        guard !elements.isEmpty else { throw Problem(description: "`\(source)` has no code") }
        if case .ellipsis = elements[0] { throw Problem(description: "`\(source)` cannot start with `$$$`") }
        for (a, b) in zip(elements, elements.dropFirst()) {
            if case .ellipsis = a, case .ellipsis = b {
                throw Problem(description: "`\(source)`: two `$$$` in a row")
            }
        }
        self.elements = elements
        let bindingNames = elements.map { element -> String? in
            switch element {
            case .variable(let name): name
            case .ellipsis(let name): name
            case .token: nil
            }
        }
        var earlier = Set<String>()
        var compared: [[String]] = []
        for p in bindingNames.indices {
            compared.append(earlier.intersection(bindingNames[p...].compactMap { $0 }).sorted())
            if let name = bindingNames[p] { earlier.insert(name) }
        }
        comparedAgain = compared
        sharesTail = elements.map { element in
            guard case .ellipsis(let name) = element else { return false }
            return name == nil || bindingNames.filter { $0 == name }.count == 1
        }
        if case .variable = elements[0], elements.count > 1, case .token(let anchor) = elements[1] {
            self.anchor = anchor
        } else {
            anchor = nil
        }
        if anchor != nil {
            startKey = nil
            // The anchor and the literal tokens right after it: the rarest the buckets can hold.
            var rarest: (distance: Int, text: [UInt8], commonness: Int)?
            for (distance, element) in elements.dropFirst().enumerated() {
                guard case .token(let text) = element else { break }
                guard let commonness = TokenBuckets.Key.commonness(of: text) else { continue }
                if commonness < rarest?.commonness ?? .max { rarest = (distance, text, commonness) }
            }
            anchorKey = rarest.flatMap { rarest in TokenBuckets.Key(rarest.text).map { (rarest.distance, $0) } }
        } else {
            anchorKey = nil
            if case .token(let first) = elements[0] { startKey = TokenBuckets.Key(first) } else { startKey = nil }
        }
    }

    /// Names of the pattern's metavariables (without `$`).
    var variables: [String] {
        elements.compactMap {
            switch $0 {
            case .variable(let name): name
            case .ellipsis(let name): name
            case .token: nil
            }
        }
    }

    /// The longest plain word of the pattern: a file without it cannot match.
    var requiredWord: [UInt8]? { plainWords.max { $0.count < $1.count } }

    /// The pattern's words (names, keywords, attributes), each once, in order: a match spells
    /// every one of them.
    var plainWords: [[UInt8]] {
        var seen = Set<[UInt8]>()
        return elements.compactMap { element -> [UInt8]? in
            guard case .token(let text) = element, let first = text.first,
                first == UInt8(ascii: "_") || first == UInt8(ascii: "@")
                    || (first | 0x20) >= UInt8(ascii: "a")
                        && (first | 0x20) <= UInt8(ascii: "z")
            else { return nil }
            return seen.insert(text).inserted ? text : nil
        }
    }

    /// One match: its tokens and what each metavariable stands for (token ranges).
    struct Found {
        var tokens: Range<Int>
        var bindings: [String: Range<Int>]
    }

    /// Matches in `range` of the file's code tokens, left to right, not overlapping; `fixed`
    /// holds metavariables' texts a match must repeat.
    /// `buckets`, when given, holds the file's tokens by keyword and byte: a pattern whose
    /// start is one of those is tried only at its occurrences.
    func matches(in s: Structure, range: Range<Int>, fixed: [String: String] = [:], buckets: TokenBuckets? = nil)
        -> [Found]
    {
        if let anchor {
            // The anchors in the range: the occurrences of the anchor's key, or those of the
            // token's after it, moved back to the anchor (the same anchors, in order).
            let anchors = anchorKey.flatMap { distance, key -> ArraySlice<Int32>? in
                guard
                    let found = buckets?.tokens(key, in: (range.lowerBound + distance)..<(range.upperBound + distance))
                else { return nil }
                return distance == 0 ? found : found.map { $0 - Int32(distance) }[...]
            }
            return anchoredMatches(in: s, range: range, fixed: fixed, anchor: anchor, candidates: anchors)
        }
        // The occurrences of the start token within the range.
        let candidates = startKey.flatMap { key in buckets?.tokens(key, in: range) }
        var found: [Found] = []
        var start = range.lowerBound
        // Read once: matching the enum in the loop copies its text (a retain per token).
        let firstText: [UInt8]? = if case .token(let text) = elements[0] { text } else { nil }
        var nextCandidate = candidates?.startIndex ?? 0
        // One matcher for the whole range, made at the first start worth trying: it holds the
        // file's structure, a retain per array, and most files have no such start.
        var made: Matcher?
        while start < range.upperBound {
            if let candidates {
                // The next occurrence of the first token at or after `start`.
                while nextCandidate < candidates.endIndex, Int(candidates[nextCandidate]) < start { nextCandidate += 1 }
                guard nextCandidate < candidates.endIndex, Int(candidates[nextCandidate]) < range.upperBound else {
                    break
                }
                start = Int(candidates[nextCandidate])
            }
            if let firstText, !s.spells(start, firstText) {
                start += 1
                continue
            }
            let matcher = made ?? Matcher(pattern: self, s: s, limit: range.upperBound, fixed: fixed)
            made = matcher
            matcher.bound.removeAll(keepingCapacity: true)
            if let end = matcher.match(element: 0, at: start), end > start {
                found.append(Found(tokens: start..<end, bindings: matcher.bound))
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    /// `$X = !$X`: a pattern that starts with a metavariable is looked for at each token of the
    /// literal after it (`=`), with the expressions that end there; not at every token of the file.
    private func anchoredMatches(
        in s: Structure, range: Range<Int>, fixed: [String: String], anchor: [UInt8], candidates: ArraySlice<Int32>?
    ) -> [Found] {
        var found: [Found] = []
        var free = range.lowerBound
        // The literal tokens right after the anchor must follow it (`!` in `$X = !$X`).
        let following = elements.dropFirst(2).prefix { if case .token = $0 { true } else { false } }.map { element in
            if case .token(let text) = element { return text }
            return []
        }
        // Made at the first anchor worth trying (see `matches`).
        var made: Matcher?
        func visit(_ k: Int) {
            guard k > free, range.contains(k), s.spells(k, anchor), Self.spellsAll(following, after: k, s) else {
                return
            }
            let matcher = made ?? Matcher(pattern: self, s: s, limit: range.upperBound, fixed: fixed)
            made = matcher
            // Expressions ending right before the anchor, leftmost first (at most 32 tokens back).
            // (Tried in order as found: a list of them all, and of each start's ends, was two
            // arrays per start, for the one match most anchors have.)
            for start in max(free, k - 32)..<k where matcher.atomEnds(from: start, reach: k) {
                matcher.bound.removeAll(keepingCapacity: true)
                if let end = matcher.match(element: 0, at: start), end > start {
                    found.append(Found(tokens: start..<end, bindings: matcher.bound))
                    free = end
                    break
                }
            }
        }
        if let candidates {
            for k in candidates { visit(Int(k)) }
        } else {
            for k in range { visit(k) }
        }
        return found
    }

    /// Whether the tokens right after `k` are spelled `texts`, in order.
    private static func spellsAll(_ texts: [[UInt8]], after k: Int, _ s: Structure) -> Bool {
        for (offset, text) in texts.enumerated() where !s.spells(k + 1 + offset, text) { return false }
        return true
    }

    /// Backtracking over the elements; the bindings made so far live in `bound`. A class: one
    /// serves a whole range, and a struct holding the file's structure was copied (a retain per
    /// array) each time a closure called it.
    ///
    /// Whether the rest of the pattern matches from an element at a token depends only on those
    /// two and on the bindings it compares with again (the range and `fixed` are the matcher's
    /// own), so a place where it failed once is not tried again: each metavariable and `$$$` is
    /// tried from each token at most once, where several `$$$` in one call's arguments tried
    /// every way of splitting them. The places are tried in the same order as without this, so
    /// the first match and its bindings are the same.
    private final class Matcher {
        let pattern: CodePattern
        let s: Structure
        let limit: Int
        let fixed: [String: String]
        var bound: [String: Range<Int>] = [:]
        /// Places (element, token, the bindings compared again) the rest of the pattern does
        /// not match from.
        var failed: Set<Place> = []

        struct Place: Hashable {
            var element: Int
            var token: Int
            var compared: [Range<Int>]
        }

        init(pattern: CodePattern, s: Structure, limit: Int, fixed: [String: String]) {
            self.pattern = pattern
            self.s = s
            self.limit = limit
            self.fixed = fixed
        }

        func place(_ p: Int, _ j: Int) -> Place {
            let names = pattern.comparedAgain[p]
            return Place(element: p, token: j, compared: names.isEmpty ? [] : names.map { bound[$0] ?? 0..<0 })
        }

        func match(element p: Int, at j: Int) -> Int? {
            if p == pattern.elements.count { return j }
            switch pattern.elements[p] {
            case .token(let text):
                guard j < limit, s.spells(j, text) else { return nil }
                return match(element: p + 1, at: j + 1)
            case .variable(let name):
                // The first element is tried once from each start: not worth a place.
                if p > 0, !failed.isEmpty, failed.contains(place(p, j)) { return nil }
                for end in atomEnds(from: j) where end <= limit {
                    guard agrees(name, j..<end) else { continue }
                    let saved = bound
                    bound[name] = j..<end
                    if let result = match(element: p + 1, at: end) { return result }
                    bound = saved
                }
                if p > 0 { failed.insert(place(p, j)) }
                return nil
            case .ellipsis(let name):
                if !failed.isEmpty, failed.contains(place(p, j)) { return nil }
                // A name `fixed` gives is compared with: its tries differ by where they start.
                let sharesTail = pattern.sharesTail[p] && (name == nil || fixed[name!] == nil)
                var passed: [Int] = []
                var end = j
                tries: while end <= limit {
                    if end > j, sharesTail {
                        // From here on, the tries are those of a place that failed already.
                        if !failed.isEmpty, failed.contains(place(p, end)) { break tries }
                        passed.append(end)
                    }
                    if name == nil || agrees(name!, j..<end) {
                        let saved = bound
                        if let name { bound[name] = j..<end }
                        if let result = match(element: p + 1, at: end) { return result }
                        bound = saved
                    }
                    guard end < limit else { break }
                    let token = s.code[end]
                    if token.kind == .punctuation, isCloser(end) { break }
                    if s.closing[end] > end {
                        end = Int(s.closing[end]) + 1
                    } else {
                        end += 1
                    }
                }
                failed.insert(place(p, j))
                for end in passed { failed.insert(place(p, end)) }
                return nil
            }
        }

        func isCloser(_ index: Int) -> Bool {
            let byte = s.file.bytes[s.code[index].offset]
            return byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
        }

        /// Whether binding `name` to `range` agrees with an earlier binding or a fixed text.
        func agrees(_ name: String, _ range: Range<Int>) -> Bool {
            if let earlier = bound[name] { return s.compactText(earlier) == s.compactText(range) }
            if let text = fixed[name] { return s.compactText(range) == text }
            return true
        }

        /// Where an expression starting at `j` may end, longest first.
        func atomEnds(from j: Int) -> [Int] {
            var ends: [Int] = []
            visitAtomEnds(from: j) { end in
                ends.append(end)
                return true
            }
            return ends.reversed()
        }

        /// Whether an expression starting at `j` may end at `end`.
        func atomEnds(from j: Int, reach end: Int) -> Bool {
            var reached = false
            visitAtomEnds(from: j) { found in
                if found == end { reached = true }
                return found < end
            }
            return reached
        }

        /// Calls `visit` with each place an expression starting at `j` may end (up to `limit`),
        /// shortest first, while it returns true.
        @inline(__always)
        private func visitAtomEnds(from j: Int, _ visit: (Int) -> Bool) {
            guard j < limit else { return }
            var k: Int
            let token = s.code[j]
            switch token.kind {
            case .identifier, .number, .attribute:
                k = j + 1
            case .keyword:
                switch token.keyword {
                case .self, .Self, .super, .true, .false, .nil, .`init`, .Any: k = j + 1
                default: return
                }
            case .string:
                k = j
                // Through every interpolation to the closing segment.
                while k < limit, s.closing[k] > k { k = Int(s.closing[k]) }
                k += 1
            case .punctuation:
                if s.punct(j, UInt8(ascii: ".")), s.isWord(j + 1) {
                    k = j + 2
                } else if s.closing[j] > j, s.punct(j, UInt8(ascii: "(")) || s.punct(j, UInt8(ascii: "[")) {
                    k = Int(s.closing[j]) + 1
                } else {
                    return
                }
            default:
                return
            }
            if k <= limit, !visit(k) { return }
            var steps = 0
            while k < limit, steps < 64 {
                steps += 1
                if s.punct(k, UInt8(ascii: ".")), s.isWord(k + 1) {
                    k += 2
                } else if s.isOperator(k, "?") || s.isOperator(k, "!"), !s.spaced(before: k) {
                    k += 1
                } else if s.closing[k] > k, !s.spaced(before: k),
                    s.punct(k, UInt8(ascii: "(")) || s.punct(k, UInt8(ascii: "["))
                {
                    k = Int(s.closing[k]) + 1
                } else {
                    break
                }
                if k <= limit, !visit(k) { return }
            }
        }
    }
}
