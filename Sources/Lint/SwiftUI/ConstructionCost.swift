import SwiftLexer

/// Whether building a value of a type does work beyond storing its arguments: an initializer or a
/// stored property's initial value that calls, computes or allocates (`model = Model(id)`,
/// `@ObservedObject var store = Store()`, `let rows = items.sorted()`). A `@StateObject`'s value is
/// an autoclosure, made once by SwiftUI, and does not count; nor do work in closures an initializer
/// only stores, the property wrappers themselves, or values the platform makes in no time.
/// Read per declaration into `FileSummary.workingTypes`, for `eager-list-destination`.
enum ConstructionCost {
    /// Calls that make small values or wrap what they are given.
    static let cheapCallees: Set<String> = [
        "State", "Binding", "StateObject", "ObservedObject", "Environment", "FocusState", "Bindable", "init",
        "String", "Int", "Double", "Float", "Bool", "CGFloat", "CGSize", "CGPoint", "CGRect", "EdgeInsets", "UUID",
        "Date", "Color", "Font", "Array", "Set", "Dictionary", "NavigationPath", "Namespace", "Text", "Image",
        "AnyView", "LocalizedStringKey", "min", "max", "abs", "constant",
    ]

    /// The names of the file's types (declarations and extensions) whose construction does work.
    static func workingTypes(in s: Structure) -> [String] {
        var working = Set<Int>()
        for property in s.properties where property.hasInitialValue && property.body == nil && !property.isStatic {
            guard let owner = property.owner, !working.contains(owner),
                !property.attributes.contains(where: { $0.hasSuffix("StateObject") })
            else { continue }
            if initialValueCalls(property, in: s) { working.insert(owner) }
        }
        for function in s.functions where function.isInitializer {
            guard let owner = function.owner, !working.contains(owner), let body = function.body else { continue }
            if bodyDoesWork(body, in: s) { working.insert(owner) }
        }
        return working.map { s.types[$0].name }
    }

    /// Whether the property's initial value (after `=`, on its line or in brackets opened there)
    /// holds a call that is not cheap.
    static func initialValueCalls(_ property: PropertyDecl, in s: Structure) -> Bool {
        var index = property.nameToken + 1
        // Past the type annotation to `=`, skipping bracketed groups whole.
        while index < s.code.count, !(s.code[index].kind == .operator && s.is(index, "=")) {
            if s.code[index].line != s.code[property.nameToken].line { return false }
            index = s.closing[index] > index ? Int(s.closing[index]) + 1 : index + 1
        }
        guard index < s.code.count else { return false }
        let line = s.code[index].line
        var next = index + 1
        while next < s.code.count, s.code[next].line == line || next == index + 1 {
            if isCostlyCall(at: next, in: s) { return true }
            if s.closing[next] > next {
                // A bracketed group opened here: everything in it belongs to the value.
                for inner in next..<Int(s.closing[next]) where isCostlyCall(at: inner, in: s) { return true }
                next = Int(s.closing[next]) + 1
                continue
            }
            next += 1
        }
        return false
    }

    /// Whether an initializer's body calls something costly outside closures it only stores and
    /// outside a `StateObject(wrappedValue:)`'s autoclosure.
    static func bodyDoesWork(_ body: ClosedRange<Int>, in s: Structure) -> Bool {
        // An unclosed body (a truncated file) ends where it starts: nothing inside to judge.
        guard body.upperBound > body.lowerBound else { return false }
        for callIndex in s.calls(in: body.lowerBound + 1..<body.upperBound) {
            let call = s.calls[callIndex]
            guard isCostly(call.callee), !s.isDeferred(call.calleeToken, within: body) else { continue }
            // `self.init(…)` delegates to another initializer, judged on its own.
            if call.callee == "init" { continue }
            let outer = s.enclosingCalls(of: call.calleeToken)
            if outer.contains(where: { s.calls[$0].callee == "StateObject" || isStateObjectStorage($0, in: s) }) {
                continue
            }
            return true
        }
        return false
    }

    /// `_model = .init(wrappedValue: …)` (or `self._model = …`) where `model` is a `@StateObject`:
    /// the same autoclosure as `StateObject(wrappedValue:)`.
    static func isStateObjectStorage(_ callIndex: Int, in s: Structure) -> Bool {
        let call = s.calls[callIndex]
        guard call.isMember, call.callee == "init",
            let dot = call.baseToken.map({ $0 + 1 }) ?? Optional(call.calleeToken - 1),
            s.punct(dot, UInt8(ascii: ".")), dot >= 2, s.code[dot - 1].kind == .operator, s.is(dot - 1, "=")
        else { return false }
        let storage = s.text(dot - 2)
        guard storage.hasPrefix("_") else { return false }
        let name = String(storage.dropFirst())
        return s.properties.contains { $0.name == name && $0.attributes.contains { $0.hasSuffix("StateObject") } }
    }

    static func isCostlyCall(at index: Int, in s: Structure) -> Bool {
        guard s.code[index].kind == .identifier, s.punct(index + 1, UInt8(ascii: "(")) else { return false }
        return isCostly(s.text(index))
    }

    static func isCostly(_ callee: String) -> Bool { !cheapCallees.contains(callee) }
}
