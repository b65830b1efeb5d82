import SwiftLexer

/// `@State`/`@StateObject` is the view's own storage: anything outside the view that sets it is
/// overwritten or ignored. Make it `private`. Correctable: inserts `private` where callers cannot
/// be relying on the memberwise initializer (the property has a value, or the type an `init`).
public struct StateNotPrivateRule: Rule {
    public let id = "state-not-private"

    static let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "package"]

    /// How a non-private state property gets its first value.
    enum Seeding {
        /// It has an initial value, or the type has an `init` of its own: `private` is safe.
        case owned
        /// No initial value and no `init` in the type: callers seed it through the memberwise
        /// initializer, so `private` would break them.
        case memberwise
    }

    func offenders(_ s: Structure) -> [(property: PropertyDecl, attribute: Int, seeding: Seeding)] {
        // Types with an `init` of their own, gathered only if a property without a value asks.
        var typesWithInit: Set<Int>?
        var found: [(property: PropertyDecl, attribute: Int, seeding: Seeding)] = []
        // By index: most properties are not state, and are passed over without being copied.
        for index in s.properties.indices {
            guard let position = s.properties[index].attributes.firstIndex(where: Self.isStateAttribute) else {
                continue
            }
            let property = s.properties[index]
            guard !property.modifiers.contains("private"), !property.modifiers.contains("fileprivate"),
                // Helper views inside a `PreviewProvider` or `#Preview` only feed the canvas, and
                // nobody but the system creates an `App` or a `Scene`.
                !s.isInPreview(property.nameToken),
                !(property.owner.map { s.types[$0].inherits("App") || s.types[$0].inherits("Scene") } ?? false)
            else { continue }
            var seeding = Seeding.owned
            if !property.hasInitialValue, let owner = property.owner {
                let withInit = typesWithInit ?? Set(s.functions.lazy.filter(\.isInitializer).compactMap(\.owner))
                typesWithInit = withInit
                if !withInit.contains(owner) { seeding = .memberwise }
            }
            // A state object handed in through the memberwise initializer is created once from the
            // caller's autoclosure: the documented way to inject one.
            if seeding == .memberwise, property.attributes[position].hasSuffix("StateObject") { continue }
            found.append((property, property.attributeTokens[position], seeding))
        }
        return found
    }

    /// `@State`, `@StateObject`, qualified or not (compared without hashing: asked of every attribute).
    static func isStateAttribute(_ attribute: String) -> Bool {
        attribute == "@State" || attribute == "@StateObject" || attribute == "@SwiftUI.State"
            || attribute == "@SwiftUI.StateObject"
    }

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        let s = file.structure
        return offenders(s).map { property, attribute, seeding in
            let declaration = "`\(s.text(attribute)) var \(property.name)`"
            let message =
                switch seeding {
                case .owned:
                    "\(declaration) is the view's own state but is not private, so callers can set a value the view ignores; declare it `private`"
                case .memberwise:
                    "\(declaration) has no initial value, so callers seed it through the memberwise initializer and every later value they pass is ignored; make it a `let` (or `@Binding`) if the caller owns it, or keep it `private` and set it once in an `init` (`_\(property.name) = State(initialValue: …)`)"
                }
            return Hit(
                file: file.index, offset: s.offset(of: attribute), message: message,
                fix: seeding == .owned ? fix(property, in: s) : nil)
        }
    }

    /// Inserts `private ` after the attributes, or turns an explicit `internal` (the default) into
    /// `private`; leaves declarations with a wider access level (`public`, `package`) alone.
    /// (A memberwise-seeded property gets no fix: `private` would break every caller.)
    func fix(_ property: PropertyDecl, in s: Structure) -> Fix? {
        guard let last = property.attributeTokens.last else { return nil }
        var next = last + 1
        if s.punct(next, UInt8(ascii: "(")), s.closing[next] >= 0 { next = Int(s.closing[next]) + 1 }
        guard next < s.code.count else { return nil }
        let access = property.modifiers.filter(Self.accessModifiers.contains)
        if access == ["internal"] {
            // The `internal` token between the attributes and the name.
            guard let token = (next..<property.nameToken).first(where: { s.is($0, "internal") }) else { return nil }
            return Fix([Edit(range: s.code[token].range, replacement: "private")], .safe)
        }
        guard access.isEmpty else { return nil }
        let offset = s.code[next].offset
        return Fix([Edit(range: offset..<offset, replacement: "private ")], .safe)
    }
}
