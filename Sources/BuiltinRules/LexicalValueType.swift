import SwiftLexer
import SwiftUIModel

/// The type of a value expression where the code itself writes it, without type checking: a
/// constructor `Item(…)`, a member of a type `Route.detail(…)`, a `String` or `Int` literal, or
/// a name declared with its type (a parameter, a property, a `let x: Item`, a loop or `ForEach`
/// variable over a property typed `[Item]`). Anything else (`.detail`, `items.first!`, a call
/// whose result type is not written) has no lexical type: nil.
struct LexicalValueType: Equatable {
    /// The last name of the type (`Route` for `Feature.Route`).
    var name: String
    /// How the code shows it, for the evidence (`built as \`Item(…)\``).
    var how: String

    static func of(_ range: Range<Int>, in s: Structure) -> LexicalValueType? {
        guard let first = range.first else { return nil }
        let last = range.upperBound - 1
        let token = s.code[first]
        if token.kind == .string { return LexicalValueType(name: "String", how: "a string literal") }
        if token.kind == .number, range.count == 1 {
            let text = s.text(first)
            let isDouble = text.contains(".") && !text.hasPrefix("0x")
            return LexicalValueType(name: isDouble ? "Double" : "Int", how: "a number literal")
        }
        if token.kind == .identifier, Structure.isTypeName(s.text(first)) {
            return typeMember(range, in: s)
        }
        if range.count == 1, token.kind == .identifier {
            return declaredType(of: first, in: s)
        }
        if range.count == 3, token.keyword == .self, s.punct(first + 1, UInt8(ascii: ".")),
            s.code[last].kind == .identifier
        {
            return declaredType(of: last, in: s)
        }
        return nil
    }

    /// `Item(…)`, `Route.detail`, `Route.detail(…)`, `Feature.Route.list`: a chain of type names,
    /// then at most one lower-case member, then at most one argument list that ends the value.
    static func typeMember(_ range: Range<Int>, in s: Structure) -> LexicalValueType? {
        var index = range.lowerBound
        var typeName = s.text(index)
        index += 1
        while index + 1 < range.upperBound, s.punct(index, UInt8(ascii: ".")), s.code[index + 1].kind == .identifier,
            Structure.isTypeName(s.text(index + 1))
        {
            typeName = s.text(index + 1)
            index += 2
        }
        var member: String?
        if index + 1 < range.upperBound, s.punct(index, UInt8(ascii: ".")), s.code[index + 1].kind == .identifier {
            member = s.text(index + 1)
            index += 2
        }
        if index < range.upperBound, s.punct(index, UInt8(ascii: "(")), s.closing[index] == range.upperBound - 1 {
            index = range.upperBound
        }
        guard index == range.upperBound, typeName != "Self", typeName != "AnyHashable" else { return nil }
        // A constructor is the type itself; a member is taken to be one of the type's cases or
        // factories, of the type (`Route.detail(id)`).
        let how = member.map { "`\(typeName).\($0)`" } ?? "built as `\(typeName)(…)`"
        return LexicalValueType(name: typeName, how: how)
    }

    /// A plain name: the nearest declaration of it before the use in the same member (a typed
    /// `let`, a `for` or `ForEach` variable), else a parameter of the function or a property of
    /// the type around it. A declaration whose type is not written gives nil.
    static func declaredType(of use: Int, in s: Structure) -> LexicalValueType? {
        let name = s.text(use)
        guard let member = outermostMember(of: use, in: s) else { return nil }
        var index = member.lowerBound
        while index < use {
            defer { index += 1 }
            guard s.code[index].kind == .identifier, s.text(index) == name, !s.punct(index - 1, UInt8(ascii: "."))
            else { continue }
            // `let x: Item`, `var x: Item?`.
            if s.code[index - 1].keyword == .let || s.code[index - 1].keyword == .var {
                guard s.punct(index + 1, UInt8(ascii: ":")) else { return nil }
                return written(typeFrom: index + 2, in: s).map {
                    LexicalValueType(name: $0, how: "`\(name)` declared `\($0)` (line \(s.code[index].line))")
                }
            }
            // `for x in items`.
            if s.code[index - 1].keyword == .for, s.code[index + 1].keyword == .in {
                return element(ofCollectionAt: index + 2, end: nil, in: s).map {
                    LexicalValueType(name: $0, how: "`\(name)` iterates a `[\($0)]` (line \(s.code[index].line))")
                }
            }
            // `ForEach(items) { x in … }`.
            if let call = closureParameterCall(index, in: s) {
                let site = s.calls[call]
                guard site.callee == "ForEach" || site.callee == "List", let first = s.arguments(of: site).first,
                    first.label == nil
                else { return nil }
                return element(ofCollectionAt: first.value.lowerBound, end: first.value.upperBound, in: s).map {
                    LexicalValueType(
                        name: $0, how: "`\(name)` is an element of a `[\($0)]` (line \(s.code[index].line))")
                }
            }
            // Any other earlier mention (a pattern, an `if let`) may bind it to another value.
            return nil
        }
        if let function = s.enclosingFunction(of: use, withinType: true),
            let parameter = s.functions[function].parameters.first(where: { $0.name == name })
        {
            return plain(parameter.type).map {
                LexicalValueType(name: $0, how: "the parameter `\(name): \(parameter.type)`")
            }
        }
        if let owner = s.enclosingType(of: use) {
            for index in s.properties(of: owner) {
                let property = s.properties[index]
                guard property.name == name, property.body == nil, let type = property.type else { continue }
                return plain(type).map { LexicalValueType(name: $0, how: "the property `\(name): \(type)`") }
            }
        }
        return nil
    }

    /// The element type of `items` or `self.items` where `items` is a property of the type
    /// around it declared `[Item]`.
    static func element(ofCollectionAt start: Int, end: Int?, in s: Structure) -> String? {
        guard start < s.code.count else { return nil }
        var name = start
        if s.code[start].keyword == .self, s.punct(start + 1, UInt8(ascii: ".")) { name = start + 2 }
        guard name < s.code.count, s.code[name].kind == .identifier else { return nil }
        // The collection is the whole argument (`ForEach(items)`), or the loop's name before `{`.
        if let end {
            guard name == end - 1 else { return nil }
        } else {
            guard s.punct(name + 1, UInt8(ascii: "{")) else { return nil }
        }
        guard let owner = s.enclosingType(of: name) else { return nil }
        for index in s.properties(of: owner) {
            let property = s.properties[index]
            guard property.name == s.text(name), property.body == nil, let type = property.type else { continue }
            guard type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") else { return nil }
            return plain(String(type.dropFirst().dropLast()))
        }
        return nil
    }

    /// The type written at a token (`Item`, `Item?`, `Models.Item`), as its last name.
    static func written(typeFrom start: Int, in s: Structure) -> String? {
        var index = start
        var name: String?
        while index < s.code.count, s.code[index].kind == .identifier, Structure.isTypeName(s.text(index)) {
            name = s.text(index)
            guard s.punct(index + 1, UInt8(ascii: ".")) else { break }
            index += 2
        }
        guard let name, index < s.code.count else { return nil }
        // Not a generic (`Set<Item>`) nor a function type.
        let next = index + 1
        if next < s.code.count, s.code[next].kind == .operator {
            let text = s.text(next)
            if text.hasPrefix("<") || text.hasPrefix("->") { return nil }
        }
        return name
    }

    /// A type as a declaration writes it (`Item`, `Item?`, `Models.Item`), without generics,
    /// collections or existentials.
    static func plain(_ type: String) -> String? {
        var text = Substring(type)
        while text.hasSuffix("?") || text.hasSuffix("!") { text = text.dropLast() }
        guard !text.isEmpty,
            text.utf8.allSatisfy({ byte in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: ".")
            })
        else { return nil }
        let last = String(text).lastComponent(separatedBy: UInt8(ascii: "."))
        guard Structure.isTypeName(last), last != "AnyHashable", last != "Self" else { return nil }
        return last
    }

    /// The outermost function or property body around the token, within its type.
    static func outermostMember(of token: Int, in s: Structure) -> ClosedRange<Int>? {
        var found: ClosedRange<Int>?
        s.forEachEnclosingScope(of: token) { scope in
            switch scope.kind {
            case .function, .property: found = scope.range
            case .typeBody, .file: return false
            default: break
            }
            return true
        }
        return found
    }

    /// The call whose trailing closure declares the token as a parameter (`{ item in`, `{ (item) in`).
    static func closureParameterCall(_ token: Int, in s: Structure) -> Int? {
        let scope = s.scopes[Int(s.scopeOf[token])]
        guard case .closure(let call?) = scope.kind else {
            // `{ (item) in`: the parentheses are a scope of their own inside the closure.
            guard case .brackets = scope.kind, scope.parent >= 0 else { return nil }
            let outer = s.scopes[scope.parent]
            guard case .closure(let call?) = outer.kind, scope.range.lowerBound == outer.range.lowerBound + 1,
                scope.range.upperBound + 1 < s.code.count, s.code[scope.range.upperBound + 1].keyword == .in
            else { return nil }
            return call
        }
        var index = scope.range.lowerBound + 1
        while index < token {
            guard
                s.code[index].kind == .identifier || s.code[index].keyword == .wildcard
                    || s.punct(index, UInt8(ascii: ","))
            else { return nil }
            index += 1
        }
        var next = token + 1
        while next < scope.range.upperBound,
            s.punct(next, UInt8(ascii: ",")) || s.code[next].kind == .identifier
                || s.code[next].keyword == .wildcard
        {
            next += 1
        }
        return next < s.code.count && s.code[next].keyword == .in ? call : nil
    }
}
