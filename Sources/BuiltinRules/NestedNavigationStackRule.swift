import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A `NavigationStack` inside another — directly, or in a view pushed as a destination (across
/// files) — gives two competing paths. A sheet's content starts a new presentation and may own one.
/// A stack built only on some runs (`if embedded { NavigationStack { … } } else { … }`: callers
/// choose) cannot be judged from here: `info`. A push compiled only where the stack is not (`#if
/// os(tvOS)` around one, `#else` around the other) does not count. A container view that always
/// wraps its content in a stack (`SettingsForm { … }`) and is used both inside and outside
/// stacks is wrong only where it is used inside one: the finding stands at that use.
public struct NestedNavigationStackRule: CollectingRule {
    public let id = "nested-navigation-stack"
    public let needs: Set<IndexFact> = [.pathHierarchy]

    /// The views whose own `body` builds a stack on every run, with its line: a use of one of them
    /// inside another stack is where that finding stands when the view is also used elsewhere.
    public struct SelfStackingView: Sendable, Equatable {
        var view: String
        var line: Int
    }

    public func collect(_ file: LintFile) -> [SelfStackingView]? {
        guard file.vocabulary.containsAny(.navigationStack, .navigationView) else { return nil }
        let s = file.structure
        var found: [SelfStackingView] = []
        for callIndex in Self.onScreenPathStacks(in: file) {
            let call = s.calls[callIndex]
            guard ViewHierarchy.enclosingPathStackCall(of: call.calleeToken, in: s) == nil,
                !s.isConditional(call.calleeToken), let owner = s.enclosingType(of: call.calleeToken)
            else { continue }
            let placement = ViewHierarchy.placement(of: call.calleeToken, in: s, chained: file.summary.chained)
            // In `body` (a member's stack stands where that member is used).
            guard !placement.context.presented, ViewHierarchy.node(of: placement, in: s) == s.types[owner].name else {
                continue
            }
            found.append(SelfStackingView(view: s.types[owner].name, line: s.code[call.calleeToken].line))
        }
        return found.isEmpty ? nil : found
    }

    /// Each self-stacking view's first stack, by name (file order).
    public static func merge(_ collected: Collected<[SelfStackingView]>) -> [String: (file: Int, line: Int)] {
        var stacks: [String: (file: Int, line: Int)] = [:]
        for (file, views) in collected.byFile.enumerated() {
            for found in views ?? [] where stacks[found.view] == nil { stacks[found.view] = (file, found.line) }
        }
        return stacks
    }

    /// A view with sites both inside and outside stacks (a shared container): its stack is right
    /// for some callers, so the finding belongs to the uses inside a stack.
    static func isShared(_ view: String, in project: ProjectIndex) -> Bool {
        let hierarchy = project.pathHierarchy
        guard let sites = hierarchy.sites[view], sites.count > 1 else { return false }
        return sites.contains { !hierarchy.putsInStack($0) } && sites.contains(where: hierarchy.putsInStack)
    }

    public func validate(
        _ file: LintFile, options: RuleOptions
    ) -> @Sendable (ProjectIndex, [String: (file: Int, line: Int)]) -> [Hit] {
        let s = file.structure
        let chained = file.summary.chained
        // Constructions here of views some file may declare self-stacking: uses to judge.
        var uses: [Use] = []
        for (view, sites) in file.summary.constructions {
            for site in sites where !site.inPreview {
                let token = s.calls[site.call].calleeToken
                // The stack around a use in this file's own code, for its evidence.
                let outer = site.inStack ? ViewHierarchy.enclosingPathStackCall(of: token, in: s) : nil
                uses.append(
                    Use(
                        view: view, call: site.call, offset: s.offset(of: token),
                        outerStack: outer.map { (s.offset(of: s.calls[$0].calleeToken), s.calls[$0].callee) }))
            }
        }
        guard
            file.vocabulary.containsAny(.navigationStack, .navigationView, .navigationLink, .navigationDestination)
                || !uses.isEmpty
        else { return { _, _ in [] } }
        var hits: [Hit] = []
        // Stacks directly inside another are found here; a stack in a view pushed from elsewhere
        // is the index's to say.
        var owned:
            [(
                offset: Int, view: String, node: String, wrappers: [String], branches: [String], conditional: Bool,
                stack: String, severity: Severity?, gates: [BindingGate]
            )] = []
        var branchTable: CompileBranchTable?
        var mentions = NameMentions()
        // A `NavigationView` inside another is the same mistake on iOS (two bars, two paths); on
        // macOS, nested ones were the way to a third column, so there it is only `info`.
        let mayBeMac = options.deploymentTargets.map { $0.versions[.macOS] != nil } ?? true
        for callIndex in Self.onScreenPathStacks(in: file) {
            let call = s.calls[callIndex]
            let severity: Severity? = call.callee == "NavigationView" && mayBeMac ? .info : nil
            // A `NavigationSplitView` column may hold a stack of its own (Apple's own pattern); a
            // sheet's content starts a new presentation; a package's `.popup { … }` may too.
            if let outerCall = ViewHierarchy.enclosingPathStackCall(of: call.calleeToken, in: s) {
                let outer = s.calls[outerCall]
                let hit = Hit(
                    file: file.index, offset: s.offset(of: call.calleeToken),
                    message:
                        "this `\(call.callee)` sits inside another `\(outer.callee)`, so two paths compete; keep one stack at the root and push values onto it",
                    severity: severity,
                    evidence: [
                        .here(
                            offset: s.offset(of: outer.calleeToken), message: "the outer `\(outer.callee)` starts here")
                    ])
                hits.append(hit)
                continue
            }
            guard let owner = s.enclosingType(of: call.calleeToken) else { continue }
            let placement = ViewHierarchy.placement(of: call.calleeToken, in: s, chained: chained)
            // Presented here (a sheet's own stack): nothing to say.
            guard !placement.context.presented else { continue }
            let known = branchTable ?? CompileBranchTable(s)
            branchTable = known
            // A stack in a member (`var content: some View`) stands wherever `body` uses that member.
            owned.append(
                (
                    s.offset(of: call.calleeToken), s.types[owner].name,
                    ViewHierarchy.node(of: placement, in: s) ?? s.types[owner].name,
                    placement.wrappers,
                    known.isEmpty ? [] : s.compileBranches(of: call.calleeToken, table: known),
                    s.isConditional(call.calleeToken)
                        || ViewHierarchy.memberName(placement.member, in: s).map {
                            s.usesAreConditional(of: $0, inType: owner, mentions: &mentions)
                        } == true,
                    call.callee, severity,
                    // The flags a caller decides the stack by (`if embedInStack { NavigationStack … }`).
                    BindingWrites.gates(of: call.calleeToken, in: s, owner: owner).filter {
                        $0.kind == .flag && !$0.negated
                    }
                ))
        }
        let wrapped =
            file.vocabulary.containsAny(.navigationLink, .navigationDestination)
            ? Self.pushesWrappedByModifiers(in: s, chained: chained) : []
        let fileIndex = file.index
        let direct = hits
        return { [owned, uses] project, selfStacking in
            var hits = direct
            for use in uses {
                if let hit = Self.verdict(onUse: use, file: fileIndex, project: project, selfStacking: selfStacking) {
                    hits.append(hit)
                }
            }
            for push in wrapped {
                if let hit = Self.verdict(on: push, file: fileIndex, project: project) { hits.append(hit) }
            }
            for stack in owned {
                // `ScreenShell { NavigationStack { … } }` where the shell holds a stack of its own.
                if let shell = project.pathStackHoldingWrapper(stack.wrappers) {
                    let evidence = project.stackLocation(ownedBy: shell).map {
                        [Evidence.at($0.path, line: $0.line, "`\(shell)` builds its own navigation stack here")]
                    }
                    let hit = Hit(
                        file: fileIndex, offset: stack.offset,
                        message:
                            "this `\(stack.stack)` sits inside `\(shell)`, which holds a navigation stack of its own, so two paths compete; keep one stack and push values onto it",
                        // Without the shell's stack to point at, it is only suspected.
                        severity: evidence == nil ? .info : stack.severity, evidence: evidence ?? [])
                    hits.append(hit)
                    continue
                }
                // Built only on some runs: whether the caller that shows it in a stack turns it off
                // cannot be seen from here.
                let unsure: Severity? = stack.conditional ? .info : stack.severity
                let caveat =
                    stack.conditional
                    ? " (this stack is built only on some runs: if every caller that shows it inside a stack turns it off, ignore this)"
                    : ""
                // A stack in a member (`var addSheet: some View`) stands where that member is used
                // (in a sheet, say), not wherever the type is pushed: the hierarchy places it.
                let inBody = stack.node == stack.view
                var pushers = (inBody ? project.pushedViews[stack.view] ?? [] : []).filter {
                    !Structure.branchesExclude($0.branches, stack.branches)
                }
                // A stack behind a flag: a push that passes it `true` (or leaves it at its default
                // `true`) builds the stack for sure, and is the proof; one that turns it off pushes none.
                var decided: String?
                if stack.conditional, !stack.gates.isEmpty {
                    let verdicts = pushers.map { pusher in
                        stack.gates.map {
                            $0.isSwitchedOn(by: pusher.arguments?.arguments ?? [:], passed: pusher.arguments?.passed)
                        }
                    }
                    if let sure = verdicts.firstIndex(where: { $0.allSatisfy { $0 == true } }) {
                        let flags = stack.gates.map { "`\($0.name)`" }.joined(separator: ", ")
                        decided = " (this push builds it: \(flags) is true for it)"
                        pushers = [pushers[sure]]
                    } else {
                        pushers = zip(pushers, verdicts).filter { !$0.1.contains(false) }.map(\.0)
                    }
                }
                if let pusher = pushers.first {
                    var evidence: [Evidence] = [
                        .at(
                            project.paths[pusher.file] ?? "?", line: pusher.line, column: pusher.column,
                            "`\(stack.view)` is pushed here\(pusher.pusher.map { " by `\($0)`" } ?? "")")
                    ]
                    if let outer = Self.stackPushedOnto(by: pusher.pusher, in: project) { evidence.append(outer) }
                    let hit = Hit(
                        file: fileIndex, offset: stack.offset,
                        message:
                            "`\(stack.view)` is pushed onto a stack (\(project.paths[pusher.file] ?? "?"):\(pusher.line)) yet owns a `\(stack.stack)`; drop this stack and let the presenting one drive navigation\(decided ?? caveat)",
                        severity: decided == nil ? unsure : stack.severity, evidence: evidence)
                    hits.append(hit)
                } else if !inBody || project.pushedViews[stack.view] == nil,
                    project.pathHierarchy.status(of: stack.node) == .inStack,
                    // A shared container's stack: reported at its uses inside a stack instead.
                    !(inBody && !stack.conditional && selfStacking[stack.view] != nil
                        && Self.isShared(stack.view, in: project)),
                    let site = project.pathHierarchy.stackedSite(of: stack.node)
                {
                    // Built inside another stack's content, usually in another file.
                    let place =
                        "\(site.parent.map { "`\($0)`, " } ?? "")\(project.paths[site.file] ?? "?"):\(site.line)"
                    let outer = Self.outerStack(of: stack.node, in: project)
                    var hit = Hit(
                        file: fileIndex, offset: stack.offset,
                        message:
                            "`\(stack.node)` is shown inside another `NavigationStack` (built in \(place)) yet owns a `\(stack.stack)`, so two paths compete; keep the outer stack and drop this one\(caveat)",
                        severity: unsure,
                        evidence: [
                            .at(
                                project.paths[site.file] ?? "?", line: site.line, column: site.column,
                                "`\(stack.node)` is built here, inside another stack's content\(site.parent.map { " (in `\($0)`)" } ?? "")"
                            )
                        ] + (outer?.evidence.map { [$0] } ?? []))
                    if outer?.oneBranch == true {
                        hit.confidence = .medium
                        hit.message +=
                            " (the outer stack is built on one branch of a condition only, so the two nest only on that branch)"
                    }
                    hits.append(hit)
                }
            }
            return hits.sorted { $0.offset < $1.offset }
        }
    }

    /// Where the outer stack around a view starts (the stack its outermost stacked site is in, or
    /// the wrapper's own stack), and whether it exists on one branch of a condition only.
    static func outerStack(of view: String, in project: ProjectIndex) -> (evidence: Evidence?, oneBranch: Bool)? {
        let hierarchy = project.pathHierarchy
        guard let (child, site) = hierarchy.outermostStackedSite(of: view) else { return nil }
        let path = project.paths[site.file] ?? "?"
        if let line = site.stackLine {
            return (
                .at(path, line: line, "the outer stack starts here"), hierarchy.isStackedOnOneBranch(child, at: site)
            )
        }
        guard let wrapper = project.pathStackHoldingWrapper(site.stackWrappers) else { return nil }
        return (
            project.stackLocation(ownedBy: wrapper).map {
                .at($0.path, line: $0.line, "`\(wrapper)` builds the outer stack here")
            }, project.viewsWithConditionalPathStack.contains(wrapper)
        )
    }

    /// A view pushed with the app's own modifiers chained onto it (`Profile().embeddedInStack()`):
    /// if one of them wraps its content in a stack, the push puts a stack inside the stack it
    /// pushes onto. The same helper in a sheet is fine, and is not looked at here.
    struct WrappedPush: Sendable {
        var offset: Int
        var view: String
        var wrappers: [String]
        var pusher: String?
        /// The stack around the push in this file, if any (`NavigationStack { … NavigationLink … }`).
        var outerStack: (offset: Int, callee: String)?
    }

    static func pushesWrappedByModifiers(in s: Structure, chained: [Int: [String]]) -> [WrappedPush] {
        guard !chained.isEmpty else { return [] }
        var found: [WrappedPush] = []
        for (index, call) in s.calls.enumerated()
        where SwiftUINames.isNavigationCallName(call.callee) {
            for view in s.destinationViews(ofCall: index) {
                guard let wrappers = chained[view], !wrappers.isEmpty else { continue }
                let outer = ViewHierarchy.enclosingPathStackCall(of: call.calleeToken, in: s).map {
                    (s.offset(of: s.calls[$0].calleeToken), s.calls[$0].callee)
                }
                found.append(
                    WrappedPush(
                        offset: s.offset(of: s.calls[view].calleeToken), view: s.calls[view].callee,
                        wrappers: wrappers, pusher: s.enclosingType(of: call.calleeToken).map { s.types[$0].name },
                        outerStack: outer))
            }
        }
        return found
    }

    /// A use of a self-stacking, shared view inside another stack: the error stands here, with the
    /// view's own stack and the stack around this use as its proof.
    struct Use: Sendable {
        var view: String
        var call: Int
        var offset: Int
        var outerStack: (offset: Int, callee: String)?
    }

    static func verdict(
        onUse use: Use, file: Int, project: ProjectIndex,
        selfStacking: [String: (file: Int, line: Int)]
    ) -> Hit? {
        guard let own = selfStacking[use.view], project.pushedViews[use.view] == nil,
            Self.isShared(use.view, in: project)
        else { return nil }
        let hierarchy = project.pathHierarchy
        guard let site = hierarchy.sites[use.view]?.first(where: { $0.file == file && $0.call == use.call }),
            hierarchy.putsInStack(site)
        else { return nil }
        var evidence: [Evidence] = [
            .at(project.paths[own.file] ?? "?", line: own.line, "`\(use.view)` builds its own navigation stack here")
        ]
        if !site.inStack, let parent = site.parent, let outer = hierarchy.stackedSite(of: parent) {
            evidence.append(
                .at(
                    project.paths[outer.file] ?? "?", line: outer.line, column: outer.column,
                    "`\(parent)` is shown inside a navigation stack here"))
        } else if site.inStack, let outer = use.outerStack {
            evidence.append(.here(offset: outer.offset, message: "the `\(outer.callee)` around this use starts here"))
        } else {
            return nil
        }
        var hit = Hit(
            file: file, offset: use.offset,
            message:
                "`\(use.view)` wraps its content in a navigation stack, and here it is shown inside another\(site.parent.map { " (`\($0)` is in one)" } ?? ""), so two paths compete; use a variant without the stack here (its uses outside a stack keep it)",
            evidence: evidence)
        if site.inStack, hierarchy.isStackedOnOneBranch(use.view, at: site) {
            hit.confidence = .medium
            hit.message +=
                " (the outer stack is built on one branch of a condition only, so the two nest only on that branch)"
        }
        return hit
    }

    /// An error only with both halves of the proof: where the modifier builds its stack, and the
    /// stack the push lands on.
    static func verdict(on push: WrappedPush, file: Int, project: ProjectIndex) -> Hit? {
        // `.embeddedInStack()` (a function) or `.modifier(StackFrame())` (a type holding a stack).
        guard let wrapper = project.pathStackHoldingWrapper(push.wrappers) else { return nil }
        let isFunction = wrapper.hasPrefix(".")
        let modifier = isFunction ? wrapper + "()" : ".modifier(\(wrapper)())"
        let function = isFunction ? project.stackFunctionLocation(String(wrapper.dropFirst())) : nil
        guard let built = function.map({ (path: $0.path, line: $0.line) }) ?? project.stackLocation(ownedBy: wrapper)
        else { return nil }
        // A helper that builds its stack only on some runs (`if embed { NavigationStack { self } }`).
        if function?.conditional == true { return nil }
        var evidence: [Evidence] = [.at(built.path, line: built.line, "`\(modifier)` builds a navigation stack here")]
        if let outer = push.outerStack {
            evidence.append(.here(offset: outer.offset, message: "the `\(outer.callee)` it is pushed onto starts here"))
        } else if let outer = Self.stackPushedOnto(by: push.pusher, in: project) {
            evidence.append(outer)
        } else {
            return nil
        }
        return Hit(
            file: file, offset: push.offset,
            message:
                "`\(push.view)` is pushed wrapped in `\(modifier)`, which builds a navigation stack inside the one it is pushed onto, so two paths compete; push the view without the wrapper (keep it for sheets)",
            evidence: evidence)
    }

    /// Where the stack a view pushes onto is: the pusher shown inside a stack, or its own stack.
    static func stackPushedOnto(by pusher: String?, in project: ProjectIndex) -> Evidence? {
        guard let pusher else { return nil }
        if let site = project.pathHierarchy.stackedSite(of: pusher) {
            return .at(
                project.paths[site.file] ?? "?", line: site.line, column: site.column,
                "`\(pusher)` is shown inside a navigation stack here")
        }
        return project.stackLocation(ownedBy: pusher).map {
            .at($0.path, line: $0.line, "`\(pusher)` builds the stack it pushes onto here")
        }
    }

    /// The file's `NavigationStack`/`NavigationView` calls that are on screen: not a `NavigationView`
    /// styled as columns (`.navigationViewStyle(.columns)`: a split view, whose columns are not one
    /// path), nor drawn into an image or built in a button's action. The image chains are looked
    /// for only in a file with a stack.
    static func onScreenPathStacks(in file: LintFile) -> [Int] {
        let s = file.structure
        let stacks = s.calls.indices.filter {
            !s.calls[$0].isMember && SwiftUINames.isPathStackName(s.calls[$0].callee)
        }
        guard !stacks.isEmpty else { return [] }
        let columnViews = file.vocabulary.contains(.navigationViewStyle) ? Self.columnNavigationViews(in: s) : []
        let imageChains = Self.imageChainRoots(in: s)
        return stacks.filter {
            !columnViews.contains($0) && !Self.isRenderedOffScreen($0, in: s, imageChains: imageChains)
        }
    }

    /// A stack built only to be drawn into an image (`ImageRenderer(content:)`, a chained
    /// `.asImage()`/`.snapshot()`), or in a button's action: never on screen, so it nests nothing.
    static func isRenderedOffScreen(_ stack: Int, in s: Structure, imageChains: Set<Int>) -> Bool {
        if imageChains.contains(stack) { return true }
        let token = s.calls[stack].calleeToken
        for outer in s.enclosingCalls(of: token) {
            let call = s.calls[outer]
            if call.callee == "ImageRenderer" { return true }
            // `Button("Share") { … NavigationStack { … } … }`: the action runs, it is not shown.
            // (`Button(action: …) { label }` takes its label as the trailing closure instead.)
            if call.callee == "Button", let first = s.trailingClosures(of: call).first, first.body.contains(token),
                !s.arguments(of: call).contains(where: { $0.label == "action" })
            {
                return true
            }
        }
        return false
    }

    /// The calls a member named like an image or snapshot (`.asImage()`, `.snapshot()`) is chained
    /// onto, found in one pass over the file's member calls.
    static func imageChainRoots(in s: Structure) -> Set<Int> {
        var roots = Set<Int>()
        for call in s.calls where call.isMember {
            // Byte by byte: this runs for every member call, where a lowered copy allocates.
            let name = call.callee
            guard name.containsIgnoringASCIICase("image") || name.containsIgnoringASCIICase("snapshot"),
                let root = s.chainRoot(of: call)
            else {
                continue
            }
            roots.insert(root)
        }
        return roots
    }

    /// The `NavigationView` calls styled as columns (`.navigationViewStyle(.columns)`,
    /// `DoubleColumnNavigationViewStyle()`): split views, whose detail column may hold a stack.
    static func columnNavigationViews(in s: Structure) -> Set<Int> {
        var found = Set<Int>()
        for call in s.calls where call.isMember && call.callee == "navigationViewStyle" {
            guard let parentheses = call.parentheses, let root = s.chainRoot(of: call),
                s.calls[root].callee == "NavigationView",
                (parentheses.lowerBound...parentheses.upperBound).contains(where: {
                    s.is($0, "columns") || s.is($0, "DoubleColumnNavigationViewStyle")
                })
            else { continue }
            found.insert(root)
        }
        return found
    }
}
