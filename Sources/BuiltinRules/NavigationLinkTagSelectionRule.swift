import SwiftLexer
import LintEngine
import SwiftUIModel
import Support
import ProjectSettings

/// `NavigationLink(…, tag:, selection:)` is deprecated; push values with
/// `NavigationLink(value:)` and a `navigationDestination(for:)`, or bind a `List(selection:)`.
public struct NavigationLinkTagSelectionRule: Rule {
    public let id = "navigation-link-tag-selection"
    public let startsFrom: [Vocabulary.Word] = [.navigationLink]

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        // The replacements (`navigationDestination`, paths) need iOS 16.
        guard options.allows(DeploymentTargets.navigationStackAPIs) else { return [] }
        let s = file.structure
        var hits: [Hit] = []
        for call in s.calls where s.isNavigationLinkInitializer(call) {
            let arguments = s.arguments(of: call)
            guard let tag = arguments.first(where: { $0.label == "tag" }),
                arguments.contains(where: { $0.label == "selection" }),
                let label = tag.labelToken, !s.isInAvailabilityFallback(call.calleeToken)
            else { continue }
            hits.append(
                Hit(
                    file: file.index, offset: s.offset(of: label),
                    message:
                        "`NavigationLink(tag:selection:)` is deprecated; push a Hashable value with `NavigationLink(value:)` and handle it in `navigationDestination(for:)`",
                    confidence: options.deprecationConfidence))
        }
        return hits
    }
}
