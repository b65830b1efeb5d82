import SwiftLexer

/// Reading the conditions a write stands behind into `BindingGate`s: the `if`s, `guard`s,
/// `else`s and `switch`es around it inside its type, each clause of `a, b` and `a && b` apart.
/// What a call can decide becomes a flag, an unwrap or a case; anything else an opaque gate,
/// which no call decides (the write may or may not run).
extension BindingWrites {
    /// The gates around a token, inside its type. A loop's body and a `guard`'s `else` decide nothing here.
    package static func gates(
        of index: Int, in s: Structure, owner: Int, usability: [BindingGate] = []
    ) -> [BindingGate] {
        var gates = usability
        s.forEachEnclosingScope(of: index) { scope in
            switch scope.kind {
            case .typeBody, .file: return false
            case .statement:
                gates += statementGates(opening: scope.range.lowerBound, inner: index, in: s)
                gates += guardGates(in: scope.range, before: index, in: s)
            case .closure, .function, .property:
                gates += ternaryGates(branch: scope.range.lowerBound, in: s)
                gates += guardGates(in: scope.range, before: index, in: s)
            case .brackets:
                gates += ternaryGates(branch: scope.range.lowerBound, in: s)
            default: break
            }
            return true
        }
        for position in gates.indices where gates[position].kind == .flag || gates[position].kind == .unwrap {
            let literal = defaultLiteral(gates[position].name, owner: owner, in: s)
            gates[position].offByDefault = literal == .off
            gates[position].onByDefault = literal == .on
        }
        return gates
    }

    /// The gates a statement's `{` stands for: the condition of the `if` before it, the negation
    /// of the `if` an `else` follows, or the case labels of a `switch` that `inner` stands under.
    static func statementGates(opening: Int, inner: Int, in s: Structure) -> [BindingGate] {
        guard let keyword = s.statementKeyword(opening: opening) else { return [] }
        if s.is(keyword, "if") { return conditionGates(keyword + 1..<opening, in: s) }
        if s.is(keyword, "else") { return elseGates(keyword, in: s) }
        if s.is(keyword, "switch") {
            let found = switchGates(subject: keyword + 1..<opening, body: opening, inner: inner, in: s)
            if !found.isEmpty || plainName(keyword + 1..<opening, in: s) != nil { return found }
            return [opaque(keyword..<opening, in: s)]
        }
        return []
    }

    /// `if c { … } else {`: the `else` runs when `c` fails, decidable when `c` is one gate.
    static func elseGates(_ keyword: Int, in s: Structure) -> [BindingGate] {
        guard s.punct(keyword - 1, UInt8(ascii: "}")), s.opening[keyword - 1] >= 0 else { return [] }
        let ifOpening = Int(s.opening[keyword - 1])
        guard let ifKeyword = s.statementKeyword(opening: ifOpening), s.is(ifKeyword, "if") else { return [] }
        let condition = conditionGates(ifKeyword + 1..<ifOpening, in: s)
        guard condition.count == 1, var gate = condition.first else {
            return condition.isEmpty ? [] : [opaque(ifKeyword..<ifOpening, in: s, prefix: "else of ")]
        }
        guard gate.kind != .opaque else {
            return [opaque(ifKeyword..<ifOpening, in: s, prefix: "else of ")]
        }
        gate.negated.toggle()
        return [gate]
    }

    /// `guard c else { … }` statements of the block before `inner` (not the one whose `else` holds
    /// it): past them, the write runs only when `c` holds.
    static func guardGates(in block: ClosedRange<Int>, before inner: Int, in s: Structure) -> [BindingGate] {
        var gates: [BindingGate] = []
        var j = block.lowerBound + 1
        while j < inner {
            if s.closing[j] > j {
                // The bracket that holds `inner`: nothing past it comes before the write in this block.
                if Int(s.closing[j]) >= inner { break }
                j = Int(s.closing[j]) + 1
                continue
            }
            if s.code[j].kind == .keyword, s.is(j, "guard") {
                var k = j + 1
                while k < inner, !(s.code[k].kind == .keyword && s.is(k, "else")) {
                    if s.closing[k] > k { k = Int(s.closing[k]) }
                    k += 1
                }
                // The `else` body is skipped as a bracket; if it holds `inner`, the loop stops there.
                if k < inner, s.punct(k + 1, UInt8(ascii: "{")), s.closing[k + 1] > 0, Int(s.closing[k + 1]) < inner {
                    gates += conditionGates(j + 1..<k, in: s)
                }
                j = k
                continue
            }
            j += 1
        }
        return gates
    }

    /// `cond ? { … } : { … }` or `cond ? (x = 1) : ()`: the branch whose bracket opens at `opening`
    /// runs when `cond` holds (the first) or fails (the second).
    static func ternaryGates(branch opening: Int, in s: Structure) -> [BindingGate] {
        var question = opening - 1
        var negated = false
        if s.punct(question, UInt8(ascii: ":")), s.opening[question - 1] >= 0,
            s.punct(question - 1, UInt8(ascii: "}")) || s.punct(question - 1, UInt8(ascii: ")"))
        {
            question = Int(s.opening[question - 1]) - 1
            negated = true
        }
        guard question > 0, s.code[question].kind == .operator, s.is(question, "?"),
            s.code[question].offset > 0, s.file.bytes[s.code[question].offset - 1] == UInt8(ascii: " ")
        else { return [] }
        // The condition: back from `?` to where the expression starts.
        var start = question
        while start > 0 {
            let previous = start - 1
            if s.closing[previous] > previous || s.code[previous].line != s.code[question].line { break }
            if s.punct(previous, UInt8(ascii: ",")) || s.punct(previous, UInt8(ascii: ":"))
                || s.punct(previous, UInt8(ascii: ";")) || s.is(previous, "=") || s.is(previous, "return")
                || s.is(previous, "in")
            {
                break
            }
            start = s.opening[previous] >= 0 ? Int(s.opening[previous]) : previous
        }
        guard start < question, var gate = atomGate(start..<question, in: s) else { return [] }
        if negated {
            if gate.kind == .opaque { gate.name = "else of " + gate.name } else { gate.negated.toggle() }
        }
        return [gate]
    }

    /// `a, b && c`: one gate per clause (`#available` decides nothing a call does, and is left out).
    static func conditionGates(_ condition: Range<Int>, in s: Structure) -> [BindingGate] {
        var gates: [BindingGate] = []
        for clause in s.splitAtCommas(condition) {
            for part in conjuncts(clause, in: s) {
                if let gate = atomGate(part, in: s) { gates.append(gate) }
            }
        }
        return gates
    }

    /// A clause split at its top-level `&&`; one with a top-level `||` stays whole (it is opaque).
    static func conjuncts(_ clause: Range<Int>, in s: Structure) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = clause.lowerBound
        var j = clause.lowerBound
        while j < clause.upperBound {
            if s.closing[j] > j, Int(s.closing[j]) < clause.upperBound {
                j = Int(s.closing[j]) + 1
                continue
            }
            if s.code[j].kind == .operator {
                if s.is(j, "||") { return [clause] }
                if s.is(j, "&&") {
                    parts.append(start..<j)
                    start = j + 1
                }
            }
            j += 1
        }
        parts.append(start..<clause.upperBound)
        return parts.filter { !$0.isEmpty }
    }

    /// One clause as a gate: `flag`, `!flag`, `item == nil`, `flag == false`, `mode == .edit`,
    /// `let item`, `let x = item`, `case .edit = mode`; anything else opaque.
    static func atomGate(_ part: Range<Int>, in s: Structure) -> BindingGate? {
        var first = part.lowerBound
        if s.code[first].kind == .directive { return nil }
        var negated = false
        if s.code[first].kind == .operator, s.is(first, "!"), first + 1 < part.upperBound {
            negated = true
            first += 1
        }
        if s.is(first, "self"), s.punct(first + 1, UInt8(ascii: ".")) { first += 2 }
        guard first < part.upperBound else { return opaque(part, in: s) }
        let name = s.code[first].kind == .identifier ? s.text(first) : nil
        if let name, first + 1 == part.upperBound {
            return BindingGate(kind: .flag, name: name, negated: negated)
        }
        // `name == literal` / `name != literal` (`nil`, `true`, `false`, `.case`).
        if let name, !negated, first + 3 <= part.upperBound, first + 4 >= part.upperBound,
            s.code[first + 1].kind == .operator, s.is(first + 1, "==") || s.is(first + 1, "!=")
        {
            let unequal = s.is(first + 1, "!=")
            let value = first + 2
            if value + 1 == part.upperBound {
                if s.is(value, "nil") { return BindingGate(kind: .unwrap, name: name, negated: !unequal) }
                if s.is(value, "true") || s.is(value, "false") {
                    return BindingGate(kind: .flag, name: name, negated: s.is(value, "false") != unequal)
                }
            } else if s.punct(value, UInt8(ascii: ".")), s.code[value + 1].kind == .identifier {
                return BindingGate(kind: .caseOf, name: name, cases: [s.text(value + 1)], negated: unequal)
            }
        }
        if !negated, s.is(first, "let") || s.is(first, "var"), first + 1 < part.upperBound,
            s.code[first + 1].kind == .identifier
        {
            // `let item` unwraps `item`; `let x = item` unwraps `item` (or `self.item`).
            if first + 2 == part.upperBound { return BindingGate(kind: .unwrap, name: s.text(first + 1)) }
            if s.is(first + 2, "="), let unwrapped = plainName(first + 3..<part.upperBound, in: s) {
                return BindingGate(kind: .unwrap, name: unwrapped)
            }
        }
        if !negated, s.is(first, "case"), let equals = (first..<part.upperBound).first(where: { s.is($0, "=") }),
            s.punct(first + 1, UInt8(ascii: ".")), first + 2 < equals,
            let subject = plainName(equals + 1..<part.upperBound, in: s)
        {
            return BindingGate(kind: .caseOf, name: subject, cases: [s.text(first + 2)])
        }
        return opaque(part, in: s)
    }

    /// A condition no call decides, named by its text (cut short).
    static func opaque(_ range: Range<Int>, in s: Structure, prefix: String = "") -> BindingGate {
        var text = s.text(range).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(
            separator: " ")
        if text.utf8.count > 48 { text = String(text.prefix(45)) + "…" }
        return BindingGate(kind: .opaque, name: prefix + text)
    }
}
