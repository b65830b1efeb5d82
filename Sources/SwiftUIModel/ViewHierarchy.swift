import SwiftLexer
import Support

/// Which views a navigation stack reaches, across the files of a run.
///
/// Edges: a view type `P` *builds* `V` when a `V(…)` call stands in `P`'s `body` (destination
/// closures included). A call in another member of `P` (a `@ViewBuilder` property or function such
/// as `content` or `row(_:)`) is built by the node `P.content`, which `P` builds wherever it refers
/// to `content`: in `NavigationStack { content }` that member is in the stack. Uses through a
/// type count too, as partial ones (other uses may go unseen: they can put a member in a stack,
/// never show it is in none): a router enum's `route.screen` in `navigationDestination(for:
/// Route.self)` content uses `Route.screen`; `router.screen(for:)` uses `Router.screen` when a
/// property of the view says `router` is a `Router`; `Screens.view(for: $0)` there uses
/// `Screens.view`. A member used both in a stack and in presented content (one builder for pushes
/// and sheets) is of unknown place. A call inside the content of a `NavigationStack`/`NavigationSplitView`/`NavigationView` is *in a stack*; a call
/// inside `sheet`/`fullScreenCover`/`popover` content starts a new presentation and is *not*,
/// unless that content has its own stack. Calls in previews do not count.
///
/// Each view is `inStack` (some call site reaches a stack), `notInStack` (every call site is
/// known not to: built only from `App` scenes or presentations, or from views that are not in a
/// stack), or `unknown` (no call site in the run, or only through views of unknown status, such
/// as views built from code you cannot see). Rules stay silent on `unknown`.
public struct ViewHierarchy: Sendable {
    public enum Status: Sendable, Equatable { case inStack, notInStack, unknown }

    public struct Site: Sendable {
        public var parent: String?
        public var file: Int
        public var call: Int
        public var line: Int
        public var column = 1
        /// Lexically inside a stack's content in the parent.
        public var inStack: Bool
        /// Inside presentation content (and not in a stack within it).
        public var presented: Bool
        /// The parent is an `App` (its scenes are roots, not in any stack).
        public var fromApp: Bool
        /// Built inside a container the run does not declare (a package's), which may hold a
        /// stack: this site neither puts the view in a stack nor shows that it is not in one.
        public var opaque = false
        /// The line of the stack it is lexically in, and whether that stack is built only on some
        /// runs (`if compact { NavigationStack { Child() } } else { Child() }`).
        public var stackLine: Int?
        public var stackIsConditional = false
        /// The wrappers it is built inside, when one of them holds the stack it is in.
        public var stackWrappers: [String] = []
    }

    /// Whether content is built inside a container that the run does not declare and SwiftUI does
    /// not pass through (a package's `CoordinatedNavigationStack { … }`): it may hold a stack. Also true for content in a modifier that may show it elsewhere (`?popup`, see
    /// `SwiftUINames.mayShowContentElsewhere`), unless the run declares that modifier itself.
    static func hasOpaqueWrapper(_ wrappers: [String], declared: (String) -> Bool, modifiers: (String) -> Bool) -> Bool
    {
        wrappers.contains { wrapper in
            if wrapper.hasPrefix("?") { return !modifiers(String(wrapper.dropFirst())) }
            return !wrapper.hasPrefix(".") && !declared(wrapper) && !SwiftUINames.platformTypes.contains(wrapper)
                && !SwiftUINames.passThroughContainers.contains(wrapper)
        }
    }

    /// Whether one wrapper holds a stack: `.name` (a modifier applied, `chainedModifiers()`) and
    /// `?name` (a modifier whose closure holds the content) are looked up among the stack-building
    /// functions; anything else is a type, looked up with `owners`.
    static func holdsStack(_ wrapper: String, owners: (String) -> Bool, functions: Set<String>) -> Bool {
        wrapper.hasPrefix(".") || wrapper.hasPrefix("?")
            ? functions.contains(String(wrapper.dropFirst())) : owners(wrapper)
    }

    public private(set) var sites: [String: [Site]] = [:]
    public private(set) var status: [String: Status] = [:]

    /// The `NavigationStack` or `NavigationView` whose content a token is in, by callee name,
    /// unless a presentation or a modifier that may show its content elsewhere comes first.
    package static func enclosingPathStack(of token: Int, in s: Structure) -> String? {
        enclosingPathStackCall(of: token, in: s).map { s.calls[$0].callee }
    }

    /// The call of that stack (by index), for a finding to point at.
    package static func enclosingPathStackCall(of token: Int, in s: Structure) -> Int? {
        for index in s.enclosingCalls(of: token) {
            let call = s.calls[index]
            if !call.isMember, SwiftUINames.isPathStackName(call.callee) { return index }
            if call.isMember,
                SwiftUINames.isPresentationModifier(call.callee) || SwiftUINames.mayShowContentElsewhere(call)
            {
                return nil
            }
        }
        return nil
    }

    /// Takes the construction sites of every view (previews left out), then resolves the statuses.
    /// `wrapsInStack` says whether the views a site is built inside hold a stack (see `ProjectIndex`).
    /// With `pathStacksOnly`, only `NavigationStack`/`NavigationView` count: the content of a
    /// `NavigationSplitView` column is not on a path (a column may hold a stack of its own).
    init(
        constructions: [String: [ViewConstruction]], memberUses: [String: [ViewConstruction]] = [:],
        viewNames: Set<String>, wrapsInStack: ([String]) -> Bool = { _ in false },
        isOpaque: ([String]) -> Bool = { _ in false }, pathStacksOnly: Bool = false
    ) {
        func take(_ callee: String, _ list: [ViewConstruction], isMember: Bool = false) {
            var found = list.filter { !$0.inPreview }.map { site in
                // Inside a package's modifier (`.popup { … }`): shown who knows where.
                let elsewhere = site.wrappers.contains { $0.hasPrefix("?") && isOpaque([$0]) }
                // Built inside a view of the run that holds its content in a stack: in that stack.
                let wrapped = !elsewhere && !site.wrappers.isEmpty && wrapsInStack(site.wrappers)
                let inStack = !elsewhere && (pathStacksOnly ? site.inStack && !site.inSplitView : site.inStack)
                return Site(
                    parent: site.node ?? site.owner, file: site.file, call: site.call, line: site.line,
                    column: site.column,
                    inStack: inStack || wrapped, presented: site.presented && !wrapped && !elsewhere,
                    fromApp: site.ownerIsApp && !wrapped && !elsewhere,
                    opaque: elsewhere || site.isPartial
                        || (!wrapped && !inStack && !site.wrappers.isEmpty && isOpaque(site.wrappers)),
                    stackLine: inStack ? site.stackLine : nil, stackIsConditional: inStack && site.stackIsConditional,
                    stackWrappers: wrapped && !inStack ? site.wrappers : [])
            }
            // A member used both in a stack and in presented content (a router's `destination(for:)`
            // serving pushes and sheets) builds other screens for each: where any one of them
            // stands is unknown.
            if isMember, found.contains(where: \.inStack), found.contains(where: \.presented) {
                for index in found.indices {
                    (found[index].inStack, found[index].presented, found[index].opaque) = (false, false, true)
                }
            }
            if !found.isEmpty { sites[callee] = found }
        }
        for (callee, list) in constructions where viewNames.contains(callee) { take(callee, list) }
        // Members are nodes of their own (`Root.content`), placed by their uses.
        for (member, list) in memberUses { take(member, list, isMember: true) }
        resolve(viewNames: viewNames.union(memberUses.keys))
    }

    /// Where a token stands: the type whose declaration holds it, the member of that type it is in
    /// (a computed property or function, `body` included), whether it is inside a
    /// stack's content or presentation content within that member, and the views it is built
    /// inside on the way: a wrapper such as `ScreenContainer { Child() }` may hold a `NavigationStack`
    /// around its content (`ProjectIndex.wrapsInStack` knows).
    public struct Placement: Sendable {
        public var owner: Int?
        /// The outermost `.property`/`.function` scope under `owner`: what `body` refers to by name.
        public var member: ScopeKind?
        public var context = (inStack: false, presented: false, inSplitView: false)
        /// The stack call whose content the token is in (`context.inStack`).
        public var stack: Int?
        public var wrappers: [String] = []
        /// The `ForEach` or data-driven `List` whose rows the token is built in, within its member.
        public var rowContainer: RowContainer?
    }

    /// The placement of a token, in one walk out through its scopes (innermost first).
    /// `chained` (`Structure.chainedModifiers()`) adds the app's own modifiers applied to the
    /// calls on the way (`List { … }.embeddedInNavigation()`) to the wrappers, as `.name`.
    package static func placement(of token: Int, in s: Structure, chained: [Int: [String]] = [:]) -> Placement {
        var placement = Placement()
        var decided = false
        // Past a link's destination (a pushed screen), the rows around the link are not this
        // token's: the destination is built when it is shown, not with every row.
        var pushed = false
        s.forEachEnclosingScope(of: token) { scope in
            switch scope.kind {
            case .typeBody(let type):
                if placement.owner == nil { placement.owner = type }
            case .property, .function:
                if placement.owner == nil { placement.member = scope.kind }
            case .arguments(let call), .closure(let call?):
                guard !decided else { break }
                let site = s.calls[call]
                // Rows are built once per element; a presentation's content is not built with them.
                if placement.rowContainer == nil, placement.owner == nil, !pushed, case .closure = scope.kind {
                    placement.rowContainer = Self.rowContainer(site, in: s)
                }
                if !pushed, placement.owner == nil, isDestination(scope, of: call, holding: token, in: s) {
                    pushed = true
                }
                if !site.isMember, SwiftUINames.isStackName(site.callee) {
                    placement.context = (true, false, !SwiftUINames.isPathStackName(site.callee))
                    placement.stack = call
                    decided = true
                } else if site.isMember, SwiftUINames.isPresentationModifier(site.callee) {
                    placement.context = (false, true, false)
                    decided = true
                } else if placement.owner == nil {
                    if isPossibleWrapper(site) {
                        placement.wrappers.append(site.callee)
                    } else if SwiftUINames.mayShowContentElsewhere(site) {
                        placement.wrappers.append("?" + site.callee)
                    }
                    if let modifiers = chained[call] { placement.wrappers += modifiers }
                }
            default: break
            }
            return placement.owner == nil || !decided
        }
        return placement
    }

    /// Whether a scope is the pushed content of a navigation call: `.navigationDestination { … }`,
    /// a `NavigationLink`'s `destination:` argument, or its destination closure (the first one, when
    /// a `label:` closure or a title comes with it).
    static func isDestination(_ scope: Scope, of call: Int, holding token: Int, in s: Structure) -> Bool {
        let site = s.calls[call]
        if site.isMember {
            return SwiftUINames.isDestinationModifier(site.callee) && scope.kind == .closure(call: call)
        }
        guard SwiftUINames.isLinkName(site.callee) else { return false }
        switch scope.kind {
        case .closure:
            let closures = s.trailingClosures(of: site)
            guard let first = closures.first, first.label == nil, first.body.lowerBound == scope.range.lowerBound
            else { return false }
            return closures.contains { $0.label == "label" } || s.arguments(of: site).contains { $0.label == nil }
        case .arguments:
            return s.arguments(of: site).contains { $0.label == "destination" && $0.value.contains(token) }
        default:
            return false
        }
    }

    /// A container that builds its content once per element of a collection.
    public enum RowContainer: String, Sendable {
        case forEach = "ForEach", list = "List"
    }

    /// `ForEach(…)`, or `List(items) { item in … }`: one row per element (a static `List { … }`
    /// builds its content once). Asked of every call around every view construction, so read off
    /// the tokens, with no argument list.
    @inline(__always) package static func rowContainer(_ call: CallSite, in s: Structure) -> RowContainer? {
        guard !call.isMember, let first = call.callee.utf8.first,
            first == UInt8(ascii: "F") || first == UInt8(ascii: "L")
        else { return nil }
        if call.callee == "ForEach" { return .forEach }
        // `List(items)`, `List(items, id: \.self)`: a first argument without a label.
        guard call.callee == "List", let parentheses = call.parentheses, parentheses.count > 2 else { return nil }
        let start = parentheses.lowerBound + 1
        let labeled =
            (s.code[start].kind == .identifier || s.code[start].kind == .keyword)
            && s.punct(start + 1, UInt8(ascii: ":"))
        return labeled ? nil : .list
    }

    /// The hierarchy node a placement belongs to: its type (`Root`), or for a member that builds
    /// views (`memberName`), `Root.content`, whose own place is wherever `Root` refers to `content`
    /// (`NavigationStack { content }`); see `FileSummary`.
    package static func node(of placement: Placement, in s: Structure) -> String? {
        placement.owner.map { memberNode(ofType: $0, member: placement.member, in: s) ?? s.types[$0].name }
    }

    /// `Root.content` for a member of `Root` that gets a node of its own (`memberName`), else nil.
    static func memberNode(ofType type: Int, member: ScopeKind?, in s: Structure) -> String? {
        memberName(member, in: s).map { s.types[type].name + "." + $0 }
    }

    /// The name of a member that gets a node of its own: one that builds views (declared
    /// `some View`, `AnyView`, `some Scene`, `some ToolbarContent`, or with a result builder), other
    /// than `body` (the type itself) and initializers. Any other member (a helper of a model or a
    /// coordinator) stands for its type.
    package static func memberName(_ member: ScopeKind?, in s: Structure) -> String? {
        // Asked for every construction in every `body`: compare the name token before any string.
        switch member {
        case .property(let property):
            if s.is(s.properties[property].nameToken, "body") { return nil }
            let declaration = s.properties[property]
            return buildsViews(type: declaration.type, attributes: declaration.attributes) ? declaration.name : nil
        case .function(let function):
            if s.functions[function].isInitializer || s.is(s.functions[function].nameToken, "body") { return nil }
            let declaration = s.functions[function]
            return buildsViews(type: declaration.returnType, attributes: declaration.attributes)
                ? declaration.name : nil
        default:
            return nil
        }
    }

    /// `some View`, `AnyView`, `some Scene`, `some ToolbarContent`, `Content`, or a `…Builder` attribute.
    static func buildsViews(type: String?, attributes: [String]) -> Bool {
        if attributes.contains(where: { $0.utf8.count > 7 && $0.utf8.suffix(7).elementsEqual("Builder".utf8) }) {
            return true
        }
        guard let type else { return false }
        return contains(type, "View") || contains(type, "Scene") || contains(type, "Content")
    }

    /// Substring test without copying the text.
    static func contains(_ text: String, _ word: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            !haystack.endsOfOccurrences(
                of: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), limit: 1
            ).isEmpty
        }
    }

    /// A call to a type that is neither the platform's (`VStack`, `List`) nor a stack.
    static func isPossibleWrapper(_ call: CallSite) -> Bool { SwiftUINames.mayBuildRunType(call) }

    /// Worklist propagation, linear in the number of sites (a long chain of views stays cheap).
    mutating func resolve(viewNames: Set<String>) {
        for name in viewNames { status[name] = .unknown }
        // Sites waiting on their parent's status, by parent name.
        var builtBy: [String: [(child: String, site: Site)]] = [:]
        for (name, list) in sites {
            for site in list { if let parent = site.parent { builtBy[parent, default: []].append((name, site)) } }
        }
        // In a stack: any site in a stack, or built (not presented) by a view in a stack.
        var queue = sites.filter { $0.value.contains(where: \.inStack) }.map(\.key)
        for name in queue { status[name] = .inStack }
        var head = 0
        while head < queue.count {
            let parent = queue[head]
            head += 1
            for (child, site) in builtBy[parent] ?? [] where !site.presented && status[child] != .inStack {
                status[child] = .inStack
                queue.append(child)
            }
        }
        // Not in a stack: every site is known not to be. Count, per view, the sites still waiting.
        var waiting: [String: Int] = [:]
        queue = []
        for (name, list) in sites where status[name] == .unknown {
            let open = list.filter { site in !(site.presented || site.fromApp) || site.opaque }.count
            waiting[name] = open
            if open == 0 { queue.append(name) }
        }
        head = 0
        while head < queue.count {
            let name = queue[head]
            head += 1
            status[name] = .notInStack
            for (child, site) in builtBy[name] ?? [] where !(site.presented || site.fromApp || site.opaque) {
                guard let count = waiting[child], count > 0 else { continue }
                waiting[child] = count - 1
                if count == 1 { queue.append(child) }
            }
        }
    }

    public func status(of view: String) -> Status { status[view] ?? .unknown }

    /// A site that puts `view` in a stack: lexically in one, or built (not presented) by a view
    /// that is in one. For messages that say where.
    public func stackedSite(of view: String) -> Site? {
        sites[view]?.first(where: putsInStack)
    }

    /// The site that starts the chain of builds putting `view` in a stack: lexically in one, or
    /// inside a wrapper that holds one (following the parents of sites that are in a stack only
    /// because their parent is). What evidence names as the outer stack.
    public func outermostStackedSite(of view: String) -> (view: String, site: Site)? {
        var seen: Set<String> = [view]
        var current = (view: view, site: stackedSite(of: view))
        while let site = current.site, !site.inStack, let parent = site.parent, seen.insert(parent).inserted {
            current = (parent, stackedSite(of: parent))
        }
        guard let site = current.site, site.inStack else { return nil }
        return (current.view, site)
    }

    /// Whether the stack a site is lexically in exists on one branch only: it is built on some
    /// runs, and the same parent builds the view outside any stack too (`if compact {
    /// NavigationStack { Child() } } else { Child() }`).
    public func isStackedOnOneBranch(_ view: String, at site: Site) -> Bool {
        site.stackIsConditional
            && (sites[view] ?? []).contains { $0.parent == site.parent && $0.file == site.file && !$0.inStack }
    }

    /// Whether this site shows its view inside a stack: lexically in one, or built (not
    /// presented) by a view that is in one.
    public func putsInStack(_ site: Site) -> Bool {
        site.inStack || (!site.presented && !site.fromApp && site.parent.map { status(of: $0) == .inStack } ?? false)
    }
}
