/// Declarations grouped the way rules ask for them: a type's own properties and functions, and
/// the declarations of one type name (the type and its extensions). Built once per file, in a few
/// passes over the declarations: a question about one type then reads that type's members, where
/// a walk over every declaration of the file per question made a file of many views cost the
/// square of its size.
struct DeclarationIndex: Sendable {
    /// Declaration indices grouped by owner (a counting sort): owner `t`'s are
    /// `items[starts[t]..<starts[t + 1]]`, in file order.
    struct Grouped: Sendable {
        var starts: [Int32]
        var items: [Int32]

        init(owners: some Sequence<Int?>, groups: Int) {
            var starts = [Int32](repeating: 0, count: groups + 1)
            for owner in owners { if let owner { starts[owner + 1] += 1 } }
            for group in 0..<groups { starts[group + 1] += starts[group] }
            var next = starts
            var items = [Int32](repeating: 0, count: Int(starts[groups]))
            for (index, owner) in owners.enumerated() {
                guard let owner else { continue }
                items[Int(next[owner])] = Int32(truncatingIfNeeded: index)
                next[owner] += 1
            }
            self.starts = starts
            self.items = items
        }

        func of(_ group: Int) -> DeclarationList {
            guard group >= 0, group + 1 < starts.count else { return DeclarationList(items[0..<0]) }
            return DeclarationList(items[Int(starts[group])..<Int(starts[group + 1])])
        }
    }

    var properties = Grouped(owners: [], groups: 0)
    var functions = Grouped(owners: [], groups: 0)
    /// The first type of each name, and for each type the next of its name (-1 after the last).
    var firstNamed: [String: Int32] = [:]
    var nextNamed: [Int32] = []

    init() {}

    init(types: [TypeDecl], properties: [PropertyDecl], functions: [FunctionDecl]) {
        self.properties = Grouped(owners: properties.lazy.map(\.owner), groups: types.count)
        self.functions = Grouped(owners: functions.lazy.map(\.owner), groups: types.count)
        nextNamed = [Int32](repeating: -1, count: types.count)
        firstNamed.reserveCapacity(types.count)
        // Last to first, each put before the one found: the lists come out in file order.
        for index in types.indices.reversed() {
            let name = types[index].name
            if let next = firstNamed[name] { nextNamed[index] = next }
            firstNamed[name] = Int32(truncatingIfNeeded: index)
        }
    }
}

/// The indices of some of a file's declarations, in file order.
public struct DeclarationList: RandomAccessCollection, Sendable {
    let items: ArraySlice<Int32>

    init(_ items: ArraySlice<Int32>) { self.items = items }

    public var startIndex: Int { items.startIndex }
    public var endIndex: Int { items.endIndex }
    public subscript(position: Int) -> Int { Int(items[position]) }
}

/// The types declared with one name, in file order.
public struct SameNamedTypes: Sequence, Sendable {
    let first: Int32
    let following: [Int32]

    public struct Iterator: IteratorProtocol {
        var current: Int32
        let following: [Int32]
        public mutating func next() -> Int? {
            guard current >= 0 else { return nil }
            defer { current = following[Int(current)] }
            return Int(current)
        }
    }

    public func makeIterator() -> Iterator { Iterator(current: first, following: following) }
}

extension Structure {
    /// The properties whose owner is the type, in file order.
    public func properties(of type: Int) -> DeclarationList { declarations.properties.of(type) }

    /// The functions and initializers whose owner is the type, in file order.
    public func functions(of type: Int) -> DeclarationList { declarations.functions.of(type) }

    /// The types (extensions included) declared with this name, in file order.
    public func types(named name: String) -> SameNamedTypes {
        SameNamedTypes(first: declarations.firstNamed[name] ?? -1, following: declarations.nextNamed)
    }
}
