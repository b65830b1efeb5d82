import SwiftLexer

/// Which `@Binding` properties a view writes: assigns, mutates (`toggle()`, `append(_:)`, a method
/// the run declares `mutating`), passes on as `$name` or `_name`, uses `inout`, or writes from its
/// representable's coordinator (`parent.name = …`). Read once per file into its `FileSummary`, for
/// `binding-never-written`, `constant-binding` and `missing-standalone-init`.
public struct BindingUse: Sendable {
    /// The type declaring the binding, and the binding's name.
    public var type: String
    public var name: String
    /// Offset of the property's name, where `binding-never-written` reports.
    public var offset: Int
    /// Written in the type's declaration or its extensions in the same file.
    public var written: Bool
    /// Methods called on it that SwiftUI does not know to mutate: a write when the run declares
    /// a `mutating func` of that name.
    public var calls: Set<String>
}

enum BindingWrites {
    static let mutatingMethods: Set<String> = [
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
        for index in s.properties.indices where s.properties[index].attributes.contains("@Binding") {
            guard let owner = s.properties[index].owner, !s.properties[index].isStatic else { continue }
            byOwner[owner, default: []].append(index)
        }
        guard !byOwner.isEmpty else { return [] }
        var uses: [BindingUse] = []
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
            var written = [Bool](repeating: false, count: mine.count)
            var calls = [Set<String>](repeating: [], count: mine.count)
            // A binding handed to a helper in an `init` (`Model(value: value)`) may be written there.
            let handedOn = handsBindingOn(owner, in: s)
            s.code.withUnsafeBufferPointer { code in
                s.file.bytes.withUnsafeBufferPointer { bytes in
                    for (position, property) in mine.enumerated() {
                        if handedOn { written[position] = true; continue }
                        let name = s.properties[property].name
                        // Where the name's bytes stand (`endsOfOccurrences`), then the token there:
                        // `name`, or `$name`/`_name` one byte before. Far fewer than the tokens.
                        for region in regions where !written[position] {
                            let range = code[region.lowerBound].offset..<code[region.upperBound].end
                            for end in bytes.endsOfOccurrences(of: name, in: range) {
                                let offset = end - name.utf8.count
                                guard let index = token(at: offset, in: code),
                                    isWrite(
                                        at: index, of: name, in: s, declaration: s.properties[property].nameToken,
                                        calls: &calls[position])
                                else { continue }
                                written[position] = true
                                break
                            }
                        }
                    }
                }
            }
            for (position, property) in mine.enumerated() {
                uses.append(
                    BindingUse(
                        type: s.types[owner].name, name: s.properties[property].name,
                        offset: s.offset(of: s.properties[property].nameToken), written: written[position],
                        calls: calls[position]))
            }
        }
        return uses
    }

    /// Whether an initializer of the type passes one of its `Binding` parameters to a call
    /// (`self.model = Model(text: text)`), rather than only storing it (`_text = text`).
    static func handsBindingOn(_ owner: Int, in s: Structure) -> Bool {
        for function in s.functions where function.isInitializer && function.owner == owner {
            guard let body = function.body else { continue }
            for parameter in function.parameters where parameter.type.contains("Binding") {
                for index in body where s.code[index].kind == .identifier && s.text(index) == parameter.name {
                    // `_text = text` / `self._text = text`: storing it is not handing it on.
                    if index >= 1, s.code[index - 1].kind == .operator, s.is(index - 1, "=") { continue }
                    if let call = s.innermostCall(of: index), s.calls[call].parentheses?.contains(index) == true {
                        return true
                    }
                }
            }
        }
        return false
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

    /// Whether the token writes the binding; methods called on it that are not known to mutate
    /// (`settings.reset()`) are added to `calls` for the project index to judge.
    static func isWrite(at index: Int, of name: String, in s: Structure, declaration: Int, calls: inout Set<String>)
        -> Bool
    {
        guard index != declaration, index < s.code.count else { return false }
        let token = s.code[index]
        let nameLength = name.utf8.count
        guard token.kind == .identifier, token.length == nameLength || token.length == nameLength + 1 else {
            return false
        }
        // Compare bytes, building no string: `name`, `$name` (passed on as a binding), or `_name`
        // (the binding itself, passed on: `Child(value: _value)`).
        let bytes = s.file.bytes
        let dollar = bytes[token.offset] == UInt8(ascii: "$")
        let storage = bytes[token.offset] == UInt8(ascii: "_") && token.length == nameLength + 1
        let start = dollar || storage ? token.offset + 1 : token.offset
        guard token.end - start == nameLength, bytes[start..<token.end].elementsEqual(name.utf8) else { return false }
        if dollar { return true }
        // `self._name = name` in an initializer sets the storage up; anything else hands it on.
        if storage {
            return !(s.code.indices.contains(index + 1) && s.code[index + 1].kind == .operator && s.is(index + 1, "="))
        }
        // `other.name` is someone else's property; `self.name` is ours, and so is `parent.name` in a
        // representable's coordinator (`parent` is how a nested `Coordinator` reaches its view).
        if s.punct(index - 1, UInt8(ascii: ".")), !s.is(index - 2, "self"), !s.is(index - 2, "parent") {
            return false
        }
        if s.code.indices.contains(index - 1), s.code[index - 1].kind == .operator, s.is(index - 1, "&") { return true }
        var next = index + 1
        // Subscripts and optional chaining before an assignment: `name[0] = …`, `name?.x = …`.
        while next < s.code.count {
            if s.punct(next, UInt8(ascii: "[")), s.closing[next] >= 0 { next = Int(s.closing[next]) + 1; continue }
            if s.code[next].kind == .operator, s.is(next, "?") || s.is(next, "!") { next += 1; continue }
            if s.punct(next, UInt8(ascii: ".")), next + 1 < s.code.count, s.code[next + 1].kind == .identifier {
                if s.punct(next + 2, UInt8(ascii: "(")) {
                    let method = s.text(next + 1)
                    if mutatingMethods.contains(method) { return true }
                    calls.insert(method)
                }
                next += 2
                continue
            }
            break
        }
        guard next < s.code.count, s.code[next].kind == .operator else { return false }
        let op = s.text(next)
        return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
    }
}
