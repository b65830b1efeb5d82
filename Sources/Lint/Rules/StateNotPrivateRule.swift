import SwiftLexer

/// `@State`/`@StateObject` is the view's own storage: anything outside the view that sets it is
/// overwritten or ignored. Make it `private`. Correctable: inserts `private`.
public struct StateNotPrivateRule: CorrectableRule {
    public let id = "state-not-private"

    static let stateAttributes: Set<String> = ["@State", "@StateObject", "@SwiftUI.State", "@SwiftUI.StateObject"]
    static let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "package"]

    func offenders(_ s: Structure) -> [(property: PropertyDecl, attribute: Int)] {
        s.properties.compactMap { property in
            guard let position = property.attributes.firstIndex(where: { Self.stateAttributes.contains($0) }),
                  !property.modifiers.contains("private"), !property.modifiers.contains("fileprivate"),
                  // Helper views inside a `PreviewProvider` or `#Preview` only feed the canvas, and
                  // nobody but the system creates an `App` or a `Scene`.
                  !s.isInPreview(property.nameToken),
                  !(property.owner.map { s.types[$0].inherits("App") || s.types[$0].inherits("Scene") } ?? false)
            else { return nil }
            return (property, property.attributeTokens[position])
        }
    }

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        return offenders(s).map { property, attribute in
            Hit(file: file.index, offset: s.offset(of: attribute),
                message: "`\(s.text(attribute)) var \(property.name)` is the view's own state but is not private, so callers can set a value the view ignores; declare it `private`")
        }
    }

    /// Inserts `private ` after the attributes; leaves declarations with another access level alone.
    public func corrections(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Edit] {
        let s = file.structure
        return offenders(s).compactMap { property, _ in
            guard !property.modifiers.contains(where: { Self.accessModifiers.contains($0) }), let last = property.attributeTokens.last else { return nil }
            var next = last + 1
            if s.punct(next, UInt8(ascii: "(")), s.closing[next] >= 0 { next = Int(s.closing[next]) + 1 }
            guard next < s.code.count else { return nil }
            let offset = s.code[next].offset
            return Edit(range: offset..<offset, replacement: "private ")
        }
    }
}
