import SwiftLexer
import Support
import SwiftUIModel

/// `assignment: textAlignment` — an assignment to a property: `textAlignment` (with or without
/// a base), `.textAlignment` (through a base only), `Current.*` (any property of that base).
/// `value:` says what the right side must be, `operator:` which operators count (default `=`).
/// Declarations (`let x = …`, `case a = 1`) are not assignments.
struct AssignmentMatcher: TeamMatcher {
    let property: [UInt8]?
    let needsBase: Bool
    let base: [[UInt8]]
    let value: ValuePattern?
    let operators: [[UInt8]]
    /// `=` alone (the default): its tokens are grouped by the file's buckets, so a rule reads
    /// those, not every token of the file.
    let equalsKey: TokenBuckets.Key?

    init(property: [UInt8]?, needsBase: Bool, base: [[UInt8]], value: ValuePattern?, operators: [[UInt8]]) {
        (self.property, self.needsBase, self.base, self.value, self.operators) =
            (property, needsBase, base, value, operators)
        equalsKey = operators == [[UInt8(ascii: "=")]] ? TokenBuckets.Key([UInt8(ascii: "=")]) : nil
    }

    static func parse(_ map: inout SpecMap) throws -> AssignmentMatcher {
        guard let spec = try map.string("assignment"), !spec.isEmpty else {
            throw map.problem("`\(map.place).assignment` needs a property")
        }
        var parts = spec.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeLast()
        guard !name.isEmpty else { throw map.problem("`\(map.place).assignment`: `\(spec)` names no property") }
        let value = try map.raw("value").map { try ValuePattern.parse($0, path: map.path, place: "\(map.place).value") }
        let operators = try map.strings("operator") ?? ["="]
        for op in operators where !(op.hasSuffix("=") && op.count <= 4 && op != "==") {
            throw map.problem("`\(map.place).operator`: `\(op)` is not an assignment operator (`=`, `+=`, `-=`…)")
        }
        return AssignmentMatcher(
            property: name == "*" ? nil : Array(name.utf8), needsBase: !parts.isEmpty,
            base: parts.filter { !$0.isEmpty }.map { Array($0.utf8) }, value: value,
            operators: operators.map { Array($0.utf8) })
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let s = file.s
        var found: [TeamMatch] = []
        let range = within ?? 0..<s.code.count
        if let equalsKey, let equals = file.index.buckets.tokens(equalsKey, in: range) {
            for index in equals { visit(Int(index), s, file.readsAnchors, file.budget, &found) }
        } else {
            for index in range { visit(index, s, file.readsAnchors, file.budget, &found) }
        }
        return found
    }

    private func visit(
        _ index: Int, _ s: Structure, _ readsAnchors: Bool, _ budget: RegexBudget, _ found: inout [TeamMatch]
    ) {
        let last = index - 1
        // The cheap tests first: the operator, then the property's name before it.
        guard s.code[index].kind == .operator, operators.contains(where: { s.spells(index, $0) }), s.isWord(last)
        else { return }
        if let property, !s.spells(last, property) { return }
        guard let target = targetStart(before: index, s) else { return }
        let hasBase = last > target
        if needsBase, !hasBase { return }
        if !base.isEmpty, !baseMatches(endingBefore: last - 1, s) { return }
        let valueEnd = expressionEnd(from: index + 1, s)
        guard valueEnd > index + 1 else { return }
        if let value, !value.matches(index + 1..<valueEnd, in: s, budget: budget) { return }
        found.append(
            TeamMatch(
                offset: s.code[last].offset, token: last, extent: target...(valueEnd - 1),
                anchors: readsAnchors
                    ? [
                        "target": s.code[target].offset, "operator": s.code[index].offset,
                        "value": s.code[index + 1].offset,
                    ] : [:],
                bindings: [
                    "TARGET": s.compactText(target..<index), "PROPERTY": s.text(last),
                    "VALUE": s.compactText(index + 1..<valueEnd),
                ],
                text: s.compactText(target..<index)))
    }

    /// The first token of the assigned expression (`self.label.textAlignment`), or nil for a
    /// declaration or something that is not a place.
    private func targetStart(before op: Int, _ s: Structure) -> Int? {
        var k = op - 1
        guard k >= 0 else { return nil }
        while k >= 0 {
            if s.isWord(k) {
                if s.punct(k - 1, UInt8(ascii: ".")) {
                    k -= 2
                    // `items[0].name`, `f().name`: step over a bracketed base.
                    while k >= 0, s.punct(k, UInt8(ascii: "]")) || s.punct(k, UInt8(ascii: ")")),
                        s.opening[k] >= 0
                    {
                        k = Int(s.opening[k]) - 1
                    }
                    if k >= 0, s.isOperator(k, "?") || s.isOperator(k, "!") { k -= 1 }
                    continue
                }
                break
            }
            if s.punct(k, UInt8(ascii: "]")), s.opening[k] >= 0 {
                k = Int(s.opening[k]) - 1
                continue
            }
            return nil
        }
        guard k >= 0, s.isWord(k) else { return nil }
        // `let x = 1`, `case a = 1`, `typealias T = U`, `func f(x: Int = 1)`: declarations, not assignments.
        if k > 0 {
            switch s.code[k - 1].keyword {
            case .let, .var, .case, .typealias, .associatedtype: return nil
            default: break
            }
            if s.punct(k - 1, UInt8(ascii: ":")) || s.punct(k - 1, UInt8(ascii: ",")) && s.isWord(k - 2) == false {
                return nil
            }
        }
        if s.code[k].keyword == .case { return nil }
        return k
    }

    /// Base components before the property, last first (`Current` in `Current.api`; `*` any).
    private func baseMatches(endingBefore dot: Int, _ s: Structure) -> Bool {
        guard s.punct(dot, UInt8(ascii: ".")) else { return false }
        var k = dot - 1
        for (position, component) in base.reversed().enumerated() {
            if position > 0 {
                guard s.punct(k, UInt8(ascii: ".")) else { return false }
                k -= 1
            }
            guard component == Array("*".utf8) ? s.isWord(k) : s.spells(k, component) else { return false }
            k -= 1
        }
        return true
    }

    /// Where the right side ends: at `;`, `,` or a closing bracket of the enclosing level, or
    /// a line that does not continue it.
    private func expressionEnd(from start: Int, _ s: Structure) -> Int {
        var k = start
        while k < s.code.count {
            if k > start, s.code[k].line > s.code[k - 1].line, s.code[k].kind != .operator,
                !s.punct(k, UInt8(ascii: ".")), s.code[k - 1].kind != .operator
            {
                break
            }
            if s.punct(k, UInt8(ascii: ";")) || s.punct(k, UInt8(ascii: ",")) { break }
            if s.punct(k, UInt8(ascii: ")")) || s.punct(k, UInt8(ascii: "]")) || s.punct(k, UInt8(ascii: "}")) {
                break
            }
            if s.closing[k] > k { k = Int(s.closing[k]) }
            k += 1
        }
        return k
    }

    var anchorNames: [String] { ["target", "operator", "value"] }

    func defaultMessage(_ match: TeamMatch) -> String {
        "`\(match.text) = \(match.bindings["VALUE"] ?? "…")` is not to be written here"
    }

    var requiredTexts: [[UInt8]]? { property.map { [$0] } }
}
