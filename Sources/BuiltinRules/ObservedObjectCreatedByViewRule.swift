import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// `@ObservedObject var model = Model()`: the view creates the object it only observes. SwiftUI
/// keeps no storage for an observed object, so every time the parent's body runs and makes the
/// view value again, a fresh `Model()` replaces the old one and its state is lost.
public struct ObservedObjectCreatedByViewRule: ProjectRule {
    public let id = "observed-object-created-by-view"
    public let startsFrom: [Vocabulary.Word] = [.view]

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        let found = s.properties.compactMap { property -> (type: String, hit: Hit)? in
            guard
                let position = property.attributes.firstIndex(where: {
                    $0 == "@ObservedObject" || $0 == "@SwiftUI.ObservedObject"
                }),
                !property.isStatic, let owner = property.owner, s.isViewType(s.types[owner]),
                !s.isInPreview(property.nameToken),
                let value = PropertyInitialValue.tokens(of: property, in: s),
                let created = Self.createdType(value, in: s)
            else { return nil }
            let hit = Hit(
                file: file.index, offset: s.offset(of: property.attributeTokens[position]),
                message:
                    "`@ObservedObject var \(property.name)` creates its own \(created); an observed object is not kept by SwiftUI, so a new one replaces it each time the parent updates the view. Use `@StateObject` (or `@State` with an `@Observable` model), or pass the object in"
            )
            // Only a file-private type shows all its constructions: a UIKit host in a file without
            // SwiftUI is not read for them, so a wider type built only in previews here may not be
            // a harness.
            let confined =
                s.types[owner].modifiers.contains("private") || s.types[owner].modifiers.contains("fileprivate")
            return (confined ? s.types[owner].name : "", hit)
        }
        guard !found.isEmpty else { return { _ in [] } }
        return { project in
            found.map { type, hit in
                // A view only previews build (a canvas harness) has no parent that updates it in
                // the app: the loss the message names does not reach users.
                guard !type.isEmpty, let sites = project.constructions[type], !sites.isEmpty,
                    sites.allSatisfy(\.inPreview)
                else { return hit }
                var quieter = hit
                quieter.severity = .info
                quieter.message += " (only previews build `\(type)`)"
                return quieter
            }
        }
    }

    /// `Model()`, `Model(arguments)`, `Module.Model()`, `.init()`: one initializer call, nothing after it.
    static func createdType(_ value: Range<Int>, in s: Structure) -> String? {
        var j = value.lowerBound
        var name: String
        if s.punct(j, UInt8(ascii: ".")), s.is(j + 1, "init") {
            name = "object"
            j += 2
        } else {
            guard s.code[j].kind == .identifier, Structure.isTypeName(s.text(j)) else { return nil }
            name = s.text(j)
            j += 1
            // `Module.Model(`: a qualified type name.
            while s.punct(j, UInt8(ascii: ".")), j + 1 < value.upperBound, s.code[j + 1].kind == .identifier,
                Structure.isTypeName(s.text(j + 1))
            {
                name = s.text(j + 1)
                j += 2
            }
            name = "`\(name)`"
        }
        guard s.punct(j, UInt8(ascii: "(")), s.closing[j] >= 0, Int(s.closing[j]) + 1 == value.upperBound
        else { return nil }
        return name
    }
}
