import SwiftLexer

/// A pushed screen that pushes, directly or through others, a screen already below it on the
/// stack: the path grows with every round trip and "back" walks through copies. Pop instead
/// (`dismiss`, or remove from the path).
public struct NavigationLoopRule: ProjectRule {
    public let id = "navigation-loop"
    public let needs: Set<IndexFact> = [.pushGraph]
    public let startsFrom: [Vocabulary.Word] = [.navigationLink, .navigationDestination]

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        let pushes = file.summary.pushes.compactMap {
            push -> (offset: Int, view: String, from: String)? in
            guard let from = push.pusher, !Self.pushesWithData(push.view, at: push.call, in: s) else { return nil }
            return (s.offset(of: s.calls[push.call].calleeToken), push.view, from)
        }
        let fileIndex = file.index
        return { [pushes] project in
            guard !pushes.isEmpty else { return [] }
            let graph = project.pushGraph
            return pushes.compactMap { push in
                guard push.view != push.from, graph.reaches(from: push.view, to: push.from),
                    graph.isBackEdge(from: push.from, to: push.view)
                else { return nil }
                return Hit(
                    file: fileIndex, offset: push.offset,
                    message:
                        "`\(push.from)` pushes `\(push.view)`, which is already on the path below it; pop back to it (`dismiss()` or trim the path) instead of pushing a copy"
                )
            }
        }
    }
}

extension NavigationLoopRule {
    /// `ProfileView(user: follower)`: a screen built for other data is a new screen, not a copy of
    /// one below it (profile → followers → profile is how social apps work). Only pushes of a
    /// screen built with no arguments (`Authors()`) can close a loop.
    static func pushesWithData(_ view: String, at call: Int, in s: Structure) -> Bool {
        s.destinationViews(ofCall: call).contains { index in
            guard s.calls[index].callee == view, let parentheses = s.calls[index].parentheses else { return false }
            return parentheses.upperBound > parentheses.lowerBound + 1
        }
    }
}

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
    func isBackEdge(from: String, to: String) -> Bool {
        let declaredEarlier = (order[to] ?? Int.max, to) < (order[from] ?? Int.max, from)
        switch (depth[from], depth[to]) {
        case let (f?, t?): return t < f || (t == f && declaredEarlier)
        case (_?, nil): return false
        case (nil, _?): return true
        case (nil, nil): return declaredEarlier
        }
    }
}
