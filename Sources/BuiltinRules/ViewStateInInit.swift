import SwiftLexer
import SwiftUIModel

/// Where a view's `init` names its own state: each `x` or `self.x` of an `@State`/`@StateObject`
/// property of the view, in the `init`'s own statements (not in a closure, which may run later or
/// bind a name of its own), and not shadowed by a parameter or a local of the same name.
/// `_x` is a different token, so the documented `_x = State(initialValue: …)` never appears.
struct ViewStateInInit {
    enum Use { case assigned, read }

    struct Mention {
        var token: Int
        var use: Use
        var property: PropertyDecl
        var wrapper: String
        var typeName: String
        /// The `init`, by its index in `Structure.functions`.
        var function: Int
    }

    static let wrappers: Set<String> = ["@State", "@SwiftUI.State", "@StateObject", "@SwiftUI.StateObject"]

    static func mentions(in s: Structure) -> [Mention] {
        var found: [Mention] = []
        for (index, function) in s.functions.enumerated() where function.isInitializer {
            guard let owner = function.owner, let body = function.body, !s.isInPreview(body.lowerBound) else {
                continue
            }
            let typeName = s.types[owner].name
            // The view's state, from every declaration of the type in this file (an `init` in an
            // extension sees the main declaration's properties).
            var state: [String: (PropertyDecl, String)] = [:]
            var isView = false
            for type in s.types(named: typeName) {
                if s.isViewType(s.types[type]) { isView = true }
                for index in s.properties(of: type) {
                    let property = s.properties[index]
                    if !property.isStatic, let wrapper = property.attributes.first(where: wrappers.contains) {
                        state[property.name] = (property, wrapper)
                    }
                }
            }
            guard isView, !state.isEmpty else { continue }
            let shadowed = localNames(of: function, in: s)
            for j in body.lowerBound + 1..<body.upperBound {
                guard s.code[j].kind == .identifier else { continue }
                let name = s.text(j)
                guard let (property, wrapper) = state[name] else { continue }
                let qualified =
                    s.punct(j - 1, UInt8(ascii: ".")) && s.is(j - 2, "self") && !s.punct(j - 3, UInt8(ascii: "."))
                // A member of something else (`other.x`), an argument label (`f(x: 1)`), or a local.
                guard qualified || !s.punct(j - 1, UInt8(ascii: ".")),
                    !s.punct(j + 1, UInt8(ascii: ":")),
                    qualified || !shadowed.contains(name),
                    !inClosure(j, within: body, in: s)
                else { continue }
                let use: Use = isAssignment(after: j, in: s) ? .assigned : .read
                found.append(
                    Mention(
                        token: j, use: use, property: property, wrapper: wrapper, typeName: typeName, function: index))
            }
        }
        return found
    }

    /// `x = …` or `x += …`: the operator right after the name (`==` is a comparison).
    static func isAssignment(after j: Int, in s: Structure) -> Bool {
        guard j + 1 < s.code.count, s.code[j + 1].kind == .operator else { return false }
        let text = s.text(j + 1)
        guard let last = text.utf8.last, last == UInt8(ascii: "=") else { return false }
        return text == "=" || (text.utf8.count == 2 && text != "==" && text != "!=" && text != "<=" && text != ">=")
    }

    /// The parameter names, and every name the body declares with `let`/`var` (including
    /// `if let x`, `guard let x`, `case let x`), which would hide the property's bare name.
    static func localNames(of function: FunctionDecl, in s: Structure) -> Set<String> {
        var names = Set(function.parameters.map(\.name))
        guard let body = function.body else { return names }
        for j in body.lowerBound + 1..<body.upperBound where s.is(j, "let") || s.is(j, "var") {
            if j + 1 < body.upperBound, s.code[j + 1].kind == .identifier { names.insert(s.text(j + 1)) }
        }
        return names
    }

    /// Inside any closure within the `init`'s body.
    static func inClosure(_ j: Int, within body: ClosedRange<Int>, in s: Structure) -> Bool {
        var inside = false
        s.forEachEnclosingScope(of: j) { scope in
            guard scope.range.lowerBound > body.lowerBound else { return false }
            if case .closure = scope.kind {
                inside = true
                return false
            }
            return true
        }
        return inside
    }
}
