import SwiftLexer
import Support
import SwiftUIModel

/// `declaration: class` (or `struct`, `enum`, `actor`, `protocol`, `extension`, `func`, `init`,
/// `var`, `let`, `property`, `case`, `typealias`, a list) — declarations by kind, refined by
/// `name:`, `modifiers:` / `without_modifiers:`, `attributes:` / `without_attributes:`,
/// `inherits:` / `without_inherits:`, `type:` (a property's type, a function's return type) and
/// `body: empty`. Properties are those of types (a function's locals are not read).
/// Binds `$NAME` (the declared name) and `$OWNER` (the enclosing type's).
struct DeclarationMatcher: TeamMatcher {
    enum Kind: String, CaseIterable, Sendable {
        case `class`, `struct`, `enum`, actor, `protocol`, `extension`, `func`, `init`, `var`, `let`, property, `case`,
            `typealias`
    }

    /// Kinds as bits: asked of every declaration of every file, where a `Set` hashed each time.
    struct Kinds: Sendable {
        private var bits: UInt16 = 0

        init(_ kinds: [Kind]) { for kind in kinds { bits |= Self.bit(kind) } }

        func contains(_ kind: Kind) -> Bool { bits & Self.bit(kind) != 0 }

        private static func bit(_ kind: Kind) -> UInt16 {
            switch kind {
            case .class: 1 << 0
            case .struct: 1 << 1
            case .enum: 1 << 2
            case .actor: 1 << 3
            case .protocol: 1 << 4
            case .extension: 1 << 5
            case .func: 1 << 6
            case .`init`: 1 << 7
            case .var: 1 << 8
            case .let: 1 << 9
            case .property: 1 << 10
            case .case: 1 << 11
            case .typealias: 1 << 12
            }
        }
    }

    let kinds: Kinds
    let names: [TextPattern]
    let modifiers: [String]
    let withoutModifiers: [String]
    let attributes: [TextPattern]
    let withoutAttributes: [TextPattern]
    let inherits: [TextPattern]
    let withoutInherits: [TextPattern]
    let type: TextPattern?
    let body: String?

    static func parse(_ map: inout SpecMap, key: String = "declaration") throws -> DeclarationMatcher {
        let place = map.place
        let kinds = try (map.strings(key) ?? []).map { name -> Kind in
            guard let kind = Kind(rawValue: name) else {
                throw map.problem(
                    "`\(place).\(key)`: no declaration kind `\(name)` (kinds: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            return kind
        }
        guard !kinds.isEmpty else { throw map.problem("`\(place).\(key)` needs a kind of declaration") }
        func patterns(_ key: String) throws -> [TextPattern] {
            try TextPattern.list(map.strings(key), path: map.path, place: "\(place).\(key)")
        }
        func attributePatterns(_ key: String) throws -> [TextPattern] {
            try (map.strings(key) ?? []).map {
                try TextPattern(AttributeMatcher.withoutAt($0), path: map.path, place: "\(place).\(key)")
            }
        }
        return DeclarationMatcher(
            kinds: Kinds(kinds), names: try patterns("name"), modifiers: try map.strings("modifiers") ?? [],
            withoutModifiers: try map.strings("without_modifiers") ?? [],
            attributes: try attributePatterns("attributes"),
            withoutAttributes: try attributePatterns("without_attributes"),
            inherits: try patterns("inherits"), withoutInherits: try patterns("without_inherits"),
            type: try map.string("type").map { try TextPattern($0, path: map.path, place: "\(place).type") },
            body: try map.choice("body", ["empty", "nonempty"]))
    }

    /// One declaration, whatever its kind.
    struct Declaration {
        var kind: Kind
        var name: String
        var nameToken: Int
        var keywordToken: Int
        var attributes: [String]
        var modifiers: [String]
        var inheritance: [String]
        var type: String?
        var body: ClosedRange<Int>?
        var owner: String?
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let s = file.s
        var found: [TeamMatch] = []
        // The name and place are checked before a declaration is gathered (its lists copied).
        let keep = { (name: String, nameToken: Int) in
            (within?.contains(nameToken) ?? true) && names.anyMatches(name, budget: file.budget)
        }
        for declaration in Self.declarations(in: s, kinds: kinds, keeping: keep) {
            guard accepts(declaration, budget: file.budget) else { continue }
            let start = Self.start(before: declaration.keywordToken, s)
            let end = declaration.body?.upperBound ?? declaration.nameToken
            var bound = ["NAME": declaration.name, "KIND": declaration.kind.rawValue]
            if let owner = declaration.owner { bound["OWNER"] = owner }
            found.append(
                TeamMatch(
                    offset: s.code[declaration.nameToken].offset, token: declaration.nameToken,
                    extent: start...max(start, end),
                    anchors: file.readsAnchors
                        ? ["keyword": s.code[declaration.keywordToken].offset, "start": s.code[start].offset] : [:],
                    bindings: bound, text: declaration.name))
        }
        return found.sorted { $0.offset < $1.offset }
    }

    /// Whether the declaration is one this names; its regexes are charged to `budget`.
    func accepts(_ declaration: Declaration, budget: RegexBudget) -> Bool {
        guard names.anyMatches(declaration.name, budget: budget) else { return false }
        for modifier in modifiers where !declaration.modifiers.contains(where: { Self.modifier($0, is: modifier) }) {
            return false
        }
        for modifier in withoutModifiers
        where declaration.modifiers.contains(where: { Self.modifier($0, is: modifier) }) {
            return false
        }
        let attributeNames =
            attributes.isEmpty && withoutAttributes.isEmpty ? [] : declaration.attributes.map { String($0.dropFirst()) }
        for attribute in attributes where !attributeNames.contains(where: { attribute.matches($0, budget: budget) }) {
            return false
        }
        for attribute in withoutAttributes
        where attributeNames.contains(where: { attribute.matches($0, budget: budget) }) {
            return false
        }
        if !inherits.isEmpty, !declaration.inheritance.contains(where: { inherits.anyMatches($0, budget: budget) }) {
            return false
        }
        if declaration.inheritance.contains(where: { name in
            withoutInherits.contains { $0.matches(name, budget: budget) }
        }) {
            return false
        }
        if let type, !type.matches(declaration.type ?? "", budget: budget) { return false }
        if let body {
            guard let range = declaration.body else { return false }
            let empty = range.upperBound == range.lowerBound + 1
            if (body == "empty") != empty { return false }
        }
        return true
    }

    /// `private(set)` counts as `private(set)`, not as `private`; `weak` as itself.
    static func modifier(_ written: String, is wanted: String) -> Bool { written == wanted }

    /// Every declaration of the kinds asked for whose name and name token `keep` accepts.
    static func declarations(
        in s: Structure, kinds: Kinds, keeping keep: (String, Int) -> Bool = { _, _ in true }
    ) -> [Declaration] {
        var result: [Declaration] = []
        // By index: `for type in s.types` copies each declaration (a retain per list it holds).
        for t in s.types.indices {
            let kind = Self.kind(of: s.types[t].kind)
            guard kinds.contains(kind), keep(s.types[t].name, s.types[t].nameToken) else { continue }
            let type = s.types[t]
            result.append(
                Declaration(
                    kind: kind, name: type.name, nameToken: type.nameToken, keywordToken: type.nameToken - 1,
                    attributes: type.attributes, modifiers: type.modifiers, inheritance: type.inheritance, type: nil,
                    body: type.body, owner: type.parent.map { s.types[$0].name }))
        }
        if kinds.contains(.func) || kinds.contains(.`init`) {
            for f in s.functions.indices {
                let kind: Kind = s.functions[f].isInitializer ? .`init` : .func
                guard kinds.contains(kind), keep(s.functions[f].name, s.functions[f].nameToken) else { continue }
                let function = s.functions[f]
                result.append(
                    Declaration(
                        kind: kind, name: function.name, nameToken: function.nameToken,
                        keywordToken: function.isInitializer ? function.nameToken : function.nameToken - 1,
                        attributes: function.attributes, modifiers: function.modifiers, inheritance: [],
                        type: function.returnType, body: function.body, owner: function.owner.map { s.types[$0].name }))
            }
        }
        if kinds.contains(.var) || kinds.contains(.let) || kinds.contains(.property) {
            for p in s.properties.indices {
                let kind: Kind = s.properties[p].isLet ? .let : .var
                guard kinds.contains(kind) || kinds.contains(.property),
                    keep(s.properties[p].name, s.properties[p].nameToken)
                else { continue }
                let property = s.properties[p]
                result.append(
                    Declaration(
                        kind: kind, name: property.name, nameToken: property.nameToken,
                        keywordToken: property.nameToken - 1, attributes: property.attributes,
                        modifiers: property.modifiers, inheritance: [], type: property.type, body: property.body,
                        owner: property.owner.map { s.types[$0].name }))
            }
        }
        if kinds.contains(.case) { result += enumCases(s).filter { keep($0.name, $0.nameToken) } }
        if kinds.contains(.typealias) {
            for index in s.code.indices
            where s.code[index].keyword == .typealias && s.isWord(index + 1) && keep(s.text(index + 1), index + 1) {
                result.append(
                    Declaration(
                        kind: .typealias, name: s.text(index + 1), nameToken: index + 1, keywordToken: index,
                        attributes: [], modifiers: [], inheritance: [], type: nil, body: nil,
                        owner: s.enclosingType(of: index).map { s.types[$0].name }))
            }
        }
        return result
    }

    static func kind(of kind: TypeKind) -> Kind {
        switch kind {
        case .struct: .struct
        case .class: .class
        case .enum: .enum
        case .actor: .actor
        case .extension: .extension
        case .protocol: .protocol
        }
    }

    /// `case a, b(Int), c = 3` directly in an enum's body.
    static func enumCases(_ s: Structure) -> [Declaration] {
        var result: [Declaration] = []
        for index in s.code.indices where s.code[index].keyword == .case {
            guard case .typeBody(let type) = s.scopes[Int(s.scopeOf[index])].kind, s.types[type].kind == .enum else {
                continue
            }
            var k = index + 1
            while k < s.code.count, s.isWord(k) {
                result.append(
                    Declaration(
                        kind: .case, name: s.text(k), nameToken: k, keywordToken: index, attributes: [], modifiers: [],
                        inheritance: [], type: nil, body: nil, owner: s.types[type].name))
                k += 1
                if s.punct(k, UInt8(ascii: "(")), s.closing[k] > k { k = Int(s.closing[k]) + 1 }
                if s.isOperator(k, "=") { k += 2 }
                guard s.punct(k, UInt8(ascii: ",")) else { break }
                k += 1
            }
        }
        return result
    }

    /// The first attribute or modifier written before a declaration's keyword.
    static func start(before keyword: Int, _ s: Structure) -> Int {
        var k = keyword - 1
        var start = keyword
        while k >= 0 {
            let token = s.code[k]
            if token.kind == .attribute || token.kind == .keyword && Self.keywordModifiers.contains(token.keyword)
                || token.kind == .identifier && SwiftLintKindClassifier.modifiers.contains(where: { s.spells(k, $0) })
            {
                start = k
                k -= 1
                continue
            }
            if s.punct(k, UInt8(ascii: ")")), s.opening[k] >= 1 {
                let open = Int(s.opening[k])
                let before = s.code[open - 1]
                if before.kind == .attribute
                    || before.kind == .keyword && Self.keywordModifiers.contains(before.keyword)
                    || SwiftLintKindClassifier.modifiers.contains(where: { s.spells(open - 1, $0) })
                {
                    start = open - 1
                    k = open - 2
                    continue
                }
            }
            break
        }
        return start
    }

    static let keywordModifiers: Set<Keyword> = [.public, .private, .fileprivate, .internal, .open, .static, .class]

    /// Texts a file must hold: those of the names, else the supertypes, else the attributes
    /// the declaration must have (`XCTestCase`, `@State`); nil when none is required.
    var requiredTexts: [[UInt8]]? {
        func texts(_ patterns: [TextPattern], prefix: String = "") -> [[UInt8]]? {
            guard !patterns.isEmpty, !patterns.contains(where: \.negated) else { return nil }
            var all: [[UInt8]] = []
            for pattern in patterns {
                if let plain = pattern.plainText {
                    all.append(Array((prefix + plain).utf8))
                } else if let literals = pattern.requiredTexts {
                    all += literals
                } else {
                    return nil
                }
            }
            return all
        }
        if let found = texts(names) { return found }
        if let found = texts(inherits) { return found }
        // Every listed attribute is required: any one of them is a text the file must hold.
        if let first = attributes.first, let found = texts([first], prefix: "@") { return found }
        return nil
    }

    var anchorNames: [String] { ["keyword", "start"] }

    func defaultMessage(_ match: TeamMatch) -> String {
        "\(match.bindings["KIND"] ?? "declaration") `\(match.text)` is not declared the way this rule asks"
    }
}
