import SwiftLexer
import Support
import SwiftUIModel

/// What an expression must be (an argument's value, the right side of an assignment, a
/// metavariable): its text without spaces (`.left`, `/^\.constant\(/`, `!/…/`), a literal of some
/// kind (`{literal: string}`), or any of a list of those.
enum ValuePattern: Sendable {
    case text(TextPattern)
    case literal(Set<LiteralKind>)
    case anyOf([ValuePattern])

    static func parse(_ value: Any, path: String, place: String) throws -> ValuePattern {
        if let list = value as? [Any] {
            return .anyOf(try list.map { try parse($0, path: path, place: place) })
        }
        if let map = value as? [String: Any] {
            var reader = SpecMap(map, path: path, place: place)
            guard let names = try reader.strings("literal") else {
                throw SpecMap.problem(path, "`\(place)` takes `literal:` (\(LiteralKind.names))")
            }
            try reader.finish()
            return .literal(Set(try names.map { try LiteralKind.parse($0, path: path, place: place + ".literal") }))
        }
        return .text(try TextPattern("\(value)", path: path, place: place))
    }

    /// Whether the expression `tokens` is what this names; a regex's scan is charged to `budget`.
    func matches(_ tokens: Range<Int>, in s: Structure, budget: RegexBudget) -> Bool {
        switch self {
        case .text(let pattern): pattern.matches(s.compactText(tokens), budget: budget)
        case .literal(let kinds): LiteralKind.of(tokens, in: s).map(kinds.contains) ?? false
        case .anyOf(let patterns): patterns.contains { $0.matches(tokens, in: s, budget: budget) }
        }
    }
}

/// The kinds of literal a rule may name.
enum LiteralKind: String, CaseIterable, Sendable {
    case string, number, bool, `nil`

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    static func parse(_ name: String, path: String, place: String) throws -> LiteralKind {
        guard let kind = LiteralKind(rawValue: name) else {
            throw SpecMap.problem(path, "`\(place)`: no literal kind `\(name)` (kinds: \(names))")
        }
        return kind
    }

    /// The kind of literal `tokens` are, when they are exactly one literal (`-1` counts).
    static func of(_ tokens: Range<Int>, in s: Structure) -> LiteralKind? {
        guard let first = tokens.first else { return nil }
        let token = s.code[first]
        switch token.kind {
        case .string:
            return StringLiterals.end(startingAt: first, in: s) == tokens.upperBound - 1 ? .string : nil
        case .number:
            return tokens.count == 1 ? .number : nil
        case .operator:
            return tokens.count == 2 && s.is(first, "-") && s.code[first + 1].kind == .number ? .number : nil
        case .keyword:
            guard tokens.count == 1 else { return nil }
            switch token.keyword {
            case .true, .false: return .bool
            case .nil: return .nil
            default: return nil
            }
        default:
            return nil
        }
    }
}

/// String literals as token ranges: a literal with interpolations is several string tokens
/// (`"a \(` … `) b"`) linked through their bracket partners.
enum StringLiterals {
    /// The last token of the string literal whose first token is `start`.
    static func end(startingAt start: Int, in s: Structure) -> Int {
        var k = start
        while k < s.code.count, s.code[k].kind == .string, s.closing[k] > k { k = Int(s.closing[k]) }
        return k
    }

    /// Whether string token `index` opens a literal (it does not close an interpolation).
    static func starts(at index: Int, in s: Structure) -> Bool {
        s.code[index].kind == .string && s.opening[index] < 0
    }
}
