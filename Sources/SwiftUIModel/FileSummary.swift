import SwiftLexer
import Support

/// The per-file half of the project index: taken while a file's tokens are in memory, merged by
/// `ProjectIndex.init(summaries:count:)` once every file has been read.
/// What one file contributes to the index: everything cross-file rules ask of it.
package struct FileSummary: Sendable, Equatable {
    var file: Int
    var path: String
    package var types: [DeclaredType] = []
    /// The line of each type declaration, by position in `types` (for findings that name one).
    var typeLines: [Int] = []
    /// Whether the file builds views (see `init`): only then are its calls and members read.
    package var buildsViews = false
    /// Grouped by callee here, in parallel, so the serial merge looks up each name once per file.
    package var constructions: [String: [ViewConstruction]] = [:]
    /// Uses of members that hold views, links or stacks, by member node (see `ProjectIndex.memberUses`).
    var memberUses: [String: [ViewConstruction]] = [:]
    /// The member nodes this file declares (`Root.header` for `var header: some View` in `Root`).
    var declaredMemberNodes: [String] = []
    /// Names a type's view code uses that none of its declarations in this file declares
    /// (`header` in `body`, with `var header: some View` in an extension in another file), by
    /// the node they would be: the index keeps those whose member some other file declares.
    var looseUses: [String: [ViewConstruction]] = [:]
    var stacks: [StackSite] = []
    /// Functions that build a `NavigationStack`/`NavigationView` (see `ProjectIndex.stackFunctions`).
    var stackFunctions: [StackFunction] = []
    /// `mutating func`s (see `ProjectIndex.mutatingFunctions`).
    var mutatingFunctions: [String] = []
    /// Members used on the item of presentation content (see `presentedMembers(of:in:)`).
    var presentedMembers: [String] = []
    /// Functions declared in `extension View` (see `ProjectIndex.viewModifierFunctions`).
    var viewModifierFunctions: [String] = []
    /// Those among them that show their content in a presentation (`sheet`, `fullScreenCover`, …).
    var presentationWrappers: [String] = []
    /// The app's own modifiers chained onto calls (`Structure.chainedModifiers()`), for the rules too.
    package var chained: [Int: [String]] = [:]
    /// Each push: the view, the link's call, the pushing view, and the literal arguments the
    /// destination is built with (which decide the pushed view's conditional stack).
    package var pushes: [PushSite] = []
    /// Functions in `extension View` whose body builds a `NavigationLink`: the app's own link
    /// modifiers (`.navigationLink(to: Screen())`).
    var linkWrappers: [String] = []
    /// A link modifier whose destination is a member of a parameter's type (`func navigationLink(to
    /// route: Route)` building `NavigationLink { route.destination }`): the views that member
    /// builds are pushed wherever the modifier is used. `node` is `Route.destination`, `modifier`
    /// the function's name.
    var memberLinks: [MemberLink] = []
    /// Names of the modifiers the file calls that SwiftUI does not declare (the app's own, or a
    /// package's): a link modifier pushes only where it is used.
    var appModifiersUsed: Set<String> = []
    /// Views built directly in the arguments of the app's own modifiers: pushes when that
    /// modifier is a link wrapper, which only the index can tell (it may be declared elsewhere).
    var modifierArgumentViews: [ModifierArgumentView] = []
    /// The file's `#if` branches, found on first need (`Structure.compileBranches`); dropped once
    /// the file is read (a summary is kept for an editor's session).
    var branchTable: CompileBranchTable?
    /// The file's views no one can use (`Structure.unusableViews`), found on first need.
    var unusableViews: [Int: String]?
    /// Indexed by type: that type's initializers and stored properties.
    var initializers: [[DeclaredInitializer]] = []
    var storedProperties: [[DeclaredProperty]] = []
    /// What each type declaration (extensions too) says it conforms to or inherits, by type name.
    var conformances: [Conformance] = []
    /// The `@Binding` properties of the file's types, and whether the file writes each.
    package var bindings: [BindingUse] = []
    /// In a file whose views are not read (`buildsViews` false), the type names it calls
    /// (`Story(episode: e)` in a model): the index does not see those constructions, so a type
    /// one of them names is not taken to be built only by previews.
    package var typeCallsOutsideViewCode: Set<String> = []

    /// Reads the file in named steps, one per fact; calls and members only where views are built.
    init(index: Int, path: String, structure s: Structure, vocabulary: Vocabulary) {
        file = index
        self.path = path
        // Views are built only where SwiftUI is: files that name `View`, `AnyView` or `Scene`
        // (a view, a view-building member), declare a view type or preview, import SwiftUI, or
        // pass `.constant(…)` (a test building a view). Most files of a large repo do none of
        // these, and neither their members nor their calls are looked at. (A file that builds
        // views through another file's `@_exported import SwiftUI` and names none is missed.)
        buildsViews =
            vocabulary.containsAny(.view, .anyView, .scene, .constant) || Self.hasViewTypes(s)
            || s.importedModules().contains("SwiftUI")
        let isApp = readDeclarations(s)
        bindings = BindingWrites.read(s).map { use in
            var use = use
            use.file = index
            return use
        }
        guard buildsViews else {
            for call in s.calls where !call.isMember && Structure.isTypeName(call.callee) {
                typeCallsOutsideViewCode.insert(call.callee)
            }
            memberUses = Self.uses(of: [:], in: s, file: file, isApp: isApp)
            return
        }
        chained = s.chainedModifiers()
        readTypealiases(s)
        var router = MemberRouter(members: MemberNodes(s), types: types.map(\.name))
        readCalls(s, isApp: isApp, router: &router)
        routeMembersHoldingNavigation(s, router: &router)
        declaredMemberNodes =
            router.members.properties.compactMap { $0 } + router.members.functions.compactMap { $0 }
        // A loose use inside one of this file's view-building members routes that member.
        looseUses.merge(
            Self.looseUses(in: s, viewCode: router.members.bodies, file: file, isApp: isApp) { placement in
                _ = router.route(placement)
            },
            uniquingKeysWith: +)
        memberUses = Self.uses(of: router.routed, in: s, file: file, isApp: isApp)
        // A test builds views as a preview does (`NavigationStack { Settings() }` for a
        // snapshot): its sites say nothing about where the app shows them.
        if vocabulary.importsTestFramework(in: s) { markSitesAsPreviews() }
        if vocabulary.contains(.debug) { markDebugOnlySites(s.debugOnlyRanges(), in: s) }
        // Kept for the whole of an editor's session: lists grown one site at a time hold up to
        // twice their sites.
        constructions = constructions.mapValues(\.trimmed)
        memberUses = memberUses.mapValues(\.trimmed)
        looseUses = looseUses.mapValues(\.trimmed)
        branchTable = nil
        unusableViews = nil
    }

    /// Members (not `body`) that hold views, links or stacks, by node: their uses decide where
    /// those stand, so each one a site is found in is recorded with its type.
    struct MemberRouter {
        let members: MemberNodes
        let types: [String]
        var routed: [String: (type: Int, member: ScopeKind)] = [:]

        /// The node a placement is in: its member's (`Root.content`), else its type's name.
        mutating func route(_ placement: ViewHierarchy.Placement) -> String? {
            guard let owner = placement.owner else { return nil }
            guard let member = placement.member, let node = members.node(member) else { return types[owner] }
            if routed[node] == nil { routed[node] = (owner, member) }
            return node
        }
    }

    /// Types, their initializers and stored properties, the app's own view modifiers and mutating
    /// functions. Returns, per type, whether it is an `App`.
    mutating func readDeclarations(_ s: Structure) -> [Bool] {
        var isApp: [Bool] = []
        isApp.reserveCapacity(s.types.count)
        for (typeIndex, type) in s.types.enumerated() {
            types.append(
                DeclaredType(
                    index: typeIndex, name: type.name, isView: SwiftUINames.declaresView(type), kind: type.kind))
            typeLines.append(s.code[type.nameToken].line)
            isApp.append(type.inherits("App"))
        }
        initializers = Array(repeating: [], count: s.types.count)
        storedProperties = Array(repeating: [], count: s.types.count)
        // Each type's lists sized exactly: an editor keeps every file's summary, and lists grown
        // one declaration at a time were a sixth of it.
        var initializerCounts = [Int](repeating: 0, count: s.types.count)
        var propertyCounts = [Int](repeating: 0, count: s.types.count)
        for function in s.functions where function.isInitializer {
            if let owner = function.owner { initializerCounts[owner] += 1 }
        }
        for property in s.properties where property.body == nil && !property.isStatic {
            if let owner = property.owner { propertyCounts[owner] += 1 }
        }
        for owner in s.types.indices {
            initializers[owner].reserveCapacity(initializerCounts[owner])
            storedProperties[owner].reserveCapacity(propertyCounts[owner])
        }
        for function in s.functions {
            guard let owner = function.owner else { continue }
            if function.isInitializer {
                initializers[owner].append(DeclaredInitializer(function))
            } else if types[owner].kind == .extension, types[owner].name == "View" {
                viewModifierFunctions.append(function.name)
                if let body = function.body {
                    let links = s.calls(in: body.lowerBound..<body.upperBound + 1).filter {
                        SwiftUINames.isLinkName(s.calls[$0].callee) && !s.calls[$0].isMember
                    }
                    if !links.isEmpty { linkWrappers.append(function.name) }
                    // `func bottomPanel(…) -> some View { sheet(…) { content() } }`: what it shows is presented.
                    if s.calls(in: body.lowerBound..<body.upperBound + 1).contains(where: {
                        BindingWriters.isPresentation(s.calls[$0].callee)
                    }) {
                        presentationWrappers.append(function.name)
                    }
                    for link in links { readMemberLink(link, of: function, in: s) }
                }
            }
            if function.modifiers.contains("mutating") { mutatingFunctions.append(function.name) }
        }
        for property in s.properties where property.body == nil && !property.isStatic {
            if let owner = property.owner { storedProperties[owner].append(DeclaredProperty(property)) }
        }
        for type in s.types where !type.inheritance.isEmpty {
            // The platform's own protocols say nothing the index needs (views are known by name).
            let own = type.inheritance.filter { !SwiftUINames.platformProtocols.contains($0) }
            if !own.isEmpty { conformances.append(Conformance(type: type.name, names: own)) }
        }
        return isApp
    }

    /// `typealias Story = StoryView & Sharing`: a name that conforms to what it composes.
    mutating func readTypealiases(_ s: Structure) {
        for index in s.code.indices where s.code[index].keyword == .typealias {
            guard index + 2 < s.code.count, s.code[index + 1].kind == .identifier else { continue }
            var names: [String] = []
            var next = index + 2
            guard s.code[next].kind == .operator, s.text(next) == "=" else { continue }
            next += 1
            // Names joined by `&`, on the declaration's line.
            while next < s.code.count, s.code[next].kind == .identifier, s.code[next].line == s.code[index].line {
                names.append(s.text(next))
                guard next + 1 < s.code.count, s.code[next + 1].kind == .operator, s.text(next + 1) == "&" else {
                    break
                }
                next += 2
            }
            if !names.isEmpty { conformances.append(Conformance(type: s.text(index + 1), names: names)) }
        }
    }

    /// One walk over the calls: stacks and the functions that build them, constructions of the
    /// run's types, members used on presented items, router uses in typed destinations, pushes.
    mutating func readCalls(_ s: Structure, isApp: [Bool], router: inout MemberRouter) {
        for (callIndex, call) in s.calls.enumerated() {
            // One byte rules most calls out (the first bytes of SwiftUINames' lists).
            let first = call.callee.utf8.first
            let mayBeNavigation = SwiftUINames.navigationFirstBytes.admits(first) || SwiftUINames.hasTeamNames
            if mayBeNavigation, !call.isMember, SwiftUINames.isStackName(call.callee) {
                readStack(call, at: callIndex, in: s)
            }
            // Constructions of SwiftUI's and Foundation's own types are most of a view's calls
            // and say nothing about the run's types: skip them before any scope walk. (A run
            // that declares its own `Text` loses those sites, so its rules stay silent on it.)
            if SwiftUINames.mayBuildRunType(call) {
                readConstruction(call, at: callIndex, in: s, isApp: isApp, router: &router)
                readModifierArgument(call, in: s)
            }
            if call.isMember,
                SwiftUINames.presentationFirstBytes.admits(first), SwiftUINames.isPresentationModifier(call.callee)
            {
                presentedMembers += Self.presentedMembers(of: call, in: s)
            }
            if call.isMember, first.map({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) == true,
                !SwiftUINames.everydayModifiers.contains(call.callee)
            {
                appModifiersUsed.insert(call.callee)
            }
            if mayBeNavigation, SwiftUINames.isNavigationCallName(call.callee) {
                readNavigation(call, at: callIndex, in: s, isApp: isApp, router: &router)
            }
        }
    }

    /// `NavigationLink { route.destination }` where `route` is a parameter of the link modifier,
    /// typed with a type name: `Route.destination` is pushed through the modifier.
    mutating func readMemberLink(_ link: Int, of function: FunctionDecl, in s: Structure) {
        let call = s.calls[link]
        var regions = s.trailingClosures(of: call).filter { $0.label != "label" }.map {
            $0.body.lowerBound..<$0.body.upperBound + 1
        }
        regions += s.arguments(of: call).filter { $0.label == "destination" }.map(\.value)
        for region in regions {
            for index in region where index + 2 < region.upperBound && s.code[index].kind == .identifier {
                guard s.punct(index + 1, UInt8(ascii: ".")), s.code[index + 2].kind == .identifier,
                    let parameter = function.parameters.first(where: { $0.name == s.text(index) })
                else { continue }
                let type = parameter.type.hasSuffix("?") ? String(parameter.type.dropLast()) : parameter.type
                guard Structure.isTypeName(type), type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    continue
                }
                let line = s.code[call.calleeToken].line
                memberLinks.append(
                    MemberLink(
                        node: type + "." + s.text(index + 2), modifier: function.name, call: link, line: line,
                        column: s.column(of: call.calleeToken, line: line)))
            }
        }
    }

    /// A view built directly in a modifier's arguments or closure (`.navigationLink(to: Screen())`),
    /// kept for the index to count as a push if that modifier turns out to be a link wrapper.
    mutating func readModifierArgument(_ call: CallSite, in s: Structure) {
        guard let outer = s.innermostCall(of: call.calleeToken) else { return }
        let modifier = s.calls[outer]
        guard modifier.isMember, let first = modifier.callee.utf8.first, first >= UInt8(ascii: "a"),
            first <= UInt8(ascii: "z"), !SwiftUINames.everydayModifiers.contains(modifier.callee),
            !SwiftUINames.isPresentationModifier(modifier.callee), !SwiftUINames.isDestinationModifier(modifier.callee)
        else { return }
        let known = branchTable ?? CompileBranchTable(s)
        branchTable = known
        modifierArgumentViews.append(
            ModifierArgumentView(
                modifier: modifier.callee, view: call.callee, call: outer,
                pusher: s.enclosingType(of: modifier.calleeToken).map { types[$0].name },
                line: s.code[modifier.calleeToken].line,
                column: s.column(of: modifier.calleeToken, line: s.code[modifier.calleeToken].line),
                branches: known.isEmpty ? [] : s.compileBranches(of: modifier.calleeToken, table: known)))
    }

    /// A stack: the type that owns it, and the function (not `body`) that builds it, if any.
    mutating func readStack(_ call: CallSite, at callIndex: Int, in s: Structure) {
        // A stack in presented content (`content.sheet { NavigationStack { … } }` in a view
        // modifier) is the sheet's own: it wraps nothing the type is handed.
        if ViewHierarchy.placement(of: call.calleeToken, in: s, chained: chained).context.presented { return }
        if let owner = s.enclosingType(of: call.calleeToken) {
            stacks.append(
                StackSite(
                    owner: types[owner].name, call: callIndex, isSplit: !SwiftUINames.isPathStackName(call.callee),
                    line: s.code[call.calleeToken].line,
                    column: s.column(of: call.calleeToken, line: s.code[call.calleeToken].line),
                    conditional: s.isConditional(call.calleeToken)))
        }
        if SwiftUINames.isPathStackName(call.callee), let function = s.enclosingFunction(of: call.calleeToken),
            s.functions[function].name != "body"
        {
            stackFunctions.append(
                StackFunction(
                    name: s.functions[function].name, line: s.code[call.calleeToken].line,
                    column: s.column(of: call.calleeToken, line: s.code[call.calleeToken].line),
                    conditional: s.isConditional(call.calleeToken)))
        }
    }

    /// A construction of a type the run may declare, with where it stands.
    mutating func readConstruction(
        _ call: CallSite, at callIndex: Int, in s: Structure, isApp: [Bool], router: inout MemberRouter
    ) {
        var placement = ViewHierarchy.placement(of: call.calleeToken, in: s, chained: chained)
        // `Catalog().embeddedInNavigation()`: what is applied to the view itself.
        if let own = chained[callIndex] { placement.wrappers = own + placement.wrappers }
        let owner = placement.owner.map { types[$0] }
        var constantLabels: [String] = []
        var frozenOffLabels: [String] = []
        var frozenCall: FrozenCall?
        var constantOffset: Int?
        if s.mentionsConstant(call) {
            for argument in s.arguments(of: call) {
                guard let start = s.constantBindingStart(in: argument.value) else { continue }
                constantOffset = constantOffset ?? s.offset(of: start)
                constantLabels.append(argument.label ?? "_")
                if s.isFrozenOff(start) { frozenOffLabels.append(argument.label ?? "_") }
            }
            if !constantLabels.isEmpty {
                frozenCall = FrozenCall(of: call, in: s)
                let known = branchTable ?? CompileBranchTable(s)
                branchTable = known
                if !known.isEmpty { frozenCall?.branches = s.compileBranches(of: call.calleeToken, table: known) }
                let unusable = unusableViews ?? s.unusableViews()
                unusableViews = unusable
                frozenCall?.unusable =
                    unusable[callIndex] != nil
                    || s.enclosingCalls(of: call.calleeToken).contains { unusable[$0] != nil }
            }
        }
        let constant = !constantLabels.isEmpty
        let line = s.code[call.calleeToken].line
        let positions = s.file.positions
        var site = ViewConstruction(
            file: file, call: callIndex, line: line, owner: owner?.name,
            node: router.route(placement), ownerIsApp: placement.owner.map { isApp[$0] } ?? false,
            inStack: placement.context.inStack, presented: placement.context.presented,
            inPreview: s.isInPreview(call.calleeToken), passesConstantBinding: constant,
            constantLabels: constantLabels,
            frozenOffLabels: frozenOffLabels, frozenCall: frozenCall,
            wrappers: placement.wrappers, inSplitView: placement.context.inSplitView,
            rowContainer: placement.rowContainer)
        site.placeStack(placement, in: s)
        site.column = positions.characterColumn(of: s.offset(of: call.calleeToken), line: line)
        site.constantPosition = constantOffset.map { offset in
            let line = positions.line(of: offset)
            return SourcePosition(line: line, column: positions.characterColumn(of: offset, line: line))
        }
        constructions[call.callee, default: []].append(site)
    }

    /// A `NavigationLink` or `.navigationDestination`: the views it pushes, and the members of a
    /// router type its typed destination content uses.
    mutating func readNavigation(
        _ call: CallSite, at callIndex: Int, in s: Structure, isApp: [Bool], router: inout MemberRouter
    ) {
        if call.isMember, SwiftUINames.isDestinationModifier(call.callee) {
            // `navigationDestination(for: Route.self) { route in route.destination }`: a use of
            // `Route.destination` in the pushed content (a router enum that builds its screens).
            for (node, index) in Self.typedDestinationUses(of: call, in: s) {
                let placement = ViewHierarchy.placement(of: index, in: s, chained: chained)
                guard let owner = placement.owner, let user = ViewHierarchy.node(of: placement, in: s) else {
                    continue
                }
                _ = router.route(placement)
                var use = Self.use(
                    at: index, placement: placement, owner: owner, node: user, file: file, isApp: isApp, in: s)
                use.isPartial = true
                looseUses[node, default: []].append(use)
            }
        }
        let destinations = s.destinationViews(ofCall: callIndex)
        guard !destinations.isEmpty else { return }
        let pusher = s.enclosingType(of: call.calleeToken).map { types[$0].name }
        let line = s.code[call.calleeToken].line
        let known = branchTable ?? CompileBranchTable(s)
        branchTable = known
        let branches = known.isEmpty ? [] : s.compileBranches(of: call.calleeToken, table: known)
        for view in destinations {
            let construction = s.calls[view]
            pushes.append(
                PushSite(
                    view: construction.callee, call: callIndex, pusher: pusher, line: line,
                    column: s.column(of: call.calleeToken, line: line), branches: branches,
                    arguments: FrozenCall(of: construction, in: s)))
        }
    }

    /// Links, stacks and tab views in members (not `body`): the rules place them by node too,
    /// so those members need their uses.
    func routeMembersHoldingNavigation(_ s: Structure, router: inout MemberRouter) {
        for range in router.members.bodies {
            for index in s.calls(in: range.lowerBound..<range.upperBound + 1) {
                let call = s.calls[index]
                if call.callee == "TabView" || SwiftUINames.isStackName(call.callee)
                    || SwiftUINames.isNavigationCallName(call.callee)
                {
                    _ = router.route(ViewHierarchy.placement(of: call.calleeToken, in: s))
                }
            }
        }
    }

    /// The constructions standing in `#if DEBUG` code (`ranges`, token ranges in file order).
    mutating func markDebugOnlySites(_ ranges: [Range<Int>], in s: Structure) {
        guard !ranges.isEmpty else { return }
        for key in constructions.keys {
            constructions[key] = constructions[key]?.map { site in
                var site = site
                let token = s.calls[site.call].calleeToken
                site.inDebugOnly = ranges.contains { $0.contains(token) }
                return site
            }
        }
    }

    /// Every site of the file counts as a preview's.
    mutating func markSitesAsPreviews() {
        func mark(_ sites: inout [String: [ViewConstruction]]) {
            for key in sites.keys {
                sites[key] = sites[key]?.map { site in
                    var site = site
                    site.inPreview = true
                    return site
                }
            }
        }
        mark(&constructions)
        mark(&memberUses)
        mark(&looseUses)
    }
}

extension Array {
    /// The same elements in a list of their own size (a copy only when the list has room to spare).
    fileprivate var trimmed: [Element] { capacity > count ? map { $0 } : self }
}

/// A type the file declares, by position in the file's structure.
package struct DeclaredType: Sendable, Equatable {
    package var index: Int
    package var name: String
    package var isView: Bool
    package var kind: TypeKind
}

/// A `NavigationStack`, `NavigationView` or split view, in the type that owns it.
package struct StackSite: Sendable, Equatable {
    var owner: String
    var call: Int
    var isSplit: Bool
    var line: Int
    var column: Int
    var conditional: Bool
}

/// A function (not `body`) that builds a path stack.
package struct StackFunction: Sendable, Equatable {
    var name: String
    var line: Int
    var column: Int
    var conditional: Bool
}

/// A push: the view, the link's call, the pushing view, and the literal arguments the destination
/// is built with.
package struct PushSite: Sendable, Equatable {
    package var view: String
    package var call: Int
    package var pusher: String?
    package var line: Int
    package var column: Int
    package var branches: [String]
    package var arguments: FrozenCall
}

/// A link modifier whose destination is `node`, a member of a parameter's type.
package struct MemberLink: Sendable, Equatable {
    var node: String
    var modifier: String
    var call: Int
    var line: Int
    var column: Int
}

/// A view built directly in the arguments of one of the app's own modifiers.
package struct ModifierArgumentView: Sendable, Equatable {
    var modifier: String
    var view: String
    var call: Int
    var pusher: String?
    var line: Int
    var column: Int
    var branches: [String]
}

/// What one type declaration (or extension) says it conforms to or inherits.
package struct Conformance: Sendable, Equatable {
    var type: String
    var names: [String]
}
