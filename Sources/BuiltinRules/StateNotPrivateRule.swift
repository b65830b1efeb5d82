import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// `@State`/`@StateObject` is the view's own storage: anything outside the view that sets it is
/// overwritten or ignored. Make it `private`. Correctable: inserts `private`, a safe fix only when
/// the project index shows nothing outside the type's declarations in this file can use the name
/// (no declaration of the type in another file, no caller passing it to the memberwise
/// initializer, no protocol requirement it satisfies).
public struct StateNotPrivateRule: CollectingRule {
    public let id = "state-not-private"

    /// SwiftUI's protocols whose conformers own `@State` as views do.
    static let viewProtocols = SwiftUINames.viewProtocols.union(["ViewModifier"])

    static let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "package"]

    /// How a non-private state property gets its first value.
    enum Seeding {
        /// It has an initial value, or the type has an `init` of its own: `private` is safe.
        case owned
        /// No initial value and no `init` in the type: callers seed it through the memberwise
        /// initializer, so `private` would break them.
        case memberwise
    }

    func offenders(_ s: Structure) -> [(property: PropertyDecl, attribute: Int, seeding: Seeding, changed: Bool)] {
        // Types with an `init` of their own, gathered only if a property without a value asks.
        var typesWithInit: Set<Int>?
        var found: [(property: PropertyDecl, attribute: Int, seeding: Seeding, index: Int)] = []
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
            // `var x: T?` starts as nil: the memberwise initializer does not require it.
            if !property.hasInitialValue, property.type?.hasSuffix("?") != true, let owner = property.owner {
                let withInit = typesWithInit ?? Set(s.functions.lazy.filter(\.isInitializer).compactMap(\.owner))
                typesWithInit = withInit
                if !withInit.contains(owner) { seeding = .memberwise }
            }
            // A state object handed in through the memberwise initializer is created once from the
            // caller's autoclosure: the documented way to inject one.
            if seeding == .memberwise, property.attributes[position].hasSuffix("StateObject") { continue }
            found.append((property, property.attributeTokens[position], seeding, index))
        }
        guard !found.isEmpty else { return [] }
        let changed = BindingWrites.changedProperties(found.map(\.index), in: s)
        return found.map { ($0.property, $0.attribute, $0.seeding, changed.contains($0.index)) }
    }

    /// `private(set)` and the like: the setter is narrowed, but the getter and the memberwise
    /// initializer's parameter stay as wide as the type.
    static func setterAccess(_ property: PropertyDecl) -> String? {
        property.modifiers.first { $0.hasSuffix("(set)") }
    }

    /// `@State`, `@StateObject`, qualified or not (compared without hashing: asked of every attribute).
    static func isStateAttribute(_ attribute: String) -> Bool {
        attribute == "@State" || attribute == "@StateObject" || attribute == "@SwiftUI.State"
            || attribute == "@SwiftUI.StateObject"
    }

    /// What the verdict needs of one offender once the index is built.
    struct Candidate: Sendable {
        var offset: Int
        var type: String
        var property: String
        var declaration: String
        var seeding: Seeding
        /// The type's declaration here says it is a view (or a view modifier).
        var declaredAsView: Bool
        var isClass: Bool
        /// Written `private(set)`: narrowed for setters only.
        var setterOnly: Bool
        var fix: Fix?
        /// The type declares an `init`: there is no memberwise initializer to seed the state from.
        var hasOwnInit = false
        /// `@StateObject` rather than `@State`.
        var isStateObject = false
        /// The view assigns or mutates it (or hands `$x` on) outside its initializers.
        var changedByView = false
    }

    public func collect(_ file: LintFile) -> StateNotPrivateFileFacts? {
        let facts = StateNotPrivateFileFacts(file)
        return facts.isEmpty ? nil : facts
    }

    public static func merge(_ collected: Collected<StateNotPrivateFileFacts>) -> StateNotPrivateFacts {
        StateNotPrivateFacts(collected)
    }

    public func validate(
        _ file: LintFile, options: RuleOptions
    ) -> @Sendable (ProjectIndex, StateNotPrivateFacts) -> [Hit] {
        let s = file.structure
        var withOwnInit: Set<Int>?
        let candidates = offenders(s).compactMap { property, attribute, seeding, changed -> Candidate? in
            guard let owner = property.owner else { return nil }
            let type = s.types[owner]
            let ownInits = withOwnInit ?? s.typesWithoutMemberwiseInitializer()
            withOwnInit = ownInits
            var candidate = Candidate(
                offset: s.offset(of: attribute), type: type.name, property: property.name,
                declaration:
                    "`\(s.text(attribute))\(Self.setterAccess(property).map { " \($0)" } ?? "") var \(property.name)`",
                seeding: seeding,
                declaredAsView: Self.viewProtocols.contains { type.inherits($0) }, isClass: type.kind == .class,
                setterOnly: Self.setterAccess(property) != nil, fix: seeding == .owned ? fix(property, in: s) : nil)
            candidate.hasOwnInit = ownInits.contains(owner)
            candidate.isStateObject = s.text(attribute).hasSuffix("StateObject")
            candidate.changedByView = changed
            return candidate
        }
        guard !candidates.isEmpty else { return { _, _ in [] } }
        let fileIndex = file.index
        return { project, facts in
            candidates.compactMap { candidate in
                // State belongs to views: in a class or a type no declaration calls a view, `@State`
                // is someone else's business, and the rule cannot tell what `private` would break.
                guard !candidate.isClass, candidate.declaredAsView || project.isView(candidate.type),
                    // `private` cannot satisfy a protocol's requirement: it would not build.
                    !facts.protocolRequires(candidate.property, of: candidate.type, in: project)
                else { return nil }
                // A caller passing the name to the memberwise initializer (no `init` of the type
                // takes that label) seeds the state on purpose; `private` would break that caller.
                let passedByCallers =
                    facts.isConstructed(candidate.type, passing: candidate.property)
                    && !project.initializers(of: candidate.type).contains { initializer in
                        initializer.function.parameters.contains { $0.label == candidate.property }
                    }
                if passedByCallers || candidate.seeding == .memberwise {
                    return Self.seeded(
                        candidate, passedByCallers: passedByCallers, facts: facts, project: project, file: fileIndex)
                }
                // Declared again in another file (an extension in `Type+Logic.swift`): code there
                // may use the name, which `private` would hide. Only a person can tell.
                // An extension in another file that uses the name: `private` would not build, so there
                // is no fix at all, and the finding says where.
                if let user = facts.extensionUsing(
                    candidate.property, of: candidate.type, outside: fileIndex, in: project)
                {
                    return Hit(
                        file: fileIndex, offset: candidate.offset,
                        message:
                            "\(candidate.declaration) is the view's own state but is not private, and an extension in another file uses it, so `private` would not build; move that extension's code into this file, then declare it `private`",
                        severity: .info,
                        evidence: [
                            .at(
                                user.path, line: user.line,
                                "this extension of `\(candidate.type)` uses `\(candidate.property)`")
                        ])
                }
                let extensionSite = project.extensionSite(of: candidate.type, outside: fileIndex)
                let elsewhere = extensionSite != nil || project.isExtended(candidate.type, outside: fileIndex)
                var fix = candidate.fix
                if elsewhere { fix?.applicability = .unsafe }
                // A type only previews build (a preview harness) is scaffolding: `info`. Only a
                // file-private type shows all its constructions (files with no SwiftUI in them,
                // a UIKit host's, are not read for constructions).
                let harness =
                    facts.filePrivateTypes.contains(candidate.type)
                    && project.constructions[candidate.type].map { sites in
                        !sites.isEmpty && sites.allSatisfy(\.inPreview)
                    } ?? false
                // With an `init` of its own the view has no memberwise initializer: no caller can
                // pass the state a value, so the hazard the message names cannot happen here.
                if candidate.hasOwnInit, !elsewhere {
                    return Hit(
                        file: fileIndex, offset: candidate.offset,
                        message:
                            "\(candidate.declaration) is the view's own state but is not private; `\(candidate.type)` has an `init` of its own, so no caller can set it today, and `private` says so",
                        severity: .info, fix: fix)
                }
                // A file-private view only this file can build: when none of its constructions
                // here passes the property, no caller sets it, and the hazard is not there today.
                if facts.filePrivateTypes.contains(candidate.type), !elsewhere,
                    !facts.isConstructed(candidate.type, passing: candidate.property)
                {
                    return Hit(
                        file: fileIndex, offset: candidate.offset,
                        message:
                            "\(candidate.declaration) is the view's own state but is not private; `\(candidate.type)` is private to this file and no construction of it here passes `\(candidate.property):`, so no caller sets it today, and `private` says so",
                        severity: .info, fix: fix)
                }
                // A state object a caller passes is kept from the view's first creation only.
                let ignored =
                    candidate.isStateObject
                    ? "so callers can pass an object the view keeps only from its first appearance"
                    : "so callers can set a value the view ignores"
                return Hit(
                    file: fileIndex, offset: candidate.offset,
                    message:
                        "\(candidate.declaration) is the view's own state but is not private, \(ignored)"
                        + (candidate.setterOnly
                            ? " (`private(set)` still lets them pass one to the memberwise initializer, and read a value that is not the live state); declare it `private`"
                            : "; declare it `private`")
                        + (elsewhere ? " (if no extension of `\(candidate.type)` in another file uses it)" : "")
                        + (harness && !elsewhere ? " (only previews build `\(candidate.type)`)" : ""),
                    severity: elsewhere || harness ? .info : nil, fix: fix,
                    evidence: extensionSite.map {
                        [.at($0.path, line: $0.line, "`\(candidate.type)` is extended here, where code may use it")]
                    } ?? [])
            }
        }
    }

    /// A state callers seed through the memberwise initializer. The hazard is a caller's value that
    /// changes later, which the state ignores: a warning when some caller passes something other
    /// than a literal (worse when the view also changes its own copy, which then drifts from the
    /// caller's), `info` when every caller passes a literal, which never changes. With no caller
    /// in the run passing it, who seeds it is unknown: a warning, as the memberwise parameter
    /// invites one.
    static func seeded(
        _ candidate: Candidate, passedByCallers: Bool, facts: StateNotPrivateFacts, project: ProjectIndex, file: Int
    ) -> Hit {
        let changing = facts.changingSeedSite(of: candidate.type, passing: candidate.property, in: project)
        let nonLiteral = facts.nonLiteralSeedSite(of: candidate.type, passing: candidate.property, in: project)
        let advice =
            "make it a `let` (or `@Binding`) if the caller owns it, or keep it `private` and set it once in an `init` (`_\(candidate.property) = State(initialValue: …)`)"
        if passedByCallers, nonLiteral == nil {
            let caller = facts.constructionSite(of: candidate.type, passing: candidate.property, in: project)
            return Hit(
                file: file, offset: candidate.offset,
                message:
                    "\(candidate.declaration) is seeded by callers through the memberwise initializer, each with a literal (or only in previews and tests), so nothing they pass later is lost today; \(advice)",
                severity: .info,
                evidence: caller.map {
                    [
                        .at(
                            $0.path, line: $0.line, column: $0.column,
                            "a caller passes `\(candidate.property):` here")
                    ]
                } ?? [])
        }
        // A state with an initial value of its own that a caller also passes: the hazard that
        // shows is a view changing its copy of a value the caller keeps changing; else a note.
        let drifts = candidate.changedByView && changing != nil
        let drift =
            drifts
            ? ", and `\(candidate.type)` changes its own copy, which then drifts from the caller's value"
            : ", and every later value they pass is ignored"
        let site =
            (drifts ? changing : nonLiteral)
            ?? facts.constructionSite(of: candidate.type, passing: candidate.property, in: project)
        return Hit(
            file: file, offset: candidate.offset,
            message:
                "\(candidate.declaration) is seeded by callers through the memberwise initializer\(drift); \(advice)",
            severity: candidate.seeding == .owned && !drifts ? .info : nil,
            evidence: site.map {
                [
                    .at(
                        $0.path, line: $0.line, column: $0.column,
                        !drifts
                            ? "a caller passes `\(candidate.property):` here"
                            : "a caller passes `\(candidate.property):` a value that can change here")
                ]
            } ?? [])
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
        if property.modifiers.contains(where: { $0.hasSuffix("(set)") }) {
            // `private(set)` alone (the getter is internal) becomes `private`; beside a wider getter
            // (`public private(set)`) the choice is the author's.
            guard access.isEmpty, let token = (next..<property.nameToken).first(where: { s.is($0, "(") }),
                s.closing[token] >= 0
            else { return nil }
            let range = s.code[token - 1].range.lowerBound..<s.code[Int(s.closing[token])].range.upperBound
            return Fix([Edit(range: range, replacement: "private")], .safe)
        }
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
