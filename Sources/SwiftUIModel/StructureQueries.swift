import SwiftLexer
import Support

/// Questions about one file's structure that SwiftUI gives their meaning: imports, `.constant(…)`
/// values, modifier chains, what a navigation call pushes, debug-only and fallback code.
extension Structure {
    /// The modules the file imports (`import SwiftUI`, `@testable import App`, `import struct
    /// SwiftUI.View` → `SwiftUI`). Imports stand at file scope: braces are skipped whole, so only
    /// top-level tokens are read.
    public func importedModules() -> [String] {
        var modules: [String] = []
        var index = 0
        while index < code.count {
            if code[index].keyword == .import {
                var name = index + 1
                // `import struct SwiftUI.View`: the kind comes first.
                if name < code.count, code[name].kind == .keyword { name += 1 }
                if name < code.count, code[name].kind == .identifier { modules.append(text(name)) }
            }
            if punct(index, UInt8(ascii: "{")), closing[index] > index {
                index = Int(closing[index]) + 1
            } else {
                index += 1
            }
        }
        return modules
    }

    /// Whether a call is a view modifier: `.sheet(…)` after a value, or `sheet(…)` with no receiver
    /// in a view's own code (`extension View { func errorAlert() -> some View { alert(…) } }`, a
    /// `View` or `ViewModifier` type's members), where it applies to the implicit `self`.
    public func isModifierCall(_ call: CallSite) -> Bool {
        if call.isMember { return true }
        guard !call.isImplicitMember, call.baseToken == nil, let first = call.callee.utf8.first,
            first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"), let owner = enclosingType(of: call.calleeToken)
        else { return false }
        let declaration = types[owner]
        // `inherits` reads `SwiftUI.View` as `View` too.
        func isView(_ type: TypeDecl) -> Bool { type.inherits("View") || type.inherits("ViewModifier") }
        let isViewCode: Bool
        if declaration.kind == .extension {
            isViewCode =
                declaration.name == "View" || declaration.name == "SwiftUI.View"
                || types(named: declaration.name).contains { types[$0].kind != .extension && isView(types[$0]) }
        } else {
            isViewCode = isView(declaration)
        }
        // A method of the type's own by that name is called, not SwiftUI's modifier.
        return isViewCode && !functions(of: owner).contains { functions[$0].name == call.callee }
    }

    /// `NavigationLink(…)`, or `self.init(…)` in an `extension NavigationLink`: an app's own
    /// initializer that forwards `isActive:` or `tag:selection:` to a deprecated one is where that API is used.
    public func isNavigationLinkInitializer(_ call: CallSite) -> Bool {
        if call.callee == "NavigationLink" { return !call.isMember }
        guard call.callee == "init", let base = call.baseToken, self.is(base, "self"),
            let type = enclosingType(of: call.calleeToken)
        else { return false }
        let declaration = types[type]
        return declaration.kind == .extension
            && (declaration.name == "NavigationLink" || declaration.name == "SwiftUI.NavigationLink")
    }

    /// The token index where a `.constant(…)` / `Binding.constant(…)` / `Binding<T>.constant(…)`
    /// value starts, when the argument value is exactly such a call.
    public func constantBindingStart(in value: Range<Int>) -> Int? {
        guard let first = value.first else { return nil }
        // `.constant(`
        if punct(first, UInt8(ascii: ".")), first + 1 < value.upperBound, self.is(first + 1, "constant"),
            punct(first + 2, UInt8(ascii: "("))
        {
            return first
        }
        // `Binding.constant(`, `SwiftUI.Binding.constant(`, `Binding<T>.constant(`
        var j = first
        if self.is(j, "SwiftUI"), punct(j + 1, UInt8(ascii: ".")) { j += 2 }
        guard self.is(j, "Binding") else { return nil }
        j += 1
        if j < value.upperBound, code[j].kind == .operator, file.bytes[code[j].offset] == UInt8(ascii: "<") {
            // Skip the generic arguments.
            var depth = 0
            while j < value.upperBound {
                let token = code[j]
                if token.kind == .operator {
                    for k in token.offset..<token.end {
                        if file.bytes[k] == UInt8(ascii: "<") {
                            depth += 1
                        } else if file.bytes[k] == UInt8(ascii: ">") {
                            depth -= 1
                        }
                    }
                }
                j += 1
                if depth <= 0 { break }
            }
        }
        guard punct(j, UInt8(ascii: ".")), self.is(j + 1, "constant"), punct(j + 2, UInt8(ascii: "(")) else {
            return nil
        }
        return first
    }

    /// Indices of the calls whose callee token lies in `region` (calls are stored in callee order).
    public func calls(in region: Range<Int>) -> Range<Int> {
        var low = 0, high = calls.count
        while low < high {
            let mid = (low + high) / 2
            if calls[mid].calleeToken < region.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < calls.count, calls[end].calleeToken < region.upperBound { end += 1 }
        return low..<end
    }

    /// Names of the calls around a token (innermost first): `["List", "NavigationStack"]`.
    public func enclosingCallees(of index: Int) -> [String] {
        enclosingCalls(of: index).map { calls[$0].callee }
    }

    /// Whether a callee name looks like a type (a view initializer): `ChildView`, `NavigationLink`.
    public static func isTypeName(_ name: String) -> Bool {
        guard let byte = name.utf8.first else { return false }
        // ASCII decides at once (nearly every name); other scripts ask Unicode.
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return name.unicodeScalars.first?.properties.isUppercase ?? false
    }

    /// The type declared for a view: `struct X: View` (or `: SwiftUI.View`).
    public func isViewType(_ type: TypeDecl) -> Bool {
        type.kind != .extension && type.kind != .protocol && type.inherits("View")
    }

    /// Where the finding for a call points: the callee token.
    public func offset(of index: Int) -> Int { code[index].offset }

    /// The bytes from the first of `tokens` to where the token after them starts.
    public func byteRange(_ tokens: Range<Int>) -> Range<Int> {
        let start = code[tokens.lowerBound].offset
        let end = tokens.upperBound < code.count ? code[tokens.upperBound].offset : file.bytes.count
        return start..<max(start, end)
    }

    // MARK: Debug-only and fallback code

    /// The token ranges compiled only into debug builds: from `#if DEBUG` (or `#if DEBUG && …`)
    /// to its `#elseif`, `#else` or `#endif`. Preview scaffolding often lives there.
    public func debugOnlyRanges() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var open: [(debug: Bool, start: Int)] = []
        for index in code.indices where code[index].kind == .directive {
            if self.is(index, "#if") {
                let debug =
                    self.is(index + 1, "DEBUG") && !self.is(index + 2, "||") && code[index + 1].line == code[index].line
                open.append((debug, index))
            } else if self.is(index, "#elseif") || self.is(index, "#else") {
                if let last = open.last, last.debug {
                    ranges.append(last.start..<index); open[open.count - 1].debug = false
                }
            } else if self.is(index, "#endif"), let last = open.popLast(), last.debug {
                ranges.append(last.start..<index)
            }
        }
        return ranges
    }

    /// Whether the file imports a test framework (`import XCTest`, `@testable import …` with
    /// `Testing`): it builds views the way previews do, to look at them, not to show them.
    public func importsTestFramework() -> Bool {
        importedModules().contains(where: SwiftUINames.testFrameworks.contains)
    }

    /// Whether the token is in code kept for older systems: the `else` of `if #available(…)` or
    /// `guard #available(…)`, or the body of `if #unavailable(…)`. Deprecated APIs belong there.
    /// Inside a declaration marked `@available(…, deprecated…)` counts too: the compiler does not
    /// warn about deprecated APIs there (a library's shims for its own deprecated API).
    public func isInAvailabilityFallback(_ index: Int) -> Bool {
        var found = false
        forEachEnclosingScope(of: index) { scope in
            switch scope.kind {
            case .typeBody(let type):
                found = isMarkedDeprecated(keywordBefore: types[type].nameToken - 1)
                return !found
            case .function(let function):
                let name = functions[function].nameToken
                found = isMarkedDeprecated(keywordBefore: functions[function].isInitializer ? name : name - 1)
                return !found
            case .property(let property):
                found = isMarkedDeprecated(keywordBefore: properties[property].nameToken - 1)
                return !found
            case .statement: break
            default: return true
            }
            let open = scope.range.lowerBound
            if self.is(open - 1, "else") {
                // `if #available(…) { … } else {`, or `guard #available(…) else {`.
                let end =
                    punct(open - 2, UInt8(ascii: "}")) && opening[open - 2] >= 0 ? Int(opening[open - 2]) : open - 1
                found = conditionMentions("#available", before: end)
            } else {
                found = conditionMentions("#unavailable", before: open)
            }
            return !found
        }
        return found
    }

    /// Whether the attributes before a declaration's first token (`struct`, `func`, `init`, or its
    /// first modifier) include `@available(…)` with `deprecated` in it. Bounded: attributes are few.
    func isMarkedDeprecated(keywordBefore start: Int) -> Bool {
        var j = start - 1
        var steps = 0
        while j >= 0, steps < 24 {
            steps += 1
            if punct(j, UInt8(ascii: ")")), opening[j] >= 0 {
                let open = Int(opening[j])
                if open >= 1, self.is(open - 1, "@available") {
                    for k in open..<j where code[k].kind == .identifier && self.is(k, "deprecated") { return true }
                }
                j = open - 1
                continue
            }
            // Modifiers and argument-less attributes stand between; anything else ends the run.
            guard code[j].kind == .attribute || code[j].kind == .keyword || code[j].kind == .identifier else {
                return false
            }
            if code[j].line < code[start].line - 8 { return false }
            j -= 1
        }
        return false
    }

    /// Whether the `if`/`guard` condition ending just before `end` holds the directive `name`.
    private func conditionMentions(_ name: StaticString, before end: Int) -> Bool {
        var j = end - 1
        var steps = 0
        while j >= 0, steps < 200 {
            if self.is(j, "if") || self.is(j, "guard") { return false }
            if code[j].kind == .directive, self.is(j, name) { return true }
            if punct(j, UInt8(ascii: "{")) || punct(j, UInt8(ascii: "}")) || punct(j, UInt8(ascii: ";")) {
                return false
            }
            // Skip over a bracketed group (`#available(iOS 16, *)`) as a whole.
            if opening[j] >= 0, !punct(j, UInt8(ascii: "}")) { j = Int(opening[j]) }
            j -= 1
            steps += 1
        }
        return false
    }

    /// The `#if` branches a token is compiled in, outermost first, each as its condition's text:
    /// `os(tvOS)` in the `#if`, `!os(tvOS)` in its `#else`, `os(macOS)` in an `#elseif os(macOS)`
    /// (earlier conditions of the same block are not repeated). `DEBUG` blocks are left out:
    /// they decide whether code ships, not where. Empty outside any `#if`.
    /// `table`: the file's `CompileBranchTable`, made once per file.
    public func compileBranches(of token: Int, table: CompileBranchTable) -> [String] { table.branches(of: token) }

    /// The indices of the file's directive tokens (`#if`, `#else`, `#endif`, `#Preview`, …).
    public func directiveTokens() -> [Int] { code.indices.filter { code[$0].kind == .directive } }

    /// The text of a directive's condition, up to the end of its line, without spaces.
    func directiveCondition(at directive: Int) -> String {
        var end = directive + 1
        while end < code.count, code[end].line == code[directive].line { end += 1 }
        return text(directive + 1..<end).filter { !$0.isWhitespace }
    }

    /// Whether two sets of `#if` branches can never be compiled together (one holds `os(tvOS)`,
    /// the other `!os(tvOS)`).
    public static func branchesExclude(_ a: [String], _ b: [String]) -> Bool {
        a.contains { condition in b.contains { $0 == "!" + condition || "!" + $0 == condition } }
    }

    /// The keyword that opens the statement whose `{` is at `opening` (`if`, `switch`, `else`,
    /// `guard`, `for`, …), found back over the condition's balanced brackets.
    public func statementKeyword(opening: Int) -> Int? {
        var j = opening - 1
        var depth = 0
        while j >= 0 {
            let token = code[j]
            if token.kind == .punctuation, token.length == 1 {
                let byte = file.bytes[token.offset]
                if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth += 1 }
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth -= 1 }
                if depth == 0, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return nil }
            }
            if depth == 0, token.kind == .keyword,
                ["if", "switch", "else", "guard", "for", "while", "do", "repeat", "catch", "defer"].contains(text(j))
            {
                return j
            }
            j -= 1
        }
        return nil
    }

    /// Whether the token stands in a `case` of a `switch` that is inside the call at `outer`.
    public func isInSwitchCase(_ token: Int, within outer: Int) -> Bool {
        var found = false
        forEachEnclosingScope(of: token) { scope in
            guard scope.range.lowerBound > outer else { return false }
            if case .statement = scope.kind, let keyword = statementKeyword(opening: scope.range.lowerBound),
                self.is(keyword, "switch")
            {
                found = true
                return false
            }
            return true
        }
        return found
    }

    /// Whether a token stands in a statement's block (`if`, `else`, `switch`) inside the function or
    /// property that holds it: built only on some runs of that code.
    public func isConditional(_ token: Int) -> Bool {
        var conditional = false
        forEachEnclosingScope(of: token) { scope in
            switch scope.kind {
            case .statement:
                conditional = true
                return false
            case .function, .property, .typeBody, .file:
                return false
            default:
                return true
            }
        }
        return conditional
    }

    /// Whether every use of a member (`navWrappedBody`) in its type (the declaration and this
    /// file's extensions of it) stands in a branch: the view shows what it builds only on some runs.
    /// False when it is not used here at all. `mentions`: where names stand in those declarations,
    /// and the answers so far, kept by the caller for the file.
    public func usesAreConditional(of member: String, inType type: Int, mentions: inout NameMentions) -> Bool {
        let name = types[type].name
        if let known = mentions.conditional[name]?[member] { return known }
        func answer(_ uses: [Int]) -> Bool {
            var used = false
            for index in uses {
                // The declaration's own name (`var navWrappedBody`) and another value's member are no uses.
                if index > 0, code[index - 1].keyword == .var || code[index - 1].keyword == .func { continue }
                if index > 0, punct(index - 1, UInt8(ascii: ".")), !self.is(index - 2, "self") { continue }
                guard isConditional(index) else { return false }
                used = true
            }
            return used
        }
        let found = answer(mentions.of(member, inTypeNamed: name, in: self))
        mentions.conditional[name, default: [:]][member] = found
        return found
    }

    // MARK: Modifier chains

    /// The call an expression ends with, found from its last `)` or `}` through the scopes.
    public func callEnding(at token: Int) -> Int? {
        guard token >= 0, token < code.count, opening[token] >= 0 else { return nil }
        switch scopes[Int(scopeOf[Int(opening[token])])].kind {
        case .arguments(let call), .closure(let call?):
            let found = calls[call]
            let end = found.lastClosureEnd >= 0 ? found.lastClosureEnd : found.parentheses?.upperBound
            return end == token ? call : nil
        default:
            return nil
        }
    }

    /// The app's own modifiers chained onto each call that starts a chain, by that call's index:
    /// `Catalog().embeddedInNavigation()` → `[".embeddedInNavigation"]`, `.modifier(Framed())` →
    /// `["Framed"]`. SwiftUI's everyday modifiers are left out; what is left may wrap the view in
    /// a stack, which the project index knows (`ProjectIndex.wrapsInStack`).
    public func chainedModifiers() -> [Int: [String]] {
        var chained: [Int: [String]] = [:]
        for call in calls where call.isMember && !SwiftUINames.everydayModifiers.contains(call.callee) {
            guard let root = chainRoot(of: call) else { continue }
            if call.callee == "modifier" {
                guard let value = arguments(of: call).first?.value, let first = value.first,
                    code[first].kind == .identifier, Structure.isTypeName(text(first))
                else { continue }
                chained[root, default: []].append(text(first))
            } else {
                chained[root, default: []].append("." + call.callee)
            }
        }
        return chained
    }

    /// The last token of the modifiers chained onto a call (`TabView { … }.padding().tint(.red)`
    /// → the `)` of `tint`), or nil when none follows it.
    public func chainedCallsEnd(after call: CallSite) -> Int? {
        var end = call.extent.upperBound
        var found: Int?
        var steps = 0
        while punct(end + 1, UInt8(ascii: ".")), steps < 256 {
            let next = calls(in: end + 2..<end + 3)
            guard let index = next.first, calls[index].isMember else { break }
            end = calls[index].extent.upperBound
            found = end
            steps += 1
        }
        return found
    }

    /// The first call of a modifier chain: `NavigationStack { … }.padding().navigationTitle("x")` → NavigationStack.
    public func chainRoot(of call: CallSite) -> Int? {
        var current = call
        var found: Int?
        var steps = 0
        while current.isMember, let base = current.baseToken, let previous = callEnding(at: base), steps < 64 {
            found = previous
            current = calls[previous]
            steps += 1
        }
        guard let root = found, !calls[root].isMember else { return nil }
        return root
    }

    /// Calls `body` with the token of each argument label of a call (`progress` in
    /// `Gauge(progress: 5)`), read off its top-level tokens without building an argument list.
    public func forEachArgumentLabel(of call: CallSite, _ body: (Int) -> Void) {
        guard let parentheses = call.parentheses, parentheses.upperBound > parentheses.lowerBound + 1 else { return }
        var index = parentheses.lowerBound + 1
        var atArgumentStart = true
        while index < parentheses.upperBound {
            if atArgumentStart, code[index].kind == .identifier || code[index].kind == .keyword,
                punct(index + 1, UInt8(ascii: ":"))
            {
                body(index)
            }
            atArgumentStart = punct(index, UInt8(ascii: ","))
            // Nested brackets are skipped whole: their commas and colons are not this call's.
            index = closing[index] > index ? Int(closing[index]) + 1 : index + 1
        }
    }

    /// The `!=`/`==` token of an `x != nil` in the range (an optional turned into a `Bool`).
    public func nilComparison(in range: Range<Int>) -> Int? {
        range.first { j in
            code[j].kind == .operator && (self.is(j, "!=") || self.is(j, "==")) && j + 1 < range.upperBound
                && code[j + 1].keyword == .nil
        }
    }

    /// Whether a `.constant(…)` value starting at `start` is `.constant(false)` or `.constant(nil)`
    /// (also as `Binding.constant(…)`): "off here".
    public func isFrozenOff(_ start: Int) -> Bool {
        var open = start
        while open < code.count, !punct(open, UInt8(ascii: "(")) { open += 1 }
        guard open < code.count, closing[open] == open + 2 else { return false }
        return self.is(open + 1, "false") || self.is(open + 1, "nil")
    }

    // MARK: Work in initializers

    /// Whether the token stands in a closure the initializer only stores (`self.reload = { … }`,
    /// `Button(action: { … })`, `Binding { … } set: { … }`) rather than runs: that work happens
    /// later, if ever. Trailing closures of functions (`items.map { … }`) and closures called on the
    /// spot (`{ … }()`) run now.
    public func isDeferred(_ index: Int, within body: ClosedRange<Int>) -> Bool {
        let s = self
        var deferred = false
        s.forEachEnclosingScope(of: index) { scope in
            guard scope.range.lowerBound > body.lowerBound else { return false }
            if case .closure(nil) = scope.kind, !s.punct(scope.range.upperBound + 1, UInt8(ascii: "(")),
                !isArgumentOfFunction(scope.parent)
            {
                deferred = true
                return false
            }
            // A trailing closure handed to a type's initializer is kept for later too:
            // `Binding { value } set: { Task { … } }`, `Button("Save") { … }`.
            if case .closure(let call?) = scope.kind, Structure.isTypeName(s.calls[call].callee),
                s.calls[call].callee != "Task", !s.calls[call].isMember
            {
                deferred = true
                return false
            }
            return true
        }
        return deferred
    }

    /// A closure passed inside the parentheses of a lower-case function (`items.forEach({ … })`)
    /// runs now; one passed to a type's initializer (`Button(action: { … })`) is kept for later.
    func isArgumentOfFunction(_ scopeIndex: Int) -> Bool {
        guard case .arguments(let call) = scopes[scopeIndex].kind else { return false }
        return !Structure.isTypeName(calls[call].callee)
    }

    // MARK: Views a call builds

    /// The view type whose `body` holds the token directly (not in presented content), for rules
    /// that ask `rowSite(of:)` about it.
    public func bodyOwner(of token: Int) -> String? {
        let placement = ViewHierarchy.placement(of: token, in: self)
        guard !placement.context.presented, let owner = placement.owner,
            isViewType(types[owner]) || types[owner].kind == .extension,
            let member = placement.member, FileSummary.isBody(member, in: self)
        else { return nil }
        return types[owner].name
    }

    /// The innermost function whose body holds the token; with `withinType`, only one inside the
    /// type body around the token (a function around a local type does not count).
    package func enclosingFunction(of token: Int, withinType: Bool = false) -> Int? {
        var found: Int?
        forEachEnclosingScope(of: token) { scope in
            if case .function(let function) = scope.kind { found = function; return false }
            if withinType, case .typeBody = scope.kind { return false }
            return true
        }
        return found
    }

    /// Whether a `constant` identifier stands in the call's parentheses: a cheap test before
    /// splitting the arguments (most calls pass no `.constant(…)`).
    func mentionsConstant(_ call: CallSite) -> Bool {
        guard let parentheses = call.parentheses else { return false }
        for index in parentheses where code[index].kind == .identifier && self.is(index, "constant") { return true }
        return false
    }

    /// Calls of type-named views that a navigation call pushes: the `destination:` argument of a
    /// `NavigationLink`, its destination closure, or the content of `.navigationDestination`.
    public func destinationViews(ofCall callIndex: Int) -> [Int] {
        let call = calls[callIndex]
        guard SwiftUINames.isNavigationCallName(call.callee) else { return [] }
        var regions: [Range<Int>] = []
        let closures = trailingClosures(of: call)
        if SwiftUINames.isLinkName(call.callee), !call.isMember {
            let arguments = arguments(of: call)
            if let destination = arguments.first(where: { $0.label == "destination" }) {
                regions.append(destination.value)
            } else if !arguments.contains(where: { $0.label == "value" }), let first = closures.first,
                first.label == nil
            {
                // `NavigationLink { Destination() } label: { … }` or `NavigationLink("Title") { Destination() }`.
                let hasLabelClosure = closures.contains { $0.label == "label" }
                let hasTitle = arguments.contains { $0.label == nil }
                if hasLabelClosure || hasTitle { regions.append(first.body.lowerBound..<first.body.upperBound + 1) }
            }
        } else if SwiftUINames.isDestinationModifier(call.callee), call.isMember {
            regions += closures.map { $0.body.lowerBound..<$0.body.upperBound + 1 }
            if let destination = arguments(of: call).first(where: { $0.label == "destination" }) {
                regions.append(destination.value)
            }
        }
        return directViewCalls(inside: regions, of: callIndex)
    }

    /// Type-named calls in `regions` whose nearest enclosing call is `owner` (the views it builds directly).
    public func directViewCalls(inside regions: [Range<Int>], of owner: Int) -> [Int] {
        var result: [Int] = []
        for region in regions {
            for index in calls(in: region) {
                let candidate = calls[index]
                guard !candidate.isMember, Structure.isTypeName(candidate.callee) else { continue }
                if innermostCall(of: candidate.calleeToken) == owner { result.append(index) }
            }
        }
        return result
    }
}

/// The `#if` branches in force after each directive of a file, worked out in one walk over the
/// directives: a token's branches are those after the last directive before it (found by binary
/// search). Walking the directives before a token for every call asked made a file of many
/// views and directives cost the square of its size.
public struct CompileBranchTable: Sendable, Equatable {
    /// The `#if`, `#elseif`, `#else` and `#endif` directives (the others change no branch).
    let directives: [Int]
    /// `after[k]`: the branches (DEBUG left out) once `directives[k]` is read.
    let after: [[String]]

    /// Whether the file has no `#if`: every token's branches are none.
    public var isEmpty: Bool { directives.isEmpty }

    public init(_ s: Structure) {
        directives = s.directiveTokens().filter {
            s.is($0, "#if") || s.is($0, "#elseif") || s.is($0, "#else") || s.is($0, "#endif")
        }
        var open: [(condition: String, branch: String)] = []
        var after: [[String]] = []
        after.reserveCapacity(directives.count)
        for index in directives {
            if s.is(index, "#if") {
                let condition = s.directiveCondition(at: index)
                open.append((condition, condition))
            } else if s.is(index, "#elseif"), !open.isEmpty {
                open[open.count - 1].branch = s.directiveCondition(at: index)
            } else if s.is(index, "#else"), !open.isEmpty {
                open[open.count - 1].branch = "!" + open[open.count - 1].condition
            } else if s.is(index, "#endif") {
                _ = open.popLast()
            }
            after.append(open.isEmpty ? [] : open.map(\.branch).filter { !$0.contains("DEBUG") })
        }
        self.after = after
    }

    /// The branches a token is compiled in (`Structure.compileBranches(of:table:)`).
    public func branches(of token: Int) -> [String] {
        // The number of directives before the token.
        var low = 0, high = directives.count
        while low < high {
            let middle = (low + high) / 2
            if directives[middle] < token { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? [] : after[low - 1]
    }
}

/// Where each name stands in the declarations of a type name (the type and the file's
/// extensions of it), found once per type name and file: a member's uses are then a look-up, where
/// reading every token of those bodies for each member asked made a file of many extensions of
/// one type (`extension View`) cost the square of its size.
public struct NameMentions {
    private var byType: [String: [String: [Int]]] = [:]
    /// `usesAreConditional`'s answers, by type name, then member.
    var conditional: [String: [String: Bool]] = [:]

    public init() {}

    /// The identifier tokens spelled `name` in the bodies of the types named `type`, in file order.
    mutating func of(_ name: String, inTypeNamed type: String, in s: Structure) -> [Int] {
        if let known = byType[type] { return known[name] ?? [] }
        var mentions: [String: [Int]] = [:]
        for declaration in s.types(named: type) {
            guard let body = s.types[declaration].body else { continue }
            for index in body where s.code[index].kind == .identifier {
                mentions[s.text(index), default: []].append(index)
            }
        }
        byType[type] = mentions
        return mentions[name] ?? []
    }
}

extension Structure {
    /// The 1-based column, in characters, a token starts at on its line: where evidence points.
    /// Past the first 4 KiB of a line it is 1 (only the line is known): counting the characters
    /// before every site of a megabyte line is the square of the line.
    package func column(of token: Int, line: Int) -> Int {
        let offset = offset(of: token)
        guard line >= 1, line <= file.lines.count, offset - file.lines.starts[line - 1] <= 4096 else { return 1 }
        return file.characterColumn(of: offset, line: line)
    }
}
