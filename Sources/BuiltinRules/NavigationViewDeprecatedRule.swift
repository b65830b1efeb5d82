import SwiftLexer
import LintEngine
import SwiftUIModel
import Support
import ProjectSettings

/// `NavigationView` is deprecated: `NavigationStack` (or `NavigationSplitView`) replaces it.
public struct NavigationViewDeprecatedRule: Rule {
    public let id = "navigation-view-deprecated"
    public let startsFrom: [Vocabulary.Word] = [.navigationView]
    public var optionSpecs: [RuleOptionSpec] { [SoftDeprecation.option] }

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        // A project that still supports iOS 15 has no `NavigationStack` to move to.
        guard options.allows(DeploymentTargets.navigationStackAPIs) else { return [] }
        let s = file.structure
        // The fallback of `if #available(iOS 16, *)` is where `NavigationView` still belongs.
        return s.calls.filter {
            $0.callee == "NavigationView" && !$0.isMember && !s.isInAvailabilityFallback($0.calleeToken)
        }.map { call in
            Hit(
                file: file.index, offset: s.offset(of: call.calleeToken),
                message: SoftDeprecation.message(
                    "`NavigationView` is deprecated; use `NavigationStack` (or `NavigationSplitView` for columns) with value-based links",
                    options),
                severity: SoftDeprecation.severity(options), confidence: options.deprecationConfidence)
        }
    }
}
