/// Whether a note has the heading a link's `#anchor` names: one heading (`[[Note#Usage]]`), or a
/// path of headings each under the one before (`[[Note#Setup#Linux]]`, which Obsidian documents:
/// "Linux" in a section of "Setup", at any depth below it).
struct HeadingPath {
    let parts: [String]

    init(_ anchor: String) {
        parts = anchor.split(separator: "#", omittingEmptySubsequences: true).map { String($0).trimmed }
            .filter { !$0.isEmpty }
    }

    /// `names(heading)`: whether a heading answers to a part (by its text or slug).
    /// One pass over the headings, keeping the chain of sections each sits in (at most six deep,
    /// markdown's levels): the path is found when a heading matches the last part and the chain
    /// above it holds the others in order.
    func isFound(in headings: [Heading], matching names: (Heading, String) -> Bool) -> Bool {
        guard let last = parts.last else { return false }
        let above = parts.dropLast()
        var chain: [Heading] = []
        for heading in headings {
            while let deepest = chain.last, deepest.level >= heading.level { chain.removeLast() }
            if names(heading, last), Self.holdsInOrder(above, chain, names) { return true }
            chain.append(heading)
        }
        return false
    }

    /// Whether `parts` match headings of `chain` in order (not necessarily adjacent).
    private static func holdsInOrder(
        _ parts: ArraySlice<String>, _ chain: [Heading], _ names: (Heading, String) -> Bool
    ) -> Bool {
        var next = parts.startIndex
        for heading in chain where next < parts.endIndex && names(heading, parts[next]) { next += 1 }
        return next == parts.endIndex
    }
}
