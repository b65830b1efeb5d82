import SwiftLexer
import Support
import SwiftUIModel
/// Texts of which every match of a regex contains one: a file that holds none of them cannot
/// match, so the regex is not run there. Read from the pattern conservatively: anything the
/// reader does not follow (classes, backreferences, case-insensitive or extended mode) gives no
/// texts, and the regex then runs on every file.
enum RequiredLiterals {
    /// The texts (UTF-8), or nil when nothing is known.
    static func of(_ pattern: String) -> [[UInt8]]? { all(pattern)?.first }

    /// Every list of texts known (each match holds one text of each list), most telling first:
    /// `[let,var] .+ = (\[.+\]\(\))` needs `]()` as well as ` = `.
    static func all(_ pattern: String) -> [[[UInt8]]]? {
        var reader = Reader(Array(pattern.unicodeScalars))
        guard let info = reader.alternation(), reader.atEnd, !reader.unsure else { return nil }
        var lists = info.conjuncts
        if let best = info.best { lists.append(best) }
        let usable = lists.filter { !$0.isEmpty && !$0.contains(where: \.isEmpty) }
        guard !usable.isEmpty else { return nil }
        var seen = Set<Set<[UInt8]>>()
        // Each list ranked once (ranking in the comparison ranked a list per comparison).
        let ranked = usable.filter { seen.insert($0).inserted }.map { (list: $0, rank: rank($0)) }
        let ordered = ranked.enumerated().sorted { a, b in
            a.element.rank != b.element.rank ? a.element.rank > b.element.rank : a.offset < b.offset
        }
        return ordered.prefix(4).map { $0.element.list.sorted { $0.lexicographicallyPrecedes($1) } }
    }

    /// Bytes common in code, which make a text less telling.
    private static let common: Set<UInt8> = Set(" =\n\t.,:;(){}ea".utf8)

    /// Longer texts first; at the same length, those with fewer letters common in code (a text
    /// of punctuation such as `]()` is rarer than ` = `).
    private static func rank(_ set: Set<[UInt8]>) -> Int {
        let shortest = set.map(\.count).min() ?? 0
        let rare = set.map { $0.filter { !common.contains($0) }.count }.min() ?? 0
        return shortest * 4 + rare - set.count
    }

    /// What a piece of a pattern is known to match.
    struct Info {
        /// Every string it can match, when that is a short finite list.
        var exact: Set<[UInt8]>?
        /// Strings of which each match contains one.
        var required: Set<[UInt8]>?
        /// Further such lists, each to hold as well (from the atoms of a sequence).
        var conjuncts: [Set<[UInt8]>] = []

        static let unknown = Info(exact: nil, required: nil)
        static let empty = Info(exact: [[]], required: nil)

        init(exact: Set<[UInt8]>?, required: Set<[UInt8]>?, conjuncts: [Set<[UInt8]>] = []) {
            self.exact = exact
            self.required = required
            self.conjuncts = conjuncts
        }

        /// The better of the exact strings and the required ones: the longer shortest string.
        var best: Set<[UInt8]>? {
            let candidates = [exact, required].compactMap { $0 }.filter { !$0.isEmpty && !$0.contains([]) }
            return candidates.max { score($0) < score($1) }
        }

        private func score(_ set: Set<[UInt8]>) -> Int { set.map(\.count).min() ?? 0 }
    }

    private static let limit = 16

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Set when the pattern holds something that makes every reading unsafe (`(?i)`, `(?x)`).
        var unsure = false

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func alternation() -> Info? {
            var branches: [Info] = []
            guard let first = concatenation() else { return nil }
            branches.append(first)
            while peek() == "|" {
                index += 1
                guard let next = concatenation() else { return nil }
                branches.append(next)
            }
            if branches.count == 1 { return first }
            var exact: Set<[UInt8]>? = []
            var required: Set<[UInt8]>? = []
            for branch in branches {
                if let branchExact = branch.exact, let sofar = exact, sofar.count + branchExact.count <= limit {
                    exact = sofar.union(branchExact)
                } else {
                    exact = nil
                }
                if let best = branch.best, let sofar = required, sofar.count + best.count <= limit {
                    required = sofar.union(best)
                } else {
                    required = nil
                }
            }
            return Info(exact: exact, required: required)
        }

        /// Atoms one after another: the exact strings when they stay few, and the best required
        /// texts among the atoms' own and each run of exact atoms (`[pP]rint\(` gives `print(`, `Print(`).
        mutating func concatenation() -> Info? {
            var info = Info.empty
            var run: Set<[UInt8]> = [[]]
            var best: Set<[UInt8]>?
            var all: [Set<[UInt8]>] = []
            func consider(_ candidate: Set<[UInt8]>?) {
                guard let candidate, !candidate.isEmpty, !candidate.contains([]) else { return }
                all.append(candidate)
                if best == nil || score(candidate) > score(best!) { best = candidate }
            }
            while let scalar = peek(), scalar != "|", scalar != ")" {
                guard var atom = atom() else { return nil }
                guard let quantified = quantifier(&atom) else { return nil }
                if let exact = quantified.exact, run.count * exact.count <= limit {
                    var product = Set<[UInt8]>()
                    for left in run { for right in exact { product.insert(left + right) } }
                    run = product.contains { $0.count > 64 } ? exact : product
                } else {
                    run = quantified.exact ?? [[]]
                }
                consider(run)
                consider(quantified.required)
                info = concatenate(info, quantified)
            }
            consider(info.exact)
            return Info(exact: info.exact, required: best, conjuncts: all)
        }

        func score(_ set: Set<[UInt8]>) -> Int { set.map(\.count).min() ?? 0 }

        func concatenate(_ a: Info, _ b: Info) -> Info {
            var exact: Set<[UInt8]>?
            if let x = a.exact, let y = b.exact, x.count * y.count <= limit {
                var product = Set<[UInt8]>()
                for left in x { for right in y { product.insert(left + right) } }
                exact = product.contains { $0.count > 64 } ? nil : product
            }
            let required = [a.best, b.best].compactMap { $0 }.max {
                ($0.map(\.count).min() ?? 0) < ($1.map(\.count).min() ?? 0)
            }
            return Info(exact: exact, required: required)
        }

        /// Applies a quantifier after an atom, if one follows.
        mutating func quantifier(_ atom: inout Info) -> Info? {
            guard let scalar = peek() else { return atom }
            var minimum: Int
            var maximum: Int?
            switch scalar {
            case "*": (minimum, maximum) = (0, nil); index += 1
            case "+": (minimum, maximum) = (1, nil); index += 1
            case "?": (minimum, maximum) = (0, 1); index += 1
            case "{":
                guard let (low, high) = bounds() else { return atom }
                (minimum, maximum) = (low, high)
            default: return atom
            }
            // Lazy and possessive forms match the same strings.
            if peek() == "?" || peek() == "+" { index += 1 }
            if minimum == 0 {
                if maximum == 1, let exact = atom.exact, exact.count < limit {
                    return Info(exact: exact.union([[]]), required: nil)
                }
                return .unknown
            }
            if minimum == 1 && maximum == 1 { return atom }
            if let maximum, maximum == minimum, let exact = atom.exact, exact.count == 1, let one = exact.first,
                one.count * minimum <= 64
            {
                return Info(exact: [Array([[UInt8]](repeating: one, count: minimum).joined())], required: nil)
            }
            return Info(exact: nil, required: atom.best)
        }

        /// `{n}`, `{n,}`, `{n,m}`; nil (and nothing read) when the brace is not a quantifier.
        mutating func bounds() -> (Int, Int?)? {
            var k = index + 1
            func number() -> Int? {
                var value: Int?
                while k < scalars.count, let digit = Int(String(scalars[k])), scalars[k].isASCII {
                    value = (value ?? 0) * 10 + digit
                    k += 1
                }
                return value
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if k < scalars.count, scalars[k] == "," {
                k += 1
                high = number()
            }
            guard k < scalars.count, scalars[k] == "}" else { return nil }
            index = k + 1
            return (low, high)
        }

        mutating func atom() -> Info? {
            guard let scalar = peek() else { return nil }
            index += 1
            switch scalar {
            case "(": return group()
            case "[": return characterClass()
            case "\\": return escape()
            case ".": return .unknown
            case "^", "$": return .empty
            case "*", "+", "?", "{": return nil
            default: return literal(scalar)
            }
        }

        func literal(_ scalar: Unicode.Scalar) -> Info {
            Info(exact: [Array(String(scalar).utf8)], required: nil)
        }

        mutating func group() -> Info? {
            var capturing = true
            var zeroWidth = false
            if peek() == "?" {
                index += 1
                capturing = false
                switch peek() {
                case ":", ">": index += 1
                case "=", "!": index += 1; zeroWidth = true
                case "<":
                    if peek(1) == "=" || peek(1) == "!" {
                        index += 2
                        zeroWidth = true
                    } else {
                        // `(?<name>…)`
                        while let scalar = peek(), scalar != ">" { index += 1 }
                        index += 1
                    }
                case "#":
                    while let scalar = peek(), scalar != ")" { index += 1 }
                    index += 1
                    return .empty
                default:
                    // Flags: `(?i)`, `(?sm)`, `(?-smxi)`, `(?s:…)`.
                    var on = true
                    while let scalar = peek(), scalar != ")", scalar != ":" {
                        if scalar == "-" { on = false }
                        if on && (scalar == "i" || scalar == "x") { unsure = true }
                        index += 1
                    }
                    if peek() == ")" {
                        index += 1
                        return .empty
                    }
                    index += 1
                }
            }
            _ = capturing
            guard let inner = alternation(), peek() == ")" else { return nil }
            index += 1
            return zeroWidth ? .empty : inner
        }

        /// A class of a few plain characters (`[pP]`) is a short list; anything else is unknown.
        mutating func characterClass() -> Info? {
            var members: [Unicode.Scalar] = []
            var plain = true
            if peek() == "^" {
                plain = false
                index += 1
            }
            if peek() == "]" {
                members.append("]")
                index += 1
            }
            while let scalar = peek(), scalar != "]" {
                index += 1
                if scalar == "\\" {
                    guard let escaped = peek() else { return nil }
                    index += 1
                    if escaped.properties.isAlphabetic || escaped.properties.numericType != nil { plain = false }
                    members.append(escaped)
                } else if scalar == "[" || scalar == "-" || scalar == "&" {
                    // Ranges, nested classes and set operations: not followed here.
                    plain = false
                    if scalar == "[" {
                        var depth = 1
                        while depth > 0, let inner = peek() {
                            index += 1
                            if inner == "[" { depth += 1 } else if inner == "]" { depth -= 1 }
                        }
                    }
                } else {
                    members.append(scalar)
                }
            }
            guard peek() == "]" else { return nil }
            index += 1
            guard plain, !members.isEmpty, members.count <= 8 else { return .unknown }
            return Info(exact: Set(members.map { Array(String($0).utf8) }), required: nil)
        }

        mutating func escape() -> Info? {
            guard let scalar = peek() else { return nil }
            index += 1
            switch scalar {
            case "t": return literal("\t")
            case "n": return literal("\n")
            case "r": return literal("\r")
            case "f": return literal("\u{0C}")
            case "e": return literal("\u{1B}")
            case "a": return literal("\u{07}")
            case "b", "B", "A", "z", "Z", "G": return .empty
            case "Q":
                var bytes: [UInt8] = []
                while let next = peek(), !(next == "\\" && peek(1) == "E") {
                    bytes += Array(String(next).utf8)
                    index += 1
                }
                if peek() == "\\" { index += 2 }
                return Info(exact: [bytes], required: nil)
            case "d", "D", "w", "W", "s", "S", "h", "H", "v", "V", "R", "X":
                return .unknown
            case "p", "P", "N", "k":
                // A property, a named character, a named backreference: skip its argument.
                if peek() == "{" || peek() == "<" {
                    let close: Unicode.Scalar = peek() == "{" ? "}" : ">"
                    while let next = peek(), next != close { index += 1 }
                    index += 1
                }
                return .unknown
            default:
                // Hex, octal, control characters, numbered backreferences: not followed.
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    unsure = true
                    return .unknown
                }
                return literal(scalar)
            }
        }
    }
}
