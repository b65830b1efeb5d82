import Foundation
import Support

/// The link graph as a static SVG picture: nodes are notes (each a link to its page) and rules
/// citing them, laid out here by a force-directed layout (Fruchterman–Reingold) from fixed start
/// places, so the same graph always gives the same picture and nothing is fetched or run in the
/// browser. `notes export --html` puts the whole vault on its index page and each note's
/// neighbourhood on its page; `notes graph --format svg` writes the whole vault's.
public enum GraphPicture {
    public struct Node: Sendable {
        public enum Kind: Sendable { case note, center, rule }
        public var label: String
        /// Where a click leads (a note's page), none for a rule.
        public var href: String?
        public var kind: Kind
    }

    /// The whole vault seen from `page` (a page of the export, for relative links): the `limit`
    /// most linked notes when there are more, and the links between them.
    public static func vault(_ graph: Graph, pages: [String], from page: String, limit: Int = 300) -> String {
        var degree = [Int](repeating: 0, count: graph.notes.count)
        for edge in graph.edges {
            guard let target = edge.target, target != edge.source else { continue }
            degree[edge.source] += 1
            degree[target] += 1
        }
        for (note, rules) in graph.citingRules { degree[note] += rules.count }
        let shown = graph.notes.indices.sorted { degree[$0] != degree[$1] ? degree[$0] > degree[$1] : $0 < $1 }
            .prefix(limit).sorted()
        let label =
            shown.count < graph.notes.count
            ? "The \(shown.count) most linked of \(graph.notes.count) notes" : "All \(graph.notes.count) notes"
        return picture(
            of: Array(shown), center: nil, in: graph, pages: pages, from: page, label: label,
            size: shown.count > 100 ? 1100 : shown.count > 30 ? 800 : 560)
    }

    /// A note and its neighbourhood: the notes within two links of it (those one link away
    /// first, the most linked first), at most `limit`, and the rules that cite it.
    public static func neighbourhood(
        of note: Int, in graph: Graph, pages: [String], from page: String, limit: Int = 24
    ) -> String {
        var chosen = [note]
        var seen: Set = [note]
        func neighbours(_ of: Int) -> [Int] {
            var found: [Int] = []
            for edge in graph.outgoing(of) { if let target = edge.target { found.append(target) } }
            for edge in graph.edges.leading(to: of) { found.append(edge.source) }
            return found
        }
        var frontier: [Int] = []
        for next in neighbours(note) where chosen.count < limit && seen.insert(next).inserted {
            chosen.append(next)
            frontier.append(next)
        }
        for near in frontier where chosen.count < limit {
            for next in neighbours(near) where chosen.count < limit && seen.insert(next).inserted {
                chosen.append(next)
            }
        }
        return picture(
            of: chosen, center: note, in: graph, pages: pages, from: page,
            label: "\(graph.notes[note].title) and the notes within two links", size: 480)
    }

    private static func picture(
        of shown: [Int], center: Int?, in graph: Graph, pages: [String], from page: String, label: String, size: Int
    ) -> String {
        var position: [Int: Int] = [:]
        var nodes: [Node] = []
        for note in shown {
            position[note] = nodes.count
            nodes.append(
                Node(
                    label: graph.notes[note].title, href: HTMLExport.relativeURL(from: page, to: pages[note]),
                    kind: note == center ? .center : .note))
        }
        var edges = Set<Pair>()
        for note in shown {
            for edge in graph.outgoing(note) {
                guard let target = edge.target, target != note, let a = position[note], let b = position[target]
                else { continue }
                edges.insert(Pair(a, b))
            }
        }
        // Rules citing the shown notes (around a note: those citing it), each a square.
        for note in center.map({ [$0] }) ?? shown {
            for rule in graph.rulesCiting(note) {
                edges.insert(Pair(nodes.count, position[note]!))
                nodes.append(Node(label: "rule " + rule.ruleID, href: nil, kind: .rule))
            }
        }
        return svg(nodes: nodes, edges: edges.sorted().map { ($0.a, $0.b) }, size: size, label: label)
    }

    /// The picture of nodes and (undirected) edges, `size` pixels square.
    public static func svg(nodes: [Node], edges: [(Int, Int)], size: Int, label: String) -> String {
        let places = layout(count: nodes.count, edges: edges, size: Double(size))
        // Whole pixels, without Foundation's formatter: a dense export writes millions of them.
        func number(_ value: Double) -> String { String(Int(value.rounded())) }
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" viewBox=\"0 0 \(size) \(size)\" width=\"\(size)\" height=\"\(size)\" role=\"img\" aria-label=\"\(Markup.escape(label))\" font-family=\"-apple-system, system-ui, sans-serif\" font-size=\"11\">\n"
        out += "<title>\(Markup.escape(label))</title>\n<g stroke=\"#bbb\" stroke-width=\"1\">\n"
        for (a, b) in edges {
            out +=
                "<line x1=\"\(number(places[a].x))\" y1=\"\(number(places[a].y))\" x2=\"\(number(places[b].x))\" y2=\"\(number(places[b].y))\"/>\n"
        }
        out += "</g>\n<g>\n"
        for (index, node) in nodes.enumerated() {
            let (x, y) = places[index]
            let title = Markup.escape(node.label)
            let shown = Markup.escape(node.label.count > 28 ? String(node.label.prefix(27)) + "…" : node.label)
            var shape: String
            switch node.kind {
            case .note: shape = "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"5\" fill=\"#0a6\"/>"
            case .center: shape = "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"8\" fill=\"#d60\"/>"
            case .rule:
                shape = "<rect x=\"\(number(x - 5))\" y=\"\(number(y - 5))\" width=\"10\" height=\"10\" fill=\"#36c\"/>"
            }
            shape +=
                "<text x=\"\(number(x + 8))\" y=\"\(number(y + 4))\" fill=\"#333\">\(shown)</text><title>\(title)</title>"
            if let href = node.href {
                out += "<a href=\"\(Markup.escape(href))\">\(shape)</a>\n"
            } else {
                out += "<g>\(shape)</g>\n"
            }
        }
        return out + "</g>\n</svg>\n"
    }

    /// Each connected part laid out on its own (`forces`), then the parts packed in rows, the
    /// largest first, each given room for its number of nodes; the whole scaled into the square
    /// with a margin (the right one wider, for labels). Parts apart are never pushed to the edges.
    static func layout(count: Int, edges: [(Int, Int)], size: Double) -> [(x: Double, y: Double)] {
        guard count > 0 else { return [] }
        var neighbours = [[Int]](repeating: [], count: count)
        for (a, b) in edges where a != b {
            neighbours[a].append(b)
            neighbours[b].append(a)
        }
        var part = [Int](repeating: -1, count: count)
        var parts: [[Int]] = []
        for start in 0..<count where part[start] < 0 {
            var members = [start]
            part[start] = parts.count
            var next = 0
            while next < members.count {
                for other in neighbours[members[next]] where part[other] < 0 {
                    part[other] = parts.count
                    members.append(other)
                }
                next += 1
            }
            parts.append(members.sorted())
        }
        parts.sort { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
        var x = [Double](repeating: 0, count: count), y = [Double](repeating: 0, count: count)
        // Rows as wide as the square of all the parts' room.
        let rowWidth = max(1, parts.reduce(0) { $0 + Double($1.count) }.squareRoot() * 1.3)
        var cursorX = 0.0, cursorY = 0.0, rowHeight = 0.0
        for members in parts {
            let side = Double(members.count).squareRoot()
            if cursorX > 0, cursorX + side > rowWidth {
                cursorX = 0
                cursorY += rowHeight + 0.6
                rowHeight = 0
            }
            let local = members.count == 1 ? [(x: 0.5, y: 0.5)] : forces(members, neighbours: neighbours)
            for (index, member) in members.enumerated() {
                x[member] = cursorX + local[index].x * side
                y[member] = cursorY + local[index].y * side
            }
            cursorX += side + 0.6
            rowHeight = max(rowHeight, side)
        }
        let minX = x.min()!, maxX = x.max()!, minY = y.min()!, maxY = y.max()!
        let width = size - 180, height = size - 40
        // A few nodes keep a readable spacing rather than filling the square.
        let scale = min(width / max(0.0001, maxX - minX), height / max(0.0001, maxY - minY), 110)
        let offsetX = 20 + (width - (maxX - minX) * scale) / 2, offsetY = 20 + (height - (maxY - minY) * scale) / 2
        return (0..<count).map { ((x[$0] - minX) * scale + offsetX, (y[$0] - minY) * scale + offsetY) }
    }

    /// Fruchterman–Reingold over one connected part, from places on a sunflower spiral (in node
    /// order), cooling linearly, with a linear pull along links (a hub linked to every note does
    /// not crush the picture into a knot); the places returned fit in the unit square.
    private static func forces(_ members: [Int], neighbours: [[Int]]) -> [(x: Double, y: Double)] {
        let count = members.count
        var local: [Int: Int] = [:]
        for (index, member) in members.enumerated() { local[member] = index }
        var links: [(Int, Int)] = []
        for (index, member) in members.enumerated() {
            for other in neighbours[member] { if let o = local[other], o > index { links.append((index, o)) } }
        }
        var x = [Double](repeating: 0, count: count), y = [Double](repeating: 0, count: count)
        let golden = Double.pi * (3 - 5.0.squareRoot())
        for index in 0..<count {
            let radius = (Double(index) + 0.5).squareRoot()
            x[index] = radius * cos(Double(index) * golden)
            y[index] = radius * sin(Double(index) * golden)
        }
        let k = 2.0
        // A small part settles quickly; a note's neighbourhood is laid out for each of its pages.
        let iterations = count > 150 ? 60 : count > 40 ? 120 : 60
        var temperature = Double(count).squareRoot() / 2
        let cooling = temperature / Double(iterations + 1)
        var dx = [Double](repeating: 0, count: count), dy = [Double](repeating: 0, count: count)
        for _ in 0..<iterations {
            for index in 0..<count {
                dx[index] = -0.05 * x[index]
                dy[index] = -0.05 * y[index]
            }
            for a in 0..<count {
                for b in (a + 1)..<count {
                    var ddx = x[a] - x[b], ddy = y[a] - y[b]
                    var distance = (ddx * ddx + ddy * ddy).squareRoot()
                    if distance < 0.01 {
                        ddx = 0.01 * Double((a * 7 + b) % 3 - 1)
                        ddy = 0.01
                        distance = 0.01
                    }
                    let force = k * k / distance / distance
                    dx[a] += ddx * force
                    dy[a] += ddy * force
                    dx[b] -= ddx * force
                    dy[b] -= ddy * force
                }
            }
            for (a, b) in links {
                let ddx = x[a] - x[b], ddy = y[a] - y[b]
                dx[a] -= ddx
                dy[a] -= ddy
                dx[b] += ddx
                dy[b] += ddy
            }
            for index in 0..<count {
                let length = max(0.01, (dx[index] * dx[index] + dy[index] * dy[index]).squareRoot())
                let step = min(length, temperature)
                x[index] += dx[index] / length * step
                y[index] += dy[index] / length * step
            }
            temperature -= cooling
        }
        let minX = x.min()!, maxX = x.max()!, minY = y.min()!, maxY = y.max()!
        let span = max(0.0001, maxX - minX, maxY - minY)
        return (0..<count).map { ((x[$0] - minX) / span, (y[$0] - minY) / span) }
    }

    /// An undirected edge, smaller end first.
    private struct Pair: Hashable, Comparable {
        let a: Int, b: Int
        init(_ first: Int, _ second: Int) { (a, b) = first < second ? (first, second) : (second, first) }
        static func < (l: Pair, r: Pair) -> Bool { (l.a, l.b) < (r.a, r.b) }
    }
}
