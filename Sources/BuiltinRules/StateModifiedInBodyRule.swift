import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// An `@State` property changed while SwiftUI computes `body`: SwiftUI prints "Modifying state
/// during view update, this will cause undefined behavior." A `@ViewBuilder` body cannot hold an
/// assignment, so the change reaches it through `let _ = …` or through a method or computed
/// property of the view that `body` calls as it builds (`Text(nextLabel())`). Only code that runs
/// while `body` builds counts: `body` itself and the content closures of SwiftUI's containers
/// (`VStack { … }`, `GeometryReader { … }`, `ForEach { … }`), not actions, modifiers' closures
/// (`onAppear`, `task`) or anything dispatched for later. The helper's change counts where it
/// stands at its top level (not in a closure it builds). Reported at `info`: which code runs
/// during an update is decided lexically here.
public struct StateModifiedInBodyRule: CollectingRule {
    public let id = "state-modified-in-body"
    public let startsFrom: [Vocabulary.Word] = [.view]

    /// SwiftUI's containers whose trailing closure is content built with the body.
    static let contentContainers: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
        "Group", "ScrollView", "List", "ForEach", "Section", "GeometryReader", "ViewThatFits", "NavigationStack",
        "NavigationView", "Form", "ScrollViewReader", "TimelineView",
    ]

    public func collect(_ file: LintFile) -> StateChangeFacts? {
        let s = file.structure
        var facts = StateChangeFacts()
        for (property, owner) in Self.stateProperties(in: s) {
            facts.states.append(.init(type: s.types[owner].name, name: s.properties[property].name))
        }
        // Only a type with `@State` here, or an extension (of a view declared elsewhere), can change one.
        let stateful = Set(facts.states.map(\.type))
        func mayChangeState(_ owner: Int) -> Bool {
            s.types[owner].kind == .extension || stateful.contains(s.types[owner].name)
        }
        guard !stateful.isEmpty || s.types.contains(where: { $0.kind == .extension }) else { return nil }
        for position in s.functions.indices {
            guard let owner = s.functions[position].owner, mayChangeState(owner) else { continue }
            let function = s.functions[position]
            guard !function.isInitializer, let body = function.body, !s.is(function.nameToken, "body") else {
                continue
            }
            let changes = Self.topLevelChanges(in: body, in: s)
            if !changes.isEmpty {
                facts.members.append(
                    .init(type: s.types[owner].name, name: function.name, isFunction: true, changes: changes))
            }
        }
        for position in s.properties.indices {
            guard let owner = s.properties[position].owner, s.properties[position].body != nil, mayChangeState(owner)
            else { continue }
            let property = s.properties[position]
            guard !property.isStatic, let body = property.body, property.name != "body",
                !property.attributes.contains(where: { $0 == "@State" || $0 == "@Binding" })
            else { continue }
            // A getter only: observers (`didSet`) run on writes, not while `body` reads it.
            let first = body.lowerBound + 1
            if s.is(first, "didSet") || s.is(first, "willSet") || s.is(first, "set") { continue }
            let changes = Self.topLevelChanges(in: body, in: s)
            if !changes.isEmpty {
                facts.members.append(
                    .init(type: s.types[owner].name, name: property.name, isFunction: false, changes: changes))
            }
        }
        return facts == StateChangeFacts() ? nil : facts
    }

    /// The file's `@State` properties (instance ones, in a type) and the types holding them.
    static func stateProperties(in s: Structure) -> [(property: Int, owner: Int)] {
        s.properties.indices.compactMap { position in
            guard s.properties[position].attributes.contains("@State"), let owner = s.properties[position].owner,
                !s.properties[position].isStatic
            else { return nil }
            return (position, owner)
        }
    }

    /// The names assigned (`x = `, `x += `, `self.x = `) or changed by a mutating call
    /// (`x.toggle()`) at the top level of a member's body: not in a closure it builds.
    static func topLevelChanges(in body: ClosedRange<Int>, in s: Structure) -> [StateChangeFacts.Change] {
        var changes: [StateChangeFacts.Change] = []
        // A local of the same name (`var count = 0`) is not the property; `self.count` still is.
        var locals = Set<String>()
        for index in body where s.code[index].keyword == .let || s.code[index].keyword == .var {
            if index + 1 < s.code.count, s.code[index + 1].kind == .identifier { locals.insert(s.text(index + 1)) }
        }
        var index = body.lowerBound + 1
        while index < body.upperBound {
            defer { index += 1 }
            guard s.code[index].kind == .identifier, let change = changedName(at: index, in: s) else { continue }
            guard !isInClosure(index, within: body, in: s), !locals.contains(change) || s.is(index - 2, "self") else {
                continue
            }
            let line = s.code[index].line
            changes.append(.init(name: change, line: line, column: s.column(of: index, line: line)))
        }
        return changes
    }

    /// `x` at `index` when it is assigned or mutated there: `x = …`, `self.x += …`, `x.append(…)`.
    static func changedName(at index: Int, in s: Structure) -> String? {
        if s.punct(index - 1, UInt8(ascii: ".")), !s.is(index - 2, "self") { return nil }
        let next = index + 1
        guard next < s.code.count else { return nil }
        // An assignment operator ends in `=`: only then is its text read.
        if s.code[next].kind == .operator, s.file.bytes[s.code[next].end - 1] == UInt8(ascii: "="),
            BindingWrites.isAssignment(s.text(next))
        {
            return s.text(index)
        }
        if s.punct(next, UInt8(ascii: ".")), next + 2 < s.code.count, s.code[next + 1].kind == .identifier,
            s.punct(next + 2, UInt8(ascii: "(")), BindingWrites.mutatingMethods.contains(s.text(next + 1)),
            !s.is(next + 1, "dismiss")
        {
            return s.text(index)
        }
        return nil
    }

    static func isInClosure(_ token: Int, within body: ClosedRange<Int>, in s: Structure) -> Bool {
        var inClosure = false
        s.forEachEnclosingScope(of: token) { scope in
            guard scope.range.lowerBound > body.lowerBound else { return false }
            if case .closure = scope.kind { inClosure = true; return false }
            return true
        }
        return inClosure
    }

    /// Whether a token in `body` runs while `body` is computed: every closure between it and
    /// `body` is a SwiftUI container's content.
    static func runsDuringBody(_ token: Int, body: ClosedRange<Int>, in s: Structure) -> Bool {
        var runs = true
        s.forEachEnclosingScope(of: token) { scope in
            guard scope.range.lowerBound > body.lowerBound else { return false }
            if case .closure(let call) = scope.kind {
                guard let call, !s.calls[call].isMember, contentContainers.contains(s.calls[call].callee),
                    let closure = s.trailingClosures(of: s.calls[call]).first(where: { $0.body == scope.range }),
                    closure.label == nil || closure.label == "content"
                else {
                    runs = false
                    return false
                }
            }
            return true
        }
        return runs
    }

    public func validate(_ file: LintFile, options: RuleOptions)
        -> @Sendable (ProjectIndex, StateChangeFacts.Merged) -> [Hit]
    {
        let s = file.structure
        // What `body` does as it builds: calls of the view's own members, reads of its computed
        // properties, and `let _ = x = …`.
        var uses: [(offset: Int, type: String, member: String, isCall: Bool)] = []
        var direct: [(offset: Int, type: String, name: String)] = []
        // `@State` is stored, so a view's own declaration holds all of it: a view declared here
        // without any cannot have its state changed (an extension's view is declared elsewhere).
        let stateful = Set(Self.stateProperties(in: s).map(\.owner))
        for property in s.properties where property.name == "body" {
            guard let owner = property.owner, let body = property.body,
                s.types[owner].kind == .extension || (stateful.contains(owner) && s.isViewType(s.types[owner])),
                !s.isInPreview(property.nameToken)
            else { continue }
            let type = s.types[owner].name
            // Tokens of one scope run together or not at all: one walk per scope, and one use per name.
            var runs: [Int32: Bool] = [:]
            var named = Set<String>()
            var index = body.lowerBound + 1
            while index < body.upperBound {
                defer { index += 1 }
                guard s.code[index].kind == .identifier else { continue }
                let afterSelf = s.punct(index - 1, UInt8(ascii: ".")) && s.is(index - 2, "self")
                guard !s.punct(index - 1, UInt8(ascii: ".")) || afterSelf else { continue }
                // A label (`title: …`) or a declaration's own name is not a use.
                if s.punct(index + 1, UInt8(ascii: ":")) || s.code[index - 1].keyword == .let
                    || s.code[index - 1].keyword == .var
                {
                    continue
                }
                let scope = s.scopeOf[index]
                let running = runs[scope] ?? Self.runsDuringBody(index, body: body, in: s)
                runs[scope] = running
                guard running else { continue }
                if let name = Self.changedName(at: index, in: s), Self.isDiscarded(index, in: s) {
                    direct.append((s.offset(of: index), type, name))
                } else {
                    let isCall = s.punct(index + 1, UInt8(ascii: "("))
                    let name = s.text(index)
                    if named.insert(isCall ? name + "()" : name).inserted {
                        uses.append((s.offset(of: index), type, name, isCall))
                    }
                }
            }
        }
        guard !uses.isEmpty || !direct.isEmpty else { return { _, _ in [] } }
        let fileIndex = file.index
        return { [uses, direct] project, facts in
            var hits: [Hit] = []
            for change in direct where facts.states.contains(.init(type: change.type, name: change.name)) {
                hits.append(
                    Hit(
                        file: fileIndex, offset: change.offset,
                        message:
                            "`body` changes `@State var \(change.name)` while SwiftUI computes it (\"Modifying state during view update\"); the change is undefined behaviour: make it in an action, `.onAppear`, `.task` or `.onChange`",
                        confidence: .medium))
            }
            var reported = Set<String>()
            for use in uses {
                guard let member = facts.members[use.type]?[use.member], member.isFunction == use.isCall,
                    let change = member.changes.first(where: {
                        facts.states.contains(.init(type: use.type, name: $0.name))
                    }),
                    reported.insert(use.member).inserted
                else { continue }
                let path = project.paths[facts.memberFiles[use.type]?[use.member] ?? fileIndex] ?? "?"
                hits.append(
                    Hit(
                        file: fileIndex, offset: use.offset,
                        message:
                            "`body` \(member.isFunction ? "calls `\(use.member)()`" : "reads `\(use.member)`"), which changes `@State var \(change.name)` while SwiftUI computes the body (\"Modifying state during view update\"); compute the value without changing state, or make the change in an action, `.onAppear`, `.task` or `.onChange`",
                        evidence: [
                            .at(path, line: change.line, column: change.column, "changes `\(change.name)` here")
                        ],
                        confidence: .medium))
            }
            return hits
        }
    }

    /// `let _ = x = 1` (or `let _ = (x = 1)`): the assignment is the whole discarded value.
    static func isDiscarded(_ index: Int, in s: Structure) -> Bool {
        var start = index
        if s.punct(start - 1, UInt8(ascii: ".")), s.is(start - 2, "self") { start -= 2 }
        if s.punct(start - 1, UInt8(ascii: "(")) { start -= 1 }
        return start >= 3 && s.is(start - 1, "=") && s.code[start - 2].keyword == .wildcard
            && s.code[start - 3].keyword == .let
    }

    public static func merge(_ collected: Collected<StateChangeFacts>) -> StateChangeFacts.Merged {
        var merged = StateChangeFacts.Merged()
        for (file, facts) in collected.byFile.enumerated() {
            guard let facts else { continue }
            merged.states.formUnion(facts.states)
            for member in facts.members where merged.members[member.type]?[member.name] == nil {
                merged.members[member.type, default: [:]][member.name] = member
                merged.memberFiles[member.type, default: [:]][member.name] = file
            }
        }
        return merged
    }
}

/// One file's facts for `state-modified-in-body`: the `@State` properties of its types, and
/// the members that change a name at their top level.
public struct StateChangeFacts: Sendable, Equatable {
    struct State: Sendable, Hashable {
        var type: String
        var name: String
    }
    struct Change: Sendable, Equatable {
        var name: String
        var line: Int
        var column: Int
    }
    struct Member: Sendable, Equatable {
        var type: String
        var name: String
        var isFunction: Bool
        var changes: [Change]
    }
    var states: [State] = []
    var members: [Member] = []

    public struct Merged: Sendable {
        var states = Set<State>()
        var members: [String: [String: Member]] = [:]
        var memberFiles: [String: [String: Int]] = [:]
    }
}
