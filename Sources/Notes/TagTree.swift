/// The vault's tags as a tree: `team/ios` is `ios` under `team`; `Team` and `team` are one tag. A tag's count is the number of
/// notes carrying it or a tag nested under it, each note once (as `--tag team` finds them).
public struct TagTree: Sendable {
    public struct Node: Sendable {
        /// The last part: `ios` of `team/ios`.
        public var name: String
        /// The whole tag: `team/ios`.
        public var tag: String
        public var count: Int
        public var children: [Node]
    }

    public let roots: [Node]

    public enum Order: String, Sendable, CaseIterable { case name, count }

    public init(_ notes: [Note], order: Order = .name) {
        // Per whole tag (and each parent), ignoring case as `--tag` does, the notes under it; each
        // shown as first spelt.
        var notesUnder: [String: Set<Int>] = [:]
        var spelling: [String: String] = [:]
        for (position, note) in notes.enumerated() {
            for tag in note.allTags where !tag.isEmpty {
                var end = tag.endIndex
                while true {
                    let part = String(tag[..<end]), key = part.lowercased()
                    notesUnder[key, default: []].insert(position)
                    if spelling[key] == nil { spelling[key] = part }
                    guard let slash = tag[..<end].lastIndex(of: "/") else { break }
                    end = slash
                }
            }
        }
        // Each tag under its parent ("" for the top), so the tree is built in one pass.
        var byParent: [String: [String]] = [:]
        for tag in notesUnder.keys {
            let parent = tag.lastIndex(of: "/").map { String(tag[..<$0]) } ?? ""
            byParent[parent, default: []].append(tag)
        }
        func children(of parent: String) -> [Node] {
            let prefix = parent.isEmpty ? 0 : parent.count + 1
            var nodes = (byParent[parent] ?? []).map { key in
                let tag = spelling[key] ?? key
                return Node(
                    name: String(tag.dropFirst(prefix)), tag: tag, count: notesUnder[key]!.count,
                    children: children(of: key))
            }
            switch order {
            case .name: nodes.sort { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
            case .count: nodes.sort { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
            }
            return nodes
        }
        roots = children(of: "")
    }

    /// Every tag in tree order with its depth: `team` at 0, `team/ios` at 1 below it.
    public func lines() -> [(depth: Int, node: Node)] {
        var out: [(Int, Node)] = []
        func walk(_ nodes: [Node], _ depth: Int) {
            for node in nodes {
                out.append((depth, node))
                walk(node.children, depth + 1)
            }
        }
        walk(roots, 0)
        return out
    }
}
