import SwiftLexer

extension BindingWrites {
    /// Whether a stored property's own type changes it after it is set up: assigns or mutates it
    /// anywhere in the type's declarations in this file but its initializers (which set the
    /// storage up). What decides whether a state a caller seeds can
    /// drift from the caller's value.
    package static func typeChanges(property index: Int, in s: Structure) -> Bool {
        let property = s.properties[index]
        guard let owner = property.owner else { return false }
        var regions = s.types[owner].body.map { [$0] } ?? []
        for other in s.types.indices
        where s.types[other].kind == .extension && s.types[other].name == s.types[owner].name {
            if let body = s.types[other].body { regions.append(body) }
        }
        let keepers = ViewKeepers(s)
        let name = property.name
        return s.code.withUnsafeBufferPointer { code in
            s.file.bytes.withUnsafeBufferPointer { bytes in
                for region in regions {
                    let range = code[region.lowerBound].offset..<code[region.upperBound].end
                    for end in bytes.endsOfOccurrences(of: name, in: range) {
                        guard let token = token(at: end - name.utf8.count, in: code),
                            let kind = write(
                                at: token, of: name, in: s, declaration: property.nameToken,
                                owner: s.types[owner].name, keepers: keepers)
                        else { continue }
                        if let function = s.enclosingFunction(of: token), s.functions[function].isInitializer {
                            continue
                        }
                        switch kind {
                        case .passed(let call, let label):
                            // `$name` handed to a SwiftUI control that writes it (a text field);
                            // a child view of the app may only read it.
                            let callee = s.calls[call]
                            if BindingWriters.effect(callee: callee.callee, label: label, isMember: callee.isMember)
                                != nil
                            {
                                return true
                            }
                        case .direct:
                            if replacesWholeValue(at: token, in: s) { return true }
                        case .method:
                            // A method the tool cannot see may not mutate.
                            continue
                        }
                    }
                }
                return false
            }
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
            let op = s.text(next)
            return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
        }
        return s.punct(next, UInt8(ascii: ".")) && next + 1 < s.code.count && s.punct(next + 2, UInt8(ascii: "("))
            && mutatingMethods.contains(s.text(next + 1))
    }
}
