import SwiftLexer
import Support
import SwiftUIModel

/// `literal: string` (or `number`, `bool`, `nil`, a list) — a literal written in code, with
/// `value:` on what it says (a string's text between its quotes, a number as written): hard-coded
/// text, URLs, magic numbers. Combine with `inside:` (`[Text, Button]`) or `not_inside:`.
struct LiteralMatcher: TeamMatcher {
    let kinds: Set<LiteralKind>
    let value: TextPattern?
    /// `kinds` read once, when the rule is read: a `Set` lookup costs a hash, per file.
    private let wantsString: Bool, wantsNumber: Bool, wantsBool: Bool, wantsNil: Bool

    init(kinds: Set<LiteralKind>, value: TextPattern?) {
        self.kinds = kinds
        self.value = value
        (wantsString, wantsNumber) = (kinds.contains(.string), kinds.contains(.number))
        (wantsBool, wantsNil) = (kinds.contains(.bool), kinds.contains(.nil))
    }

    static func parse(_ map: inout SpecMap) throws -> LiteralMatcher {
        let names = try map.strings("literal") ?? []
        guard !names.isEmpty else { throw map.problem("`\(map.place).literal` needs a kind (\(LiteralKind.names))") }
        let kinds = Set(try names.map { try LiteralKind.parse($0, path: map.path, place: "\(map.place).literal") })
        let value = try map.string("value").map { try TextPattern($0, path: map.path, place: "\(map.place).value") }
        return LiteralMatcher(kinds: kinds, value: value)
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let s = file.s
        // The file's bytes read through one pointer (passing the array on was a retain per literal).
        return s.file.bytes.withUnsafeBufferPointer { bytes in
            var scan = Scan(
                lengths: value?.textLengths ?? 0...Int.max, bytes: bytes, readsBindings: file.readsBindings,
                budget: file.budget)
            if let within {
                for index in within { visit(index, s, &scan) }
            } else {
                // Only literal tokens can start one: the file's list of them, not every token.
                let literals = file.index.buckets.literals
                literals.withUnsafeBufferPointer { literals in
                    for index in literals { visit(Int(index), s, &scan) }
                }
            }
            return scan.found
        }
    }

    /// What a scan has found, and where the string literal it is in ends: the tokens inside a
    /// literal (its interpolations) are part of it, not literals of their own.
    private struct Scan {
        /// `value`'s `textLengths`: most literals are told apart by their length alone.
        let lengths: ClosedRange<Int>
        let bytes: UnsafeBufferPointer<UInt8>
        let readsBindings: Bool
        let budget: RegexBudget
        var insideUntil = -1
        var found: [TeamMatch] = []
    }

    private func visit(_ index: Int, _ s: Structure, _ scan: inout Scan) {
        guard index > scan.insideUntil else { return }
        let token = s.code[index]
        var last = index
        var kind: LiteralKind?
        switch token.kind {
        case .string where StringLiterals.starts(at: index, in: s):
            last = StringLiterals.end(startingAt: index, in: s)
            scan.insideUntil = last
            if wantsString { kind = .string }
        case .number:
            if wantsNumber { kind = .number }
        case .keyword:
            switch token.keyword {
            case .true, .false: if wantsBool { kind = .bool }
            case .nil: if wantsNil { kind = .nil }
            default: break
            }
        default:
            break
        }
        guard let kind else { return }
        let range = kind == .string ? content(index...last, s.code, scan.bytes) : token.offset..<token.end
        guard scan.lengths.contains(range.count) else { return }
        // Most of the others are told apart by their bytes, before a `String` is made of them.
        // (`value?.` borrows the pattern; `if let` would copy it, a retain per part, per token.)
        let text = UnsafeBufferPointer(rebasing: scan.bytes[range])
        let quick = value?.verdictWithoutText(text)
        if quick == false { return }
        var bindings: [String: String] = [:]
        if quick == nil || scan.readsBindings {
            let said = String(decoding: text, as: UTF8.self)
            if quick == nil, value?.matches(said, budget: scan.budget) == false { return }
            // Bound only for a rule that reads it (its message names `$VALUE`): a dictionary a match.
            if scan.readsBindings { bindings["VALUE"] = said }
        }
        scan.found.append(
            TeamMatch(
                offset: token.offset, token: index, extent: index...last, bindings: bindings,
                text: s.compactText(index..<(last + 1))))
    }

    /// A string literal's source between its delimiters (`#"…"#`, `"""…"""`), interpolations as
    /// written: its byte range.
    private func content(_ tokens: ClosedRange<Int>, _ code: [Token], _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>
    {
        var start = code[tokens.lowerBound].offset
        var end = code[tokens.upperBound].end
        while start < end, bytes[start] == UInt8(ascii: "#") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: "#") { end -= 1 }
        var quotes = 0
        while start + quotes < end, bytes[start + quotes] == UInt8(ascii: "\""), quotes < 3 { quotes += 1 }
        if quotes == 2 { quotes = 1 } // `""`: an empty string
        start += quotes
        end = max(start, end - quotes)
        return start..<end
    }

    func defaultMessage(_ match: TeamMatch) -> String { "the literal `\(match.text)` is hard-coded here" }

    var defaultMessageReadsBindings: Bool { false }

    /// What the value must say, when that names a text (`/^https?:/` needs `http`).
    var requiredTexts: [[UInt8]]? {
        guard let value else { return nil }
        if let plain = value.plainText { return plain.isEmpty ? nil : [Array(plain.utf8)] }
        return value.requiredTexts
    }
}
