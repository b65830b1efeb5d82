import SwiftLexer

/// `@Environment(\.presentationMode)` is deprecated; `@Environment(\.dismiss)` gives a
/// `DismissAction` that works for sheets and pushed screens alike.
public struct PresentationModeDeprecatedRule: Rule {
    public let id = "presentation-mode-deprecated"
    public let startsFrom: [Vocabulary.Word] = [.presentationMode]

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        // `dismiss` arrived in iOS 15.
        guard options.allows(DeploymentTargets.dismissAPI) else { return [] }
        let s = file.structure
        var hits: [Hit] = []
        for property in s.properties where property.attributes.contains("@Environment") || property.attributes.contains("@SwiftUI.Environment") {
            guard let position = property.attributes.firstIndex(where: { $0.hasSuffix("Environment") }) else { continue }
            let attribute = property.attributeTokens[position]
            // `@Environment(\.presentationMode)`: `(` `\` `.` `presentationMode` `)`.
            guard s.punct(attribute + 1, UInt8(ascii: "(")), s.punct(attribute + 2, UInt8(ascii: "\\")),
                  s.punct(attribute + 3, UInt8(ascii: ".")), s.is(attribute + 4, "presentationMode") else { continue }
            hits.append(Hit(file: file.index, offset: s.offset(of: attribute + 4),
                            message: "`presentationMode` is deprecated; use `@Environment(\\.dismiss) private var dismiss` and call `dismiss()`"))
        }
        return hits
    }
}
