/// Whether two values hold the same data, read through reflection: structs, tuples, enums,
/// optionals and collections are compared member by member, leaves by `AnyHashable`. It answers
/// "same" only when it could compare everything (dictionaries pair by key and sets compare as sets,
/// as two equal ones may list their members in different orders); a closure, a class, a leaf that
/// is not `Hashable`, or more than `limit` nodes make it answer "not the same", which costs the
/// caller a recomputation, never a wrong answer. For types with no
/// `Equatable` of their own (`FileSummary` holds tuples), compared rarely: one file's at an edit.
enum ReflectedEquality {
    static func same(_ a: Any, _ b: Any, limit: Int = 50_000) -> Bool {
        var budget = limit
        return same(a, b, budget: &budget)
    }

    private static func same(_ a: Any, _ b: Any, budget: inout Int) -> Bool {
        budget -= 1
        guard budget > 0 else { return false }
        let left = Mirror(reflecting: a)
        let right = Mirror(reflecting: b)
        guard left.subjectType == right.subjectType, left.displayStyle == right.displayStyle else { return false }
        switch left.displayStyle {
        case .class?, .foreignReference?:
            return false // shared and mutable: its contents could change under the answer
        case .enum?:
            // A case without payload by its name; one with a payload is a child named by its case.
            if left.children.isEmpty, right.children.isEmpty {
                return String(describing: a) == String(describing: b)
            }
        case nil:
            // A leaf: a number, a string, a function.
            if left.children.isEmpty {
                guard let x = a as? AnyHashable, let y = b as? AnyHashable else { return false }
                return x == y
            }
        case .set?:
            // Elements are `Hashable`: equal as sets, whatever order each instance lists them in.
            let x = Set(left.children.compactMap { $0.value as? AnyHashable })
            let y = Set(right.children.compactMap { $0.value as? AnyHashable })
            budget -= x.count
            return x.count == left.children.count && y.count == right.children.count && x == y
        case .dictionary?:
            // Each instance lists its pairs in its own order: pairs are matched by key.
            guard left.children.count == right.children.count else { return false }
            var others: [AnyHashable: Any] = [:]
            for pair in right.children {
                let members = Mirror(reflecting: pair.value).children.map(\.value)
                guard members.count == 2, let key = members[0] as? AnyHashable else { return false }
                others[key] = members[1]
            }
            for pair in left.children {
                let members = Mirror(reflecting: pair.value).children.map(\.value)
                guard members.count == 2, let key = members[0] as? AnyHashable, let other = others[key],
                    same(members[1], other, budget: &budget)
                else { return false }
            }
            return true
        default:
            break
        }
        guard left.children.count == right.children.count else { return false }
        for (x, y) in zip(left.children, right.children) {
            guard x.label == y.label, same(x.value, y.value, budget: &budget) else { return false }
        }
        return true
    }
}
