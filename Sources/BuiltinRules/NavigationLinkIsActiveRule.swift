import SwiftLexer
import LintEngine
import SwiftUIModel
import Support
import ProjectSettings

/// `NavigationLink(…, isActive:)` is deprecated and builds its destination eagerly; drive
/// navigation with a path or `navigationDestination(isPresented:)` instead.
public struct NavigationLinkIsActiveRule: Rule {
    public let id = "navigation-link-is-active"
    public let startsFrom: [Vocabulary.Word] = [.navigationLink]

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        // The replacements (`navigationDestination`, paths) need iOS 16.
        guard options.allows(DeploymentTargets.navigationStackAPIs) else { return [] }
        let s = file.structure
        var hits: [Hit] = []
        for call in s.calls where s.isNavigationLinkInitializer(call) {
            guard let argument = s.argument(of: call, labeled: "isActive"), let label = argument.labelToken,
                !s.isInAvailabilityFallback(call.calleeToken)
            else { continue }
            hits.append(
                Hit(
                    file: file.index, offset: s.offset(of: label),
                    message:
                        "`NavigationLink(isActive:)` is deprecated and builds its destination up front; use `navigationDestination(isPresented:)` or a value pushed onto a path",
                    confidence: options.deprecationConfidence))
        }
        return hits
    }
}
