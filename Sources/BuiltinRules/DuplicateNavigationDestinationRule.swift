import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// The same `navigationDestination(for: T.self)` declared twice on one stack: SwiftUI prints "A
/// navigationDestination for … was declared earlier on the stack. Only the destination declared
/// closest to the root view of the stack will be used." Found three ways: twice in one view's
/// member under the same stack; a screen whose destination for `T` pushes the screen itself (a
/// profile pushed over a profile declares it again with every push); a screen declaring it that
/// is pushed onto a stack where a screen below it already declares it (the push graph across
/// files). Presented content, rows of a lazy container, split-view columns, branches of a
/// condition and views that own a stack of their own are left out: there the two may stand on
/// different stacks.
public struct DuplicateNavigationDestinationRule: CollectingRule {
    public let id = "duplicate-navigation-destination"
    public let startsFrom: [Vocabulary.Word] = [.navigationDestination]

    public func collect(_ file: LintFile) -> DuplicateDestinationFacts? {
        let s = file.structure
        var facts = DuplicateDestinationFacts()
        for (index, type) in s.types.enumerated() where type.kind != .extension {
            facts.declaredTypes.append(Self.qualifiedName(of: index, in: s))
        }
        guard file.vocabulary.containsAny(.navigationLink, .navigationDestination) else {
            return facts.declaredTypes.isEmpty ? nil : facts
        }
        for destination in TypedDestination.all(in: s) {
            guard let written = Self.writtenType(of: destination, in: s),
                let site = Self.site(of: destination.call, in: s, chained: file.summary.chained)
            else { continue }
            let call = s.calls[destination.call]
            let line = s.code[call.calleeToken].line
            facts.destinations.append(
                .init(
                    view: site.view, scope: site.scope, type: written, offset: s.offset(of: call.calleeToken),
                    line: line,
                    column: s.column(of: call.calleeToken, line: line), inBody: site.inBody,
                    conditional: s.isConditional(call.calleeToken), inOwnStack: site.inOwnStack,
                    pushes: s.destinationViews(ofCall: destination.call).map { s.calls[$0].callee }))
        }
        for (index, call) in s.calls.enumerated() where SwiftUINames.isNavigationCall(call) {
            let pushed = s.destinationViews(ofCall: index)
            guard !pushed.isEmpty, let site = Self.site(of: index, in: s, chained: file.summary.chained) else {
                continue
            }
            let line = s.code[call.calleeToken].line
            for view in pushed {
                facts.pushes.append(
                    .init(
                        pusher: site.view, pushed: s.calls[view].callee, line: line,
                        column: s.column(of: call.calleeToken, line: line)))
            }
        }
        return facts == DuplicateDestinationFacts() ? nil : facts
    }

    /// `Outer.Inner` for a nested type (an extension's nested types under the extended name).
    static func qualifiedName(of type: Int, in s: Structure) -> String {
        var names = [s.types[type].name]
        var parent = s.types[type].parent
        while let next = parent {
            names.insert(s.types[next].name, at: 0)
            parent = s.types[next].parent
        }
        return names.joined(separator: ".")
    }

    /// The destination's type as written (`Route`, `Feature.Route`).
    static func writtenType(of destination: TypedDestination, in s: Structure) -> String? {
        guard destination.type != nil, let argument = s.argument(of: s.calls[destination.call], labeled: "for") else {
            return nil
        }
        let range = argument.value
        return (range.lowerBound..<range.upperBound - 2).map { s.text($0) }.joined()
    }

    /// Where a navigation call stands, when it is on the stack its view is shown on: the view,
    /// the member, whether that member is `body`, and whether the view's own stack holds it. Nil
    /// in previews, presented content, rows of a lazy container and split-view columns.
    static func site(of call: Int, in s: Structure, chained: [Int: [String]])
        -> (view: String, scope: Int, inBody: Bool, inOwnStack: Bool)?
    {
        let token = s.calls[call].calleeToken
        guard !s.isInPreview(token) else { return nil }
        let placement = ViewHierarchy.placement(of: token, in: s, chained: chained)
        guard !placement.context.presented, !placement.context.inSplitView, placement.rowContainer == nil,
            let owner = placement.owner, !placement.wrappers.contains(where: { $0.hasPrefix("?") })
        else { return nil }
        // Tabs each show their own stack.
        if s.enclosingCallees(of: token).contains("TabView") { return nil }
        let member = LexicalValueType.outermostMember(of: token, in: s)
        let inBody: Bool
        switch placement.member {
        case .property(let property): inBody = s.is(s.properties[property].nameToken, "body")
        case .function(let function): inBody = s.is(s.functions[function].nameToken, "body")
        default: inBody = false
        }
        return (qualifiedName(of: owner, in: s), member?.lowerBound ?? -1, inBody, placement.context.inStack)
    }

    public static func merge(_ collected: Collected<DuplicateDestinationFacts>) -> DuplicateDestinationProject {
        var project = DuplicateDestinationProject()
        var lastNames: [String: Set<String>] = [:]
        for (file, facts) in collected.byFile.enumerated() {
            guard let facts else { continue }
            for name in facts.declaredTypes {
                lastNames[lastName(name), default: []].insert(name)
            }
            for destination in facts.destinations {
                project.destinations[DuplicateNavigationDestinationRule.lastName(destination.view), default: []].append(
                    (file, destination))
            }
            for push in facts.pushes where push.pusher != push.pushed {
                project.pushers[push.pushed, default: []].append((file, push))
            }
        }
        project.declaredByLastName = lastNames
        return project
    }

    public func validate(_ file: LintFile, options: RuleOptions)
        -> @Sendable (ProjectIndex, DuplicateDestinationProject) -> [Hit]
    {
        let fileIndex = file.index
        guard let facts = collect(file) else { return { _, _ in [] } }
        let s = file.structure
        // The statement block each destination stands in, and its `#if` branches: two in one
        // member are on one stack only when built together.
        var blocks: [Int: (block: Int, branches: [String], stack: Int?)] = [:]
        var table: CompileBranchTable?
        for destination in TypedDestination.all(in: s) {
            let token = s.calls[destination.call].calleeToken
            var block = -1
            s.forEachEnclosingScope(of: token) { scope in
                if case .statement = scope.kind { block = scope.range.lowerBound; return false }
                if case .function = scope.kind { return false }
                if case .property = scope.kind { return false }
                return true
            }
            let known = table ?? CompileBranchTable(s)
            table = known
            blocks[s.offset(of: token)] = (
                block, known.isEmpty ? [] : s.compileBranches(of: token, table: known),
                ViewHierarchy.enclosingPathStackCall(of: token, in: s)
            )
        }
        let destinations = facts.destinations
        return { [blocks] project, merged in
            var hits: [Hit] = []
            let path = project.paths[fileIndex] ?? "?"
            for (position, destination) in destinations.enumerated() {
                let key = merged.key(of: destination)
                let offset = destination.offset
                // Twice in one member, built together under the same stack.
                let here = blocks[destination.offset]
                if let earlier = destinations[..<position].first(where: { other in
                    let there = blocks[other.offset]
                    return other.view == destination.view && other.scope == destination.scope
                        && merged.key(of: other) == key && key != nil && there?.block == here?.block
                        && there?.branches == here?.branches && there?.stack == here?.stack
                }) {
                    hits.append(
                        Hit(
                            file: fileIndex, offset: offset,
                            message:
                                "`\(destination.view)` declares `navigationDestination(for: \(destination.type).self)` a second time on the same stack; SwiftUI uses only the one closest to the root and warns at run time: keep one",
                            evidence: [
                                .at(
                                    path, line: earlier.line, column: earlier.column,
                                    "the first `navigationDestination(for: \(earlier.type).self)` is declared here")
                            ],
                            confidence: .medium))
                    continue
                }
                guard destination.inBody, !destination.conditional, !destination.inOwnStack, let key,
                    !project.viewsOwningPathStack.contains(Self.lastName(destination.view))
                else { continue }
                // A screen whose destination pushes the screen itself declares it again on every push.
                if destination.pushes.contains(Self.lastName(destination.view)) {
                    hits.append(
                        Hit(
                            file: fileIndex, offset: offset,
                            message:
                                "`\(destination.view)` declares `navigationDestination(for: \(destination.type).self)` and its content pushes another `\(Self.lastName(destination.view))`, which declares it again on the same stack; SwiftUI warns that it was declared earlier and uses the first: declare it once, on the stack's root",
                            evidence: [
                                .here(
                                    offset: offset,
                                    message:
                                        "this destination builds `\(Self.lastName(destination.view))` again, so each push adds another"
                                )
                            ],
                            confidence: .medium))
                    continue
                }
                if let below = merged.declarationBelow(destination, key: key, project: project) {
                    hits.append(
                        Hit(
                            file: fileIndex, offset: offset,
                            message:
                                "`\(destination.view)` declares `navigationDestination(for: \(destination.type).self)`, but it is pushed onto a stack where `\(below.declaration.view)` already declares one (\(project.paths[below.file] ?? "?"):\(below.declaration.line)); SwiftUI uses only the one closest to the root and warns at run time: drop this one",
                            evidence: below.pushes.filter {
                                // The root's destination that pushes it is named once, below.
                                ($0.file, $0.push.line, $0.push.column)
                                    != (below.file, below.declaration.line, below.declaration.column)
                            }.map {
                                .at(
                                    project.paths[$0.file] ?? "?", line: $0.push.line, column: $0.push.column,
                                    "`\($0.push.pusher)` pushes `\($0.push.pushed)` here")
                            } + [
                                .at(
                                    project.paths[below.file] ?? "?", line: below.declaration.line,
                                    column: below.declaration.column,
                                    "`\(below.declaration.view)` declares `navigationDestination(for: \(below.declaration.type).self)` here, below on the stack\(below.declaration.pushes.contains(below.pushes.last?.push.pushed ?? "") && below.pushes.count == 1 ? ", and pushes `\(below.pushes[0].push.pushed)` from it" : "")"
                                )
                            ],
                            confidence: .medium))
                }
            }
            return hits
        }
    }

    static func lastName(_ name: String) -> String { name.lastComponent(separatedBy: UInt8(ascii: ".")) }
}

/// One file's facts for `duplicate-navigation-destination`.
public struct DuplicateDestinationFacts: Sendable, Equatable {
    struct Destination: Sendable, Equatable {
        /// The view (qualified type name) whose code declares it.
        var view: String
        /// The first token of the member it stands in.
        var scope: Int
        /// As written: `Route`, `Feature.Route`.
        var type: String
        var offset: Int
        var line: Int
        var column: Int
        var inBody: Bool
        var conditional: Bool
        var inOwnStack: Bool
        /// The views its content builds.
        var pushes: [String]
    }
    struct Push: Sendable, Equatable {
        var pusher: String
        var pushed: String
        var line: Int
        var column: Int
    }
    var declaredTypes: [String] = []
    var destinations: [Destination] = []
    var pushes: [Push] = []
}

/// The run's destinations by view and pushes by pushed view, for `duplicate-navigation-destination`.
public struct DuplicateDestinationProject: Sendable {
    var destinations: [String: [(file: Int, declaration: DuplicateDestinationFacts.Destination)]] = [:]
    var pushers: [String: [(file: Int, push: DuplicateDestinationFacts.Push)]] = [:]
    var declaredByLastName: [String: Set<String>] = [:]

    /// The type a destination names, qualified: `Subdestination` written inside `Detail`, which
    /// declares `Detail.Subdestination`, is that one. Nil when the name is declared nested in
    /// several types and none of them is the view's.
    func key(of destination: DuplicateDestinationFacts.Destination) -> String? {
        if destination.type.contains(".") { return destination.type }
        let declared = declaredByLastName[destination.type] ?? []
        var owner = Substring(destination.view)
        while !owner.isEmpty {
            if declared.contains("\(owner).\(destination.type)") { return "\(owner).\(destination.type)" }
            guard let dot = owner.lastIndex(of: ".") else { break }
            owner = owner[..<dot]
        }
        if declared.isEmpty || declared.contains(destination.type) || declared.count == 1 {
            return declared.count == 1 ? declared.first! : destination.type
        }
        return nil
    }

    /// A screen below `destination`'s view on the push graph (its pushers, theirs, …, through
    /// views that own no stack) that declares a destination of the same type, with the pushes on
    /// the way (nearest first).
    func declarationBelow(_ destination: DuplicateDestinationFacts.Destination, key: String, project: ProjectIndex)
        -> (
            file: Int, declaration: DuplicateDestinationFacts.Destination,
            pushes: [(file: Int, push: DuplicateDestinationFacts.Push)]
        )?
    {
        let start = DuplicateNavigationDestinationRule.lastName(destination.view)
        var seen: Set<String> = [start]
        var queue: [(view: String, pushes: [(file: Int, push: DuplicateDestinationFacts.Push)])] = [(start, [])]
        var head = 0
        while head < queue.count, head < 64 {
            let (view, chain) = queue[head]
            head += 1
            for pusher in pushers[view] ?? []
            where seen.insert(DuplicateNavigationDestinationRule.lastName(pusher.push.pusher)).inserted {
                let name = DuplicateNavigationDestinationRule.lastName(pusher.push.pusher)
                let steps = chain + [pusher]
                for (file, declaration) in destinations[name] ?? []
                where !declaration.conditional && self.key(of: declaration) == key {
                    return (file, declaration, steps)
                }
                // A screen with a stack of its own starts another stack: what is below it is not on this one.
                if !project.viewsOwningPathStack.contains(name) { queue.append((name, steps)) }
            }
        }
        return nil
    }
}
