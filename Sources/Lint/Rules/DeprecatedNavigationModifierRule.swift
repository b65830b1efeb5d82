import SwiftLexer

/// Navigation modifiers deprecated since iOS 16 (silent while the project supports an OS without
/// the replacement, see `DeploymentTargets`). `.navigationBarTitle("x")` with one argument is
/// rewritten to `.navigationTitle("x")` by `--fix`; the others need a person.
public struct DeprecatedNavigationModifierRule: CorrectableRule {
    public let id = "deprecated-navigation-modifier"
    public let startsFrom: [Vocabulary.Word] = [.navigationBarTitle, .navigationBarItems, .navigationViewStyle, .navigationBarHidden]

    /// When each replacement arrived: a project that supports older OSes keeps the old modifier.
    static let introduced: [String: [DeploymentTargets.Platform: DeploymentTargets.Version]] = [
        "navigationBarTitle": DeploymentTargets.toolbarAPIs, "navigationBarItems": DeploymentTargets.toolbarAPIs,
        "navigationViewStyle": DeploymentTargets.navigationStackAPIs, "navigationBarHidden": DeploymentTargets.navigationStackAPIs,
    ]

    static let replacements: [String: String] = [
        "navigationBarTitle": "`.navigationTitle(_:)` (with `.navigationBarTitleDisplayMode(_:)` for the display mode)",
        "navigationBarItems": "`.toolbar { ToolbarItem(placement:) { … } }`",
        "navigationViewStyle": "`NavigationStack` or `NavigationSplitView` (the style goes away with `NavigationView`)",
        "navigationBarHidden": "`.toolbar(.hidden, for: .navigationBar)`",
    ]

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        return s.calls.compactMap { call in
            // Every name here is `navigation…` and 18+ bytes: most member calls go no further.
            guard call.isMember, call.callee.utf8.count >= 18, call.callee.utf8.first == UInt8(ascii: "n"),
                  let replacement = Self.replacements[call.callee],
                  options.allows(Self.introduced[call.callee] ?? [:]), !s.isInAvailabilityFallback(call.calleeToken) else { return nil }
            return Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                       message: "`.\(call.callee)` is deprecated; use \(replacement)")
        }
    }

    /// `.navigationBarTitle(x)` with a single unlabeled argument → `.navigationTitle(x)`.
    public func corrections(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Edit] {
        let s = file.structure
        return s.calls.compactMap { call in
            guard call.isMember, call.callee == "navigationBarTitle", call.parentheses != nil,
                  options.allows(DeploymentTargets.toolbarAPIs), !s.isInAvailabilityFallback(call.calleeToken) else { return nil }
            let arguments = s.arguments(of: call)
            guard arguments.count == 1, arguments[0].label == nil else { return nil }
            return Edit(range: s.code[call.calleeToken].range, replacement: "navigationTitle")
        }
    }
}
