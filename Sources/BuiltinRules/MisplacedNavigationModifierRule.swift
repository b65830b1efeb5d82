import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// `.navigationTitle`, `.toolbar`, `.navigationDestination`, `.navigationBarTitleDisplayMode` (and
/// the older `.navigationBarTitle`, `.navigationBarItems`, `.navigationBarHidden`) describe a
/// screen *inside* a stack. Applied to the `NavigationStack` or `NavigationView` itself they have
/// no screen to attach to and are ignored. Unless that stack is itself pushed or shown inside
/// another: there the modifier reaches the outer stack's bar, and the real problem is the nesting
/// (`nested-navigation-stack`); where the view's place is unknown, the finding is `info`.
public struct MisplacedNavigationModifierRule: ProjectRule {
    public let id = "misplaced-navigation-modifier"
    public let needs: Set<IndexFact> = [.pathHierarchy]
    public let startsFrom: [Vocabulary.Word] = [.navigationStack, .navigationView, .navigationSplitView]

    /// The screen modifiers, matched without hashing every member call's name; the rest all start
    /// with `n` or `t`, which rules out most member calls with one byte.
    static func isScreenModifier(_ name: String) -> Bool {
        if SwiftUINames.isDestinationModifier(name) { return true }
        let first = name.utf8.first
        guard first == UInt8(ascii: "n") || first == UInt8(ascii: "t") else { return false }
        switch name {
        case "navigationTitle", "toolbar", "navigationBarTitleDisplayMode",
            "toolbarBackground",
            "navigationBarTitle", "navigationBarItems", "navigationBarHidden", "navigationBarBackButtonHidden":
            return true
        default: return false
        }
    }

    /// On a `NavigationSplitView` (or a `NavigationView` given columns) a title or toolbar is the
    /// window's (macOS) and may be right there; a destination or an iOS navigation bar setting is not.
    static func misplacedOnSplitView(_ name: String) -> Bool {
        name != "navigationTitle" && name != "toolbar" && name != "toolbarBackground"
    }

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        var hits: [(hit: Hit, view: String?)] = []
        // On macOS a title or toolbar reaches the window or sheet around the stack, so there it is
        // not lost: only an app built for macOS alone can be sure of that.
        let macOnly = options.deploymentTargets.map { Set($0.versions.keys) == [.macOS] } ?? false
        for call in s.calls where call.isMember && Self.isScreenModifier(call.callee) {
            if macOnly, !Self.misplacedOnSplitView(call.callee) { continue }
            guard let root = s.chainRoot(of: call), !s.calls[root].isMember else { continue }
            let container = s.calls[root].callee
            let isStack =
                SwiftUINames.isPathStackName(container)
                && (container != "NavigationView" || !Self.hasColumns(root, in: s))
            let isSplit = container == "NavigationSplitView" || container == "NavigationView"
            guard isStack || (isSplit && Self.misplacedOnSplitView(call.callee)) else { continue }
            // `.toolbarBackground(…, for: .tabBar)` and `.toolbar(.hidden, for: .tabBar)` style the tab
            // bar around the stack: the stack is the right place for them.
            if let placement = s.argument(of: call, labeled: "for"), s.text(placement.value).contains("tabBar") {
                continue
            }
            let placement = ViewHierarchy.placement(of: s.calls[root].calleeToken, in: s, chained: file.summary.chained)
            hits.append(
                (
                    Hit(
                        file: file.index, offset: s.offset(of: call.calleeToken),
                        message:
                            "`.\(call.callee)` is applied to the `\(container)` itself, where it has no screen to describe; move it onto the root view inside the stack"
                    ),
                    placement.context.presented ? nil : ViewHierarchy.node(of: placement, in: s)
                ))
        }
        guard !hits.isEmpty else { return { _ in [] } }
        return { [hits] project in
            hits.compactMap { hit, view in
                // A sheet's own stack, or code outside any view: the modifier has nothing else to reach.
                guard let view else { return hit }
                if project.pushedViews[view] != nil { return nil }
                switch project.pathHierarchy.status(of: view) {
                case .inStack: return nil
                case .notInStack: return hit
                case .unknown:
                    var unsure = hit
                    unsure.severity = .info
                    unsure.message += " (if this view is never pushed nor shown inside another stack)"
                    return unsure
                }
            }
        }
    }

    /// `NavigationView { Sidebar(); Detail() }`: more than one view at the top of its content makes
    /// columns (a split view on iPad and macOS), not one stack.
    static func hasColumns(_ navigationView: Int, in s: Structure) -> Bool {
        guard let content = s.trailingClosures(of: s.calls[navigationView]).first else { return false }
        var views = 0
        for index in s.calls(in: content.body.lowerBound..<content.body.upperBound + 1) {
            let call = s.calls[index]
            guard !call.isMember, s.innermostCall(of: call.calleeToken) == navigationView else { continue }
            views += 1
            if views > 1 { return true }
        }
        return false
    }
}
