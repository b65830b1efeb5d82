import Dispatch
import Foundation
import SwiftLexer
import Support

/// Facts across every file of a run, built once before the rules run from small per-file
/// summaries (never from other files' tokens, so a file's structure can be dropped once its summary
/// is taken): where each type is declared, where each type is constructed and in what context,
/// which views are pushed as navigation destinations and which views own a navigation stack.
/// Every `ProjectRule` reads it (`missing-standalone-init`, `nested-navigation-stack`,
/// `navigation-link-outside-stack`, `tabview-in-navigation-stack`, `navigation-loop`, …).
public struct ProjectIndex: Sendable {
    public struct TypeRef: Sendable, Hashable {
        public var file: Int
        public var type: Int

        package init(file: Int, type: Int) {
            self.file = file
            self.type = type
        }
    }

    public struct CallRef: Sendable, Hashable {
        public var file: Int
        public var call: Int
        public var line = 0
        public var column = 1
    }

    /// A construction of a type-named callee, as the reading layer records it (see `ViewConstruction`).
    public typealias Construction = ViewConstruction

    /// A navigation call pushing a view, with its line for messages.
    public struct PushSite: Sendable {
        public var file: Int
        public var call: Int
        public var line: Int
        public var column = 1
        /// The `#if` branches the push is compiled in (`Structure.compileBranches`).
        public var branches: [String] = []
        /// The view whose code pushes, when known.
        public var pusher: String?
        /// The literal arguments the pushed view is built with there, when known.
        public var arguments: FrozenCall?
    }

    /// Where a view of the run pushes something, if it does (the first push in path order).
    public func firstPush(by pusher: String) -> (pushed: String, site: PushSite)? { lazyFirstPushes.value[pusher] }

    /// Each pusher's first push, found in one walk over the pushes on first need (a walk per view
    /// asked made a run of many pushing views quadratic).
    static func firstPushes(_ pushedViews: [String: [PushSite]]) -> [String: (pushed: String, site: PushSite)] {
        var found: [String: (pushed: String, site: PushSite)] = [:]
        for (pushed, sites) in pushedViews {
            for site in sites {
                guard let pusher = site.pusher else { continue }
                if let first = found[pusher], (site.file, site.line) >= (first.site.file, first.site.line) { continue }
                found[pusher] = (pushed, site)
            }
        }
        return found
    }

    /// Path of each input by index (for messages that name another file).
    public let paths: [String?]
    /// Each collecting rule's facts from every file (`Collected<FileInfo>`), by rule id; the
    /// engine fills it after pass 1 (see `CollectingRule`).
    public var ruleFacts: [String: any Sendable] = [:]
    /// The rules this run reports (nil: not known), so that two rules that would report one
    /// mistake twice can leave it to one (`missing-standalone-init` to `constant-binding`).
    public var enabledRules: Set<String>?
    /// Every declaration of a type name, extensions included.
    public private(set) var typesByName: [String: [TypeRef]] = [:]
    /// The kind of each type, by file and type index (for `primaryDeclaration(of:)`).
    private var typeKinds: [[TypeKind]] = []
    /// Types declared (or extended) as `View`.
    public private(set) var viewNames: Set<String> = []
    /// Construction sites of types declared in the run (`ChildView(…)`), in file order.
    public private(set) var constructions: [String: [Construction]] = [:]
    /// View names built as a pushed destination, with the pushing call
    /// (`NavigationLink(destination:)`, `NavigationLink { … } label:`, `.navigationDestination { … }`).
    public private(set) var pushedViews: [String: [PushSite]] = [:]
    /// Per file, for each of its types: its initializers and stored properties.
    /// By input index (empty for unreadable inputs): rules ask this for every call they check.
    private var declarations: [(initializers: [[DeclaredInitializer]], storedProperties: [[DeclaredProperty]])] = []
    /// Push sites per file: the navigation call, the view it pushes, and the view type pushing it.
    public private(set) var pushesByFile: [Int: [(call: Int, view: String, pusher: String?)]] = [:]
    /// Where each member that builds views is used in its type (`content` in
    /// `NavigationStack { content }`), by member node (`Root.content`): sites for the view hierarchy.
    public private(set) var memberUses: [String: [Construction]] = [:]
    /// Views whose declaration holds a `NavigationStack` (or `NavigationView`/`NavigationSplitView`).
    public private(set) var viewsOwningStack: [String: [CallRef]] = [:]
    /// Views whose declaration holds a `NavigationStack` or `NavigationView`: one navigation path.
    public private(set) var viewsOwningPathStack: Set<String> = []
    /// Functions (not `body`) that build a `NavigationStack`/`NavigationView`, such as
    /// `func embeddedInNavigation() -> some View { NavigationStack { self } }`.
    public private(set) var stackFunctions: Set<String> = []
    /// Where each of those first builds its stack, for findings to point at.
    var stackFunctionSites: [String: (file: Int, line: Int, column: Int, conditional: Bool)] = [:]
    /// Functions the run declares in `extension View` (its own modifiers, `.card { … }`): content
    /// in their closures is placed as if they passed it through.
    public private(set) var viewModifierFunctions: Set<String> = []
    /// Those that show their content in a presentation (see `FileSummary.presentationWrappers`).
    public private(set) var presentationWrappers: Set<String> = []
    /// The app's own link modifiers: `extension View` functions whose body builds a `NavigationLink`.
    public private(set) var linkWrappers: Set<String> = []
    /// Views with exactly one `NavigationStack`/`NavigationView`, built only on some runs
    /// (`if compact { NavigationStack { content } } else { content }`).
    public private(set) var viewsWithConditionalPathStack: Set<String> = []
    /// Names of the `mutating func`s the run declares: `settings.reset()` may write `settings`.
    public private(set) var mutatingFunctions: Set<String> = []
    /// What each type name's declarations (extensions included) say it conforms to or inherits.
    public private(set) var conformances: [String: Set<String>] = [:]
    /// Each `@Binding` property of the run's types, as `Type.name`, with what its file does with it.
    private var bindingUses: [String: BindingUse] = [:]
    /// Where each type name is declared or extended (file, line), as evidence.
    /// The line of each type declaration, by file and type index (see `typeKinds`).
    private var typeLines: [[Int]] = []
    /// Each extended name's first extension in every file that extends it.
    private var extensions: [String: [TypeRef]] = [:]

    /// A place where `view` is built once per element, in the rows of a `ForEach` or a data-driven
    /// `List` (previews left out): what its `body` holds is built with every row.
    public func rowSite(of view: String) -> Construction? {
        constructions[view]?.first { $0.rowContainer != nil && !$0.inPreview }
    }

    /// Which views a navigation stack reaches; built on first use (only one rule needs it).
    public var hierarchy: ViewHierarchy { lazyHierarchy.value }
    private let lazyHierarchy: LazyBox<ViewHierarchy>
    /// The same over `NavigationStack`/`NavigationView` only (one navigation path), for
    /// `nested-navigation-stack`; built on first use.
    public var pathHierarchy: ViewHierarchy { lazyPathHierarchy.value }
    private let lazyPathHierarchy: LazyBox<ViewHierarchy>
    /// Which view pushes which; built on first use.
    public var pushGraph: PushGraph { lazyPushGraph.value }

    /// Which of the parts built on first use are built.
    package struct Lazies {
        var hierarchy = false
        var pathHierarchy = false
        var pushGraph = false

        package init() {}

        init(hierarchy: Bool, pathHierarchy: Bool, pushGraph: Bool) {
            self.hierarchy = hierarchy
            self.pathHierarchy = pathHierarchy
            self.pushGraph = pushGraph
        }
    }

    package var lazies: Lazies {
        Lazies(
            hierarchy: lazyHierarchy.isMade, pathHierarchy: lazyPathHierarchy.isMade, pushGraph: lazyPushGraph.isMade)
    }

    /// Builds now the parts another index had built on first use (an index merged again to
    /// replace it: the next lint does not pay for them).
    package func buildLazies(_ built: Lazies) {
        if built.hierarchy { _ = hierarchy }
        if built.pathHierarchy { _ = pathHierarchy }
        if built.pushGraph { _ = pushGraph }
    }
    private let lazyPushGraph: LazyBox<PushGraph>
    private let lazyFirstPushes: LazyBox<[String: (pushed: String, site: PushSite)]>

    /// Types only previews, tests or `#if DEBUG` code build (directly or through other such
    /// types), each with a site that builds it; found on first use (see `ScaffoldTypes`).
    public var typesBuiltOnlyByScaffolding: [String: Construction] { lazyScaffoldTypes.value }
    private let lazyScaffoldTypes: LazyBox<[String: Construction]>

    /// Whether one of the views something is built inside (`ScreenContainer { Child() }`) is a view
    /// of the run that holds a `NavigationStack` of its own: then the content is in that stack.
    /// Other wrappers (the run's views without a stack, the platform's `WindowGroup`, `GroupBox`, …)
    /// pass their content through.
    public func wrapsInStack(_ wrappers: [String]) -> Bool {
        wrappers.contains {
            ViewHierarchy.holdsStack($0, owners: { self.viewsOwningStack[$0] != nil }, functions: stackFunctions)
        }
    }

    /// Whether content is built inside a container that the run does not declare and SwiftUI does
    /// not pass through (`CoordinatedNavigationStack { … }` from a package): it may hold a stack.
    public func hasOpaqueWrapper(_ wrappers: [String]) -> Bool {
        ViewHierarchy.hasOpaqueWrapper(
            wrappers, declared: { self.typesByName[$0] != nil }, modifiers: viewModifierFunctions.contains)
    }

    /// The innermost of `wrappers` that holds a `NavigationStack` or `NavigationView` (one path;
    /// a `NavigationSplitView`'s columns may hold stacks of their own), if any.
    /// Where a view of the run builds its navigation stack (the first one), as evidence.
    public func stackLocation(ownedBy view: String) -> (path: String, line: Int)? {
        guard let first = viewsOwningStack[view]?.min(by: { ($0.file, $0.line) < ($1.file, $1.line) }) else {
            return nil
        }
        return (paths[first.file] ?? "?", first.line)
    }

    /// Where a function that builds a stack (`stackFunctions`) builds it.
    public func stackFunctionLocation(_ name: String) -> (path: String, line: Int, column: Int, conditional: Bool)? {
        stackFunctionSites[name].map { (paths[$0.file] ?? "?", $0.line, $0.column, $0.conditional) }
    }

    public func pathStackHoldingWrapper(_ wrappers: [String]) -> String? {
        wrappers.first {
            ViewHierarchy.holdsStack($0, owners: viewsOwningPathStack.contains, functions: stackFunctions)
        }
    }

    /// Summarises the files (in parallel) and builds the index.
    public init(files: [LintFile], count: Int? = nil) {
        let summaries = ConcurrentSlots<FileSummary>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
            summaries[position] = files[position].summary
        }
        self.init(
            summaries: summaries.values.compactMap { $0 },
            count: count ?? (files.map(\.index).max().map { $0 + 1 } ?? 0))
    }

    /// Builds the index from file summaries (in file order); merging is cheap and serial.
    package init(summaries: [FileSummary], count: Int) {
        self.init(kept: summaries.map(KeptSummary.init), count: count)
    }

    /// From boxed summaries, as the editor's lint keeps them (a summary is some 200 bytes inline:
    /// copied into a list of their own for each merge, they were a megabyte at the merge's peak).
    /// The boxes are read through a lazy map made here, so the loops below are specialised.
    package init(kept: [KeptSummary], count: Int) {
        let all = kept.lazy.map(\.summary)
        var paths = [String?](repeating: nil, count: count)
        for summary in all where summary.file < count { paths[summary.file] = summary.path }
        self.paths = paths
        var pushEdges: [String: Set<String>] = [:]
        // Sized up front: a large run declares tens of thousands of types. One hash per type name
        // here: the primary declaration and the declaration order come from the refs, on demand.
        let typeCount = all.reduce(0) { $0 + $1.types.count }
        typesByName.reserveCapacity(typeCount)
        viewNames.reserveCapacity(all.reduce(0) { count, summary in count + summary.types.count { $0.isView } })
        // At most one key per constructed name of each file (a type count would reserve a slot for
        // every model and enum, never built as a view, in every index the editor keeps).
        constructions.reserveCapacity(min(typeCount, all.reduce(0) { $0 + $1.constructions.count }))
        var kinds = [[TypeKind]](repeating: [], count: count)
        var lines = [[Int]](repeating: [], count: count)
        for summary in all {
            if summary.file < count { kinds[summary.file] = summary.types.map(\.kind) }
            if summary.file < count { lines[summary.file] = summary.typeLines }
            for declared in summary.types {
                let (typeIndex, name, isView, kind) = (declared.index, declared.name, declared.isView, declared.kind)
                typesByName[name, default: []].append(TypeRef(file: summary.file, type: typeIndex))
                if isView { viewNames.insert(name) }
                if kind == .extension, extensions[name]?.last?.file != summary.file {
                    extensions[name, default: []].append(TypeRef(file: summary.file, type: typeIndex))
                }
            }
        }
        typeKinds = kinds
        typeLines = lines
        // A name declared (not extended) in more than one file names several types: two targets
        // of a monorepo, each with its own `ContentView`. Their sites cannot be told apart, so the
        // index records none: the hierarchy knows nothing of them and the rules stay silent.
        var ambiguous = Set<String>()
        for (name, refs) in typesByName where refs.count > 1 {
            var files = Set<Int>()
            for ref in refs where kinds[ref.file][ref.type] != .extension { files.insert(ref.file) }
            if files.count > 1 { ambiguous.insert(name) }
        }
        declarations = Array(repeating: ([], []), count: count)
        // Sized up front too: grown one binding at a time, it took a tenth of an editor's merge.
        bindingUses.reserveCapacity(all.reduce(0) { $0 + $1.bindings.count })
        for summary in all where summary.file < count {
            declarations[summary.file] = (summary.initializers, summary.storedProperties)
        }
        var calledOutsideViewCode = Set<String>()
        for summary in all {
            for name in summary.typeCallsOutsideViewCode where typesByName[name] != nil {
                calledOutsideViewCode.insert(name)
            }
        }
        var declaredMemberNodes = Set<String>()
        var pathStackCount: [String: (count: Int, conditional: Bool)] = [:]
        for summary in all {
            let file = summary.file
            // Only types declared in the run: SwiftUI's own (`Text`, `VStack`) tell the rules nothing.
            for (callee, sites) in summary.constructions where typesByName[callee] != nil && !ambiguous.contains(callee)
            {
                constructions.adoptOrAppend(sites, at: callee)
            }
            for (node, uses) in summary.memberUses { memberUses.adoptOrAppend(uses, at: node) }
            declaredMemberNodes.formUnion(summary.declaredMemberNodes)
            for function in summary.stackFunctions where stackFunctions.insert(function.name).inserted {
                stackFunctionSites[function.name] = (summary.file, function.line, function.column, function.conditional)
            }
            viewModifierFunctions.formUnion(summary.viewModifierFunctions)
            presentationWrappers.formUnion(summary.presentationWrappers)
            linkWrappers.formUnion(summary.linkWrappers)
            mutatingFunctions.formUnion(summary.mutatingFunctions)
            for conformance in summary.conformances {
                conformances[conformance.type, default: []].formUnion(conformance.names)
            }
            for use in summary.bindings { bindingUses[use.type + "." + use.name] = use }
            for stack in summary.stacks {
                let (owner, call, isSplit, line, column, conditional) = (
                    stack.owner, stack.call, stack.isSplit, stack.line, stack.column, stack.conditional
                )
                viewsOwningStack[owner, default: []].append(CallRef(file: file, call: call, line: line, column: column))
                if !isSplit {
                    viewsOwningPathStack.insert(owner)
                    let seen = pathStackCount[owner]
                    pathStackCount[owner] = ((seen?.count ?? 0) + 1, seen?.conditional ?? conditional)
                }
            }
            if !summary.pushes.isEmpty { pushesByFile[file] = summary.pushes.map { ($0.call, $0.view, $0.pusher) } }
            for push in summary.pushes {
                Self.recordPush(
                    push.view, by: push.pusher,
                    at: PushSite(
                        file: file, call: push.call, line: push.line, column: push.column, branches: push.branches,
                        arguments: push.arguments
                    ),
                    unless: ambiguous, into: &pushedViews, edges: &pushEdges)
            }
        }
        // The views a route's member builds (`Route.destination`) when a link modifier pushes that
        // member: every case may be pushed.
        var memberLinks: [String: PushSite] = [:]
        let modifiersUsed = all.contains { !$0.memberLinks.isEmpty } ? Set(all.flatMap(\.appModifiersUsed)) : []
        for summary in all {
            for link in summary.memberLinks
            where memberLinks[link.node] == nil && modifiersUsed.contains(link.modifier) {
                memberLinks[link.node] = PushSite(
                    file: summary.file, call: link.call, line: link.line, column: link.column, branches: [])
            }
        }
        if !memberLinks.isEmpty {
            for (callee, sites) in constructions {
                for site in sites where !site.inPreview {
                    if let node = site.node, let push = memberLinks[node] {
                        Self.recordPush(
                            callee, by: nil, at: push, unless: ambiguous, into: &pushedViews, edges: &pushEdges)
                    }
                }
            }
        }
        // Views handed to the app's own link modifiers are pushed, as a `NavigationLink`'s are.
        if !linkWrappers.isEmpty {
            for summary in all {
                for use in summary.modifierArgumentViews where linkWrappers.contains(use.modifier) {
                    Self.recordPush(
                        use.view, by: use.pusher,
                        at: PushSite(
                            file: summary.file, call: use.call, line: use.line, column: use.column,
                            branches: use.branches),
                        unless: ambiguous, into: &pushedViews, edges: &pushEdges)
                }
            }
        }
        // Views declared through the app's own protocols (`struct Feed: ConnectedView`, with
        // `protocol ConnectedView: View` in another file) are views for the hierarchy too.
        for name in conformances.keys
        where !viewNames.contains(name) && typesByName[name] != nil
            && Self.isView(name, viewNames: viewNames, conformances: conformances)
        {
            viewNames.insert(name)
        }
        // Members used from a file other than the one declaring them (an extension in its own file).
        // A member also used on a presented item of unnamed type (`.sheet(item: $shown) { $0.screen }`)
        // may build sheets as well: its uses found through a type are dropped, so its screens'
        // place stays unknown.
        let presentedMembers = Set(all.flatMap(\.presentedMembers))
        for summary in all {
            for (node, uses) in summary.looseUses where declaredMemberNodes.contains(node) {
                if !presentedMembers.isEmpty, uses.contains(where: \.isPartial),
                    let dot = node.lastIndex(of: "."),
                    presentedMembers.contains(String(node[node.index(after: dot)...]))
                {
                    memberUses[node, default: []].append(contentsOf: uses.filter { !$0.isPartial })
                    continue
                }
                memberUses[node, default: []].append(contentsOf: uses)
            }
        }
        let views = viewNames, built = constructions, uses = memberUses, declared = typesByName
        let stackOwners = viewsOwningStack, pathStackOwners = viewsOwningPathStack, functions = stackFunctions
        // The app's own modifiers show their content in place, except those that present it: what
        // they show starts a new presentation, as SwiftUI's own `.sheet` does.
        let modifiers = viewModifierFunctions.subtracting(presentationWrappers)
        let opaque: @Sendable ([String]) -> Bool = {
            ViewHierarchy.hasOpaqueWrapper($0, declared: { declared[$0] != nil }, modifiers: modifiers.contains)
        }
        lazyHierarchy = LazyBox {
            ViewHierarchy(
                constructions: built, memberUses: uses, viewNames: views,
                wrapsInStack: { wrappers in
                    wrappers.contains {
                        ViewHierarchy.holdsStack($0, owners: { stackOwners[$0] != nil }, functions: functions)
                    }
                }, isOpaque: opaque)
        }
        viewsWithConditionalPathStack = Set(pathStackCount.filter { $0.value == (1, true) }.keys)
        lazyPathHierarchy = LazyBox {
            ViewHierarchy(
                constructions: built, memberUses: uses, viewNames: views,
                wrapsInStack: { wrappers in
                    wrappers.contains {
                        ViewHierarchy.holdsStack($0, owners: pathStackOwners.contains, functions: functions)
                    }
                }, isOpaque: opaque, pathStacksOnly: true)
        }
        let pushed = pushedViews
        lazyFirstPushes = LazyBox { Self.firstPushes(pushed) }
        lazyScaffoldTypes = LazyBox { [calledOutsideViewCode] in
            ScaffoldTypes.find(built, alsoBuiltElsewhere: calledOutsideViewCode)
        }
        lazyPushGraph = LazyBox { [pushEdges] in
            let pushSites = pushed.mapValues(\.count)
            let entries = Set(built.filter { $0.value.count > (pushSites[$0.key] ?? 0) }.keys)
            // Declaration order (first declaration in file order) of the views in the graph.
            var order: [String: Int] = [:]
            for name in Set(pushEdges.keys).union(pushEdges.values.joined()) {
                if let first = declared[name]?.first { order[name] = first.file << 32 | first.type }
            }
            return PushGraph(edges: pushEdges, entries: entries, order: order)
        }
    }

    /// What the index can show about a view's writes to its binding.
    public enum BindingProof: Sendable {
        /// Written where a person acts (or by a SwiftUI control handed the binding): the code that
        /// does it, from the view's own line down the chain of views.
        case written([RelatedLocation])
        /// Written where a person acts, but only behind a condition the tool cannot evaluate for
        /// this call (`if interactive` passed a variable, `if model.canEdit`): the proof, whose
        /// steps say which condition.
        case writtenBehind([RelatedLocation])
        /// Written only where no person acts (a view appearing, a notification, a value changing,
        /// a method or a coordinator the tool cannot trace to an action): what the caller loses
        /// cannot be told for sure.
        case writtenElsewhere([RelatedLocation])
        /// Only read (also by every view it is handed to).
        case notWritten
        /// Written only behind conditions this call switches off: where.
        case switchedOff([RelatedLocation])
        /// Handed to something whose behaviour cannot be seen (a package's view, an `init` that
        /// takes it under another name).
        case unknown
    }

    /// Whether a view of the run writes its binding when built with these literal arguments
    /// (`passed`: the labels the call gives; nil when not known), and the code that shows it:
    /// a write, or `$name` handed down to a view or control that writes it (followed through
    /// the run's views). Writes behind a condition the call switches off (`if canEdit` with
    /// `canEdit: false`) do not count.
    /// `branches`: the `#if` branches the call is compiled in (nil when not known): a write compiled
    /// only for another platform cannot happen from it.
    public func bindingProof(
        _ type: String, _ name: String, arguments: [String: LiteralArgument] = [:], passed: Set<String>? = nil,
        branches: [String]? = nil
    ) -> BindingProof {
        var visiting: Set<String> = []
        return bindingProof(
            type, name, arguments: arguments, passed: passed, branches: branches, visiting: &visiting)
    }

    func bindingProof(
        _ type: String, _ name: String, arguments: [String: LiteralArgument], passed: Set<String>?,
        branches: [String]?, visiting: inout Set<String>
    ) -> BindingProof {
        let key = type + "." + name
        guard let use = bindingUses[key] else { return .unknown }
        // A cycle or a deep chain of views: what lies past it is not followed.
        guard visiting.count < 12, visiting.insert(key).inserted else { return .unknown }
        defer { visiting.remove(key) }
        let path = paths[use.file] ?? "?"
        // Only assigned, never read: an output the caller that freezes it does not take.
        if use.outputOnly, let site = use.sites.first {
            return .switchedOff([
                RelatedLocation(
                    path: path, line: site.line, column: site.column,
                    message:
                        "`\(type)` only assigns `\(name)` and never reads it, an output this call does not take: `\(site.code)`"
                )
            ])
        }
        var unknown = false
        var switchedOff: [RelatedLocation] = []
        // The first write no action is seen to make: the proof when no site is in an action.
        var elsewhere: [RelatedLocation]?
        // The first write in an action behind a condition this call does not decide.
        var behind: [RelatedLocation]?
        for site in use.sites {
            let place = { (message: String) in
                RelatedLocation(path: path, line: site.line, column: site.column, message: message)
            }
            if let gate = site.gates.first(where: { $0.isSwitchedOff(by: arguments, passed: passed) }) {
                switchedOff.append(place("`\(type)` writes `\(name)` only \(gate.phrase): `\(site.code)`"))
                continue
            }
            if let unusable = site.unusable {
                switchedOff.append(
                    place("`\(type)` writes `\(name)` only in a control that \(unusable): `\(site.code)`"))
                continue
            }
            if let callBranches = branches, !site.branches.isEmpty,
                CompileBranches.exclude(callBranches, site.branches)
            {
                switchedOff.append(
                    place(
                        "`\(type)` writes `\(name)` only under `#if \(site.branches.joined(separator: " && "))`, which this call's `#if` excludes: `\(site.code)`"
                    ))
                continue
            }
            // A condition this call leaves open: the write may never run for it.
            let open = site.gates.first { $0.holds(by: arguments, passed: passed) == nil }
            let why =
                open.map { gate in
                    gate.kind == .opaque
                        ? ", only \(gate.phrase), which the tool cannot evaluate"
                        : ", only \(gate.phrase), which this call does not decide"
                } ?? ""
            // A proof found in an action: high, unless a condition stays open.
            func proven(_ chain: [RelatedLocation]) -> Bool {
                guard open != nil else { return true }
                behind = behind ?? chain
                return false
            }
            if let method = site.method {
                guard mutatingFunctions.contains(method) else { continue }
                let chain = [place("`\(type)` writes `\(name)` (`\(method)` is `mutating`)\(why): `\(site.code)`")]
                if site.inUserAction, proven(chain) { return .written(chain) }
                if !site.inUserAction { elsewhere = elsewhere ?? chain }
                continue
            }
            guard let target = site.passedTo else {
                if let source = site.mirrors {
                    switchedOff.append(place("`\(type)` only mirrors `\(source)` into `\(name)`: `\(site.code)`"))
                    continue
                }
                let chain = [place("`\(type)` writes `\(name)`\(why): `\(site.code)`")]
                if site.inUserAction, proven(chain) { return .written(chain) }
                if !site.inUserAction { elsewhere = elsewhere ?? chain }
                continue
            }
            let handedOn = place(
                "`\(type)` passes `$\(name)` to `\(target.isMember ? "." : "")\(target.callee)(\(target.label):)`\(why)"
            )
            if typesByName[target.callee] != nil, !target.isMember {
                // What the outer call froze this view's properties to decides the callee's gates too.
                var inner = site.literalArguments
                for (label, property) in site.forwarded {
                    if let value = arguments[property] {
                        inner[label] = value
                    } else if let passed, !passed.contains(property), use.offByDefault.contains(property) {
                        inner[label] = .off
                    }
                }
                let innerBranches = branches.map { $0 + site.branches }
                switch bindingProof(
                    target.callee, target.label, arguments: inner, passed: nil, branches: innerBranches,
                    visiting: &visiting)
                {
                case .written(let chain): if proven([handedOn] + chain) { return .written([handedOn] + chain) }
                case .writtenBehind(let chain): behind = behind ?? [handedOn] + chain
                case .writtenElsewhere(let chain): elsewhere = elsewhere ?? [handedOn] + chain
                case .notWritten, .switchedOff: continue
                case .unknown: unknown = true
                }
            } else if let effect = BindingWriters.effect(
                callee: target.callee, label: target.label, isMember: target.isMember)
            {
                let chain = [place(handedOn.message + ", which SwiftUI writes through (frozen, \(effect))")]
                if proven(chain) { return .written(chain) }
            } else {
                unknown = true
            }
        }
        if let behind { return .writtenBehind(behind) }
        if let elsewhere { return .writtenElsewhere(elsewhere) }
        if unknown { return .unknown }
        return switchedOff.isEmpty ? .notWritten : .switchedOff(switchedOff)
    }

    /// Where a type's primary declaration stands (its file's path and line), as evidence.
    public func declarationSite(of name: String) -> (path: String, line: Int)? {
        guard let ref = primaryDeclaration(of: name) else { return nil }
        return (paths[ref.file] ?? "?", ref.type < typeLines[ref.file].count ? typeLines[ref.file][ref.type] : 1)
    }

    /// Where a type is extended in a file other than `file`, as evidence.
    public func extensionSite(of name: String, outside file: Int) -> (path: String, line: Int)? {
        // The first extension in each file, so a name declared thousands of times in one file costs
        // no more than one extended in a few.
        guard let ref = extensions[name]?.first(where: { $0.file != file }) else { return nil }
        return (paths[ref.file] ?? "?", ref.type < typeLines[ref.file].count ? typeLines[ref.file][ref.type] : 1)
    }

    /// A push of `view` (by `pusher`, when known) at `site`, unless either name stands for several
    /// types: their sites cannot be told apart.
    static func recordPush(
        _ view: String, by pusher: String?, at site: PushSite, unless ambiguous: Set<String>,
        into pushed: inout [String: [PushSite]], edges: inout [String: Set<String>]
    ) {
        guard !ambiguous.contains(view), !(pusher.map(ambiguous.contains) ?? false) else { return }
        var site = site
        site.pusher = pusher
        pushed[view, default: []].append(site)
        if let pusher { edges[pusher, default: []].insert(view) }
    }

    /// Whether a type name is extended in a file other than `file` (another file's primary
    /// declaration of the name is another type: two targets' `RootView`s).
    public func isExtended(_ name: String, outside file: Int) -> Bool {
        extensionSite(of: name, outside: file) != nil
    }

    /// Whether a type is a view: declared or extended as `View`, or conforming to a protocol (or
    /// a `typealias` composition) of the run that refines `View` (`protocol StoryView: View`).
    public func isView(_ name: String) -> Bool {
        Self.isView(name, viewNames: viewNames, conformances: conformances)
    }

    static func isView(_ name: String, viewNames: Set<String>, conformances: [String: Set<String>]) -> Bool {
        var seen: Set<String> = [name]
        var frontier = [name]
        // Refinements are shallow; the bound keeps a cycle of conformances from looping.
        for _ in 0..<4 {
            var next: [String] = []
            for current in frontier {
                if current == "View" || viewNames.contains(current) { return true }
                for parent in conformances[current] ?? [] where seen.insert(parent).inserted { next.append(parent) }
            }
            if next.isEmpty { return false }
            frontier = next
        }
        return false
    }

    /// The first declaration of a type name that is not an extension.
    public func primaryDeclaration(of name: String) -> TypeRef? {
        typesByName[name]?.first { typeKinds[$0.file][$0.type] != .extension }
    }

    /// Every initializer declared for a type name, in any file (extensions included).
    public func initializers(of name: String) -> [(file: Int, function: DeclaredInitializer)] {
        (typesByName[name] ?? []).flatMap { ref in
            declarations[ref.file].initializers[ref.type].map { (ref.file, $0) }
        }
    }

    /// Stored properties of a type name, from every declaration of it.
    public func storedProperties(of name: String) -> [(file: Int, property: DeclaredProperty)] {
        (typesByName[name] ?? []).flatMap { ref in
            declarations[ref.file].storedProperties[ref.type].map { (ref.file, $0) }
        }
    }

    /// The declared parameter type for an argument label, when every known initializer that has the
    /// label agrees (memberwise initializers count: stored properties without a value).
    public func parameterTypes(of name: String, label: String) -> [String] {
        guard let refs = typesByName[name] else { return [] }
        var types: [String] = []
        var initializerCount = 0
        for ref in refs {
            for function in declarations[ref.file].initializers[ref.type] {
                initializerCount += 1
                for parameter in function.parameters where parameter.label == label { types.append(parameter.type) }
            }
        }
        guard initializerCount == 0 else { return types }
        for ref in refs {
            for property in declarations[ref.file].storedProperties[ref.type] where property.name == label {
                if property.attributes.contains("@Binding") {
                    types.append("Binding<\(property.type ?? "_")>")
                } else if let type = property.type {
                    types.append(type)
                }
            }
        }
        return types
    }
}

extension Dictionary where Value: RangeReplaceableCollection {
    /// Appends `elements` to the key's list, or, for a new key, keeps `elements` itself: a name
    /// built in one file only (most of them) shares its summary's array instead of copying it.
    mutating func adoptOrAppend(_ elements: Value, at key: Key) {
        if let place = index(forKey: key) {
            values[place].append(contentsOf: elements)
        } else {
            self[key] = elements
        }
    }
}
