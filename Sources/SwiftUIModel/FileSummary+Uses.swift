import SwiftLexer
import Support

/// Where a file's views use names: the members a type's view code refers to (loose and routed
/// uses), what typed destinations build, and the declared types of stored properties. Read
/// while the file's tokens are in memory, for the summary.
extension FileSummary {
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
