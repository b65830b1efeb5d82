import SwiftLexer

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
        for call in s.calls where isNavigationLinkInitializer(call, in: s) {
            guard let argument = s.argument(of: call, labeled: "isActive"), let label = argument.labelToken,
                !s.isInAvailabilityFallback(call.calleeToken)
            else { continue }
            hits.append(
                Hit(
                    file: file.index, offset: s.offset(of: label),
                    message:
                        "`NavigationLink(isActive:)` is deprecated and builds its destination up front; use `navigationDestination(isPresented:)` or a value pushed onto a path"
                ))
        }
        return hits
    }

    /// `NavigationLink(…)`, or `self.init(…)` in an `extension NavigationLink`: an app's own
    /// initializer that forwards `isActive:` to the deprecated one is where that API is used.
    func isNavigationLinkInitializer(_ call: CallSite, in s: Structure) -> Bool {
        if call.callee == "NavigationLink" { return !call.isMember }
        guard call.callee == "init", let base = call.baseToken, s.is(base, "self"),
            let type = s.enclosingType(of: call.calleeToken)
        else { return false }
        let declaration = s.types[type]
        return declaration.kind == .extension
            && (declaration.name == "NavigationLink" || declaration.name == "SwiftUI.NavigationLink")
    }
}
