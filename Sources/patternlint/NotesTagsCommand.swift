import ArgumentParser
import Foundation
import Notes

extension NoteQuery.Sort: ExpressibleByArgument {}
extension TagTree.Order: ExpressibleByArgument {}

extension NotesCommand {
    struct Tags: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tags", abstract: "List the tags with how many notes carry each, nested tags as a tree.",
            discussion: """
                A tag's count is the notes carrying it or a tag nested under it (`team` counts the \\
                notes tagged `team/ios`), as `notes list --tag` finds them. Tags come from the front \\
                matter, observations and the text (`#tag`, `#team/ios`).
                """)
        @OptionGroup var source: NotesOptions
        @Option(help: "name or count (most first).") var sort: TagTree.Order = .name
        @Flag(help: "Print JSON: tag, name, count, children.") var json = false

        func run() throws {
            let graph = try source.loadGraph()
            reportLoadProblems(graph)
            let tree = TagTree(graph.notes, order: sort)
            if json {
                func object(_ node: TagTree.Node) -> [String: Any] {
                    ["tag": node.tag, "name": node.name, "count": node.count, "children": node.children.map(object)]
                }
                let data = try JSONSerialization.data(
                    withJSONObject: tree.roots.map(object),
                    options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                Terminal.write(String(decoding: data, as: UTF8.self) + "\n")
                return
            }
            let renderer = TerminalRenderer(color: source.color.enabled)
            var out = ""
            for (depth, node) in tree.lines() {
                out +=
                    String(repeating: "  ", count: depth)
                    + renderer.styled("#" + (depth == 0 ? node.tag : node.name), .bold)
                    + renderer.styled(" (\(node.count))", .dim) + "\n"
            }
            let total = tree.lines().count
            out += "\(Terminal.plural(total, "tag"))\n"
            Terminal.write(out)
        }
    }
}
