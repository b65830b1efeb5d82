import Foundation
import Yams

/// YAML read from files a pull request may change (front matter, `.patternlint.yml`, team rule
/// files). Aliases let a few hundred bytes stand for billions of nodes (nine anchors of nine
/// aliases each), and everything that walks the tree would run out of memory. libyaml already
/// bounds nesting; this bounds expansion: a document whose tree, aliases expanded, has more than
/// `nodeBudget` nodes is refused before anything walks it. Front matter and configuration need
/// nowhere near that many.
public enum BoundedYAML {
    public static let nodeBudget = 100_000

    public struct TooLarge: Error, CustomStringConvertible {
        /// Whether the text holds an anchor, so that aliases could be what made it large.
        public var mayUseAliases = true
        public var description: String {
            mayUseAliases
                ? "its aliases expand to more than \(BoundedYAML.nodeBudget) nodes (an alias bomb?); refusing to read it"
                : "it holds more than \(BoundedYAML.nodeBudget) values, far more than front matter or a configuration needs; refusing to read it"
        }
    }

    /// A parse error in words, the echoed source line cut to a readable width: Yams quotes the
    /// whole line, which a crafted one-line file makes as long as the file.
    public static func describe(_ error: Error, width: Int = 160) -> String {
        "\(error)".split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            guard line.count > width else { return String(line) }
            // The caret under a column past the cut points at nothing left: dropped.
            if line.allSatisfy({ $0 == " " || $0 == "^" }) { return nil }
            return line.clipped(to: width + 1)
        }.joined(separator: "\n")
    }

    /// `Yams.compose` (aliases are shared, not copied, so composing is cheap), then the budget.
    public static func compose(_ yaml: String, _ resolver: Resolver = .basic) throws -> Node? {
        if resolver === Resolver.basic, let node = lastComposed.node(for: yaml) { return node }
        let node = try Yams.compose(yaml: yaml, resolver, .default, .utf8)
        if let node {
            do { try checkExpansion(of: node) } catch var large as TooLarge {
                // Without an anchor (`&name`) there is no alias to expand.
                large.mayUseAliases = yaml.utf8.contains(UInt8(ascii: "&"))
                throw large
            }
        }
        if resolver === Resolver.basic { lastComposed.keep(node, for: yaml) }
        return node
    }

    /// The text composed last and its node: a rule file's front matter is read twice in a row,
    /// as a note's and as the rule's, and a Yams parse is most of the time loading a rule takes.
    private static let lastComposed = LastComposed()

    private final class LastComposed: @unchecked Sendable {
        private let lock = NSLock()
        private var yaml: String?
        private var node: Node?

        func node(for yaml: String) -> Node?? {
            lock.withLock { self.yaml == yaml ? .some(node) : nil }
        }

        func keep(_ node: Node?, for yaml: String) {
            lock.withLock { (self.yaml, self.node) = (yaml, node) }
        }
    }

    /// Counts nodes as a walk would meet them, stopping as soon as the budget is spent.
    public static func checkExpansion(of root: Node) throws {
        var remaining = nodeBudget
        var pending = [root]
        while let node = pending.popLast() {
            remaining -= 1
            if remaining < 0 { throw TooLarge() }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    pending.append(key)
                    pending.append(value)
                }
            case .sequence(let sequence): pending.append(contentsOf: sequence)
            case .scalar, .alias: break
            }
        }
    }
}
