/// The single pass that builds declarations, calls and scopes (`Structure.init` runs it once per
/// file); kept apart from the public model it fills in.
struct StructureBuilder {
    let s: Structure
    let code: UnsafeBufferPointer<Token>
    let bytes: UnsafeBufferPointer<UInt8>
    var types: [TypeDecl] = []
    var properties: [PropertyDecl] = []
    var functions: [FunctionDecl] = []
    var calls: [CallSite] = []
    var scopes: [Scope] = []
    /// Written once per token (the result's memory): no copy-on-write checks in the hot loop.
    let scopeBuffer: UnsafeMutablePointer<Int32>
    var previews: [ClosedRange<Int>] = []

    enum Pending {
        case none, type(Int), function(Int), property(Int), statement, preview
    }

    struct Frame {
        var open: Int
        var scope: Int
        var pending: Pending = .none
    }

    var frames: [Frame] = []
    /// The innermost open frame's scope (kept in step with `frames`; read for every token).
    var currentScope: Int32 = 0
    /// One slot per token, for two disjoint kinds of token: at a `(`, the call whose arguments it
    /// opens (or `Self.declarationParameters`); at a `}`, the call one of whose trailing closures
    /// it closes. -1 elsewhere.
    let callAt: UnsafeMutablePointer<Int32>
    static let declarationParameters: Int32 = -2
    var closureStore: [TrailingClosure] = []

    init(
        structure: Structure, code: UnsafeBufferPointer<Token>, bytes: UnsafeBufferPointer<UInt8>,
        scopeBuffer: UnsafeMutablePointer<Int32>
    ) {
        s = structure
        self.code = code
        self.bytes = bytes
        self.scopeBuffer = scopeBuffer
        // About one scope per six tokens and one call per ten in real code; arrays grow past that.
        scopes.reserveCapacity(code.count / 5 + 4)
        calls.reserveCapacity(code.count / 10 + 4)
        callAt = .allocate(capacity: max(1, code.count))
        callAt.initialize(repeating: -1, count: max(1, code.count))
        scopes.append(Scope(kind: .file, range: 0...max(0, code.count - 1), parent: 0))
        frames.append(Frame(open: -1, scope: 0))
    }

    // MARK: Token tests

    @inline(__always) func punct(_ index: Int, _ byte: UInt8) -> Bool {
        guard index >= 0, index < code.count else { return false }
        let token = code[index]
        return token.kind == .punctuation && token.length == 1 && bytes[token.offset] == byte
    }

    @inline(__always) func op(_ index: Int, _ literal: StaticString) -> Bool {
        index >= 0 && index < code.count && code[index].kind == .operator && s.file.token(code[index], is: literal)
    }

    @inline(__always) func keyword(_ index: Int) -> Keyword {
        index >= 0 && index < code.count ? code[index].keyword : .none
    }

    @inline(__always) func isName(_ index: Int) -> Bool {
        index >= 0 && index < code.count && code[index].kind == .identifier
    }

    func text(_ index: Int) -> String { s.text(index) }

    /// Text of a range with whitespace dropped: `Binding < Int >` → `Binding<Int>`.
    func compactText(_ range: Range<Int>) -> String { Token.compactText(code[range], in: bytes) }

    // MARK: The pass

    mutating func run() {
        var index = 0
        while index < code.count {
            scopeBuffer[index] = currentScope
            let token = code[index]
            clearPendingPropertyAtNewStatement(index)
            switch token.kind {
            case .keyword:
                handleKeyword(index)
            case .identifier:
                if s.is(index, "actor"), isName(index + 1), !punct(index - 1, UInt8(ascii: ".")) {
                    declareType(.actor, at: index)
                }
            case .directive:
                if s.is(index, "#Preview") { frames[frames.count - 1].pending = .preview }
            case .operator:
                if s.file.token(token, is: "="), case .property(let property) = frames[frames.count - 1].pending {
                    properties[property].hasInitialValue = true
                    frames[frames.count - 1].pending = .none
                }
            case .punctuation:
                switch bytes[token.offset] {
                case UInt8(ascii: "{"): openBrace(index)
                case UInt8(ascii: "("): openParen(index)
                case UInt8(ascii: "["): push(index, .brackets)
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    close(index)
                    scopeBuffer[index] = lastClosedScope.map { Int32($0) } ?? currentScope
                default: break
                }
            case .string:
                if bytes[token.offset] == UInt8(ascii: ")"), s.opening[index] >= 0 { close(index) }
                if s.closing[index] >= 0 { push(index, .brackets) }
            default: break
            }
            index += 1
        }
        // What is still open at the end of the file keeps its scope (ranges already run to the end).
        frames.removeSubrange(1...)
        for type in types where type.inherits("PreviewProvider") {
            if let body = type.body { previews.append(body) }
        }
        previews.sort { $0.lowerBound < $1.lowerBound }
    }

    var lastClosedScope: Int?

    /// A stored `var x: T` without `=` or `{` ends at its line: a later line starting a new
    /// statement must not hand it a `{`.
    @inline(__always) mutating func clearPendingPropertyAtNewStatement(_ index: Int) {
        // The line test first: most tokens share a line with the one before.
        guard index > 0, code[index].line > code[index - 1].line, case .property = frames[frames.count - 1].pending
        else { return }
        let token = code[index]
        if token.kind == .punctuation,
            bytes[token.offset] == UInt8(ascii: "{") || bytes[token.offset] == UInt8(ascii: ":")
                || bytes[token.offset] == UInt8(ascii: ".")
        {
            return
        }
        if token.kind == .operator || token.keyword == .where { return }
        frames[frames.count - 1].pending = .none
    }

    mutating func handleKeyword(_ index: Int) {
        switch code[index].keyword {
        case .struct: declareType(.struct, at: index)
        case .enum: declareType(.enum, at: index)
        case .extension: declareType(.extension, at: index)
        case .protocol: declareType(.protocol, at: index)
        case .class:
            // `class func`, `class var` are modifiers.
            if isName(index + 1) { declareType(.class, at: index) }
        case .func: declareFunction(at: index, initializer: false)
        case .`init`:
            if !punct(index - 1, UInt8(ascii: ".")) { declareFunction(at: index, initializer: true) }
        case .var, .let:
            declareProperty(at: index)
        case .if, .guard, .while, .for, .switch, .do, .catch, .defer, .repeat, .else:
            frames[frames.count - 1].pending = .statement
        default: break
        }
    }

    // MARK: Declarations

    /// Attributes and modifiers written before a declaration keyword.
    func prefix(before index: Int) -> (attributes: [String], attributeTokens: [Int], modifiers: [String], start: Int) {
        var attributes: [String] = [], attributeTokens: [Int] = [], modifiers: [String] = []
        var start = index
        var j = index - 1
        while j >= 0 {
            let token = code[j]
            if token.kind == .attribute {
                attributes.append(text(j))
                attributeTokens.append(j)
                start = j
                j -= 1
                continue
            }
            if punct(j, UInt8(ascii: ")")), s.opening[j] >= 0, code[max(0, Int(s.opening[j]) - 1)].kind == .attribute {
                // `@Environment(\.dismiss)`: skip the attribute's arguments, or a modifier's `(set)`.
                j = Int(s.opening[j]) - 1
                continue
            }
            if punct(j, UInt8(ascii: ")")), s.opening[j] >= 1, isModifier(Int(s.opening[j]) - 1) {
                // `private(set)`, `unowned(safe)`: kept whole, so `private(set)` is not read as `private`.
                let open = Int(s.opening[j])
                modifiers.append(j == open + 2 ? "\(text(open - 1))(\(text(open + 1)))" : text(open - 1))
                start = open - 1
                j = open - 2
                continue
            }
            if isModifier(j) {
                modifiers.append(text(j))
                start = j
                j -= 1
                continue
            }
            break
        }
        // Collected walking backwards; reverse in place (no copies).
        attributes.reverse()
        attributeTokens.reverse()
        modifiers.reverse()
        return (attributes, attributeTokens, modifiers, start)
    }

    /// Modifiers, checked without building strings: keywords by kind, contextual words by length first.
    func isModifier(_ index: Int) -> Bool {
        let token = code[index]
        switch token.kind {
        case .keyword:
            switch token.keyword {
            case .public, .private, .fileprivate, .internal, .open, .static, .class: return true
            default: return false
            }
        case .identifier:
            guard token.length >= 4, token.length <= 11 else { return false }
            return Self.modifierWords.contains(text(index))
        default:
            return false
        }
    }

    static let modifierWords: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "class", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "required", "convenience", "dynamic", "optional",
        "indirect", "nonisolated", "isolated", "consuming", "borrowing", "prefix", "postfix", "infix", "distributed",
    ]

    mutating func declareType(_ kind: TypeKind, at index: Int) {
        guard index + 1 < code.count else { return }
        var nameEnd = index + 1
        var name = text(nameEnd)
        while punct(nameEnd + 1, UInt8(ascii: ".")), isName(nameEnd + 2) {
            nameEnd += 2
            name += "." + text(nameEnd)
        }
        // Skip generic parameters, then read `: A, B<C>` up to `{` or `where`.
        var j = skipGenerics(from: nameEnd + 1)
        var inheritance: [String] = []
        if punct(j, UInt8(ascii: ":")) {
            j += 1
            var start = j
            var steps = 0
            while j < code.count, !punct(j, UInt8(ascii: "{")), keyword(j) != .where {
                if punct(j, UInt8(ascii: ",")) {
                    if j > start { inheritance.append(compactText(start..<j)) }
                    start = j + 1
                } else if op(j, "<") {
                    // Always past the `<` (`skipGenerics` never returns its own start here).
                    j = max(j, skipGenerics(from: j) - 1)
                }
                j += 1
                steps += 1
                if steps > 400 { break }
            }
            if j > start, j <= code.count { inheritance.append(compactText(start..<min(j, code.count))) }
        }
        let (attributes, _, modifiers, _) = prefix(before: index)
        types.append(
            TypeDecl(
                kind: kind, name: name, nameToken: index + 1, inheritance: inheritance,
                attributes: attributes, modifiers: modifiers, body: nil, parent: currentType()))
        frames[frames.count - 1].pending = .type(types.count - 1)
    }

    /// Index after a `<…>` generic clause starting at `index` (or `index` itself when there is none).
    /// Bracketed groups inside (`<(A, B, …)>`, `<[K: V]>`) are skipped whole through their
    /// partners, so any length of valid code is one step each. An unclosed `<` (broken code) gives
    /// up after a bounded scan and returns the index after the `<` alone, so callers always move on.
    func skipGenerics(from index: Int) -> Int {
        guard index < code.count, code[index].kind == .operator, bytes[code[index].offset] == UInt8(ascii: "<") else {
            return index
        }
        var depth = 0
        var j = index
        var steps = 0
        while j < code.count {
            let token = code[j]
            if token.kind == .operator {
                for k in token.offset..<token.end {
                    if bytes[k] == UInt8(ascii: "<") { depth += 1 } else if bytes[k] == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return j + 1 }
            } else if token.kind == .punctuation,
                bytes[token.offset] == UInt8(ascii: "{") || bytes[token.offset] == UInt8(ascii: ";")
            {
                return j
            }
            if token.kind == .punctuation, s.closing[j] > j,
                bytes[token.offset] == UInt8(ascii: "(") || bytes[token.offset] == UInt8(ascii: "[")
            {
                j = Int(s.closing[j]) + 1
            } else {
                j += 1
            }
            steps += 1
            if steps > 200 { return index + 1 }
        }
        return j
    }

    func currentType() -> Int? {
        for frame in frames.reversed() {
            if case .typeBody(let type) = scopes[frame.scope].kind { return type }
        }
        return nil
    }

    /// The type whose body directly holds the current position (not inside a function in it).
    func directOwnerType() -> Int? {
        if case .typeBody(let type) = scopes[frames[frames.count - 1].scope].kind { return type }
        return nil
    }

    mutating func declareFunction(at index: Int, initializer: Bool) {
        var j = index + 1
        var name = "init"
        if initializer {
            if op(j, "?") || op(j, "!") { j += 1 }
        } else {
            guard j < code.count else { return }
            name = text(j)
            j += 1
        }
        j = skipGenerics(from: j)
        var parameters: [Parameter] = []
        var returnType: String?
        if punct(j, UInt8(ascii: "(")), s.closing[j] >= 0 {
            let close = Int(s.closing[j])
            callAt[j] = Self.declarationParameters
            parameters = parseParameters(j + 1..<close)
            j = close + 1
            // Return type: after `->` up to `{` or `where` on the same depth.
            while j < code.count,
                keyword(j) == .throws || keyword(j) == .rethrows || s.is(j, "async") || s.is(j, "reasync")
                    || s.is(j, "throws")
            { j += 1 }
            if punct(j, UInt8(ascii: "-")) || (code.indices.contains(j) && s.file.token(code[j], is: "->")) {
                let start = j + 1
                var k = start
                while k < code.count, !punct(k, UInt8(ascii: "{")), keyword(k) != .where,
                    code[k].line == code[start].line
                { k += 1 }
                if k > start { returnType = compactText(start..<k) }
            }
        }
        let (attributes, _, modifiers, _) = prefix(before: index)
        functions.append(
            FunctionDecl(
                name: name, nameToken: initializer ? index : index + 1, isInitializer: initializer,
                parameters: parameters, attributes: attributes, modifiers: modifiers,
                returnType: returnType, body: nil, owner: directOwnerType()))
        frames[frames.count - 1].pending = .function(functions.count - 1)
    }

    /// `label name: Type = default, _ name: Type, name: Type`.
    func parseParameters(_ range: Range<Int>) -> [Parameter] {
        var parameters: [Parameter] = []
        for piece in s.splitAtCommas(range) {
            guard let colon = piece.first(where: { punct($0, UInt8(ascii: ":")) }) else { continue }
            guard colon > piece.lowerBound else { continue }
            let last = colon - 1
            // `label name:` or just `name:` (then the name is the label too).
            let hasLabel =
                colon - 2 >= piece.lowerBound
                && (code[colon - 2].kind == .identifier || code[colon - 2].kind == .keyword)
            let labelToken = hasLabel ? colon - 2 : last
            let label: String? = keyword(labelToken) == .wildcard ? nil : text(labelToken)
            var typeEnd = piece.upperBound
            var hasDefault = false
            if let equals = (colon + 1..<piece.upperBound).first(where: { op($0, "=") }) {
                typeEnd = equals
                hasDefault = true
            }
            parameters.append(
                Parameter(
                    label: label, name: text(last), type: compactText(colon + 1..<typeEnd), hasDefault: hasDefault))
        }
        return parameters
    }

    mutating func declareProperty(at index: Int) {
        guard let owner = directOwnerType() else { return }
        var j = index + 1
        guard isName(j) || keyword(j) != .none else { return }
        let nameToken = j
        j += 1
        var type: String?
        if punct(j, UInt8(ascii: ":")) {
            let start = j + 1
            var k = start
            let line = code[index].line
            while k < code.count {
                if op(k, "=") || punct(k, UInt8(ascii: "{")) || punct(k, UInt8(ascii: ";")) { break }
                if code[k].line > line, !(code[k].kind == .operator || punct(k, UInt8(ascii: "."))) { break }
                if s.closing[k] >= 0, !punct(k, UInt8(ascii: "{")) { k = Int(s.closing[k]) }
                k += 1
            }
            if k > start { type = compactText(start..<k) }
        }
        let (attributes, attributeTokens, modifiers, start) = prefix(before: index)
        properties.append(
            PropertyDecl(
                name: text(nameToken), nameToken: nameToken, isLet: keyword(index) == .let,
                attributes: attributes, attributeTokens: attributeTokens,
                modifiers: modifiers, declarationStart: start, type: type, hasInitialValue: false,
                body: nil, owner: owner))
        frames[frames.count - 1].pending = .property(properties.count - 1)
    }

    // MARK: Brackets and calls

    mutating func push(_ open: Int, _ kind: ScopeKind) {
        let close = s.closing[open] >= 0 ? Int(s.closing[open]) : code.count - 1
        scopes.append(Scope(kind: kind, range: open...max(open, close), parent: frames[frames.count - 1].scope))
        frames.append(Frame(open: open, scope: scopes.count - 1))
        currentScope = Int32(scopes.count - 1)
        scopeBuffer[open] = Int32(scopes.count - 1)
    }

    mutating func close(_ index: Int) {
        lastClosedScope = nil
        let opener = Int(s.opening[index])
        guard opener >= 0 else { return }
        if frames.count > 1, frames[frames.count - 1].open == opener {
            lastClosedScope = frames.removeLast().scope
            currentScope = Int32(frames[frames.count - 1].scope)
            return
        }
        guard let depth = frames.lastIndex(where: { $0.open == opener }), depth > 0 else { return }
        // Frames left open inside (a stray opener) close with this one.
        frames.removeSubrange((depth + 1)...)
        lastClosedScope = frames.removeLast().scope
        currentScope = Int32(frames[frames.count - 1].scope)
    }

    /// For a `#endif` (or `#else`/`#elseif`) token, the `#if` that opens its block.
    func conditionalBlockStart(endingAt index: Int) -> Int? {
        guard s.is(index, "#endif") || s.is(index, "#else") || s.is(index, "#elseif") else { return nil }
        var depth = 0
        var j = index
        while j >= 0, index - j < 4096 {
            if code[j].kind == .directive {
                if s.is(j, "#endif") { depth += 1 } else if s.is(j, "#if") { depth -= 1; if depth <= 0 { return j } }
            }
            j -= 1
        }
        return nil
    }

    /// `NavigationStack` or `.toolbar` standing alone on the line above a `{` that opens its own
    /// line: a trailing closure in the brace-on-its-own-line style. (A type name alone on its line
    /// is no `if`/`while` condition, whose body would open there instead.)
    func calleeAlone(before index: Int) -> Int? {
        let previous = index - 1
        guard previous >= 1, code[previous].kind == .identifier, code[previous].line < code[index].line,
            index + 1 >= code.count || code[index].line != code[previous].line,
            code[index - 2].line < code[previous].line || punct(index - 2, UInt8(ascii: "."))
        else { return nil }
        let first = bytes[code[previous].offset]
        let startsLine = code[index - 2].line < code[previous].line
        // `Type` alone, or `.modifier` alone (its `.` the first token of the line).
        if startsLine { return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") ? previous : nil }
        return previous >= 2 && code[previous - 2].line < code[previous - 1].line ? previous : nil
    }

    /// A token that can name a callee: `foo`, `Foo`, `init`, `self`, `super`, or `>` closing `Foo<T>`.
    func calleeBefore(_ index: Int) -> Int? {
        let previous = index - 1
        guard previous >= 0 else { return nil }
        let token = code[previous]
        guard token.line == code[index].line else { return nil }
        switch token.kind {
        case .identifier: return previous
        case .keyword:
            switch token.keyword {
            case .`init`, .self, .super, .Self: return previous
            default: return nil
            }
        case .operator:
            // `Binding<Bool>(…)`: a generic type's arguments.
            if bytes[token.end - 1] == UInt8(ascii: ">"), let start = genericStart(closingAt: previous),
                isName(start - 1)
            {
                return start - 1
            }
            return nil
        default: return nil
        }
    }

    func genericStart(closingAt index: Int) -> Int? {
        var depth = 0
        var j = index
        while j >= 0, index - j < 64 {
            let token = code[j]
            if token.kind == .operator {
                for k in stride(from: token.end - 1, through: token.offset, by: -1) {
                    if bytes[k] == UInt8(ascii: ">") { depth += 1 } else if bytes[k] == UInt8(ascii: "<") { depth -= 1 }
                }
                if depth == 0 { return token.length == 1 ? j : nil }
            } else if token.kind == .punctuation,
                ![
                    UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("),
                    UInt8(ascii: ")"), UInt8(ascii: ":"),
                ].contains(bytes[token.offset])
            {
                return nil
            }
            j -= 1
        }
        return nil
    }

    mutating func makeCall(callee: Int, parentheses: ClosedRange<Int>?) -> Int {
        let isMember = punct(callee - 1, UInt8(ascii: "."))
        var base: Int?
        var implicit = false
        if isMember {
            var before = callee - 2
            // `x #if os(iOS) .a() #endif .b()`: the modifier's base is what stands before the `#if`.
            if before >= 0, code[before].kind == .directive, let start = conditionalBlockStart(endingAt: before) {
                before = start - 1
            }
            if before >= 0,
                code[before].kind == .identifier
                    || code[before].kind == .keyword && code[before].keyword.endsExpressionForMember
                    || punct(before, UInt8(ascii: ")")) || punct(before, UInt8(ascii: "]"))
                    || punct(before, UInt8(ascii: "}"))
                    || code[before].kind == .string || code[before].kind == .number
                    || (code[before].kind == .operator && bytes[code[before].end - 1] == UInt8(ascii: ">")
                        && code[before].line == code[callee].line)
                    || (code[before].kind == .operator && (op(before, "?") || op(before, "!")))
            {
                base = before
                if code[before].kind == .operator, bytes[code[before].end - 1] == UInt8(ascii: ">"),
                    let start = genericStart(closingAt: before), start >= 1
                {
                    base = start - 1
                }
                // A modifier on the next line (`.sheet(…)` after `}`) still has a base: the expression above.
            } else {
                implicit = true
            }
        }
        var pattern = false
        if isMember {
            // `case .foo(let x)`, `case let .foo(x)`, `if case .foo = x`.
            var j = callee - 2
            while j >= 0, keyword(j) == .let || keyword(j) == .var { j -= 1 }
            pattern = keyword(j) == .case
        }
        calls.append(
            CallSite(
                callee: text(callee), calleeToken: callee, isMember: isMember, isImplicitMember: implicit,
                baseToken: base, parentheses: parentheses, isPattern: pattern))
        return calls.count - 1
    }

    mutating func openParen(_ index: Int) {
        if callAt[index] != Self.declarationParameters, let callee = calleeBefore(index), !isDeclarationName(callee) {
            let close = s.closing[index] >= 0 ? Int(s.closing[index]) : code.count - 1
            let call = makeCall(callee: callee, parentheses: index...close)
            callAt[index] = Int32(call)
            push(index, .arguments(call: call))
        } else {
            push(index, .brackets)
        }
    }

    /// `case foo(Int)` in an enum, or the name in `func foo(`: not calls.
    func isDeclarationName(_ callee: Int) -> Bool {
        let before = callee - 1
        if keyword(before) == .func || keyword(before) == .case && !punct(callee - 1, UInt8(ascii: ".")) { return true }
        if punct(before, UInt8(ascii: ",")), case .typeBody(let type) = scopes[frames[frames.count - 1].scope].kind,
            types[type].kind == .enum
        {
            return true
        }
        return false
    }

    mutating func openBrace(_ index: Int) {
        let frame = frames[frames.count - 1]
        switch frame.pending {
        case .type(let type):
            frames[frames.count - 1].pending = .none
            push(index, .typeBody(type))
            types[type].body = scopes[scopes.count - 1].range
            return
        case .function(let function):
            frames[frames.count - 1].pending = .none
            push(index, .function(function))
            functions[function].body = scopes[scopes.count - 1].range
            return
        case .property(let property):
            frames[frames.count - 1].pending = .none
            push(index, .property(property))
            properties[property].body = scopes[scopes.count - 1].range
            return
        case .statement:
            frames[frames.count - 1].pending = .none
            push(index, .statement)
            return
        case .preview:
            frames[frames.count - 1].pending = .none
            push(index, .preview)
            previews.append(scopes[scopes.count - 1].range)
            return
        case .none:
            break
        }
        // Accessors: `get {`, `set {`, `willSet {`, `didSet {` inside a property body.
        if case .property(let property) = scopes[frame.scope].kind, isName(index - 1),
            Self.accessorWords.contains(text(index - 1))
        {
            push(index, .property(property))
            return
        }
        // A trailing closure after `)`: `Button("x") { … }`, `.sheet(isPresented: $x) { … }`.
        if punct(index - 1, UInt8(ascii: ")")), s.opening[index - 1] >= 0, callAt[Int(s.opening[index - 1])] >= 0 {
            attachTrailingClosure(to: Int(callAt[Int(s.opening[index - 1])]), label: nil, at: index)
            return
        }
        // A labeled trailing closure: `} label: {`.
        if punct(index - 1, UInt8(ascii: ":")), isName(index - 2) || keyword(index - 2) != .none,
            punct(index - 3, UInt8(ascii: "}")),
            callAt[index - 3] >= 0
        {
            attachTrailingClosure(to: Int(callAt[index - 3]), label: text(index - 2), at: index)
            return
        }
        // A call with only a trailing closure: `NavigationStack { … }`, `.toolbar { … }`, or with the
        // brace on the next line, in the style that puts every brace on its own line.
        if let callee = calleeBefore(index) ?? calleeAlone(before: index),
            code[callee].kind == .identifier || code[callee].keyword == .`init`
        {
            let call = makeCall(callee: callee, parentheses: nil)
            attachTrailingClosure(to: call, label: nil, at: index)
            return
        }
        push(index, .closure(call: nil))
    }

    static let accessorWords: Set<String> = [
        "get", "set", "willSet", "didSet", "_modify", "_read", "modify", "read", "init",
    ]

    mutating func attachTrailingClosure(to call: Int, label: String?, at index: Int) {
        push(index, .closure(call: call))
        let range = scopes[scopes.count - 1].range
        closureStore.append(TrailingClosure(label: label, body: range))
        let stored = Int32(closureStore.count - 1)
        if calls[call].lastClosure >= 0 {
            closureStore[Int(calls[call].lastClosure)].next = stored
        } else {
            calls[call].firstClosure = stored
        }
        calls[call].lastClosure = stored
        calls[call].lastClosureEnd = range.upperBound
        if punct(range.upperBound, UInt8(ascii: "}")) { callAt[range.upperBound] = Int32(call) }
    }
}

extension Keyword {
    /// Keywords that can stand before `.member(`: `self.foo(`, `super.init(`.
    var endsExpressionForMember: Bool {
        switch self {
        case .self, .Self, .super, .`init`: true
        default: false
        }
    }
}
