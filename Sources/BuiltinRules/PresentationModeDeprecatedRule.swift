import SwiftLexer
import LintEngine
import SwiftUIModel
import Support
import ProjectSettings

/// `@Environment(\.presentationMode)` is deprecated; `@Environment(\.dismiss)` gives a
/// `DismissAction` that works for sheets and pushed screens alike.
public struct PresentationModeDeprecatedRule: Rule {
    public let id = "presentation-mode-deprecated"
    public let startsFrom: [Vocabulary.Word] = [.presentationMode]
    public var optionSpecs: [RuleOptionSpec] { [SoftDeprecation.option] }

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        // `dismiss` arrived in iOS 15.
        guard options.allows(DeploymentTargets.dismissAPI) else { return [] }
        let s = file.structure
        return offenders(s).map { property, keyPath in
            Hit(
                file: file.index, offset: s.offset(of: keyPath),
                message: SoftDeprecation.message(
                    "`presentationMode` is deprecated; use `@Environment(\\.dismiss) private var dismiss` and call `dismiss()`",
                    options),
                severity: SoftDeprecation.severity(options), fix: fix(property, keyPath: keyPath, in: s),
                confidence: options.deprecationConfidence)
        }
    }

    /// Each `@Environment(\.presentationMode)` property, with the token of `presentationMode`.
    func offenders(_ s: Structure) -> [(property: PropertyDecl, keyPath: Int)] {
        s.properties.compactMap { property in
            guard
                let position = property.attributes.firstIndex(where: {
                    $0 == "@Environment" || $0 == "@SwiftUI.Environment"
                })
            else { return nil }
            let attribute = property.attributeTokens[position]
            // `@Environment(\.presentationMode)`: `(` `\` `.` `presentationMode` `)`.
            guard s.punct(attribute + 1, UInt8(ascii: "(")), s.punct(attribute + 2, UInt8(ascii: "\\")),
                s.punct(attribute + 3, UInt8(ascii: ".")), s.is(attribute + 4, "presentationMode")
            else { return nil }
            return (property, attribute + 4)
        }
    }

    /// When the view only ever calls `name.wrappedValue.dismiss()`: the key path becomes
    /// `\.dismiss`, the property `dismiss`, and each call `dismiss()`. Any other use
    /// (`isPresented`, handing it on), or a `dismiss` the type already has, leaves it for you.
    /// Safe when the property is `private` (every use is in this file, and rewritten); otherwise
    /// unsafe: another file's extension of the view may use the old name.
    func fix(_ property: PropertyDecl, keyPath: Int, in s: Structure) -> Fix? {
        guard let owner = property.owner else { return nil }
        // The type's declaration and its extensions in this file.
        let name = s.types[owner].name
        let regions = s.types(named: name).compactMap { s.types[$0].body }
        var edits = [Edit(range: s.code[keyPath].range, replacement: "dismiss")]
        if property.name != "dismiss" {
            edits.append(Edit(range: s.code[property.nameToken].range, replacement: "dismiss"))
        }
        for region in regions {
            for index in region where s.code[index].kind == .identifier && index != property.nameToken {
                let text = s.text(index)
                if text == "dismiss", property.name != "dismiss" {
                    // Only the `dismiss` of a `.wrappedValue.dismiss()` chain may stand here.
                    guard index >= 2, s.is(index - 2, "wrappedValue") else { return nil }
                    continue
                }
                guard text == property.name, !s.punct(index - 1, UInt8(ascii: ".")) || s.is(index - 2, "self")
                else { continue }
                // `name.wrappedValue.dismiss()` → `dismiss()`.
                guard s.punct(index + 1, UInt8(ascii: ".")), s.is(index + 2, "wrappedValue"),
                    s.punct(index + 3, UInt8(ascii: ".")),
                    s.is(index + 4, "dismiss"), s.punct(index + 5, UInt8(ascii: "(")),
                    s.punct(index + 6, UInt8(ascii: ")"))
                else { return nil }
                edits.append(Edit(range: s.code[index].offset..<s.code[index + 4].end, replacement: "dismiss"))
            }
        }
        // A `private` property is reached from this file only, where every use was rewritten; any
        // other may be used from another file's extension, which the rename would break.
        let confined = property.modifiers.contains("private") || property.modifiers.contains("fileprivate")
        return Fix(edits, confined ? .safe : .unsafe)
    }
}
