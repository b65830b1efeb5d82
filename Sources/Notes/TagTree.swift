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

    /// How many levels of nesting the tree shows.
    static let deepest = 16

    public init(_ notes: [Note], order: Order = .name) {
        // Per whole tag (and each parent), ignoring case as `--tag` does, the notes under it; each
        // shown as first spelt, under its parent ("" for the top). At most `deepest` levels: the
        // slashes past them stay in the last level's name (a tag of 50,000 parts is no 50,000
        // prefixes, nor a tree that deep).
        var notesUnder: [String: Set<Int>] = [:]
        var spelling: [String: String] = [:]
        var byParent: [String: Set<String>] = [:]
        for (position, note) in notes.enumerated() {
            for tag in note.allTags where !tag.isEmpty {
                var ends = tag.indices.filter { tag[$0] == "/" }.prefix(Self.deepest - 1).map { $0 }
                ends.append(tag.endIndex)
                var parent = ""
                for end in ends {
                    let part = String(tag[..<end]), key = part.lowercased()
                    notesUnder[key, default: []].insert(position)
                    if spelling[key] == nil { spelling[key] = part }
                    byParent[parent, default: []].insert(key)
                    parent = key
                }
            }
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
