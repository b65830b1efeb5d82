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
                        // Only the view's own assignment or mutation: `$name` handed to a child may
                        // only be read there, and a method the tool cannot see may not mutate.
                        guard case .direct = kind else { continue }
                        if bytes[code[token].offset] == UInt8(ascii: "$") { continue }
                        return true
                    }
                }
                return false
            }
        }
    }
}
