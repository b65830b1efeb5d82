import SwiftLexer
import Support

/// Whether building a value of a type does work beyond storing its arguments: an initializer or a
/// stored property's initial value that calls, computes or allocates (`model = Model(id)`,
/// `@ObservedObject var store = Store()`, `let rows = items.sorted()`). A `@StateObject`'s value is
/// an autoclosure, made once by SwiftUI, and does not count; nor do work in closures an initializer
/// only stores, the property wrappers themselves, or values the platform makes in no time.
/// Read per declaration by `eager-list-destination` (its collected facts): each with the
/// line that does the work, the finding's proof, and the initializer it is in.
package enum ConstructionCost {
    /// Calls that make small values or wrap what they are given.
    static let cheapCallees: Set<String> = [
        "State", "Binding", "StateObject", "ObservedObject", "Environment", "FocusState", "Bindable", "init",
        "String", "Int", "Double", "Float", "Bool", "CGFloat", "CGSize", "CGPoint", "CGRect", "EdgeInsets", "UUID",
        "Date", "Color", "Font", "Array", "Set", "Dictionary", "NavigationPath", "Namespace", "Text", "Image",
        "AnyView", "LocalizedStringKey", "min", "max", "abs", "constant",
        // Combine publishers do nothing until something subscribes.
        "publisher", "publish",
    ]

    /// Where the file's types (declarations and extensions) do work when built: the first costly
    /// stored property initial value of a type, and each initializer whose body does work.
    package static func workSites(in s: Structure) -> [WorkSite] {
        var sites: [WorkSite] = []
        var withCostlyProperty = Set<Int>()
        // A `lazy var`'s value is made on first use, not when the value is built.
        for property in s.properties
        where property.hasInitialValue && property.body == nil && !property.isStatic
            && !property.modifiers.contains("lazy")
        {
            guard let owner = property.owner, !withCostlyProperty.contains(owner),
                !property.attributes.contains(where: { $0.hasSuffix("StateObject") }),
                let token = initialValueCall(property, in: s)
            else { continue }
            withCostlyProperty.insert(owner)
            sites.append(site(s.types[owner].name, at: token, in: s, initializerLabels: nil))
        }
        // `@StateObject` properties by name, for `isStateObjectStorage` (a walk over every property
        // per call asked made a file of many views cost the square of its size).
        let stateObjects = Set(
            s.properties.lazy.filter { $0.attributes.contains { $0.hasSuffix("StateObject") } }.map(\.name))
        for function in s.functions where function.isInitializer {
            guard let owner = function.owner, let body = function.body,
                let token = workInBody(body, in: s, stateObjects: stateObjects)
            else {
                continue
            }
            sites.append(
                site(
                    s.types[owner].name, at: token, in: s,
                    initializerLabels: function.parameters.map { $0.label ?? "_" }))
        }
        return sites
    }

    static func site(_ type: String, at token: Int, in s: Structure, initializerLabels: [String]?) -> WorkSite {
        let line = s.code[token].line
        return WorkSite(
            type: type, line: line, code: s.file.positions.excerpt(around: s.code[token].offset, line: line),
            initializerLabels: initializerLabels)
    }

    /// The first call that is not cheap in the property's initial value (after `=`, on its line or
    /// in brackets opened there).
    static func initialValueCall(_ property: PropertyDecl, in s: Structure) -> Int? {
        var index = property.nameToken + 1
        // Past the type annotation to `=`, skipping bracketed groups whole.
        while index < s.code.count, !(s.code[index].kind == .operator && s.is(index, "=")) {
            if s.code[index].line != s.code[property.nameToken].line { return nil }
            index = s.closing[index] > index ? Int(s.closing[index]) + 1 : index + 1
        }
        guard index < s.code.count else { return nil }
        let line = s.code[index].line
        var next = index + 1
        while next < s.code.count, s.code[next].line == line || next == index + 1 {
            if isCostlyCall(at: next, in: s) { return next }
            if s.closing[next] > next {
                // A bracketed group opened here: everything in it belongs to the value.
                for inner in next..<Int(s.closing[next]) where isCostlyCall(at: inner, in: s) { return inner }
                next = Int(s.closing[next]) + 1
                continue
            }
            next += 1
        }
        return nil
    }

    /// The first costly call in an initializer's body, outside closures it only stores and outside
    /// a `StateObject(wrappedValue:)`'s autoclosure.
    static func workInBody(_ body: ClosedRange<Int>, in s: Structure, stateObjects: Set<String>) -> Int? {
        // An unclosed body (a truncated file) ends where it starts: nothing inside to judge.
        guard body.upperBound > body.lowerBound else { return nil }
        for callIndex in s.calls(in: body.lowerBound + 1..<body.upperBound) {
            let call = s.calls[callIndex]
            guard isCostly(call.callee), !isDefaultsRead(call, in: s), !isValueConversion(call, in: s),
                !s.isDeferred(call.calleeToken, within: body)
            else { continue }
            // `self.init(…)` delegates to another initializer, judged on its own.
            if call.callee == "init" { continue }
            let outer = s.enclosingCalls(of: call.calleeToken)
            if outer.contains(where: {
                s.calls[$0].callee == "StateObject" || isStateObjectStorage($0, in: s, stateObjects: stateObjects)
            }) {
                continue
            }
            return call.calleeToken
        }
        return nil
    }

    /// `UserDefaults.standard.bool(forKey:)`, and a method of the app's own defaults wrapper
    /// (`WatchUserDefaults.shared.urlOverride(for:)`): a key-value read, no work worth deferring.
    static func isDefaultsRead(_ call: CallSite, in s: Structure) -> Bool {
        guard call.isMember else { return false }
        var j = call.calleeToken - 1
        while j >= 0, s.code[j].line == s.code[call.calleeToken].line, j >= call.calleeToken - 6 {
            if s.code[j].kind == .identifier {
                let name = s.text(j)
                if name == "UserDefaults" || name == "defaults" { return defaultsGetters.contains(call.callee) }
                if name.hasSuffix("Defaults") { return true }
            }
            j -= 1
        }
        return false
    }

    /// `raw.flatMap(Kind.init(rawValue:))`, `ids.map(\.name)`: a value converted by an
    /// initializer or read through a key path, no work worth deferring.
    static func isValueConversion(_ call: CallSite, in s: Structure) -> Bool {
        guard call.isMember, call.callee == "map" || call.callee == "flatMap" || call.callee == "compactMap",
            let argument = s.arguments(of: call).first, s.arguments(of: call).count == 1,
            let first = argument.value.first
        else { return false }
        if s.code[first].kind == .operator, s.is(first, "\\") { return true }
        // `Type.init(label:)` or `.init(label:)` named as a function.
        return argument.value.contains { s.is($0, "init") }
            && !argument.value.contains { s.punct($0, UInt8(ascii: "{")) }
    }

    static let defaultsGetters: Set<String> = [
        "bool", "string", "integer", "double", "float", "object", "value", "array", "dictionary", "data", "url",
        "stringArray",
    ]

    /// `_model = .init(wrappedValue: …)` (or `self._model = …`) where `model` is a `@StateObject`:
    /// the same autoclosure as `StateObject(wrappedValue:)`. `stateObjects`: the names of the file's
    /// `@StateObject` properties (of any type).
    static func isStateObjectStorage(_ callIndex: Int, in s: Structure, stateObjects: Set<String>) -> Bool {
        let call = s.calls[callIndex]
        guard call.isMember, call.callee == "init",
            let dot = call.baseToken.map({ $0 + 1 }) ?? Optional(call.calleeToken - 1),
            s.punct(dot, UInt8(ascii: ".")), dot >= 2, s.code[dot - 1].kind == .operator, s.is(dot - 1, "=")
        else { return false }
        let storage = s.text(dot - 2)
        guard storage.hasPrefix("_") else { return false }
        let name = String(storage.dropFirst())
        return stateObjects.contains(name)
    }

    static func isCostlyCall(at index: Int, in s: Structure) -> Bool {
        guard s.code[index].kind == .identifier, s.punct(index + 1, UInt8(ascii: "(")) else { return false }
        return isCostly(s.text(index))
    }

    static func isCostly(_ callee: String) -> Bool { !cheapCallees.contains(callee) }
}

/// Where building a type does work: the line (the proof), and the labels of the initializer it is
/// in (nil: a stored property's initial value, paid by every initializer).
public struct WorkSite: Sendable, Equatable {
    public var type: String
    public var line: Int
    public var code: String
    public var initializerLabels: [String]?
    /// The file it is in (set by the index).
    public var file = 0
}
