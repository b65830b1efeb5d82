import SwiftLexer
import Support
import SwiftUIModel

/// A file's bytes classified into SwiftLint's syntax kinds, as sorted, non-overlapping spans:
/// what `match_kinds` and `excluded_match_kinds` test a regex match against. Bytes in no span
/// (whitespace, punctuation, `=`, `->`, a raw string's `#`, an interpolation's `\(` and `)`) have
/// no kind, as in SwiftLint's syntax map.
public struct SwiftLintKindMap: Sendable {
    public private(set) var starts: [Int32] = []
    public private(set) var ends: [Int32] = []
    public private(set) var kinds: [SwiftLintKind] = []

    public init(_ structure: Structure) {
        var builder = SwiftLintKindClassifier(s: structure)
        builder.run()
        let order = builder.spans.indices.sorted { builder.spans[$0].start < builder.spans[$1].start }
        starts.reserveCapacity(order.count)
        ends.reserveCapacity(order.count)
        kinds.reserveCapacity(order.count)
        for index in order {
            let span = builder.spans[index]
            starts.append(Int32(truncatingIfNeeded: span.start))
            ends.append(Int32(truncatingIfNeeded: span.end))
            kinds.append(span.kind)
        }
    }

    /// The kinds of the spans a byte range touches, as SourceKitten's `tokens(inByteRange:)`
    /// finds them: those overlapping it, or for an empty range those strictly around its position.
    public func kinds(touching range: Range<Int>) -> SwiftLintKindSet {
        var set = SwiftLintKindSet()
        let lower = Int32(truncatingIfNeeded: range.lowerBound)
        let upper = Int32(truncatingIfNeeded: range.upperBound)
        // The first span that ends after the range starts.
        var index = ends.partitioningIndex { $0 > lower }
        while index < starts.count, starts[index] < upper || (range.isEmpty && starts[index] < lower) {
            if range.isEmpty {
                if starts[index] < lower && ends[index] > lower { set.insert(kinds[index]) }
                if starts[index] >= lower { break }
            } else {
                set.insert(kinds[index])
            }
            index += 1
        }
        return set
    }

    /// Maximal byte ranges that touch no span of an excluded kind: where a kept match can lie.
    public func regions(avoiding excluded: SwiftLintKindSet, length: Int) -> [Range<Int>] {
        var regions: [Range<Int>] = []
        var start = 0
        for index in kinds.indices where excluded.contains(kinds[index]) {
            let spanStart = Int(starts[index])
            if spanStart > start { regions.append(start..<spanStart) }
            start = max(start, Int(ends[index]))
        }
        if start < length { regions.append(start..<length) }
        return regions
    }
}

/// Classifies one file's tokens the way SwiftLint's `SwiftSyntaxKindBridge` maps SwiftSyntax's
/// classifications: identifiers in types are `typeidentifier`, call labels and parameters' first
/// names `argument`, contextual keywords in keyword position `keyword`, attributes `attribute.id`,
/// `#if` lines `pounddirective.keyword`, operators other than `=` `operator`, comments `comment`
/// or `doccomment` (`///`, `/**`), editor placeholders `placeholder`.
struct SwiftLintKindClassifier {
    let s: Structure
    var spans: [(start: Int, end: Int, kind: SwiftLintKind)] = []
    private var marks: [UInt8] = []
    private var n: Int { s.code.count }

    /// `reserving`: room for a span per token (a whole-file pass; not for one range).
    init(s: Structure, reserving: Bool = true) {
        self.s = s
        if reserving { spans.reserveCapacity(s.code.count + s.file.comments.count) }
    }

    mutating func run() {
        marks = TypePositions.mark(s)
        var i = 0
        // `#if` conditions: the rest of the directive's line.
        var conditionLine = -1
        while i < n {
            let token = s.code[i]
            switch token.kind {
            case .identifier:
                if token.line == conditionLine {
                    add(token, .poundDirectiveKeyword)
                } else if isPlaceholderStart(i) {
                    i = placeholder(at: i)
                    continue
                } else if marks[i] & TypePositions.typeName != 0 {
                    add(token, .typeidentifier)
                } else if isContextualKeyword(i) {
                    add(token, .keyword)
                } else if isArgumentLabel(i) {
                    add(token, .argument)
                } else {
                    add(token, .identifier)
                }
            case .keyword:
                if let kind = keywordKind(i, onConditionLine: token.line == conditionLine) { add(token, kind) }
            case .attribute:
                add(token, .attributeID)
            case .number:
                add(token, token.line == conditionLine ? .poundDirectiveKeyword : .number)
            case .string:
                string(token, at: i)
            case .directive:
                directive(token, at: i, conditionLine: &conditionLine)
            case .operator:
                if isPlaceholderStart(i) {
                    i = placeholder(at: i)
                    continue
                }
                if operatorHasKind(i) { add(token, .operator) }
            case .punctuation, .regex, .comment:
                break
            }
            i += 1
        }
        for comment in s.file.comments {
            if let kind = commentKind(comment) { add(comment, kind) }
        }
    }

    /// A comment's kind; nil for a shebang (trivia without a kind).
    func commentKind(_ comment: Token) -> SwiftLintKind? {
        if comment.offset == 0, s.file.bytes[comment.offset] == UInt8(ascii: "#") { return nil }
        return isDocComment(comment) ? .docComment : .comment
    }

    // MARK: One range, without the whole file

    /// The kinds the spans touching a non-empty `range` have (as `SwiftLintKindMap.kinds(touching:)`
    /// finds them), when each token there is classified on its own: keywords, literals,
    /// attributes, directives and comments. Nil when an identifier or an operator touches it
    /// (their kinds need the type positions of the whole file), or a line it is on may hold a
    /// placeholder: the whole map decides then.
    func localKinds(touching range: Range<Int>) -> SwiftLintKindSet? {
        guard !range.isEmpty else { return nil }
        var set = SwiftLintKindSet()
        func overlaps(_ span: Range<Int>) -> Bool {
            span.lowerBound < range.upperBound && span.upperBound > range.lowerBound
        }
        let code = s.code
        var i = code.partitioningIndex { $0.end > range.lowerBound }
        while i < code.count, code[i].offset < range.upperBound {
            let token = code[i]
            if mayHoldPlaceholder(line: token.line) { return nil }
            switch token.kind {
            case .identifier, .operator:
                return nil
            case .keyword:
                if let kind = keywordKind(i, onConditionLine: isOnConditionLine(i)), overlaps(token.range) {
                    set.insert(kind)
                }
            case .attribute:
                if overlaps(token.range) { set.insert(.attributeID) }
            case .number:
                if overlaps(token.range) { set.insert(isOnConditionLine(i) ? .poundDirectiveKeyword : .number) }
            case .string:
                let span = stringSpan(token, at: i)
                if !span.isEmpty, overlaps(span) { set.insert(.string) }
            case .directive:
                let (span, kind) = directiveSpan(token, at: i)
                if !span.isEmpty, overlaps(span) { set.insert(kind) }
            case .punctuation, .regex, .comment:
                break
            }
            i += 1
        }
        let comments = s.file.comments
        var k = comments.partitioningIndex { $0.end > range.lowerBound }
        while k < comments.count, comments[k].offset < range.upperBound {
            if let kind = commentKind(comments[k]), overlaps(comments[k].range) { set.insert(kind) }
            k += 1
        }
        return set
    }

    /// Whether a `#if` or `#elseif` before token `i` stands on its line (then the rest of the
    /// line is the condition).
    private func isOnConditionLine(_ i: Int) -> Bool {
        let line = s.code[i].line
        var j = i - 1
        while j >= 0, s.code[j].line == line {
            if s.code[j].kind == .directive, opensCondition(j) { return true }
            j -= 1
        }
        return false
    }

    /// Whether line `line` holds `<#` (an editor placeholder may start there).
    private func mayHoldPlaceholder(line: Int) -> Bool {
        let starts = s.file.lines.starts
        let bytes = s.file.bytes
        guard line >= 1, line <= starts.count else { return true }
        let start = starts[line - 1], end = line < starts.count ? starts[line] : bytes.count
        var k = start
        while k + 1 < end {
            if bytes[k] == UInt8(ascii: "<"), bytes[k + 1] == UInt8(ascii: "#") { return true }
            k += 1
        }
        return false
    }

    /// A keyword's kind (nil for `_`): the same everywhere but on a `#if` line, after a `.`
    /// and as an argument label.
    private func keywordKind(_ i: Int, onConditionLine: Bool) -> SwiftLintKind? {
        let token = s.code[i]
        if token.keyword == .wildcard { return nil }
        if onConditionLine { return .poundDirectiveKeyword }
        // `.default`, `.class`: a member name, read as an identifier.
        if s.punct(i - 1, UInt8(ascii: ".")) && !keepsKeywordAfterDot(token.keyword) { return .identifier }
        return isArgumentLabel(i) ? .argument : .keyword
    }

    private mutating func add(_ token: Token, _ kind: SwiftLintKind) {
        spans.append((token.offset, token.end, kind))
    }

    private mutating func add(_ start: Int, _ end: Int, _ kind: SwiftLintKind) {
        if end > start { spans.append((start, end, kind)) }
    }

    // MARK: Comments

    /// `///` (not `////`) and `/**` (not `/**/`) are documentation, as swift-syntax lexes them.
    private func isDocComment(_ token: Token) -> Bool {
        let bytes = s.file.bytes
        func at(_ k: Int) -> UInt8 { token.offset + k < token.end ? bytes[token.offset + k] : 0 }
        guard at(0) == UInt8(ascii: "/") else { return false }
        if at(1) == UInt8(ascii: "/") { return at(2) == UInt8(ascii: "/") && at(3) != UInt8(ascii: "/") }
        if at(1) == UInt8(ascii: "*") {
            return at(2) == UInt8(ascii: "*") && at(3) != UInt8(ascii: "/") && at(3) != UInt8(ascii: "*")
        }
        return false
    }

    // MARK: Strings

    /// A string segment: the quotes and text are `string`; a raw string's `#`s and an
    /// interpolation's `\(` (`\#(`) and closing `)` have no kind.
    private mutating func string(_ token: Token, at index: Int) {
        let span = stringSpan(token, at: index)
        add(span.lowerBound, span.upperBound, .string)
    }

    private func stringSpan(_ token: Token, at index: Int) -> Range<Int> {
        let bytes = s.file.bytes
        var start = token.offset
        var end = token.end
        // `)` that closes an interpolation.
        if bytes[start] == UInt8(ascii: ")") { start += 1 }
        // Leading `#`s of a raw string.
        while start < end, bytes[start] == UInt8(ascii: "#") { start += 1 }
        // `\(` or `\##(` that opens an interpolation.
        if s.closing[index] >= 0, end - 1 >= start, bytes[end - 1] == UInt8(ascii: "(") {
            var k = end - 2
            while k >= start, bytes[k] == UInt8(ascii: "#") { k -= 1 }
            if k >= start, bytes[k] == UInt8(ascii: "\\") { end = k }
        } else {
            // Trailing `#`s after the closing quote.
            while end > start, bytes[end - 1] == UInt8(ascii: "#") { end -= 1 }
        }
        return start..<max(start, end)
    }

    // MARK: Directives and macros

    private mutating func directive(_ token: Token, at index: Int, conditionLine: inout Int) {
        if opensCondition(index) { conditionLine = token.line }
        let (span, kind) = directiveSpan(token, at: index)
        add(span.lowerBound, span.upperBound, kind)
    }

    private func opensCondition(_ index: Int) -> Bool { s.is(index, "#if") || s.is(index, "#elseif") }

    private func directiveSpan(_ token: Token, at index: Int) -> (Range<Int>, SwiftLintKind) {
        if opensCondition(index) || s.is(index, "#else") || s.is(index, "#endif") || s.is(index, "#sourceLocation") {
            return (token.range, .poundDirectiveKeyword)
        }
        if s.is(index, "#available") || s.is(index, "#unavailable") { return (token.range, .keyword) }
        // `#Preview`, `#selector`, `#warning`: `#` has no kind, the macro's name is an identifier.
        return (min(token.offset + 1, token.end)..<token.end, .identifier)
    }

    // MARK: Editor placeholders

    /// `<#name#>`: the lexer reads `<`, `#name`, `#`, `>`.
    private func isPlaceholderStart(_ index: Int) -> Bool {
        let token = s.code[index]
        let bytes = s.file.bytes
        guard token.end + 1 < bytes.count || token.kind == .operator else { return false }
        let start = token.kind == .operator ? token.end - 1 : token.offset
        guard start >= 0, start + 1 < bytes.count, bytes[start] == UInt8(ascii: "<"),
            bytes[start + 1] == UInt8(ascii: "#")
        else { return false }
        return placeholderEnd(from: start) != nil
    }

    private func placeholderEnd(from start: Int) -> Int? {
        let bytes = s.file.bytes
        var k = start + 2
        while k + 1 < bytes.count, bytes[k] != UInt8(ascii: "\n") {
            if bytes[k] == UInt8(ascii: "#"), bytes[k + 1] == UInt8(ascii: ">") { return k + 2 }
            k += 1
        }
        return nil
    }

    /// Adds the placeholder's span and returns the first token after it.
    private mutating func placeholder(at index: Int) -> Int {
        let token = s.code[index]
        let start = token.kind == .operator ? token.end - 1 : token.offset
        guard let end = placeholderEnd(from: start) else { return index + 1 }
        if token.kind == .operator, token.length > 1, operatorHasKind(index) { add(token.offset, start, .operator) }
        add(start, end, .placeholder)
        var k = index + 1
        while k < n, s.code[k].offset < end { k += 1 }
        return k
    }

    // MARK: Operators

    /// `=`, `->`, postfix `?` and `!`, prefix `&` and the `<` `>` of generic clauses have no kind;
    /// other operators are `operator`.
    private func operatorHasKind(_ index: Int) -> Bool {
        if s.is(index, "=") || marks[index] & TypePositions.genericAngle != 0 { return false }
        let attachedBefore = !s.spaced(before: index)
        let attachedAfter = index + 1 < n && s.code[index + 1].offset == s.code[index].end
        if s.is(index, "?") || s.is(index, "!") {
            // Postfix after an expression (`x!`, `a?.b`), or the ternary `?`.
            if attachedBefore, index > 0, endsExpression(index - 1) { return false }
            if s.is(index, "?") { return false }
        }
        // `&value` passed inout.
        if s.is(index, "&"), attachedAfter, !attachedBefore || s.punct(index - 1, UInt8(ascii: "(")) { return false }
        return true
    }

    private func endsExpression(_ index: Int) -> Bool {
        switch s.code[index].kind {
        case .identifier, .number, .string: return true
        case .keyword: return s.code[index].keyword.endsKindExpression
        case .punctuation:
            return s.punct(index, UInt8(ascii: ")")) || s.punct(index, UInt8(ascii: "]"))
                || s.punct(index, UInt8(ascii: "}"))
        default: return false
        }
    }

    // MARK: Identifiers

    private func keepsKeywordAfterDot(_ keyword: Keyword) -> Bool {
        keyword == .self || keyword == .`init` || keyword == .Self
    }

    /// A call's or tuple's argument label (`f(label: x)`), or a declared parameter's first name.
    private func isArgumentLabel(_ i: Int) -> Bool {
        guard s.punct(i + 1, UInt8(ascii: ":")) else {
            // `func f(label name: Int)`: the label is the first of two names.
            if s.isWord(i + 1), s.punct(i + 2, UInt8(ascii: ":")), startsPiece(i),
                let open = enclosingParen(i), isDeclarationParameters(open)
            {
                return true
            }
            return false
        }
        guard startsPiece(i), let open = enclosingParen(i) else { return false }
        if isDeclarationParameters(open) { return true }
        switch s.scopes[Int(s.scopeOf[open])].kind {
        case .arguments: return true
        default: break
        }
        // A tuple expression, a macro's or an attribute's arguments; not a closure's parameters,
        // an enum case's associated values or a type.
        let before = open - 1
        if before >= 0 {
            if s.punct(before, UInt8(ascii: "{")) { return false }
            if s.code[before].kind == .identifier, s.code.indices.contains(before - 1),
                s.code[before - 1].keyword == .case || s.punct(before - 1, UInt8(ascii: ","))
            {
                return false
            }
            if s.code[before].kind == .attribute {
                return !(s.is(before, "@available") || s.is(before, "@objc") || s.is(before, "@_spi"))
            }
        }
        return !isTypeContext(open)
    }

    /// Whether token `i` opens a comma-separated piece: right after `(` or `,` (attributes skipped).
    private func startsPiece(_ i: Int) -> Bool {
        var k = i - 1
        while k >= 0, s.code[k].kind == .attribute { k -= 1 }
        return s.punct(k, UInt8(ascii: "(")) || s.punct(k, UInt8(ascii: ","))
    }

    /// The `(` whose parentheses directly hold token `i`.
    private func enclosingParen(_ i: Int) -> Int? {
        let scope = s.scopes[Int(s.scopeOf[i])]
        let open = scope.range.lowerBound
        guard open < i, s.punct(open, UInt8(ascii: "(")) else { return nil }
        return open
    }

    /// `func name(`, `func name<T>(`, `init(`, `init?(`, `subscript(`.
    private func isDeclarationParameters(_ open: Int) -> Bool {
        var k = open - 1
        if k >= 0, s.code[k].kind == .operator, s.firstByte(k) == UInt8(ascii: ">") || s.is(k, "?") || s.is(k, "!") {
            // Skip generic parameters or `init?`.
            var steps = 0
            while k >= 0, steps < 64, !(s.code[k].kind == .operator && s.firstByte(k) == UInt8(ascii: "<")) {
                if s.is(k, "?") || s.is(k, "!") { break }
                k -= 1
                steps += 1
            }
            k -= 1
        }
        guard k >= 0 else { return false }
        if s.code[k].keyword == .`init` || s.code[k].keyword == .subscript { return !s.punct(k - 1, UInt8(ascii: ".")) }
        return s.code.indices.contains(k - 1) && s.code[k - 1].keyword == .func
    }

    /// Whether the parentheses at `open` stand where a type does (a tuple or function type).
    private func isTypeContext(_ open: Int) -> Bool {
        let before = open - 1
        guard before >= 0 else { return false }
        if s.punct(before, UInt8(ascii: ":")) || s.is(before, "->") { return true }
        if s.code[before].keyword == .as || s.code[before].keyword == .is { return true }
        return false
    }

    /// Contextual keywords where they act as keywords: declaration modifiers, `actor`, `some`,
    /// `any`, `async`, accessors, `weak`/`unowned` in a capture list, `.Type`.
    private func isContextualKeyword(_ i: Int) -> Bool {
        let token = s.code[i]
        guard token.length >= 3, token.length <= 11 else { return false }
        let next = i + 1
        if s.is(i, "some") || s.is(i, "any") {
            return next < n
                && (s.code[next].kind == .identifier || s.code[next].keyword == .Any
                    || s.punct(next, UInt8(ascii: "(")) || s.punct(next, UInt8(ascii: "[")))
        }
        if s.is(i, "async") {
            if next < n,
                s.code[next].keyword == .let || s.code[next].keyword == .throws
                    || s.code[next].keyword == .rethrows || s.code[next].keyword == .in || s.is(next, "->")
                    || s.punct(next, UInt8(ascii: "{")) || s.punct(next, UInt8(ascii: ")"))
            {
                return true
            }
            return s.punct(i - 1, UInt8(ascii: ")"))
        }
        if s.is(i, "get") || s.is(i, "set") || s.is(i, "willSet") || s.is(i, "didSet") || s.is(i, "_modify")
            || s.is(i, "_read")
        {
            guard next < n else { return false }
            if s.punct(next, UInt8(ascii: "{")) || s.punct(next, UInt8(ascii: "}")) || s.is(next, "set")
                || s.is(next, "get") || s.is(next, "async") || s.code[next].keyword == .throws
            {
                return s.punct(i - 1, UInt8(ascii: "{")) || s.punct(i - 1, UInt8(ascii: "}"))
                    || s.is(i - 1, "get") || s.is(i - 1, "set") || s.is(i - 1, "mutating")
                    || s.is(i - 1, "nonmutating") || s.code[i - 1].kind == .attribute
                    || s.code[i - 1].keyword == .private || s.code[i - 1].keyword == .fileprivate
            }
            if (s.is(i, "set") || s.is(i, "willSet") || s.is(i, "didSet")) && s.punct(next, UInt8(ascii: "(")) {
                return true
            }
            return false
        }
        if s.is(i, "Type") || s.is(i, "Protocol") {
            return s.punct(i - 1, UInt8(ascii: ".")) && !s.spaced(before: i - 1) && i >= 2
                && s.code[i - 2].kind == .identifier
        }
        if s.is(i, "weak") || s.is(i, "unowned") {
            if s.punct(i - 1, UInt8(ascii: "[")) || s.punct(i - 1, UInt8(ascii: ",")) {
                return next < n && (s.code[next].keyword == .self || s.code[next].kind == .identifier)
            }
        }
        if s.is(i, "actor") {
            return next < n && s.code[next].kind == .identifier
        }
        guard Self.modifiers.contains(where: { s.spells(i, $0) }) else { return false }
        // A modifier stands before another modifier or a declaration keyword.
        var k = next
        if s.punct(k, UInt8(ascii: "(")), s.closing[k] > k { k = Int(s.closing[k]) + 1 }
        guard k < n else { return false }
        switch s.code[k].keyword {
        case .var, .let, .func, .`init`, .class, .struct, .enum, .protocol, .extension, .subscript, .typealias,
            .case, .static, .private, .fileprivate, .public, .internal, .open, .deinit, .associatedtype, .import:
            return true
        default:
            return s.code[k].kind == .identifier
                && (Self.modifiers.contains(where: { s.spells(k, $0) })
                    || s.is(k, "actor") || s.is(k, "macro"))
        }
    }

    static let modifiers: [[UInt8]] = [
        "final", "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "required", "convenience",
        "dynamic", "optional", "indirect", "nonisolated", "package", "consuming", "borrowing", "prefix",
        "postfix", "infix", "distributed", "isolated",
    ].map { Array($0.utf8) }
}

extension Keyword {
    /// Keywords a postfix `?` or `!` can follow: `self!`, `try?`, `as!` (no kind in swift-syntax).
    fileprivate var endsKindExpression: Bool {
        switch self {
        case .self, .Self, .super, .nil, .true, .false, .try, .as: true
        default: false
        }
    }
}
