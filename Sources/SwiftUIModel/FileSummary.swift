import SwiftLexer
import Support

/// The per-file half of the project index: taken while a file's tokens are in memory, merged by
/// `ProjectIndex.init(summaries:count:)` once every file has been read.
/// What one file contributes to the index: everything cross-file rules ask of it.
package struct FileSummary: Sendable {
    var file: Int
    var path: String
    package var types: [(index: Int, name: String, isView: Bool, kind: TypeKind)] = []
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
    var stacks: [(owner: String, call: Int, isSplit: Bool, line: Int, column: Int, conditional: Bool)] = []
    /// Functions that build a `NavigationStack`/`NavigationView` (see `ProjectIndex.stackFunctions`).
    var stackFunctions: [(name: String, line: Int, column: Int, conditional: Bool)] = []
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
    package var pushes:
        [(view: String, call: Int, pusher: String?, line: Int, column: Int, branches: [String], arguments: FrozenCall)] =
            []
    /// Functions in `extension View` whose body builds a `NavigationLink`: the app's own link
    /// modifiers (`.navigationLink(to: Screen())`).
    var linkWrappers: [String] = []
    /// A link modifier whose destination is a member of a parameter's type (`func navigationLink(to
    /// route: Route)` building `NavigationLink { route.destination }`): the views that member
    /// builds are pushed wherever the modifier is used. `node` is `Route.destination`, `modifier`
    /// the function's name.
    var memberLinks: [(node: String, modifier: String, call: Int, line: Int, column: Int)] = []
    /// Names of the modifiers the file calls that SwiftUI does not declare (the app's own, or a
    /// package's): a link modifier pushes only where it is used.
    var appModifiersUsed: Set<String> = []
    /// Views built directly in the arguments of the app's own modifiers: pushes when that
    /// modifier is a link wrapper, which only the index can tell (it may be declared elsewhere).
    var modifierArgumentViews:
        [(modifier: String, view: String, call: Int, pusher: String?, line: Int, column: Int, branches: [String])] = []
    /// The file's `#if` branches, found on first need (`Structure.compileBranches`); dropped once
    /// the file is read (a summary is kept for an editor's session).
    var branchTable: CompileBranchTable?
    /// The file's views no one can use (`Structure.unusableViews`), found on first need.
    var unusableViews: [Int: String]?
    /// Indexed by type: that type's initializers and stored properties.
    var initializers: [[DeclaredInitializer]] = []
    var storedProperties: [[DeclaredProperty]] = []
    /// What each type declaration (extensions too) says it conforms to or inherits, by type name.
    var conformances: [(type: String, names: [String])] = []
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
            types.append((typeIndex, type.name, SwiftUINames.declaresView(type), type.kind))
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
            if !own.isEmpty { conformances.append((type.name, own)) }
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
            if !names.isEmpty { conformances.append((s.text(index + 1), names)) }
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
                    (
                        type + "." + s.text(index + 2), function.name, link, line,
                        s.column(of: call.calleeToken, line: line)
                    ))
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
            (
                modifier.callee, call.callee, outer, s.enclosingType(of: modifier.calleeToken).map { types[$0].name },
                s.code[modifier.calleeToken].line,
                s.column(of: modifier.calleeToken, line: s.code[modifier.calleeToken].line),
                known.isEmpty ? [] : s.compileBranches(of: modifier.calleeToken, table: known)
            ))
    }

    /// A stack: the type that owns it, and the function (not `body`) that builds it, if any.
    mutating func readStack(_ call: CallSite, at callIndex: Int, in s: Structure) {
        // A stack in presented content (`content.sheet { NavigationStack { … } }` in a view
        // modifier) is the sheet's own: it wraps nothing the type is handed.
        if ViewHierarchy.placement(of: call.calleeToken, in: s, chained: chained).context.presented { return }
        if let owner = s.enclosingType(of: call.calleeToken) {
            stacks.append(
                (
                    types[owner].name, callIndex, !SwiftUINames.isPathStackName(call.callee),
                    s.code[call.calleeToken].line, s.column(of: call.calleeToken, line: s.code[call.calleeToken].line),
                    s.isConditional(call.calleeToken)
                ))
        }
        if SwiftUINames.isPathStackName(call.callee), let function = s.enclosingFunction(of: call.calleeToken),
            s.functions[function].name != "body"
        {
            stackFunctions.append(
                (
                    s.functions[function].name, s.code[call.calleeToken].line,
                    s.column(of: call.calleeToken, line: s.code[call.calleeToken].line),
                    s.isConditional(call.calleeToken)
                ))
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
            return (line, positions.characterColumn(of: offset, line: line))
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
                (
                    construction.callee, callIndex, pusher, line, s.column(of: call.calleeToken, line: line), branches,
                    FrozenCall(of: construction, in: s)
                ))
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

    /// Uses, in a type's view code (`body`, members that build views), of names that no
    /// declaration of that type in this file declares: a bare `header`, `self.header`,
    /// `header.padding()`, `row(item)` or `return header` standing as a statement. Keyed by the
    /// node the name would have (`Root.header`); most such names are locals or other types'
    /// members and are dropped by the index.
    static func looseUses(
        in s: Structure, viewCode memberBodies: [ClosedRange<Int>], file: Int, isApp: [Bool],
        routing route: (ViewHierarchy.Placement) -> Void
    ) -> [String: [ViewConstruction]] {
        // View code: the bodies of `body` and of the members that build views, outermost only.
        var ranges = memberBodies
        for property in s.properties where property.owner != nil && property.name == "body" {
            if let body = property.body { ranges.append(body) }
        }
        for function in s.functions where function.owner != nil && function.name == "body" {
            if let body = function.body { ranges.append(body) }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        // Every token there is asked: the cheapest tests come first, on raw buffers.
        var candidates: [Int] = []
        s.code.withUnsafeBufferPointer { code in
            s.file.bytes.withUnsafeBufferPointer { bytes in
                var end = -1
                for body in ranges where body.lowerBound > end {
                    end = body.upperBound
                    for index in body where code[index].kind == .identifier && index > 0 {
                        let token = code[index], first = bytes[token.offset]
                        guard
                            (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) || first == UInt8(ascii: "_")
                        else { continue }
                        // `self.header`; any other `.name` is a member of something else.
                        var start = index
                        if code[index - 1].length == 1, bytes[code[index - 1].offset] == UInt8(ascii: ".") {
                            guard index > 1, code[index - 2].keyword == .self else { continue }
                            start = index - 2
                        }
                        // It begins a line, or follows `{`, a closure's `in`, or `return`.
                        if start > 0 {
                            let previous = code[start - 1]
                            guard
                                previous.line < code[start].line || previous.keyword == .in
                                    || previous.keyword == .return
                                    || (previous.length == 1 && bytes[previous.offset] == UInt8(ascii: "{"))
                            else { continue }
                        }
                        candidates.append(index)
                    }
                }
            }
        }
        var uses: [String: [ViewConstruction]] = [:]
        // The types of the file's stored properties, by owner name, worked out on first need.
        var propertyTypes: [String: [String: String]]?
        // The names of the file's members, likewise.
        var memberNames: MemberNames?
        for index in candidates where endsAsStatement(index, in: s) {
            // `router.destination(for: route)`: a member of the type of one of the view's own
            // properties (a router or coordinator that builds the screens).
            var memberOfProperty: String?
            // `router.screen`, or through an optional: `coordinator?.screen`.
            let dot = Self.isOptionalChaining(index + 1, in: s) ? index + 2 : index + 1
            if s.punct(dot, UInt8(ascii: ".")), dot + 1 < s.code.count, s.code[dot + 1].kind == .identifier {
                if propertyTypes == nil { propertyTypes = Self.propertyTypes(in: s) }
                if let owner = s.enclosingType(of: index),
                    let type = propertyTypes?[s.types[owner].name]?[s.text(index)]
                {
                    memberOfProperty = type + "." + s.text(dot + 1)
                }
            }
            // Any other name this file declares as a member (of any of its types) is its own:
            // uses of those are found locally (`uses(of:)`); checked before the scope walk.
            if memberOfProperty == nil {
                let names = memberNames ?? MemberNames(s)
                memberNames = names
                if names.contains(s.code[index], in: s.file.bytes) { continue }
            }
            let placement = ViewHierarchy.placement(of: index, in: s)
            // Only code that builds views counts: `body`, or a member with a node.
            guard let owner = placement.owner, let member = placement.member,
                isBody(member, in: s) || ViewHierarchy.memberName(member, in: s) != nil,
                let user = ViewHierarchy.node(of: placement, in: s)
            else { continue }
            route(placement)
            var site = use(
                at: index, placement: placement, owner: owner, node: user, file: file, isApp: isApp, in: s)
            site.isPartial = memberOfProperty != nil
            uses[memberOfProperty ?? s.types[owner].name + "." + s.text(index), default: []].append(site)
        }
        return uses
    }

    /// The declared type of each stored property whose type can be read off its declaration
    /// (`var router: Router`, `@Environment(Router.self) var router`, `var router = Router()`),
    /// by the name of the type that declares it, then by property name.
    static func propertyTypes(in s: Structure) -> [String: [String: String]] {
        var types: [String: [String: String]] = [:]
        for property in s.properties where property.body == nil {
            guard let owner = property.owner, let type = declaredType(of: property, in: s) else { continue }
            types[s.types[owner].name, default: [:]][property.name] = type
        }
        return types
    }

    /// A stored property's type when it is one plain name: from `: Router` (`?`/`!` dropped),
    /// `@Environment(Router.self)`, or an initial value `Router(…)`/`Router.shared`.
    static func declaredType(of property: PropertyDecl, in s: Structure) -> String? {
        if var written = property.type {
            if written.hasSuffix("?") || written.hasSuffix("!") { written.removeLast() }
            // Generic, qualified, tuple, function and `some`/`any` types are left out.
            let plain = !written.utf8.contains { byte in "<>[]():., &".utf8.contains(byte) }
            return plain && Structure.isTypeName(written) ? written : nil
        }
        for (attribute, token) in zip(property.attributes, property.attributeTokens)
        where attribute == "@Environment" {
            // `@Environment(Router.self)`: the object's type.
            guard s.punct(token + 1, UInt8(ascii: "(")), token + 4 < s.code.count,
                s.code[token + 2].kind == .identifier,
                s.punct(token + 3, UInt8(ascii: ".")), s.code[token + 4].keyword == .self
            else { return nil }
            return s.text(token + 2)
        }
        let value = property.nameToken + 2
        guard property.hasInitialValue, value + 1 < s.code.count, s.code[property.nameToken + 1].kind == .operator,
            s.code[value].kind == .identifier,
            s.punct(value + 1, UInt8(ascii: "(")) || s.punct(value + 1, UInt8(ascii: "."))
        else { return nil }
        let name = s.text(value)
        return Structure.isTypeName(name) ? name : nil
    }

    /// In `navigationDestination(for: Route.self) { route in … }` (or `{ $0… }`, `destination:`),
    /// each `route.name`: the node `Route.name` it uses, and the token of `route`. The index keeps
    /// those whose member some file declares as building views.
    static func typedDestinationUses(of call: CallSite, in s: Structure) -> [(node: String, token: Int)] {
        // `(for: Route.self`, possibly qualified (`App.Route.self`): the name before `.self`,
        // read off the tokens (most destinations are of this form; no argument list is built).
        // An unclosed `(` at the end of a file has nothing after it (scripts/fuzz-notes found one).
        guard let parentheses = call.parentheses, case var j = parentheses.lowerBound + 1, j < s.code.count,
            s.code[j].keyword == .for, s.punct(j + 1, UInt8(ascii: ":"))
        else { return [] }
        j += 2
        while j + 2 < parentheses.upperBound, s.code[j].kind == .identifier, s.punct(j + 1, UInt8(ascii: ".")),
            s.code[j + 2].kind == .identifier
        { j += 2 }
        guard j + 2 < parentheses.upperBound, s.code[j].kind == .identifier, s.punct(j + 1, UInt8(ascii: ".")),
            s.code[j + 2].keyword == .self
        else { return [] }
        let uses = parameterMembers(in: closures(of: call, label: "destination", in: s), in: s)
        guard !uses.isEmpty else { return [] }
        let typeName = s.text(j)
        let bytes = s.file.bytes
        return uses.map { use in
            // `route.screen` is `Route.screen`; `Screens.view(for: $0)` is `Screens.view`.
            let base = startsUppercase(s.code[use.parameter], bytes) ? s.text(use.parameter) : typeName
            return (base + "." + s.text(use.member), use.parameter)
        }
    }

    /// A name that starts with an ASCII capital: a type, by Swift's naming convention.
    @inline(__always) static func startsUppercase(_ token: Token, _ bytes: [UInt8]) -> Bool {
        bytes[token.offset] >= UInt8(ascii: "A") && bytes[token.offset] <= UInt8(ascii: "Z")
    }

    /// The names used as `base.name` as the content of `sheet`, `fullScreenCover` and `popover`
    /// (`{ $0.screen }`, `{ coordinator.view(for: $0) }`): members that may build presented
    /// screens, whatever their type: the index drops the uses found through a type of members
    /// so named, as they may build sheets too.
    static func presentedMembers(of call: CallSite, in s: Structure) -> [String] {
        let regions = closures(of: call, label: "content", in: s)
        return parameterMembers(in: regions, in: s, anyBase: true).map { s.text($0.member) }
    }

    /// A call's trailing closures, or else the closure passed as its `label:` argument.
    static func closures(of call: CallSite, label: String, in s: Structure) -> [ClosedRange<Int>] {
        let trailing = s.trailingClosures(of: call).map(\.body)
        guard trailing.isEmpty else { return trailing }
        guard let value = s.argument(of: call, labeled: label)?.value, !value.isEmpty,
            s.punct(value.lowerBound, UInt8(ascii: "{"))
        else { return [] }
        return [value.lowerBound...value.upperBound - 1]
    }

    /// In closures `{ route in … }` (`{ (route) in`, or `$0` when none is named), each
    /// `route.name` standing as the content (after `in`, `{`, `return` or a line break): the
    /// parameter's token and the member's. Also a type's builder: `Screens.view(for: $0)` or
    /// `ScreenFactory().view(for: $0)`, with the type's token. With `anyBase`, any `base.name`
    /// or `base?.name`, and every name of a chain.
    static func parameterMembers(in regions: [ClosedRange<Int>], in s: Structure, anyBase: Bool = false) -> [(
        parameter: Int, member: Int
    )] {
        let bytes = s.file.bytes
        var uses: [(parameter: Int, member: Int)] = []
        for region in regions where region.count > 2 && s.punct(region.lowerBound, UInt8(ascii: "{")) {
            var start = region.lowerBound + 1
            if s.punct(start, UInt8(ascii: "(")) { start += 1 }
            var parameter = -1
            // Bounded by the region: an unclosed closure at the end of a truncated file ends there.
            if start < region.upperBound, s.code[start].kind == .identifier {
                let next = s.punct(start + 1, UInt8(ascii: ")")) ? start + 2 : start + 1
                if next <= region.upperBound, s.code[next].keyword == .in { parameter = start }
            }
            func isParameter(_ token: Token) -> Bool {
                guard parameter >= 0 else {
                    return token.length == 2 && bytes[token.offset] == UInt8(ascii: "$")
                        && bytes[token.offset + 1] == UInt8(ascii: "0")
                }
                let named = s.code[parameter]
                return named.length == token.length
                    && bytes[named.offset..<named.end].elementsEqual(bytes[token.offset..<token.end])
            }
            for index in region.lowerBound + 1..<region.upperBound - 1 where s.code[index].kind == .identifier {
                let token = s.code[index], previous = s.code[index - 1]
                guard
                    previous.line < token.line || previous.keyword == .in || previous.keyword == .return
                        || s.punct(index - 1, UInt8(ascii: "{"))
                else { continue }
                // A type, or a value of it made here: `ScreenFactory()`.
                let isType = Self.startsUppercase(token, bytes)
                guard anyBase || isType || isParameter(token) else { continue }
                // With any base, every name of the chain: `presenter.coordinator.view(for:)`.
                var dot = index + 1
                if isType, s.punct(dot, UInt8(ascii: "(")), s.closing[dot] >= 0 { dot = Int(s.closing[dot]) + 1 }
                while true {
                    if anyBase, isOptionalChaining(dot, in: s) { dot += 1 }
                    guard s.punct(dot, UInt8(ascii: ".")), dot + 1 < s.code.count,
                        s.code[dot + 1].kind == .identifier
                    else { break }
                    uses.append((index, dot + 1))
                    guard anyBase else { break }
                    dot += 2
                }
            }
        }
        return uses
    }

    /// A member's use at a token (`content` in `NavigationStack { content }`), as a site of the
    /// member's node, standing where the token stands.
    static func use(
        at index: Int, placement: ViewHierarchy.Placement, owner: Int, node: String, file: Int,
        isApp: [Bool], in s: Structure
    ) -> ViewConstruction {
        var use = ViewConstruction(
            file: file, call: -1, line: s.code[index].line, owner: s.types[owner].name, node: node,
            ownerIsApp: isApp[owner], inStack: placement.context.inStack, presented: placement.context.presented,
            inPreview: s.isInPreview(index), passesConstantBinding: false, wrappers: placement.wrappers,
            inSplitView: placement.context.inSplitView)
        use.placeStack(placement, in: s)
        return use
    }

    /// The names of the properties and functions of the file's types, as their bytes: whether a
    /// token is spelled as one of them is a look-up (a walk over every declaration per token made
    /// a file of many views cost the square of its size).
    struct MemberNames {
        let names: Set<ArraySlice<UInt8>>

        init(_ s: Structure) {
            let bytes = s.file.bytes
            var names = Set<ArraySlice<UInt8>>()
            for property in s.properties where property.owner != nil {
                let token = s.code[property.nameToken]
                names.insert(bytes[token.offset..<token.end])
            }
            for function in s.functions where function.owner != nil {
                let token = s.code[function.nameToken]
                names.insert(bytes[token.offset..<token.end])
            }
            self.names = names
        }

        /// Whether the token's bytes are one of the names.
        func contains(_ token: Token, in bytes: [UInt8]) -> Bool { names.contains(bytes[token.offset..<token.end]) }
    }

    /// `body` (a view's property, a view modifier's function).
    static func isBody(_ member: ScopeKind, in s: Structure) -> Bool {
        switch member {
        case .property(let property): s.is(s.properties[property].nameToken, "body")
        case .function(let function): s.is(s.functions[function].nameToken, "body")
        default: false
        }
    }

    /// A `?` standing between a name and its member: `coordinator?.screen`.
    static func isOptionalChaining(_ index: Int, in s: Structure) -> Bool {
        index < s.code.count && s.code[index].kind == .operator && s.code[index].length == 1 && s.is(index, "?")
    }

    /// Whether a name that begins a statement of view code (see `looseUses`) is the whole
    /// statement or starts one: it is followed by the end of the line, `}`, a call's `(` or a
    /// modifier's `.name` (`?.name`), and does not stand directly in an argument list or brackets.
    static func endsAsStatement(_ index: Int, in s: Structure) -> Bool {
        let token = s.code[index]
        let next = index + 1
        if next < s.code.count {
            let following = s.code[next]
            let ends = following.line > token.line || s.punct(next, UInt8(ascii: "}"))
            let member = isOptionalChaining(next, in: s) ? next + 1 : next
            let continues =
                s.punct(next, UInt8(ascii: "("))
                || (s.punct(member, UInt8(ascii: ".")) && member + 1 < s.code.count
                    && s.code[member + 1].kind == .identifier)
            guard ends || continues else { return false }
        }
        var direct = true
        s.forEachEnclosingScope(of: index) { scope in
            switch scope.kind {
            case .arguments, .brackets: direct = false
            default: break
            }
            return false
        }
        return direct
    }

    /// Whether the file declares views, scenes, view modifiers or previews, or extends `View`.
    static func hasViewTypes(_ s: Structure) -> Bool {
        !s.previews.isEmpty
            || s.types.contains { type in
                type.name == "View"
                    || type.inheritance.contains { written in
                        // Asked of every type in a large repo: its first byte rules most names out.
                        let first = written.utf8.first
                        guard
                            first == UInt8(ascii: "V") || first == UInt8(ascii: "A") || first == UInt8(ascii: "S")
                                || first == UInt8(ascii: "P")
                        else { return false }
                        let name = written.hasPrefix("SwiftUI.") ? String(written.dropFirst(8)) : written
                        return name == "View" || name == "App" || name == "Scene" || name == "ViewModifier"
                            || name == "PreviewProvider"
                    }
            }
    }

    /// The node of each member of the file's types that gets one (`ViewHierarchy.memberName`),
    /// worked out once per member rather than once per call in it.
    struct MemberNodes {
        var properties: [String?]
        var functions: [String?]
        /// Those members' bodies.
        var bodies: [ClosedRange<Int>] = []

        init(_ s: Structure) {
            properties = Array(repeating: nil, count: s.properties.count)
            functions = Array(repeating: nil, count: s.functions.count)
            for (index, property) in s.properties.enumerated() {
                guard let owner = property.owner, let body = property.body,
                    let node = ViewHierarchy.memberNode(ofType: owner, member: .property(index), in: s)
                else { continue }
                properties[index] = node
                bodies.append(body)
            }
            for (index, function) in s.functions.enumerated() {
                guard let owner = function.owner, let body = function.body,
                    let node = ViewHierarchy.memberNode(ofType: owner, member: .function(index), in: s)
                else { continue }
                functions[index] = node
                bodies.append(body)
            }
        }

        func node(_ member: ScopeKind) -> String? {
            switch member {
            case .property(let property): properties[property]
            case .function(let function): functions[function]
            default: nil
            }
        }
    }

    /// Where the type refers to each routed member by name, in this file's declarations of the
    /// type: `content`, `self.content`, `row(item)`, `ForEach(items, content: row)`. A use inside
    /// another member routes that member too. Uses in other files come from those files'
    /// `looseUses`.
    static func uses(
        of routed: [String: (type: Int, member: ScopeKind)], in s: Structure, file: Int,
        isApp: [Bool]
    ) -> [String: [ViewConstruction]] {
        struct Member {
            var node: String
            var name: [UInt8]
            var declaration: Int
        }
        var uses: [String: [ViewConstruction]] = [:]
        var seen = Set(routed.keys)
        // Members still to look for, by type name: one pass over a type's bodies finds all of
        // them (a member used in another member routes that one in a later round).
        var pending: [String: [Member]] = [:]
        func add(_ node: String, type: Int, member: ScopeKind) {
            guard let name = ViewHierarchy.memberName(member, in: s) else { return }
            let declaration: Int
            switch member {
            case .property(let property): declaration = s.properties[property].nameToken
            case .function(let function): declaration = s.functions[function].nameToken
            default: return
            }
            pending[s.types[type].name, default: []].append(
                Member(node: node, name: Array(name.utf8), declaration: declaration))
        }
        for (node, (type, member)) in routed { add(node, type: type, member: member) }
        let bytes = s.file.bytes
        // The identifiers of each type name's bodies by their bytes, each as its step in the walk
        // over those bodies (`visits`, the token at each step), found once per type name: a round
        // reads only the steps where its members' names stand, where a walk over every token of the
        // bodies each round, compared with every member of the same length, made a file of many
        // members of one type (`extension View`) cost the square of its size.
        var mentions: [String: (visits: [Int], steps: [ArraySlice<UInt8>: [Int]])] = [:]
        while let typeName = pending.keys.first {
            let members = pending.removeValue(forKey: typeName)!
            var byName: [ArraySlice<UInt8>: [Int]] = [:]
            for (position, member) in members.enumerated() {
                byName[member.name[...], default: []].append(position)
            }
            if mentions[typeName] == nil {
                var visits: [Int] = []
                var steps: [ArraySlice<UInt8>: [Int]] = [:]
                for type in s.types(named: typeName) {
                    guard let body = s.types[type].body else { continue }
                    for index in body where s.code[index].kind == .identifier {
                        let token = s.code[index]
                        steps[bytes[token.offset..<token.end], default: []].append(visits.count)
                        visits.append(index)
                    }
                }
                mentions[typeName] = (visits, steps)
            }
            let (visits, steps) = mentions[typeName]!
            // The steps where a member's name stands, in the walk's order.
            var named: [Int] = []
            for name in byName.keys { named += steps[name] ?? [] }
            named.sort()
            for step in named {
                let index = visits[step]
                let token = s.code[index]
                for position in byName[bytes[token.offset..<token.end]] ?? [] {
                    let member = members[position]
                    guard index != member.declaration else { continue }
                    // `other.content` is someone else's; `content:` after `(` or `,` is a label.
                    if s.punct(index - 1, UInt8(ascii: ".")), !s.is(index - 2, "self") { continue }
                    if s.punct(index + 1, UInt8(ascii: ":")),
                        s.punct(index - 1, UInt8(ascii: "(")) || s.punct(index - 1, UInt8(ascii: ","))
                    {
                        continue
                    }
                    let placement = ViewHierarchy.placement(of: index, in: s)
                    guard let owner = placement.owner, let user = ViewHierarchy.node(of: placement, in: s),
                        user != member.node
                    else { continue }
                    if let next = placement.member, ViewHierarchy.memberName(next, in: s) != nil,
                        seen.insert(user).inserted
                    {
                        add(user, type: owner, member: next)
                    }
                    uses[member.node, default: []].append(
                        use(
                            at: index, placement: placement, owner: owner, node: user, file: file, isApp: isApp,
                            in: s))
                }
            }
        }
        return uses
    }
}

extension Array {
    /// The same elements in a list of their own size (a copy only when the list has room to spare).
    fileprivate var trimmed: [Element] { capacity > count ? map { $0 } : self }
}
