import CCMark
import XCTest

@testable import Notes

/// `CMarkNode.walk` visits what cmark's own iterator visits, in its order, skipping as it skips.
final class CMarkWalkTests: XCTestCase {
    /// The events cmark's iterator gives below `root`, with the children of nodes `skip` names
    /// left out (the iterator reset to their exit, which it then does not report).
    func iteratorEvents(_ root: OpaquePointer, skip: (OpaquePointer) -> Bool) -> [String] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var events: [String] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), node != root else { continue }
            let entering = event == CMARK_EVENT_ENTER
            events.append(
                "\(entering ? "+" : "-")\(cmark_node_get_type(node).rawValue)@\(cmark_node_get_start_line(node))")
            if entering, skip(node), cmark_node_first_child(node) != nil {
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
            }
        }
        return events
    }

    func testTheWalkFollowsCmarksIterator() throws {
        let documents = [
            "# Title *em* [[link]]\n\nText **strong _both_** and `code` and [a](b.md) ![i](p.png)\n",
            "- one\n- two\n  - nested [x](y)\n\n> quote\n> > deeper\n\n```\ncode\n```\n\n---\n\n<div>html</div>\n",
            "Empty link [](x) and empty emphasis ** ** and a line  \nbreak\n\n1. a\n2. b\n\n\n",
            "",
            "[[Only a link]]",
        ]
        let skipping: [(String, (OpaquePointer) -> Bool)] = [
            ("nothing", { _ in false }),
            ("links and lists", { [CMARK_NODE_LINK, CMARK_NODE_LIST].contains(cmark_node_get_type($0)) }),
            ("every container", { _ in true }),
        ]
        for markdown in documents {
            let document = try XCTUnwrap(CMarkDocument(markdown: markdown))
            for (name, skip) in skipping {
                var walked: [String] = []
                CMarkNode(pointer: document.root).walk { node, entering in
                    walked.append(
                        "\(entering ? "+" : "-")\(cmark_node_get_type(node.pointer).rawValue)@\(node.startLine)")
                    return !(entering && skip(node.pointer))
                }
                XCTAssertEqual(walked, iteratorEvents(document.root, skip: skip), "\(name): \(markdown)")
            }
        }
    }
}
