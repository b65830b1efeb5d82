import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A `NavigationLink` or `navigationDestination` in a view that no navigation stack reaches does
/// nothing when tapped. Uses the run's view hierarchy; views whose callers are unknown (previews,
/// code outside the run) are left alone.
public struct NavigationLinkOutsideStackRule: ProjectRule {
    public let id = "navigation-link-outside-stack"
    public let needs: Set<IndexFact> = [.viewHierarchy]
    public let startsFrom: [Vocabulary.Word] = [.navigationLink, .navigationDestination]

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        let chained = file.summary.chained
        // Each link not in a stack's content here, with its view; presented content is decided
        // now, the rest by the run's view hierarchy.
        var candidates:
            [(offset: Int, name: String, view: String, node: String, isView: Bool, presented: Bool, wrappers: [String])] =
                []
        for call in s.calls
        where SwiftUINames.isNavigationCall(call) {
            guard !s.isInPreview(call.calleeToken), let owner = s.enclosingType(of: call.calleeToken) else { continue }
            let view = s.types[owner]
            let placement = ViewHierarchy.placement(of: call.calleeToken, in: s, chained: chained)
            if placement.context.inStack { continue }
            // In a member (`var content: some View`), where `body` uses that member decides.
            let node = ViewHierarchy.node(of: placement, in: s) ?? view.name
            candidates.append(
                (
                    s.offset(of: call.calleeToken), call.isMember ? ".\(call.callee)" : call.callee, view.name,
                    node, s.isViewType(view), placement.context.presented, placement.wrappers
                ))
        }
        let fileIndex = file.index
        return { [candidates] project in
            candidates.compactMap { candidate in
                guard candidate.isView || project.viewNames.contains(candidate.view) else { return nil }
                // Inside `ScreenContainer { … }` here, a view that holds a stack of its own.
                guard !project.wrapsInStack(candidate.wrappers) else { return nil }
                // Inside a package's container (`CoordinatedNavigationStack { … }`): it may hold one.
                guard !project.hasOpaqueWrapper(candidate.wrappers) else { return nil }
                let reason: String
                if candidate.presented {
                    reason = "sits in presented content with no `NavigationStack` of its own"
                } else if project.hierarchy.status(of: candidate.node) == .notInStack {
                    reason = "is in `\(candidate.node)`, which no `NavigationStack` reaches"
                } else {
                    return nil
                }
                return Hit(
                    file: fileIndex, offset: candidate.offset,
                    message:
                        "`\(candidate.name)` \(reason), so it cannot navigate; wrap the root of this hierarchy in a `NavigationStack`"
                )
            }
        }
    }
}
