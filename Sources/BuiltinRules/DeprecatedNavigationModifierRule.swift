import SwiftLexer
import LintEngine
import SwiftUIModel
import Support
import ProjectSettings

/// Navigation modifiers deprecated since iOS 16 (silent while the project supports an OS without
/// the replacement, see `DeploymentTargets`). `.navigationBarTitle("x")` with one argument is
/// rewritten to `.navigationTitle("x")` by `--fix`; the others need a person.
public struct DeprecatedNavigationModifierRule: Rule {
    public let id = "deprecated-navigation-modifier"
    public let startsFrom: [Vocabulary.Word] = [
        .navigationBarTitle, .navigationBarItems, .navigationViewStyle, .navigationBarHidden,
    ]
    // All four are deprecated with no version.
    public var optionSpecs: [RuleOptionSpec] { [SoftDeprecation.option] }

    /// Each deprecated modifier: what replaces it, and when that arrived (a project that supports
    /// older OSes keeps the old modifier).
    static let modifiers:
        [String: (replacement: String, introduced: [DeploymentTargets.Platform: DeploymentTargets.Version])] = [
            "navigationBarTitle": (
                "`.navigationTitle(_:)` (with `.navigationBarTitleDisplayMode(_:)` for the display mode)",
                DeploymentTargets.toolbarAPIs
            ),
            "navigationBarItems": ("`.toolbar { ToolbarItem(placement:) { … } }`", DeploymentTargets.toolbarAPIs),
            "navigationViewStyle": (
                "`NavigationStack` or `NavigationSplitView` (the style goes away with `NavigationView`)",
                DeploymentTargets.navigationStackAPIs
            ),
            "navigationBarHidden": ("`.toolbar(.hidden, for: .navigationBar)`", DeploymentTargets.navigationStackAPIs),
        ]

    /// Every name above is `navigation…`: length and first byte rule most member calls out before any hashing.
    static let shortestName = modifiers.keys.map(\.utf8.count).min() ?? 0

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        let s = file.structure
        return s.calls.compactMap { call in
            guard call.isMember, call.callee.utf8.count >= Self.shortestName,
                call.callee.utf8.first == UInt8(ascii: "n"),
                let modifier = Self.modifiers[call.callee],
                options.allows(modifier.introduced), !s.isInAvailabilityFallback(call.calleeToken)
            else { return nil }
            return Hit(
                file: file.index, offset: s.offset(of: call.calleeToken),
                message: SoftDeprecation.message(
                    "`.\(call.callee)` is deprecated; use \(modifier.replacement)", options),
                severity: SoftDeprecation.severity(options), fix: fix(call, in: s),
                confidence: options.deprecationConfidence)
        }
    }

    /// `.navigationBarTitle(x)` with a single unlabeled argument → `.navigationTitle(x)`: the same
    /// title, the display mode the screen already had. Safe: one token renamed, same argument.
    func fix(_ call: CallSite, in s: Structure) -> Fix? {
        guard call.callee == "navigationBarTitle", call.parentheses != nil else { return nil }
        let arguments = s.arguments(of: call)
        guard arguments.count == 1, arguments[0].label == nil else { return nil }
        return Fix([Edit(range: s.code[call.calleeToken].range, replacement: "navigationTitle")], .safe)
    }
}
