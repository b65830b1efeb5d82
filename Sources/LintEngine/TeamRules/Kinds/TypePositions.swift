import SwiftLexer
import Support
import SwiftUIModel

/// Which identifiers name a type where they stand: SwiftSyntax classifies the name of a type
/// (`IdentifierTypeSyntax`, `MemberTypeSyntax`) as `typeidentifier`, the same word in an
/// expression as `identifier`. Found lexically from where a type must follow: a declaration's
/// `:` annotation, `->`, `as`/`is`, an inheritance clause, `extension`, generic arguments,
/// `some`/`any`, a `typealias`, a generic `where`, an enum case's associated values.
struct TypePositions {
    let s: Structure
    /// Per code token: `typeName` and `genericAngle` bits.
    var marks: [UInt8]
    private var n: Int { s.code.count }

    /// An identifier that names a type.
    static let typeName: UInt8 = 1
    /// The `<` or `>` of a generic clause (punctuation to swift-syntax, not an operator).
    static let genericAngle: UInt8 = 2

    static func mark(_ s: Structure) -> [UInt8] {
        var scanner = TypePositions(s: s, marks: [UInt8](repeating: 0, count: s.code.count))
        scanner.run()
        return scanner.marks
    }

    private mutating func run() {
        var i = 0
        // Between a declaration keyword and its `{`: a `where` there lists type requirements.
        var inDeclarationHeader = false
        while i < n {
            let token = s.code[i]
            switch token.kind {
            case .keyword:
                switch token.keyword {
                case .as, .is:
                    var j = i + 1
                    if s.isOperator(j, "?") || s.isOperator(j, "!") { j += 1 }
                    i = max(i + 1, parseType(j))
                    continue
                case .extension:
                    inDeclarationHeader = true
                    i = afterInheritance(from: parseType(i + 1))
                    continue
                case .class, .struct, .enum, .protocol:
                    inDeclarationHeader = true
                    if s.code.indices.contains(i + 1), s.code[i + 1].kind == .identifier {
                        i = afterInheritance(from: genericParameters(from: i + 2))
                        continue
                    }
                case .func, .`init`, .subscript:
                    inDeclarationHeader = true
                    var j = i + 1
                    if token.keyword == .func { j += 1 }
                    if s.isOperator(j, "?") || s.isOperator(j, "!") { j += 1 }
                    i = max(i + 1, genericParameters(from: j))
                    if s.punct(i, UInt8(ascii: "(")) { i = parameters(at: i) }
                    continue
                case .typealias, .associatedtype:
                    inDeclarationHeader = true
                    var j = genericParameters(from: i + 2)
                    if s.punct(j, UInt8(ascii: ":")) { j = parseType(j + 1) }
                    if s.isOperator(j, "=") { j = parseType(j + 1) }
                    i = max(i + 1, j)
                    continue
                case .var, .let:
                    // `let name: Type`; `case let x as T` goes through `as`.
                    if s.isWord(i + 1), s.punct(i + 2, UInt8(ascii: ":")) {
                        i = max(i + 1, parseType(i + 3))
                        continue
                    }
                case .case:
                    // `case name(Type, label: Type)` in an enum: the associated values are types.
                    if case .typeBody(let type) = s.scopes[Int(s.scopeOf[i])].kind, s.types[type].kind == .enum {
                        i = enumCaseParameters(from: i + 1)
                        continue
                    }
                case .where:
                    if inDeclarationHeader {
                        i = requirements(from: i + 1)
                        continue
                    }
                case .throws:
                    if s.punct(i + 1, UInt8(ascii: "(")), !s.spaced(before: i + 1) {
                        i = max(i + 1, parseType(i + 2))
                        continue
                    }
                default: break
                }
            case .identifier:
                if isSomeOrAny(i) {
                    i = max(i + 1, parseType(i))
                    continue
                }
                if s.is(i, "actor"), s.code.indices.contains(i + 1), s.code[i + 1].kind == .identifier {
                    inDeclarationHeader = true
                    i = afterInheritance(from: genericParameters(from: i + 2))
                    continue
                }
                // `Array<Int>(…)`, `Binding<Bool>.constant`: a specialised name in an expression.
                if let close = genericArgumentsEnd(openingAt: i + 1) {
                    genericArguments(i + 1, close)
                    i = close + 1
                    continue
                }
            case .punctuation:
                if s.is(i, "->") {
                    i = max(i + 1, parseType(i + 1))
                    continue
                }
                if s.punct(i, UInt8(ascii: "{")) { inDeclarationHeader = false }
                if s.punct(i, UInt8(ascii: "(")), isClosureParameterList(i) {
                    i = parameters(at: i)
                    continue
                }
            default: break
            }
            i += 1
        }
    }

    // MARK: Declarations

    /// `<T: P, U>` after a declared name: the names are identifiers, their constraints types.
    private mutating func genericParameters(from j: Int) -> Int {
        guard s.isOperator(j, "<") || (j < n && s.code[j].kind == .operator && s.firstByte(j) == UInt8(ascii: "<"))
        else { return j }
        marks[j] |= Self.genericAngle
        var k = j + 1
        var steps = 0
        while k < n, steps < 200 {
            steps += 1
            if s.code[k].kind == .operator, s.firstByte(k) == UInt8(ascii: ">") {
                marks[k] |= Self.genericAngle
                return k + 1
            }
            if s.punct(k, UInt8(ascii: ":")) {
                k = max(k + 1, parseType(k + 1))
                continue
            }
            if s.punct(k, UInt8(ascii: "{")) || s.punct(k, UInt8(ascii: "(")) { return k }
            k += 1
        }
        return k
    }

    /// `: A, B<C>` up to `{` or `where`.
    private mutating func afterInheritance(from j: Int) -> Int {
        guard s.punct(j, UInt8(ascii: ":")) else { return max(j, 0) }
        var k = j + 1
        while k < n {
            k = max(k + 1, parseType(k))
            guard s.punct(k, UInt8(ascii: ",")) else { break }
            k += 1
        }
        return k
    }

    /// A declaration's or closure's parameter list: each `label name: Type = default`.
    private mutating func parameters(at open: Int) -> Int {
        let close = Int(s.closing[open])
        guard close > open else { return open + 1 }
        for piece in s.splitAtCommas(open + 1..<close) {
            guard let colon = piece.first(where: { s.punct($0, UInt8(ascii: ":")) }) else { continue }
            let end = parseType(colon + 1)
            // A default value is an expression: scanned by the main loop like any other.
            if end < piece.upperBound { scanExpression(end..<piece.upperBound) }
        }
        return close + 1
    }

    /// `case a(Int, label: String), b` in an enum.
    private mutating func enumCaseParameters(from j: Int) -> Int {
        var k = j
        while k < n, s.code[k].kind == .identifier || s.punct(k, UInt8(ascii: ",")) {
            if s.punct(k + 1, UInt8(ascii: "(")), s.closing[k + 1] > k + 1 {
                let close = Int(s.closing[k + 1])
                for piece in s.splitAtCommas(k + 2..<close) {
                    var start = piece.lowerBound
                    if let colon = piece.first(where: { s.punct($0, UInt8(ascii: ":")) }) { start = colon + 1 }
                    _ = parseType(start)
                }
                k = close + 1
                continue
            }
            k += 1
        }
        return max(k, j + 1)
    }

    /// `where T: P, T.Element == U` in a declaration's header.
    private mutating func requirements(from j: Int) -> Int {
        var k = j
        while k < n, !s.punct(k, UInt8(ascii: "{")) {
            k = max(k + 1, parseType(k))
            if s.punct(k, UInt8(ascii: ":")) || s.isOperator(k, "==") {
                k = max(k + 1, parseType(k + 1))
            }
            guard s.punct(k, UInt8(ascii: ",")) else { break }
            k += 1
        }
        return k
    }

    /// `{ (a: Int) in` or `{ (a: Int) -> Bool in`.
    private func isClosureParameterList(_ open: Int) -> Bool {
        guard s.punct(open - 1, UInt8(ascii: "{")) else { return false }
        let close = Int(s.closing[open])
        guard close > open else { return false }
        var k = close + 1
        var steps = 0
        while k < n, steps < 40 {
            if s.code[k].keyword == .in { return true }
            if s.punct(k, UInt8(ascii: "{")) || s.punct(k, UInt8(ascii: "}")) { return false }
            k += 1
            steps += 1
        }
        return false
    }

    /// Looks at an expression inside a parameter's default value for specialised names.
    private mutating func scanExpression(_ range: Range<Int>) {
        var k = range.lowerBound
        while k < range.upperBound {
            if s.code[k].kind == .identifier, let close = genericArgumentsEnd(openingAt: k + 1) {
                genericArguments(k + 1, close)
                k = close + 1
            } else {
                k += 1
            }
        }
    }

    // MARK: Types

    private func isSomeOrAny(_ i: Int) -> Bool {
        guard s.is(i, "some") || s.is(i, "any") else { return false }
        let next = i + 1
        guard next < n, !s.spaced(before: next) || s.code[next].line == s.code[i].line else { return false }
        return s.code[next].kind == .identifier || s.code[next].keyword == .Any || s.code[next].keyword == .Self
            || s.punct(next, UInt8(ascii: "(")) || s.punct(next, UInt8(ascii: "["))
    }

    /// Marks the names of the type starting at `j`; returns the index after it (`j` when none starts there).
    mutating func parseType(_ j: Int) -> Int {
        var k = j
        var steps = 0
        // Attributes (`@escaping`, `@Sendable`) and specifiers (`inout`, `some`, `any`, `consuming`).
        while k < n, steps < 16 {
            steps += 1
            let token = s.code[k]
            if token.kind == .attribute {
                k += 1
                if s.punct(k, UInt8(ascii: "(")), !s.spaced(before: k), s.closing[k] > k { k = Int(s.closing[k]) + 1 }
                continue
            }
            if token.keyword == .inout || s.is(k, "some") || s.is(k, "any") || s.is(k, "borrowing")
                || s.is(k, "consuming") || s.is(k, "sending") || s.is(k, "each") || s.is(k, "isolated")
                || s.is(k, "__owned") || s.is(k, "__shared")
            {
                if s.code.indices.contains(k + 1),
                    s.code[k + 1].kind != .punctuation || s.firstByte(k + 1) == 0x28
                        || s.firstByte(k + 1) == 0x5B
                {
                    k += 1
                    continue
                }
            }
            break
        }
        let start = k
        k = primary(k)
        guard k > start else { return j }
        // Postfix: `?`, `!`, `.Type`, `...`; composition `A & B`; a function type's `-> R`.
        while k < n {
            let token = s.code[k]
            if token.kind == .operator, !s.spaced(before: k),
                s.is(k, "?") || s.is(k, "!") || s.is(k, "...") || s.is(k, "?...")
            {
                k += 1
                continue
            }
            if s.isOperator(k, "&") {
                let next = primary(k + 1)
                if next > k + 1 {
                    k = next
                    continue
                }
            }
            if s.is(k, "async") || token.keyword == .throws || token.keyword == .rethrows {
                var m = k + 1
                if token.keyword == .throws, s.punct(m, UInt8(ascii: "(")), s.closing[m] > m {
                    _ = parseType(m + 1)
                    m = Int(s.closing[m]) + 1
                }
                if s.is(m, "->") || s.is(m, "throws") || s.code.indices.contains(m) && s.code[m].keyword == .throws {
                    k = m
                    continue
                }
                break
            }
            if s.is(k, "->") {
                let next = parseType(k + 1)
                if next > k + 1 {
                    k = next
                    continue
                }
            }
            break
        }
        return k
    }

    /// A name with generic arguments and member types, a tuple or function type, `[T]`, `[K: V]`.
    private mutating func primary(_ j: Int) -> Int {
        guard j < n else { return j }
        let token = s.code[j]
        if token.kind == .identifier || token.keyword == .Any || token.keyword == .Self {
            var k = j
            while true {
                if s.code[k].kind == .identifier { marks[k] |= Self.typeName }
                k += 1
                if let close = genericArgumentsEnd(openingAt: k) {
                    genericArguments(k, close)
                    k = close + 1
                }
                // `Outer.Inner`, `Foo.Type`.
                if s.punct(k, UInt8(ascii: ".")), k + 1 < n, s.code[k + 1].kind == .identifier,
                    !s.spaced(before: k)
                {
                    k += 1
                    continue
                }
                return k
            }
        }
        if s.punct(j, UInt8(ascii: "(")), s.closing[j] > j {
            let close = Int(s.closing[j])
            for piece in s.splitAtCommas(j + 1..<close) {
                var start = piece.lowerBound
                // `(name: Int)`, `(_ name: Int)`: labels are not types.
                if let colon = piece.first(where: { s.punct($0, UInt8(ascii: ":")) }), colon - piece.lowerBound <= 2 {
                    start = colon + 1
                }
                _ = parseType(start)
            }
            return close + 1
        }
        if s.punct(j, UInt8(ascii: "[")), s.closing[j] > j {
            let close = Int(s.closing[j])
            var k = parseType(j + 1)
            if s.punct(k, UInt8(ascii: ":")) { k = parseType(k + 1) }
            return close + 1
        }
        return j
    }

    /// For `<` right after a name (no space): the index of the `>` that closes a clause of
    /// generic arguments, when what stands inside can only be types.
    func genericArgumentsEnd(openingAt j: Int) -> Int? {
        guard j < n, s.code[j].kind == .operator, s.firstByte(j) == UInt8(ascii: "<"), s.code[j].length == 1,
            !s.spaced(before: j)
        else { return nil }
        var depth = 0
        var k = j
        var steps = 0
        while k < n, steps < 64 {
            steps += 1
            let token = s.code[k]
            switch token.kind {
            case .operator:
                for offset in token.offset..<token.end {
                    let byte = s.file.bytes[offset]
                    if byte == UInt8(ascii: "<") {
                        depth += 1
                    } else if byte == UInt8(ascii: ">") {
                        depth -= 1
                        if depth == 0 { return k }
                    } else if byte != UInt8(ascii: "?") && byte != UInt8(ascii: "!") && byte != UInt8(ascii: "&")
                        && byte != UInt8(ascii: ".")
                    {
                        return nil
                    }
                }
            case .identifier, .attribute: break
            case .keyword:
                guard token.keyword == .Any || token.keyword == .Self || token.keyword == .inout else { return nil }
            case .punctuation:
                let byte = s.file.bytes[token.offset]
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                    guard s.closing[k] > k else { return nil }
                    k = Int(s.closing[k])
                } else if !(byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
                    || s.is(k, "->"))
                {
                    return nil
                }
            default: return nil
            }
            k += 1
        }
        return nil
    }

    /// Marks each argument of a generic argument clause `<…>`.
    private mutating func genericArguments(_ open: Int, _ close: Int) {
        marks[open] |= Self.genericAngle
        marks[close] |= Self.genericAngle
        var k = open + 1
        while k < close {
            let next = parseType(k)
            k = next > k ? next : k + 1
            if s.punct(k, UInt8(ascii: ",")) { k += 1 }
        }
    }
}
