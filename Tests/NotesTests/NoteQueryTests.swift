import Foundation
import XCTest
@testable import Notes

/// `notes list`'s filters and `notes tags`' tree on a small vault made in memory.
final class NoteQueryTests: XCTestCase {
    let graph = Graph(
        vault: Vault.load(sources: [
            .text(path: "hub.md", relativePath: "hub.md", "---\ntitle: Hub\ntype: hub\n---\n[[Sheets]] [[Routes]]\n"),
            .text(
                path: "sheets.md", relativePath: "sheets.md",
                "---\ntitle: Sheets\ntags: [team/ios, ui]\n---\nA sheet binding. See [[Routes]].\n"),
            .text(
                path: "routes.md", relativePath: "routes.md",
                "---\ntitle: Routes\ntags: [team/android/nav]\n---\nRouting by enum.\n"),
            .text(path: "lonely.md", relativePath: "lonely.md", "---\ntitle: Lonely\ntags: [Team]\n---\nNo links.\n"),
        ]))

    func titles(_ configure: (inout NoteQuery) -> Void) -> [String] {
        var query = NoteQuery()
        configure(&query)
        return query.run(on: graph).map { graph.notes[$0].title }
    }

    func index(_ title: String) -> Int { graph.notes.firstIndex { $0.title == title }! }

    func testTagsMatchNestedTagsAndGlobsIgnoringCase() {
        XCTAssertEqual(titles { $0.tags = ["team"] }, ["Lonely", "Routes", "Sheets"])
        XCTAssertEqual(titles { $0.tags = ["#team/ios"] }, ["Sheets"])
        XCTAssertEqual(titles { $0.tags = ["team/*"] }, ["Routes", "Sheets"])
        XCTAssertEqual(titles { $0.tags = ["*nav*"] }, ["Routes"])
        XCTAssertEqual(titles { $0.tags = ["team/andr?id"] }, ["Routes"])
        XCTAssertEqual(titles { $0.tags = ["team", "ui"] }, ["Sheets"], "each must match")
        XCTAssertEqual(titles { $0.tags = ["tea"] }, [], "a tag is matched whole, not by prefix")
    }

    func testLinksOrphansWordsSortAndLimit() {
        XCTAssertEqual(titles { $0.linkedBy = [index("Hub")] }, ["Routes", "Sheets"])
        XCTAssertEqual(titles { $0.linkingTo = [index("Routes")] }, ["Hub", "Sheets"])
        XCTAssertEqual(
            titles {
                $0.linkingTo = [index("Routes")]; $0.linkedBy = [index("Hub")]
            }, ["Sheets"])
        XCTAssertEqual(titles { $0.orphansOnly = true }, ["Lonely"], "a hub is no orphan")
        XCTAssertEqual(titles { $0.match = "bind" }, ["Sheets"])
        XCTAssertEqual(titles { $0.sort = .backlinks }, ["Routes", "Sheets", "Hub", "Lonely"])
        XCTAssertEqual(
            titles {
                $0.sort = .backlinks; $0.limit = 1
            }, ["Routes"])
        XCTAssertEqual(titles { $0.limit = 0 }, [])
    }

    func testTagTreeCountsEachNoteOnceUnderEveryParent() {
        let tree = TagTree(graph.notes)
        let lines = tree.lines().map { String(repeating: "  ", count: $0.depth) + "\($0.node.name) \($0.node.count)" }
        XCTAssertEqual(
            lines, ["team 3", "  android 1", "    nav 1", "  ios 1", "ui 1"], "Team is team, as --tag reads it")
        XCTAssertEqual(TagTree(graph.notes, order: .count).roots.map(\.tag), ["team", "ui"])
        // A tag nested 40 deep is a tree 16 deep: the rest stays in the last name.
        let deep = (0..<40).map { "l\($0)" }.joined(separator: "/")
        let deepTree = TagTree(
            Vault.load(sources: [.text(path: "d.md", relativePath: "d.md", "---\ntags: [\(deep)]\n---\n")]).notes)
        XCTAssertEqual(deepTree.lines().count, 16)
        XCTAssertEqual(deepTree.lines().last?.node.tag, deep)
        XCTAssertEqual(deepTree.lines().last?.node.name, (15..<40).map { "l\($0)" }.joined(separator: "/"))
    }
}
