import LintEngine
import SwiftLexer
import SwiftUIModel

/// The typed destination modifiers of a file: `navigationDestination(for: Item.self)` and the
/// navigation packages' and team's forms (`SwiftUINames.isDestinationModifier`). A destination
/// whose type cannot be read (`for: type`, a generic parameter's `D.self`, a team modifier with
/// no `for:`) may cover any value: `type` is nil.
struct TypedDestination {
    var call: Int
    var type: String?

    /// The file's destinations; none without a destination modifier's name (a package's or the
    /// team's too) in the file's vocabulary.
    static func all(in file: LintFile) -> [TypedDestination] {
        file.vocabulary.contains(.navigationDestination) ? all(in: file.structure) : []
    }

    /// Every destination modifier that takes a type; `isPresented:`, `item:` and TCA's `store:`
    /// forms present no value links' values and are left out.
    static func all(in s: Structure) -> [TypedDestination] {
        var found: [TypedDestination] = []
        for (index, call) in s.calls.enumerated()
        where call.isMember && SwiftUINames.isDestinationModifier(call.callee) {
            let arguments = s.arguments(of: call)
            if let typeArgument = arguments.first(where: { $0.label == "for" }) {
                let name = selfTypeName(typeArgument.value, in: s)
                let generic = name.map { isGenericParameter($0, around: call.calleeToken, in: s) } ?? true
                found.append(TypedDestination(call: index, type: generic ? nil : name))
            } else if !SwiftUINames.destinationModifierNames.contains(call.callee) {
                // A team's own modifier with no `for:`: what it registers is not written here.
                found.append(TypedDestination(call: index, type: nil))
            }
        }
        return found
    }

    /// `Item.self` or `Feature.Route.self` → the last type name (`Route`); nil for anything else.
    static func selfTypeName(_ range: Range<Int>, in s: Structure) -> String? {
        guard range.count >= 3, s.is(range.upperBound - 1, "self"), s.punct(range.upperBound - 2, UInt8(ascii: "."))
        else { return nil }
        let name = range.upperBound - 3
        guard s.code[name].kind == .identifier, Structure.isTypeName(s.text(name)) else { return nil }
        // Only a dotted chain of type names before it (`Feature.Route`).
        var index = name - 1
        while index >= range.lowerBound {
            guard s.punct(index, UInt8(ascii: ".")), index - 1 >= range.lowerBound,
                s.code[index - 1].kind == .identifier
            else { return nil }
            index -= 2
        }
        return s.text(name)
    }

    /// Whether `name` is a generic parameter of a function or type around the token
    /// (`func routes<R: Hashable>(…)` registering `navigationDestination(for: R.self)`): the
    /// generic clause between the declaration's name and its body mentions it.
    static func isGenericParameter(_ name: String, around token: Int, in s: Structure) -> Bool {
        var generic = false
        s.forEachEnclosingScope(of: token) { scope in
            var header: Range<Int>?
            switch scope.kind {
            case .function(let function):
                let declaration = s.functions[function]
                if let body = declaration.body, declaration.nameToken < body.lowerBound {
                    header = declaration.nameToken..<body.lowerBound
                }
            case .typeBody(let type):
                let declaration = s.types[type]
                if let body = declaration.body, declaration.nameToken < body.lowerBound {
                    header = declaration.nameToken..<body.lowerBound
                }
            default: break
            }
            if let header, header.contains(where: { s.code[$0].kind == .identifier && s.text($0) == name }),
                header.contains(where: {
                    s.code[$0].kind == .operator && s.file.bytes[s.code[$0].offset] == UInt8(ascii: "<")
                })
            {
                generic = true
                return false
            }
            return true
        }
        return generic
    }
}
