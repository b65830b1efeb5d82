import SwiftLexer

/// A `TabView` inside a `NavigationStack` pushes the whole tab bar with every destination and
/// shares one path between tabs. Give each tab its own stack inside the `TabView`. Found when the
/// stack wraps the `TabView` in the same body, and across files when the view holding the
/// `TabView` is built (or pushed) inside a stack somewhere in the run. A paged `TabView`
/// (`.tabViewStyle(.page)`) is a carousel inside a screen, and is left alone.
public struct TabViewInNavigationStackRule: ProjectRule {
    public let id = "tabview-in-navigation-stack"
    public let needs: Set<IndexFact> = [.pathHierarchy]
    public let startsFrom: [Vocabulary.Word] = [.tabView]

    /// The `TabView`s styled as pages: `.tabViewStyle(.page)`, `.page(indexDisplayMode:)`,
    /// `PageTabViewStyle()`, and watchOS's `.verticalPage` and `.carousel`.
    static func pagedTabViews(in s: Structure) -> Set<Int> {
        var paged = Set<Int>()
        for call in s.calls where call.isMember && call.callee == "tabViewStyle" {
            guard let value = s.arguments(of: call).first?.value, let root = s.chainRoot(of: call) else { continue }
            let style = s.text(value)
            if style.contains("page") || style.contains("Page") || style.contains("carousel")
                || style.contains("Carousel")
            {
                paged.insert(root)
            }
        }
        return paged
    }

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        // On watchOS a `TabView` pages through screens by default (Apple's pattern inside a stack).
        if let platforms = options.deploymentTargets?.versions.keys, platforms.count == 1, platforms.first == .watchOS {
            return { _ in [] }
        }
        let s = file.structure
        let chained = file.summary.chained
        var hits: [Hit] = []
        // `TabView`s with no stack around them here, by the view that holds them.
        var held: [(offset: Int, view: String, wrappers: [String])] = []
        var pagedTabViews: Set<Int>?
        var directives: [Int]?
        for (index, call) in s.calls.enumerated() where call.callee == "TabView" && !call.isMember {
            // A paged `TabView` (onboarding pages, a carousel) is a view inside a screen, not tabs.
            let paged = pagedTabViews ?? Self.pagedTabViews(in: s)
            pagedTabViews = paged
            // The style reaches the `TabView` from an ancestor too (`VStack { TabView { … } }.tabViewStyle(.page)`).
            if paged.contains(index) || s.enclosingCalls(of: call.calleeToken).contains(where: paged.contains) {
                continue
            }
            let known = directives ?? s.directiveTokens()
            directives = known
            if !known.isEmpty, s.compileBranches(of: call.calleeToken, directives: known).contains("os(watchOS)") {
                continue
            }
            // A stack's path is shared; a `NavigationSplitView` column holding tabs is another matter.
            if let stack = ViewHierarchy.enclosingPathStack(of: call.calleeToken, in: s) {
                hits.append(
                    Hit(
                        file: file.index, offset: s.offset(of: call.calleeToken),
                        message:
                            "`TabView` inside `\(stack)` shares one navigation path between tabs and hides the tab bar on push; put a `NavigationStack` inside each tab instead"
                    ))
                continue
            }
            guard !s.isInPreview(call.calleeToken), let owner = s.enclosingType(of: call.calleeToken),
                s.isViewType(s.types[owner])
            else { continue }
            let placement = ViewHierarchy.placement(of: call.calleeToken, in: s, chained: chained)
            guard !placement.context.presented else { continue }
            held.append(
                (
                    s.offset(of: call.calleeToken), ViewHierarchy.node(of: placement, in: s) ?? s.types[owner].name,
                    placement.wrappers
                ))
        }
        let fileIndex = file.index
        let direct = hits
        return { [held] project in
            guard !held.isEmpty else { return direct }
            var hits = direct
            for tabs in held {
                // Inside a view of the run that holds a stack (`ScreenContainer { TabView … }`) counts.
                let place: String
                if let shell = project.pathStackHoldingWrapper(tabs.wrappers) {
                    place = "inside `\(shell)`, which holds a navigation stack,"
                } else if project.pathHierarchy.status(of: tabs.view) == .inStack,
                    let site = project.pathHierarchy.stackedSite(of: tabs.view)
                {
                    place =
                        "shown inside a navigation stack (built in \(site.parent.map { "`\($0)`, " } ?? "")\(project.paths[site.file] ?? "?"):\(site.line)),"
                } else {
                    continue
                }
                hits.append(
                    Hit(
                        file: fileIndex, offset: tabs.offset,
                        message:
                            "`TabView` in `\(tabs.view)`, \(place) shares one navigation path between tabs and hides the tab bar on push; make the `TabView` the root and put a `NavigationStack` inside each tab"
                    ))
            }
            return hits
        }
    }
}
