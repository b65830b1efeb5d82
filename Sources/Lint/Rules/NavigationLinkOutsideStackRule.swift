import SwiftLexer

/// A `NavigationLink` or `navigationDestination` in a view that no navigation stack reaches does
/// nothing when tapped. Uses the run's view hierarchy; views whose callers are unknown (previews,
/// code outside the run) are left alone.
public struct NavigationLinkOutsideStackRule: Rule {
    public let id = "navigation-link-outside-stack"

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        for call in s.calls where (call.callee == "NavigationLink" && !call.isMember) || (call.callee == "navigationDestination" && call.isMember) {
            guard !s.isInPreview(call.calleeToken), let owner = s.enclosingType(of: call.calleeToken) else { continue }
            let view = s.types[owner]
            guard s.isViewType(view) || project.viewNames.contains(view.name) else { continue }
            let context = ViewHierarchy.context(of: call.calleeToken, in: s)
            if context.inStack { continue }
            let reason: String
            if context.presented {
                reason = "sits in presented content with no `NavigationStack` of its own"
            } else if project.hierarchy.status(of: view.name) == .notInStack {
                reason = "is in `\(view.name)`, which no `NavigationStack` reaches"
            } else {
                continue
            }
            let name = call.isMember ? ".\(call.callee)" : call.callee
            hits.append(Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                            message: "`\(name)` \(reason), so it cannot navigate; wrap the root of this hierarchy in a `NavigationStack`"))
        }
        return hits
    }
}
