import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A `TabView` inside a `NavigationStack` pushes the whole tab bar with every destination and
/// shares one path between tabs. Give each tab its own stack inside the `TabView`. Found when the
/// stack wraps the `TabView` in the same body, and across files when the view holding the
/// `TabView` is built (or pushed) inside a stack somewhere in the run. A paged `TabView`
/// (`.tabViewStyle(.page)`, here or where its view is built) or one whose tab bar is hidden is a
/// pager inside a screen, and is left alone.
public struct TabViewInNavigationStackRule: CollectingRule {
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

    /// The app's views that some caller styles as pages: `Carousel().tabViewStyle(.page)`, or
    /// built inside a container so styled. The style is inherited, so the `TabView` inside such a
    /// view is a pager wherever it is declared.
    public func collect(_ file: LintFile) -> [String]? {
        guard file.vocabulary.contains(.tabViewStyle) else { return nil }
        let s = file.structure
        var views: [String] = []
        for root in Self.pagedTabViews(in: s) {
            for index in s.calls(in: s.calls[root].extent.lowerBound..<s.calls[root].extent.upperBound + 1) {
                let call = s.calls[index]
                if SwiftUINames.mayBuildRunType(call),
                    !views.contains(call.callee)
                {
                    views.append(call.callee)
                }
            }
        }
        return views.isEmpty ? nil : views
    }

    /// `.toolbar(.hidden, for: .tabBar)` (or `toolbarVisibility`) on the `TabView` or in its tabs:
    /// the tab bar is hidden, so the `TabView` only pages between screens.
    static func hidesTabBar(_ call: CallSite, in s: Structure) -> Bool {
        var extent = call.extent
        if let last = s.chainedCallsEnd(after: call) { extent = extent.lowerBound...max(extent.upperBound, last) }
        for index in s.calls(in: extent.lowerBound..<extent.upperBound + 1) {
            let modifier = s.calls[index]
            guard modifier.isMember, modifier.callee == "toolbar" || modifier.callee == "toolbarVisibility",
                let parentheses = modifier.parentheses
            else { continue }
            // A pushed or presented screen that hides the bar hides it for itself only.
            let around = s.enclosingCallees(of: modifier.calleeToken)
            if around.contains(where: {
                SwiftUINames.isNavigationCallName($0) || SwiftUINames.isPresentationModifier($0)
            }) {
                continue
            }
            var hidden = false
            var tabBar = false
            for token in parentheses.lowerBound...parentheses.upperBound {
                if s.is(token, "hidden") { hidden = true }
                if s.is(token, "tabBar") { tabBar = true }
            }
            if hidden && tabBar { return true }
        }
        return false
    }

    public func validate(_ file: LintFile, options: RuleOptions)
        -> @Sendable (ProjectIndex, Collected<[String]>) -> [Hit]
    {
        // On watchOS a `TabView` pages through screens by default (Apple's pattern inside a stack).
        if let platforms = options.deploymentTargets?.versions.keys, platforms.count == 1, platforms.first == .watchOS {
            return { _, _ in [] }
        }
        let s = file.structure
        let chained = file.summary.chained
        var direct: [(offset: Int, stack: String, tabs: TabNavigation)] = []
        // `TabView`s with no stack around them here, by the view that holds them, with what their
        // tabs navigate by: a link in the tab content itself, or the views built there.
        var held: [(offset: Int, view: String, owner: String, wrappers: [String], tabs: TabNavigation)] = []
        var pagedTabViews: Set<Int>?
        var branchTable: CompileBranchTable?
        for (index, call) in s.calls.enumerated() where call.callee == "TabView" && !call.isMember {
            // A paged `TabView` (onboarding pages, a carousel) is a view inside a screen, not tabs.
            let paged = pagedTabViews ?? Self.pagedTabViews(in: s)
            pagedTabViews = paged
            // The style reaches the `TabView` from an ancestor too (`VStack { TabView { … } }.tabViewStyle(.page)`).
            if paged.contains(index) || s.enclosingCalls(of: call.calleeToken).contains(where: paged.contains)
                || Self.hidesTabBar(call, in: s)
            {
                continue
            }
            let known = branchTable ?? CompileBranchTable(s)
            branchTable = known
            if !known.isEmpty, s.compileBranches(of: call.calleeToken, table: known).contains("os(watchOS)") {
                continue
            }
            let tabs = TabNavigation(of: call, in: s)
            // A stack's path is shared; a `NavigationSplitView` column holding tabs is another matter.
            if let stack = ViewHierarchy.enclosingPathStack(of: call.calleeToken, in: s) {
                direct.append((s.offset(of: call.calleeToken), stack, tabs))
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
                    s.types[owner].name, placement.wrappers, tabs
                ))
        }
        let fileIndex = file.index
        return { [held, direct] project, pagedByCallers in
            var hits: [Hit] = []
            let paged = held.isEmpty ? [] : Set(pagedByCallers.all.joined())
            for tabs in direct {
                hits.append(
                    Self.hit(
                        file: fileIndex, offset: tabs.offset, tabs: tabs.tabs, project: project,
                        message:
                            "`TabView` inside `\(tabs.stack)` shares one navigation path between tabs and hides the tab bar on push; put a `NavigationStack` inside each tab instead",
                        stack: []))
            }
            for tabs in held where !paged.contains(tabs.owner) {
                // Inside a view of the run that holds a stack (`ScreenContainer { TabView … }`) counts.
                let place: String
                var stack: [Evidence] = []
                if let shell = project.pathStackHoldingWrapper(tabs.wrappers) {
                    place = "inside `\(shell)`, which holds a navigation stack,"
                } else if project.pathHierarchy.status(of: tabs.view) == .inStack,
                    let site = project.pathHierarchy.stackedSite(of: tabs.view)
                {
                    let path = project.paths[site.file] ?? "?"
                    place =
                        "shown inside a navigation stack (built in \(site.parent.map { "`\($0)`, " } ?? "")\(path):\(site.line)),"
                    stack = [
                        .at(
                            path, line: site.line, column: site.column,
                            "`\(tabs.view)` is shown inside a navigation stack here")
                    ]
                } else {
                    continue
                }
                hits.append(
                    Self.hit(
                        file: fileIndex, offset: tabs.offset, tabs: tabs.tabs, project: project,
                        message:
                            "`TabView` in `\(tabs.view)`, \(place) shares one navigation path between tabs and hides the tab bar on push; make the `TabView` the root and put a `NavigationStack` inside each tab",
                        stack: stack))
            }
            return hits
        }
    }

    /// The finding, a warning only when a tab is seen to navigate (the harm): that push is its
    /// proof. Tabs that never push (a demo screen, a pager) share nothing: `info`.
    static func hit(
        file: Int, offset: Int, tabs: TabNavigation, project: ProjectIndex, message: String, stack: [Evidence]
    ) -> Hit {
        if let link = tabs.linkOffset {
            return Hit(
                file: file, offset: offset, message: message,
                evidence: stack + [.here(offset: link, message: "a tab navigates here, onto the shared path")])
        }
        for view in tabs.views {
            if let push = project.firstPush(by: view) {
                return Hit(
                    file: file, offset: offset, message: message,
                    evidence: stack + [
                        .at(
                            project.paths[push.site.file] ?? "?", line: push.site.line, column: push.site.column,
                            "the tab `\(view)` pushes `\(push.pushed)` here, onto the shared path")
                    ])
            }
        }
        let unknown = tabs.views.filter { project.typesByName[$0] == nil }
        let why =
            unknown.isEmpty
            ? " (no tab pushes anything, so nothing is shared yet)"
            : " (whether its tabs push cannot be seen: \(unknown.prefix(3).map { "`\($0)`" }.joined(separator: ", ")) \(unknown.count == 1 ? "is" : "are") not declared here)"
        return Hit(file: file, offset: offset, message: message + why, severity: .info, evidence: stack)
    }
}

/// How a `TabView`'s tabs navigate, as far as its own code shows: a `NavigationLink` or
/// `navigationDestination` in the tab content, else the views the content builds (the index
/// tells whether those push).
struct TabNavigation: Sendable {
    var linkOffset: Int?
    var views: [String]

    init(of call: CallSite, in s: Structure) {
        linkOffset = nil
        views = []
        guard let closure = s.trailingClosures(of: call).first else { return }
        for index in s.calls(in: closure.body.lowerBound..<closure.body.upperBound + 1) {
            let inner = s.calls[index]
            if SwiftUINames.isNavigationCallName(inner.callee) {
                linkOffset = linkOffset ?? s.offset(of: inner.calleeToken)
            } else if !inner.isMember, Structure.isTypeName(inner.callee),
                !SwiftUINames.platformTypes.contains(inner.callee),
                !SwiftUINames.passThroughContainers.contains(inner.callee)
            {
                if !views.contains(inner.callee) { views.append(inner.callee) }
            }
        }
    }
}
