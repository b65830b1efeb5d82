import SwiftLexer
import Support

/// Which `@Binding` properties a view writes: assigns, mutates (`toggle()`, `append(_:)`, a method
/// the run declares `mutating`), passes on as `$name` or `_name`, uses `inout`, or writes from its
/// representable's coordinator (`parent.name = …`). Read once per file into its `FileSummary`, for
/// `binding-never-written`, `constant-binding` and `missing-standalone-init`; each write keeps
/// where it stands and what it stands behind, so a finding can name it as its proof.
public struct BindingUse: Sendable, Equatable {
    /// The type declaring the binding, and the binding's name.
    public var type: String
    public var name: String
    /// Offset of the property's name, where `binding-never-written` reports.
    public var offset: Int
    /// Written in the type's declaration or its extensions in the same file.
    public var written: Bool
    /// Declared `@Binding var` (not a `Binding<T>` kept by hand).
    public var isWrapper = true
    /// Methods called on it that SwiftUI does not know to mutate: a write when the run declares
    /// a `mutating func` of that name.
    public var calls: Set<String>
    /// The file it is declared in (set by the file's summary).
    public var file = 0
    /// Where it is written or handed on, in file order (the first few).
    public var sites: [BindingWriteSite] = []
    /// Properties the sites forward to a callee whose default is `false` or `nil`: a caller that
    /// leaves them out switches the callee's gates on them off too.
    public var offByDefault: Set<String> = []
    /// The view only ever assigns it (`offset = y`) and never reads it: an output for its caller,
    /// which a caller that freezes it does not take.
    public var outputOnly = false
}

/// One place a view writes its binding, or hands `$name` to another view or control.
/// The call a binding is handed to as `$name`, and under which label.
public struct PassedBinding: Sendable, Equatable {
    public var callee: String
    public var label: String
    public var isMember: Bool
}

public struct BindingWriteSite: Sendable, Equatable {
    public var line: Int
    public var column: Int
    /// The line of code, trimmed and cut short: what a finding quotes as its proof.
    public var code: String
    /// Conditions around it that a caller's arguments may switch off (`if allowsEditing { … }`).
    public var gates: [BindingGate] = []
    /// `$name` passed as this argument of this call (`Child(value: $name)`, `.sheet(isPresented: $name)`):
    /// a write only if that callee writes it.
    public var passedTo: PassedBinding?
    /// Literal arguments of that call (`canEdit: false`, `item: nil`, `mode: .compact`), which
    /// decide the callee's own gates.
    public var literalArguments: [String: LiteralArgument] = [:]
    /// Arguments of that call that hand on this view's own properties (`group: $selectedGroup`,
    /// `canEdit: canEdit`): by the callee's label, the property's name. What the outer call froze
    /// them to decides the callee's gates too.
    public var forwarded: [String: String] = [:]
    /// A method called on it (`name.reset()`) that is a write only if the run declares it `mutating`.
    public var method: String?
    /// It stands in a closure a person's action runs (`Button`, `onTapGesture`, `onSubmit`, …) and
    /// not in one that runs by itself (`onAppear`, `onReceive`, `onChange`, `task`): the write is
    /// what the person did, which a frozen binding loses for sure.
    public var inUserAction = false
    /// `name = newValue` in `.onChange(of: other) { _, newValue in … }`: it mirrors another value the
    /// view keeps into the binding, for a caller that reads it back; nothing the person does is lost.
    public var mirrors: String?
    /// The `#if` branches it is compiled in (`Structure.compileBranches`): a call compiled only
    /// for another platform cannot make it happen.
    public var branches: [String] = []
    /// Why no person can use the control it stands in (`is disabled`, `is hidden`), if so.
    public var unusable: String?
}

/// A condition a write stands behind, in terms a call can decide: a `Bool` property tested as is
/// (`if flag`, `if !flag`, `guard flag`), an optional unwrapped or compared with `nil`, or a case of a
/// value (`switch mode { case .edit: … }`, `mode == .edit`); or a condition the tool cannot evaluate.
public struct BindingGate: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case flag, unwrap, caseOf
        /// Anything else (`if model.canEdit`, `if items.isEmpty`, `a || b`): `name` is its text.
        case opaque
    }
    public var kind: Kind
    /// The flag, the unwrapped name, the value switched over, or the opaque condition's text.
    public var name: String
    /// For `caseOf`: the cases the write stands under.
    public var cases: [String] = []
    /// `!flag`, `item == nil`, `mode != .edit`: the write runs when the test fails.
    public var negated = false
    /// The type's own default for `name` is `false` or `nil` (a caller that leaves it out switches it off).
    public var offByDefault = false
    /// The type's own default for a flag is `true` (a caller that leaves it out switches it on).
    public var onByDefault = false
}

/// An argument written as a literal at a call: enough to decide a `BindingGate`.
public enum LiteralArgument: Sendable, Hashable {
    /// `false`, `nil`, `.constant(false)`, `.constant(nil)`.
    case off
    /// `true`, `.constant(true)`.
    case on
    /// `.name` or `.name(…)`, also inside `.constant(…)`.
    case enumCase(String)
    /// A string or number literal (`"done"`, `0`): a value, so not `nil`.
    case value

    /// The literal a call's argument value is, if it is one.
    package static func of(_ value: Range<Int>, in s: Structure) -> LiteralArgument? {
        var range = value
        if let start = s.constantBindingStart(in: value) {
            // `.constant(x)` freezes x: judge x.
            var open = start
            while open < value.upperBound, !s.punct(open, UInt8(ascii: "(")) { open += 1 }
            guard open < value.upperBound, s.closing[open] > open else { return nil }
            range = open + 1..<Int(s.closing[open])
        }
        guard let first = range.first else { return nil }
        if range.count == 1, s.is(first, "false") || s.is(first, "nil") { return .off }
        if range.count == 1, s.is(first, "true") { return .on }
        if range.count == 1, s.code[first].kind == .number || s.code[first].kind == .string { return .value }
        if s.punct(first, UInt8(ascii: ".")), first + 1 < range.upperBound, s.code[first + 1].kind == .identifier,
            range.count == 2 || s.punct(first + 2, UInt8(ascii: "("))
        {
            return .enumCase(s.text(first + 1))
        }
        return nil
    }

}

extension BindingGate {
    /// Whether a call with these literal arguments (`passed`: the labels it gives; nil when not
    /// known) takes this path: true for sure, false never, nil when it cannot be told. The frozen
    /// binding is one of the arguments, so `if !showMore` is decided by `.constant(true)`.
    package func holds(by arguments: [String: LiteralArgument], passed: Set<String>?) -> Bool? {
        var test: Bool?
        switch kind {
        case .opaque:
            return nil
        case .flag, .unwrap:
            if let literal = arguments[name] {
                switch literal {
                case .on: test = true
                case .off: test = false
                // A case is a value: an optional holding it is not nil (a flag is no enum).
                case .enumCase, .value: test = kind == .unwrap ? true : nil
                }
            } else if let passed, !passed.contains(name) {
                if onByDefault { test = true } else if offByDefault { test = false }
            }
        case .caseOf:
            guard case .enumCase(let value)? = arguments[name] else { return nil }
            test = cases.contains(value)
        }
        return test.map { $0 != negated }
    }

    /// Whether a call with these literal arguments takes this path for sure (a flag passed `true`,
    /// or left out where its default is `true`); false when it never does; nil when it cannot be told.
    package func isSwitchedOn(by arguments: [String: LiteralArgument], passed: Set<String>?) -> Bool? {
        guard kind == .flag else { return nil }
        return holds(by: arguments, passed: passed)
    }

    /// How a message says where the write stands: "when `canEdit` is true".
    var phrase: String {
        switch kind {
        case .flag: "when `\(name)` is \(negated ? "false" : "true")"
        case .unwrap: negated ? "when `\(name)` is nil" : "when `\(name)` is not nil"
        case .caseOf:
            "when `\(name)` is \(negated ? "not " : "")`.\(cases.joined(separator: "`/`."))`"
        case .opaque: "behind `\(name)`"
        }
    }

    /// Whether a call with these literal arguments (and leaving out the others) never takes this path.
    func isSwitchedOff(by arguments: [String: LiteralArgument], passed: Set<String>?) -> Bool {
        holds(by: arguments, passed: passed) == false
    }
}

package enum BindingWrites {
    /// `=` and the compound assignments (`+=`, `??=`), not the comparisons that also end in `=`.
    package static func isAssignment(_ op: String) -> Bool {
        op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
    }

    package static let mutatingMethods: Set<String> = [
        "toggle", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "sort",
        "reverse", "shuffle", "formUnion", "formIntersection", "subtract", "merge", "updateValue", "popLast",
        "replaceSubrange", "swapAt", "negate", "formSymmetricDifference", "removeValue", "move", "popFirst",
        // `PresentationMode.dismiss()` mutates the environment's presentation state.
        "dismiss",
    ]

    /// Every `@Binding` stored property of the file's types, with whether the file writes it.
    static func read(_ s: Structure) -> [BindingUse] {
        // Bindings by the type that declares them, as property indices (nothing is copied for the
        // properties that are not bindings, which is most of them).
        var byOwner: [Int: [Int]] = [:]
        // `@Binding var x`, and a binding kept by hand (`private let page: Binding<Int>`).
        for index in s.properties.indices
        where s.properties[index].attributes.contains("@Binding")
            || s.properties[index].body == nil
                && s.properties[index].type.map({ $0.hasPrefix("Binding<") || $0.hasPrefix("SwiftUI.Binding<") })
                    == true
        {
            guard let owner = s.properties[index].owner, !s.properties[index].isStatic else { continue }
            byOwner[owner, default: []].append(index)
        }
        guard !byOwner.isEmpty else { return [] }
        var uses: [BindingUse] = []
        let keepers = ViewKeepers(s)
        let surroundings = SiteSurroundings(s)
        // Extension bodies by type name, gathered once for the file.
        var extensions: [String: [ClosedRange<Int>]] = [:]
        for index in s.types.indices where s.types[index].kind == .extension {
            if let body = s.types[index].body { extensions[s.types[index].name, default: []].append(body) }
        }
        // One pass per type over its body (and its extensions in this file), for all its bindings.
        for owner in byOwner.keys.sorted() {
            let mine = byOwner[owner] ?? []
            var regions = s.types[owner].body.map { [$0] } ?? []
            regions += extensions[s.types[owner].name] ?? []
            var sites = [[BindingWriteSite]](repeating: [], count: mine.count)
            var calls = [Set<String>](repeating: [], count: mine.count)
            // Whether some use reads it (anything but a plain `name = value`).
            var read = [Bool](repeating: false, count: mine.count)
            // A binding handed to a helper in an `init` (`Model(value: value)`) may be written there.
            let handedOn = handsBindingOn(owner, in: s)
            s.code.withUnsafeBufferPointer { code in
                s.file.bytes.withUnsafeBufferPointer { bytes in
                    for (position, property) in mine.enumerated() {
                        if let handedOn {
                            sites[position].append(site(at: handedOn, in: s, owner: owner, surroundings))
                            continue
                        }
                        let name = s.properties[property].name
                        // Where the name's bytes stand (`endsOfOccurrences`), then the token there:
                        // `name`, or `$name`/`_name` one byte before. Far fewer than the tokens.
                        for region in regions where sites[position].count < maximumSites {
                            let range = code[region.lowerBound].offset..<code[region.upperBound].end
                            for end in bytes.endsOfOccurrences(of: name, in: range) {
                                let offset = end - name.utf8.count
                                guard let index = token(at: offset, in: code) else { continue }
                                guard
                                    let kind = write(
                                        at: index, of: name, in: s, declaration: s.properties[property].nameToken,
                                        owner: s.types[owner].name, keepers: keepers)
                                else {
                                    if !read[position],
                                        isRead(
                                            at: index, of: name, in: s, declaration: s.properties[property].nameToken)
                                    {
                                        read[position] = true
                                    }
                                    continue
                                }
                                if case .direct = kind, s.is(index + 1, "=") {} else { read[position] = true }
                                var found = site(at: index, in: s, owner: owner, surroundings)
                                switch kind {
                                case .direct: found.mirrors = mirroredValue(at: index, in: s)
                                case .method(let method):
                                    calls[position].insert(method)
                                    found.method = method
                                case .passed(let call, let label):
                                    let callSite = s.calls[call]
                                    found.passedTo = PassedBinding(
                                        callee: callSite.callee, label: label, isMember: callSite.isMember)
                                    found.literalArguments = FrozenCall(of: callSite, in: s).arguments
                                    found.forwarded = forwardedProperties(of: callSite, in: s, owner: owner)
                                }
                                sites[position].append(found)
                                if sites[position].count == maximumSites { break }
                            }
                        }
                    }
                }
            }
            for (position, property) in mine.enumerated() {
                let forwarded = Set(sites[position].flatMap(\.forwarded.values))
                uses.append(
                    BindingUse(
                        type: s.types[owner].name, name: s.properties[property].name,
                        offset: s.offset(of: s.properties[property].nameToken),
                        written: sites[position].contains { $0.method == nil },
                        isWrapper: s.properties[property].attributes.contains("@Binding"), calls: calls[position],
                        sites: sites[position],
                        offByDefault: forwarded.filter { defaultIsOff($0, owner: owner, in: s) },
                        outputOnly: !read[position] && !sites[position].isEmpty
                            && sites[position].count < maximumSites && handedOn == nil))
            }
        }
        return uses
    }

    /// Enough writes of one binding to prove it, and to see past the ones a caller switches off.
    static let maximumSites = 8

    enum WriteKind {
        case direct
        /// `name.method()`, a write if the run declares `method` mutating.
        case method(String)
        /// `$name` as the whole of a labelled argument of a call (by index).
        case passed(call: Int, label: String)
    }

    /// A write site at a token: its line, column, code, and the gates around it.
    static func site(
        at index: Int, in s: Structure, owner: Int, _ surroundings: SiteSurroundings
    ) -> BindingWriteSite {
        let positions = s.file.positions
        let offset = s.offset(of: index)
        let line = positions.line(of: offset)
        var site = BindingWriteSite(
            line: line, column: positions.characterColumn(of: offset, line: line),
            code: positions.excerpt(around: offset, line: line),
            gates: gates(of: index, in: s, owner: owner, usability: surroundings.usabilityGates(index)))
        site.inUserAction = standsInUserAction(index, in: s)
        site.branches = surroundings.branches(of: index)
        site.unusable = surroundings.unusable(index)
        return site
    }

    /// Calls whose closures run when a person acts on the view.
    static let userActions: Set<String> = [
        "Button", "onTapGesture", "onLongPressGesture", "onSubmit", "onDelete", "onMove", "onInsert", "onEnded",
        "onChanged", "onCommand", "onDrop", "dropDestination", "refreshable", "onKeyPress", "swipeActions",
        "onExitCommand", "onPlayPauseCommand", "onMoveCommand", "primaryAction", "onIncrement", "onDecrement",
    ]
    /// Calls whose closures run by themselves: when the view appears, a value or a notification
    /// arrives, a task starts. A write there is no one's action, and often meant for another caller.
    static let reactions: Set<String> = [
        "onAppear", "onDisappear", "task", "onReceive", "onChange", "onOpenURL", "onContinueUserActivity",
        "onPreferenceChange", "onGeometryChange", "onScrollGeometryChange", "sink", "assign", "onReceiveNotification",
    ]

    /// Whether the innermost of those calls around the token is a person's action.
    static func standsInUserAction(_ index: Int, in s: Structure) -> Bool {
        for call in s.enclosingCalls(of: index) {
            let callee = s.calls[call].callee
            if reactions.contains(callee) { return false }
            if userActions.contains(callee) { return true }
        }
        return false
    }

    /// The cases of `switch subject { … }` whose statements hold `inner` (none under `default`).
    static func switchGates(subject: Range<Int>, body: Int, inner: Int, in s: Structure) -> [BindingGate] {
        guard let name = plainName(subject, in: s) else { return [] }
        // The last `case` label before `inner` at the switch's own depth.
        var j = body + 1
        var label: Int?
        while j < inner {
            if s.closing[j] > 0, Int(s.closing[j]) < inner {
                j = Int(s.closing[j]) + 1
                continue
            }
            if s.code[j].kind == .keyword, s.is(j, "case") || s.is(j, "default") { label = j }
            j += 1
        }
        guard let label, s.is(label, "case") else { return [] }
        var cases: [String] = []
        var k = label + 1
        while k < inner, !s.punct(k, UInt8(ascii: ":")) {
            if s.punct(k, UInt8(ascii: ".")), s.code.indices.contains(k + 1), s.code[k + 1].kind == .identifier,
                k == label + 1 || s.punct(k - 1, UInt8(ascii: ","))
            {
                cases.append(s.text(k + 1))
            }
            if s.closing[k] > 0 { k = Int(s.closing[k]) }
            k += 1
        }
        return cases.isEmpty ? [] : [BindingGate(kind: .caseOf, name: name, cases: cases)]
    }

    /// For `name = value` where `value` is a parameter of an `onChange(of: source)` or
    /// `onReceive(source)` closure around it: the source's text.
    static func mirroredValue(at index: Int, in s: Structure) -> String? {
        guard s.code.indices.contains(index + 2), s.is(index + 1, "="), s.code[index + 2].kind == .identifier,
            !s.code.indices.contains(index + 3) || s.code[index + 3].line != s.code[index + 2].line
                || s.punct(index + 3, UInt8(ascii: "}"))
        else { return nil }
        let value = s.text(index + 2)
        var found: String?
        s.forEachEnclosingScope(of: index) { scope in
            guard case .closure(let call?) = scope.kind else {
                if case .statement = scope.kind { return true }
                return false
            }
            let callee = s.calls[call].callee
            guard callee == "onChange" || callee == "onReceive" else { return false }
            // The closure's parameters: the names before `in`.
            var j = scope.range.lowerBound + 1
            while j < scope.range.upperBound, !s.is(j, "in"), !s.punct(j, UInt8(ascii: "{")) {
                if s.code[j].kind == .identifier, s.text(j) == value {
                    let source = s.arguments(of: s.calls[call]).first.map { s.text($0.value) }
                    found = source ?? callee
                }
                j += 1
            }
            return false
        }
        return found
    }

    /// Whether the token is a use of the property that reads it: `name` or `self.name` in an
    /// expression (not its declaration, a shadowing `let`, another value's member, or the
    /// storage set up in an initializer).
    static func isRead(at index: Int, of name: String, in s: Structure, declaration: Int) -> Bool {
        guard index != declaration, s.code[index].kind == .identifier else { return false }
        let text = s.text(index)
        guard text == name || text == "$" + name || text == "_" + name else { return false }
        if s.is(index - 1, "let") || s.is(index - 1, "var") { return false }
        if s.punct(index - 1, UInt8(ascii: ".")), !s.is(index - 2, "self") { return false }
        if text.hasPrefix("_"), s.is(index + 1, "=") { return false }
        return true
    }

    /// The labelled arguments whose value is one of the owner's properties, as is or as a binding
    /// (`x`, `$x`, `_x`, `self.x`): label → property name.
    static func forwardedProperties(of call: CallSite, in s: Structure, owner: Int) -> [String: String] {
        var found: [String: String] = [:]
        for argument in s.arguments(of: call) {
            guard let label = argument.label, let name = plainName(argument.value, in: s),
                s.properties(of: owner).contains(where: { s.properties[$0].name == name })
            else { continue }
            found[label] = name
        }
        return found
    }

    /// The names of the file's properties by their type as written, made on first need: whether a
    /// receiver keeps the view is then a look-up (a walk over every property of the file for each
    /// `x.name` made a file of many views cost the square of its size).
    final class ViewKeepers {
        let s: Structure
        lazy var namesByType: [String: Set<String>] = {
            var names: [String: Set<String>] = [:]
            for property in s.properties {
                if let type = property.type { names[type, default: []].insert(property.name) }
            }
            return names
        }()

        init(_ s: Structure) { self.s = s }

        /// Whether the receiver of `x.name` is a property whose type is the view itself (a
        /// coordinator's `let control: ColorWell`, `var owner: MapView`).
        func keepsView(receiver: Int, owner: String) -> Bool {
            guard receiver >= 0, s.code[receiver].kind == .identifier else { return false }
            let name = s.text(receiver)
            return namesByType[owner]?.contains(name) == true || namesByType[owner + "?"]?.contains(name) == true
        }
    }

    /// `mode`, `self.mode` or `$mode` standing alone: the name.
    static func plainName(_ range: Range<Int>, in s: Structure) -> String? {
        var first = range.lowerBound
        if s.is(first, "self"), s.punct(first + 1, UInt8(ascii: ".")) { first += 2 }
        guard first + 1 == range.upperBound, s.code[first].kind == .identifier else { return nil }
        let text = s.text(first)
        return text.hasPrefix("$") || text.hasPrefix("_") ? String(text.dropFirst()) : text
    }

    /// Whether the type's default for a property or initializer parameter of that name is `false`
    /// or `nil`: a stored `var flag = false`, `var item: Item?`, or `init(…, flag: Bool = false)`.
    static func defaultIsOff(_ name: String, owner: Int, in s: Structure) -> Bool {
        defaultLiteral(name, owner: owner, in: s) == .off
    }

    /// The type's default for a property or initializer parameter of that name, when it is a
    /// literal `false`/`nil` (`.off`) or `true` (`.on`); an optional `var` with no value is `nil`.
    static func defaultLiteral(_ name: String, owner: Int, in s: Structure) -> LiteralArgument? {
        func literal(at index: Int) -> LiteralArgument? {
            if s.is(index, "false") || s.is(index, "nil") { return .off }
            if s.is(index, "true") { return .on }
            return nil
        }
        for member in s.properties(of: owner) {
            let property = s.properties[member]
            guard property.name == name, !property.isStatic else { continue }
            let next = property.nameToken + 1
            if let equals = (next..<min(next + 8, s.code.count)).first(where: { s.is($0, "=") }),
                let value = literal(at: equals + 1)
            {
                return value
            }
            if !property.isLet, !property.hasInitialValue, property.type?.hasSuffix("?") == true { return .off }
        }
        for member in s.functions(of: owner) where s.functions[member].isInitializer {
            let function = s.functions[member]
            var j = function.nameToken + 1
            guard s.punct(j, UInt8(ascii: "(")), s.closing[j] > j else { continue }
            let close = Int(s.closing[j])
            while j < close {
                if s.code[j].kind == .identifier, s.text(j) == name, s.punct(j + 1, UInt8(ascii: ":")) {
                    var k = j + 2
                    while k < close, !s.punct(k, UInt8(ascii: ",")), !s.is(k, "=") {
                        if s.closing[k] > k { k = Int(s.closing[k]) }
                        k += 1
                    }
                    if k < close, s.is(k, "="), let value = literal(at: k + 1) { return value }
                }
                j += 1
            }
        }
        return nil
    }

    /// Whether an initializer of the type passes one of its `Binding` parameters to a call
    /// (`self.model = Model(text: text)`), rather than only storing it (`_text = text`).
    static func handsBindingOn(_ owner: Int, in s: Structure) -> Int? {
        for member in s.functions(of: owner) where s.functions[member].isInitializer {
            let function = s.functions[member]
            guard let body = function.body else { continue }
            for parameter in function.parameters where parameter.type.contains("Binding") {
                for index in body where s.code[index].kind == .identifier && s.text(index) == parameter.name {
                    // `_text = text` / `self._text = text`: storing it is not handing it on.
                    if index >= 1, s.code[index - 1].kind == .operator, s.is(index - 1, "=") { continue }
                    // `State(initialValue: text.wrappedValue)` reads the value: the binding stays here.
                    if s.punct(index + 1, UInt8(ascii: ".")), s.is(index + 2, "wrappedValue") { continue }
                    if let call = s.innermostCall(of: index), s.calls[call].parentheses?.contains(index) == true {
                        return index
                    }
                }
            }
        }
        return nil
    }

    /// The identifier token that starts at `offset` or one byte before it (the `$` of `$name`),
    /// by binary search over the code tokens.
    static func token(at offset: Int, in code: UnsafeBufferPointer<Token>) -> Int? {
        var low = 0, high = code.count
        while low < high {
            let middle = (low + high) / 2
            if code[middle].offset < offset - 1 { low = middle + 1 } else { high = middle }
        }
        for index in low..<min(low + 2, code.count) where code[index].kind == .identifier {
            if code[index].offset == offset || code[index].offset == offset - 1 { return index }
        }
        return nil
    }

    /// How the token writes the binding, if it does: directly, through a method the run may
    /// declare mutating (`settings.reset()`), or by passing `$name` as a call's argument.
    static func write(
        at index: Int, of name: String, in s: Structure, declaration: Int, owner: String, keepers: ViewKeepers
    ) -> WriteKind? {
        guard index != declaration, index < s.code.count else { return nil }
        let token = s.code[index]
        let nameLength = name.utf8.count
        guard token.kind == .identifier, token.length == nameLength || token.length == nameLength + 1 else {
            return nil
        }
        // Compare bytes, building no string: `name`, `$name` (passed on as a binding), or `_name`
        // (the binding itself, passed on: `Child(value: _value)`).
        let bytes = s.file.bytes
        let dollar = bytes[token.offset] == UInt8(ascii: "$")
        let storage = bytes[token.offset] == UInt8(ascii: "_") && token.length == nameLength + 1
        let start = dollar || storage ? token.offset + 1 : token.offset
        guard token.end - start == nameLength, bytes[start..<token.end].elementsEqual(name.utf8) else { return nil }
        // `let name = …` / `if let name`: a local that shadows the property, not a write.
        if s.is(index - 1, "let") || s.is(index - 1, "var") { return nil }
        if dollar || storage {
            // `Child(value: $name)` / `Child(value: _name)`: the child's to write.
            if let call = s.innermostCall(of: index), s.calls[call].parentheses?.contains(index) == true,
                let argument = s.arguments(of: s.calls[call]).first(where: { $0.value == index..<index + 1 }),
                let label = argument.label
            {
                return .passed(call: call, label: label)
            }
            // `self._name = name` in an initializer sets the storage up.
            if storage, s.code.indices.contains(index + 1), s.code[index + 1].kind == .operator, s.is(index + 1, "=") {
                return nil
            }
            // `$name.animation()`, stored, returned: taken as a write. `_name.wrappedValue`: read on below.
            if dollar || !s.punct(index + 1, UInt8(ascii: ".")) { return .direct }
        }
        // `other.name` is someone else's property; `self.name` is ours, and so is `parent.name` in a
        // representable's coordinator, whatever the coordinator calls the view it keeps.
        if s.punct(index - 1, UInt8(ascii: ".")), !s.is(index - 2, "self"), !s.is(index - 2, "parent"),
            !keepers.keepsView(receiver: index - 2, owner: owner)
        {
            return nil
        }
        if s.code.indices.contains(index - 1), s.code[index - 1].kind == .operator, s.is(index - 1, "&") {
            return .direct
        }
        var next = index + 1
        var method: String?
        // Subscripts and optional chaining before an assignment: `name[0] = …`, `name?.x = …`.
        while next < s.code.count {
            if s.punct(next, UInt8(ascii: "[")), s.closing[next] >= 0 { next = Int(s.closing[next]) + 1; continue }
            if s.code[next].kind == .operator, s.is(next, "?") || s.is(next, "!") { next += 1; continue }
            if s.punct(next, UInt8(ascii: ".")), next + 1 < s.code.count, s.code[next + 1].kind == .identifier {
                if s.punct(next + 2, UInt8(ascii: "(")) || s.punct(next + 2, UInt8(ascii: "{")) {
                    let called = s.text(next + 1)
                    if mutatingMethods.contains(called) { return .direct }
                    method = method ?? called
                }
                next += 2
                continue
            }
            break
        }
        if next < s.code.count, s.code[next].kind == .operator {
            let op = s.text(next)
            if isAssignment(op) { return .direct }
        }
        return method.map { .method($0) }
    }
}
