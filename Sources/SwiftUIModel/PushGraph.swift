import Support
/// Push edges between view types: `from` pushes `to` with a link or a navigation destination.
public struct PushGraph: Sendable {
    public private(set) var edges: [String: Set<String>] = [:]
    /// Shortest push depth from a view nobody pushes.
    var depth: [String: Int] = [:]

    /// Declaration order of view types in the run, to break ties in cycles with no entry point.
    var order: [String: Int] = [:]

    /// `entries`: views built somewhere other than as a push destination (a stack's root, a tab).
    init(edges: [String: Set<String>], entries: Set<String> = [], order: [String: Int] = [:]) {
        self.edges = edges
        self.order = order
        let pushed = Set(edges.values.flatMap { $0 })
        var queue = Set(edges.keys.filter { !pushed.contains($0) }).union(entries.filter { edges[$0] != nil }).sorted()
        for root in queue { depth[root] = 0 }
        var head = 0
        while head < queue.count {
            let next = queue[head]
            head += 1
            for child in edges[next] ?? [] where depth[child] == nil {
                depth[child] = depth[next]! + 1
                queue.append(child)
            }
        }
    }

    public func reaches(from start: String, to goal: String) -> Bool {
        var seen: Set<String> = [start]
        var stack = [start]
        while let next = stack.popLast() {
            if next == goal { return true }
            for child in edges[next] ?? [] where seen.insert(child).inserted { stack.append(child) }
        }
        return false
    }

    /// The edge that closes a cycle: it goes to a view no deeper than its source. Ties and cycles
    /// with no entry point fall back to declaration order (parents are usually declared first),
    /// so each cycle is reported once.
    package func isBackEdge(from: String, to: String) -> Bool {
        let declaredEarlier = (order[to] ?? Int.max, to) < (order[from] ?? Int.max, from)
        switch (depth[from], depth[to]) {
        case let (f?, t?): return t < f || (t == f && declaredEarlier)
        case (_?, nil): return false
        case (nil, _?): return true
        case (nil, nil): return declaredEarlier
        }
    }
}
