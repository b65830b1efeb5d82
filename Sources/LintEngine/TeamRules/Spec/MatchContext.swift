import SwiftLexer
import Support
import SwiftUIModel

/// Where a match counts: `inside:` (any of), `not_inside:` (none of), `has:` (each of these is
/// found in the match, or in the type or file around it) and `not_has:` (none is), with the
/// match's metavariables carried into `has` patterns (`has: {code: "self.$NAME = $$$"}`).
struct MatchContext: Sendable {
    var inside: [ContextPlace] = []
    var notInside: [ContextPlace] = []
    var has: [SubMatch] = []
    var notHas: [SubMatch] = []

    static func parse(_ map: inout SpecMap) throws -> MatchContext {
        var context = MatchContext()
        context.inside = try ContextPlace.list(map.items("inside"), path: map.path, place: "\(map.place).inside")
        context.notInside = try ContextPlace.list(
            map.items("not_inside"), path: map.path, place: "\(map.place).not_inside")
        context.has = try SubMatch.list(map.items("has"), path: map.path, place: "\(map.place).has")
        context.notHas = try SubMatch.list(map.items("not_has"), path: map.path, place: "\(map.place).not_has")
        return context
    }

    var isEmpty: Bool { inside.isEmpty && notInside.isEmpty && has.isEmpty && notHas.isEmpty }

    /// Whether a place of this context (or of its `has`) is `test`.
    var readsTestImports: Bool {
        let places = inside + notInside
        if places.contains(where: { if case .test = $0 { true } else { false } }) { return true }
        return (has + notHas).contains { $0.context.readsTestImports }
    }

    func allows(_ match: TeamMatch, in file: TeamFile) -> Bool {
        if !inside.isEmpty, !inside.contains(where: { $0.holds(match.token, in: file) }) { return false }
        if notInside.contains(where: { $0.holds(match.token, in: file) }) { return false }
        for sub in has where !sub.found(for: match, in: file) { return false }
        for sub in notHas where sub.found(for: match, in: file) { return false }
        return true
    }
}

/// A place a match may stand in: a call's arguments or closures (`List`, `.sheet`,
/// `{call: NavigationLink, label: destination}`), a declaration (`{declaration: struct,
/// inherits: View}`), a preview, or a test file.
enum ContextPlace: Sendable {
    case call(CallMatcher.Callee, label: String?)
    case declaration(DeclarationMatcher)
    case preview
    case test

    static func list(_ items: [Any]?, path: String, place: String) throws -> [ContextPlace] {
        try (items ?? []).map { item in
            if let map = item as? [String: Any] {
                var reader = SpecMap(map, path: path, place: place)
                if reader.has("declaration") {
                    let declaration = try DeclarationMatcher.parse(&reader)
                    try reader.finish()
                    return .declaration(declaration)
                }
                if reader.has("call") {
                    let call = try CallMatcher.parse(&reader)
                    guard call.callees.count == 1, call.value == nil, call.withoutLabels.isEmpty else {
                        throw SpecMap.problem(
                            path, "`\(place)`: a call place takes one `call:` and an optional `label:`")
                    }
                    try reader.finish()
                    return .call(call.callees[0], label: call.label)
                }
                throw SpecMap.problem(
                    path, "`\(place)`: a place is a call name, `preview`, `test`, `{call: …}` or `{declaration: …}`")
            }
            let text = "\(item)"
            switch text {
            case "preview": return .preview
            case "test": return .test
            default:
                var reader = SpecMap(["call": text], path: path, place: place)
                return .call(try CallMatcher.parse(&reader).callees[0], label: nil)
            }
        }
    }

    func holds(_ token: Int, in file: TeamFile) -> Bool {
        let s = file.s
        switch self {
        case .preview:
            return s.isInPreview(token)
        case .test:
            return file.importsTestFramework
        case .call(let callee, let label):
            let matcher = CallMatcher(callees: [callee], label: nil, withoutLabels: [], value: nil)
            for call in s.enclosingCalls(of: token) {
                let site = s.calls[call]
                guard matcher.matches(callSite: site, s) else { continue }
                guard let label else { return true }
                if s.arguments(of: site).contains(where: { $0.label == label && $0.value.contains(token) }) {
                    return true
                }
                if s.trailingClosures(of: site).contains(where: { $0.label == label && $0.body.contains(token) }) {
                    return true
                }
            }
            return false
        case .declaration(let matcher):
            var holds = false
            s.forEachEnclosingScope(of: token) { scope in
                if let declaration = Self.declaration(of: scope, s),
                    matcher.kinds.contains(declaration.kind)
                        || declaration.kind == .let && matcher.kinds.contains(.property)
                        || declaration.kind == .var && matcher.kinds.contains(.property),
                    matcher.accepts(declaration, budget: file.budget)
                {
                    holds = true
                    return false
                }
                return true
            }
            return holds
        }
    }

    /// The declaration whose body a scope is.
    static func declaration(of scope: Scope, _ s: Structure) -> DeclarationMatcher.Declaration? {
        switch scope.kind {
        case .typeBody(let index):
            let type = s.types[index]
            guard let kind = DeclarationMatcher.Kind(rawValue: type.kind.rawValue) else { return nil }
            return .init(
                kind: kind, name: type.name, nameToken: type.nameToken, keywordToken: type.nameToken - 1,
                attributes: type.attributes, modifiers: type.modifiers, inheritance: type.inheritance, type: nil,
                body: type.body, owner: type.parent.map { s.types[$0].name })
        case .function(let index):
            let function = s.functions[index]
            return .init(
                kind: function.isInitializer ? .`init` : .func, name: function.name, nameToken: function.nameToken,
                keywordToken: function.isInitializer ? function.nameToken : function.nameToken - 1,
                attributes: function.attributes, modifiers: function.modifiers, inheritance: [],
                type: function.returnType, body: function.body, owner: function.owner.map { s.types[$0].name })
        case .property(let index):
            let property = s.properties[index]
            return .init(
                kind: property.isLet ? .let : .var, name: property.name, nameToken: property.nameToken,
                keywordToken: property.nameToken - 1, attributes: property.attributes, modifiers: property.modifiers,
                inheritance: [], type: property.type, body: property.body,
                owner: property.owner.map { s.types[$0].name })
        default:
            return nil
        }
    }
}

/// One `has:` / `not_has:` entry: a match of its own (any `match:` kind) with `scope:` (`self`,
/// the default: within the match; `type`: the body of the type around it; `file`) and its own
/// `inside:` / `not_inside:`.
struct SubMatch: Sendable {
    enum Scope: String, Sendable { case `self`, type, file }

    let matcher: any TeamMatcher
    let scope: Scope
    let context: MatchContext
    /// The matcher's required texts, read once: a file with none of them holds no match.
    let required: [[UInt8]]?

    init(matcher: any TeamMatcher, scope: Scope, context: MatchContext) {
        self.matcher = matcher
        self.scope = scope
        self.context = context
        required = matcher.requiredTexts
    }

    static func list(_ items: [Any]?, path: String, place: String) throws -> [SubMatch] {
        try (items ?? []).map { item in
            var reader = try SpecMap.from(item, path: path, place: place)
            let scope = Scope(rawValue: try reader.choice("scope", ["self", "type", "file"]) ?? "self") ?? .`self`
            let matcher = try TeamMatcherParser.primary(&reader)
            let context = try MatchContext.parse(&reader)
            try reader.finish()
            return SubMatch(matcher: matcher, scope: scope, context: context)
        }
    }

    func found(for match: TeamMatch, in file: TeamFile) -> Bool {
        if let required, !required.contains(where: file.index.contains) { return false }
        let s = file.s
        let range: Range<Int>
        switch scope {
        case .`self`:
            range = match.extent.lowerBound..<(match.extent.upperBound + 1)
        case .type:
            guard let type = s.enclosingType(of: match.token), let body = s.types[type].body else { return false }
            range = body.lowerBound..<(body.upperBound + 1)
        case .file:
            range = 0..<s.code.count
        }
        return matcher.matches(in: file, within: range, bindings: match.bindings).contains {
            context.allows($0, in: file)
        }
    }
}
