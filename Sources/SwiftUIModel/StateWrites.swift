import SwiftLexer

extension BindingWrites {
    /// Which of these stored properties their own type changes after they are set up: assigns or
    /// replaces the value, mutates it, or hands `$name` to a SwiftUI control that writes it,
    /// anywhere in the type's declarations in this file but its initializers (which set the
    /// storage up). What decides whether a state a caller seeds can drift from the caller's
    /// value. One walk over each type's tokens for all its properties.
    package static func changedProperties(_ properties: [Int], in s: Structure) -> Set<Int> {
        var byOwner: [Int: [String: Int]] = [:]
        for index in properties {
            guard let owner = s.properties[index].owner else { continue }
            byOwner[owner, default: [:]][s.properties[index].name] = index
        }
        guard !byOwner.isEmpty else { return [] }
        var extensions: [String: [ClosedRange<Int>]] = [:]
        for index in s.types.indices where s.types[index].kind == .extension {
            if let body = s.types[index].body { extensions[s.types[index].name, default: []].append(body) }
        }
        let keepers = ViewKeepers(s)
        let bytes = s.file.bytes
        var changed = Set<Int>()
        for (owner, names) in byOwner {
            var regions = s.types[owner].body.map { [$0] } ?? []
            regions += extensions[s.types[owner].name] ?? []
            for region in regions {
                for token in region where s.code[token].kind == .identifier {
                    var start = s.code[token].offset
                    if bytes[start] == UInt8(ascii: "$") || bytes[start] == UInt8(ascii: "_") { start += 1 }
                    guard let property = names[String(decoding: bytes[start..<s.code[token].end], as: UTF8.self)],
                        !changed.contains(property),
                        changes(at: token, of: property, in: s, owner: owner, keepers: keepers)
                    else { continue }
                    changed.insert(property)
                }
            }
        }
        return changed
    }

    static func changes(at token: Int, of property: Int, in s: Structure, owner: Int, keepers: ViewKeepers) -> Bool {
        guard
            let kind = write(
                at: token, of: s.properties[property].name, in: s, declaration: s.properties[property].nameToken,
                owner: s.types[owner].name, keepers: keepers)
        else { return false }
        if let function = s.enclosingFunction(of: token), s.functions[function].isInitializer { return false }
        switch kind {
        case .passed(let call, let label):
            // `$name` handed to a SwiftUI control that writes it (a text field); a child view of
            // the app may only read it.
            let callee = s.calls[call]
            return BindingWriters.effect(callee: callee.callee, label: label, isMember: callee.isMember) != nil
        case .direct:
            return replacesWholeValue(at: token, in: s)
        case .method:
            // A method the tool cannot see may not mutate.
            return false
        }
    }

    /// `name = …`, `name += …`, `&name`, `name.toggle()`: the value itself replaced or mutated. A
    /// member's assignment (`name.title = …`) is left out: on a class instance (an `@Observable`
    /// model, a Core Data object) it changes the caller's object too, so nothing drifts.
    static func replacesWholeValue(at token: Int, in s: Structure) -> Bool {
        if s.code.indices.contains(token - 1), s.code[token - 1].kind == .operator, s.is(token - 1, "&") {
            return true
        }
        let next = token + 1
        guard next < s.code.count else { return false }
        if s.code[next].kind == .operator {
            return isAssignment(s.text(next))
        }
        return s.punct(next, UInt8(ascii: ".")) && next + 1 < s.code.count && s.punct(next + 2, UInt8(ascii: "("))
            && mutatingMethods.contains(s.text(next + 1))
    }
}
