import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// `@StateObject var store = Store.shared`: a state object says the view owns the object and
/// makes it once for the view's lifetime; a shared instance is owned by no view and outlives them
/// all. It works, but says the wrong thing: observe it (`@ObservedObject`) or read it from the
/// environment, so the view can be given another instance in previews and tests.
public struct StateObjectSingletonRule: Rule {
    public let id = "state-object-singleton"
    public let startsFrom: [Vocabulary.Word] = [.view]

    static let sharedNames: Set<String> = ["shared", "default", "current"]

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        let s = file.structure
        return s.properties.compactMap { property -> Hit? in
            guard
                let position = property.attributes.firstIndex(where: {
                    $0 == "@StateObject" || $0 == "@SwiftUI.StateObject"
                }),
                !property.isStatic, let owner = property.owner, s.isViewType(s.types[owner]),
                let value = PropertyInitialValue.tokens(of: property, in: s),
                let shared = Self.sharedInstance(value, in: s)
            else { return nil }
            return Hit(
                file: file.index, offset: s.offset(of: property.attributeTokens[position]),
                message:
                    "`@StateObject var \(property.name)` wraps the shared instance `\(shared)`, which no view owns; observe it with `@ObservedObject` or read it from the environment"
            )
        }
    }

    /// `Type.shared` or `.shared` (with the type written on the property), and nothing after it.
    static func sharedInstance(_ value: Range<Int>, in s: Structure) -> String? {
        let count = value.count
        let first = value.lowerBound
        if count == 2, s.punct(first, UInt8(ascii: ".")), sharedNames.contains(s.text(first + 1)) {
            return s.text(value)
        }
        guard count == 3, s.code[first].kind == .identifier, Structure.isTypeName(s.text(first)),
            s.punct(first + 1, UInt8(ascii: ".")), sharedNames.contains(s.text(first + 2))
        else { return nil }
        return s.text(value)
    }
}
