import Foundation
import XCTest
@testable import Notes

/// The planted test vault under Fixtures/vault: every link form, escapes, code, CRLF, BOM,
/// empty file, bad YAML, duplicates, ambiguous and unresolved links, relations, observations.
final class VaultTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/vault"
    ).path

    var graph: Graph!

    override func setUp() {
        graph = Graph(vault: Vault.load(roots: [Self.root]))
    }

    func note(_ stem: String) -> Note {
        graph.notes.first { $0.stem == stem }!
    }

    func targetStem(_ edge: Graph.Edge) -> String? {
        edge.target.map { graph.notes[$0].stem }
    }

    func testEveryLinkFormIsFoundWithItsFilePosition() {
        let links = note("links").links
        let found = links.map {
            "\($0.line):\($0.column) \($0.style.rawValue) \($0.target)#\($0.anchor ?? "")|\($0.label ?? "")"
        }
        XCTAssertEqual(
            found,
            [
                "8:7 wiki Target Note#|",
                "8:27 wiki Target Note#|shown text",
                "9:9 wiki Target Note#Second Part|",
                "9:41 wiki Target Note#Second Part|both",
                "10:7 embed Target Note#|",
                "10:35 wiki folder/Deep Note#|",
                // Read literally, as Obsidian reads it: no note is called so.
                "12:7 wiki Target *Note*#|",
                "13:8 wiki Target Note#|",
                "22:12 markdown other.md#|",
                "26:3 wiki Target Note#|",
                "27:11 wiki Other#|",
            ])
        // Never from code spans, fences, indented code or escaped brackets.
        XCTAssertFalse(
            links.contains { ["Not A Link", "Not Either", "Inside Fence", "Indented Code"].contains($0.target) })
        XCTAssertEqual(links[6].raw, "[[Target *Note*]]")
        XCTAssertEqual(links[7].raw, "[[Target\nNote]]")
    }

    func testRelationsSectionsAndContext() {
        let links = note("links").links
        XCTAssertEqual(links[0].kind, NoteLink.defaultKind)
        XCTAssertEqual(links[0].section, "Link Forms")
        XCTAssertEqual(links[9].kind, "related")
        XCTAssertEqual(links[9].section, "Related Patterns")
        XCTAssertEqual(links[9].context, "Uses this pattern for testing")
        XCTAssertEqual(links[10].kind, "refines")
        XCTAssertNil(links[10].context)
    }

    func testObservations() {
        XCTAssertEqual(
            note("links").observations,
            [
                Observation(
                    category: "pattern", text: "An observation about links #links #testing",
                    tags: ["links", "testing"], line: 28)
            ])
    }

    func testResolutionByTitleAliasPermalinkPathAndStem() {
        let edges = graph.edges
        func resolution(from stem: String, raw: String) -> Graph.Resolution? {
            edges.first { graph.notes[$0.source].stem == stem && $0.link.raw == raw }?.resolution
        }
        let target = graph.notes.firstIndex { $0.stem == "target" }!
        let deep = graph.notes.firstIndex { $0.stem == "Deep Note" }!
        XCTAssertEqual(resolution(from: "links", raw: "[[Target Note]]"), .resolved(target))
        XCTAssertEqual(resolution(from: "other", raw: "[[Goal]]"), .resolved(target), "alias")
        XCTAssertEqual(resolution(from: "bom", raw: "[[target]]"), .resolved(target), "file stem")
        XCTAssertEqual(resolution(from: "links", raw: "[[folder/Deep Note]]"), .resolved(deep), "relative path")
        XCTAssertEqual(resolution(from: "twin-a", raw: "[[Deep Note]]"), .resolved(deep), "title from heading")
        XCTAssertEqual(resolution(from: "bad-yaml", raw: "[[Missing Note]]"), .unresolved)
        guard
            case .ambiguous(let twins)? = resolution(
                from: "folder/Deep Note".components(separatedBy: "/").last!, raw: "[[Twin]]")
        else {
            return XCTFail("[[Twin]] must be ambiguous")
        }
        XCTAssertEqual(twins.map { graph.notes[$0].stem }, ["twin-a", "twin-b"])
        guard case .ambiguous = resolution(from: "other", raw: "[[tests/target]]") else {
            return XCTFail("a permalink used twice is ambiguous")
        }
    }

    func testCaseInsensitiveOnlyWhenUnique() {
        let index = ResolutionIndex(notes: graph.notes)
        let linkForms = graph.notes.firstIndex { $0.stem == "links" }!
        XCTAssertEqual(index.resolve("link forms"), .resolved(linkForms))
        XCTAssertEqual(index.resolve("GOAL"), .resolved(graph.notes.firstIndex { $0.stem == "target" }!))
        guard case .ambiguous = index.resolve("twin") else { return XCTFail("case-folded twins stay ambiguous") }
        XCTAssertEqual(index.resolve("Target Not"), .unresolved, "never fuzzy")
    }

    /// `folder/Note` matches any path ending so, exact case first; every match when several do.
    func testTrailingPathPartsResolveLikeAScan() {
        let notes = ["a/Folder/Note.md", "b/Folder/Note.md", "c/Other/Page.MD", "Solo.md"].map {
            NoteParser.parse(path: $0, relativePath: $0, text: "text\n")
        }
        let index = ResolutionIndex(notes: notes)
        XCTAssertEqual(index.resolve("Folder/Note"), .ambiguous([0, 1]))
        XCTAssertEqual(index.resolve("folder/note.md"), .ambiguous([0, 1]), "case-folded, .md dropped")
        XCTAssertEqual(index.resolve("Other/Page"), .resolved(2))
        XCTAssertEqual(index.resolve("other/page"), .resolved(2))
        XCTAssertEqual(index.resolve("older/Note"), .unresolved, "a part, not any tail of the text")
        XCTAssertEqual(index.resolve("x/Solo"), .unresolved)
    }

    /// A markdown link is read relative to its note, as a browser reads it; wiki links go by name.
    func testMarkdownLinksResolveRelativeToTheirNote() {
        let guide =
            "[x](../b/page.md) [y](page.md) [z](sub/deep) [w](../../outside.md) [v](./sub/deep.md)\n\n[[page]]\n"
        let notes = [
            ("v/a/guide.md", guide), ("v/b/page.md", "# B page\n"), ("v/a/page.md", "# A page\n"),
            ("v/a/sub/deep.md", "# Deep\n"),
        ].map { NoteParser.parse(path: $0.0, relativePath: String($0.0.dropFirst(2)), text: $0.1) }
        let graph = Graph(vault: Vault(notes: notes))
        let resolutions = graph.outgoing(0).map(\.resolution)
        XCTAssertEqual(resolutions[0], .resolved(1))
        XCTAssertEqual(resolutions[1], .resolved(2), "the sibling, though two notes are called page")
        XCTAssertEqual(resolutions[2], .resolved(3), ".md left out")
        XCTAssertEqual(resolutions[3], .unresolved)
        XCTAssertEqual(resolutions[4], .resolved(3), "./ is this folder")
        XCTAssertEqual(resolutions[5], .resolved(2), "a wiki link by name: the one in the note's folder")
        XCTAssertEqual(ResolutionIndex.normalized("a/./b/../c.md"), "a/c.md")
        XCTAssertEqual(ResolutionIndex.normalized("../notes/x.md"), "../notes/x.md")
    }

    /// A title shared by many notes names five of the others and counts the rest.
    func testDuplicateTitlesNameFiveOthersAtMost() {
        let notes = (0..<8).map {
            NoteParser.parse(
                path: "d\($0)/README.md", relativePath: "d\($0)/README.md", text: "---\ntitle: Same\n---\n")
        }
        let messages = Graph(vault: Vault(notes: notes)).check(reportOrphans: false).filter {
            $0.code == "duplicate-title"
        }
        XCTAssertEqual(messages.count, 8)
        XCTAssertEqual(
            messages.first?.message,
            "duplicate title \"Same\": also used by d1/README.md, d2/README.md, d3/README.md, d4/README.md, d5/README.md and 2 more"
        )
    }

    /// Suggestions: a name a note's name contains first, then the nearest by edit distance, ties by title.
    func testClosestTitlesRankContainmentThenDistance() {
        let notes = ["Dual Initializer Pattern", "Sheets", "Sheet Basics", "Shelves", "Navigation"].map {
            NoteParser.parse(path: "\($0).md", relativePath: "\($0).md", text: "# \($0)\n")
        }
        let graph = Graph(vault: Vault(notes: notes))
        XCTAssertEqual(graph.closestTitles(to: "dual"), ["Dual Initializer Pattern", "Sheets", "Shelves"])
        XCTAssertEqual(graph.closestTitles(to: "xyz"), ["Sheets", "Shelves", "Navigation"], "by distance")
        XCTAssertEqual(graph.closestTitles(to: "Shets", limit: 2), ["Sheets", "Shelves"])
        XCTAssertEqual(graph.closestTitles(to: "Navigatoin", limit: 1), ["Navigation"])
        XCTAssertEqual(graph.closestTitles(to: "Ñavigation", limit: 1), ["Navigation"], "non-ASCII by scalars")
    }

    func testBacklinksTagsAndOrphans() {
        let target = graph.notes.firstIndex { $0.stem == "target" }!
        let sources = Set(graph.backlinks(target).map { graph.notes[$0.source].stem })
        XCTAssertEqual(sources, ["links", "other", "bom"])
        XCTAssertEqual(note("Deep Note").tags, ["comma", "separated", "list"])
        XCTAssertEqual(note("other").tags, ["single"])
        XCTAssertTrue(graph.tagCounts.contains { $0.tag == "links" && $0.count == 1 })
        XCTAssertEqual(
            Set(graph.orphans.map { graph.notes[$0].stem }),
            ["bad-yaml", "bom", "empty", "twin-a", "twin-b", "unclosed"])
    }

    func testCheckReportsExactlyThePlantedProblems() {
        let problems = graph.check().map { "\(($0.path as NSString).lastPathComponent):\($0.line) \($0.code)" }
        XCTAssertEqual(
            problems,
            [
                "bad-yaml.md:1 orphan",
                "bad-yaml.md:3 bad-front-matter",
                "bad-yaml.md:8 broken-link",
                "bom.md:1 orphan",
                "empty.md:1 orphan",
                "Deep Note.md:6 ambiguous-link",
                "links.md:12 broken-link",
                "other.md:8 ambiguous-link",
                "target.md:1 duplicate-permalink",
                "twin-a.md:1 duplicate-title",
                "twin-a.md:1 orphan",
                "twin-b.md:1 duplicate-permalink",
                "twin-b.md:1 duplicate-title",
                "twin-b.md:1 orphan",
                "unclosed.md:1 orphan",
                "unclosed.md:1 unclosed-front-matter",
            ])
    }

    func testTitlesFromFrontMatterHeadingOrFileName() {
        XCTAssertEqual(note("links").title, "Link Forms")
        XCTAssertEqual(note("bad-yaml").title, "Heading Title", "bad YAML: the note still loads, titled by its heading")
        XCTAssertEqual(note("empty").title, "empty")
        XCTAssertEqual(note("bom").title, "BOM Note")
        XCTAssertEqual(note("other").title, "Other", "CRLF front matter")
        XCTAssertEqual(note("unclosed").title, "Unclosed Front Matter")
    }

    func testHeadingsAndCodeBlocks() {
        let links = note("links")
        XCTAssertEqual(
            links.headings,
            [
                Heading(level: 1, text: "Link Forms", slug: "link-forms", line: 6),
                Heading(level: 2, text: "Related Patterns", slug: "related-patterns", line: 24),
            ])
        XCTAssertEqual(links.codeBlocks.map(\.info), ["swift", ""])
        XCTAssertEqual(links.codeBlocks.map(\.line), [16, 20])
        XCTAssertEqual(links.codeBlocks[0].content, "let x = \"[[Inside Fence]]\"\n")
    }

    func testMissingRootIsReportedAndTheRestLoads() {
        let vault = Vault.load(roots: ["/no/such/folder", Self.root])
        XCTAssertEqual(vault.loadDiagnostics.map(\.code), ["missing-path"])
        XCTAssertEqual(vault.loadDiagnostics.first?.path, "/no/such/folder")
        XCTAssertEqual(vault.notes.count, 10)
    }

    /// A loaded note reads its body from the file when asked (front matter blanked, BOM and CRLF
    /// handled as when it was parsed), and a file gone since is an empty body, not a crash.
    func testBodiesAreReadAgainFromTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patternlint-body-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("note.md")
        try Data("\u{FEFF}---\r\ntitle: Kept\r\n---\r\n# Kept\r\n\r\nSee [[Other]].\r\n".utf8).write(to: file)
        let note = Vault.load(roots: [folder.path]).notes[0]
        let parsedFromText = NoteParser.parse(
            path: "x.md", relativePath: "x.md",
            text: "\u{FEFF}---\r\ntitle: Kept\r\n---\r\n# Kept\r\n\r\nSee [[Other]].\r\n")
        XCTAssertEqual(note.body, parsedFromText.body)
        XCTAssertEqual(note.body, "\n\n\n# Kept\r\n\r\nSee [[Other]].\r\n")
        XCTAssertEqual(note.links.map(\.line), [6])
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(note.body, "")
        XCTAssertEqual(note.title, "Kept", "what was parsed stays")
    }

    /// Symlinks are followed to what they point to, each folder listed once (a link back to a parent
    /// cannot loop), broken links and hidden entries skipped, and the notes come in path order.
    func testFolderWalkFollowsLinksOnceAndSkipsHiddenAndBroken() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("patternlint-walk-\(getpid())").path
        defer { try? manager.removeItem(atPath: root) }
        try manager.createDirectory(atPath: root + "/b/deep", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/.hidden", withIntermediateDirectories: true)
        for path in ["/a.md", "/b/deep/c.MD", "/b/notes.txt", "/.hidden/h.md", "/b/.secret.md"] {
            try Data("# \(path)\n".utf8).write(to: URL(fileURLWithPath: root + path))
        }
        try manager.createSymbolicLink(atPath: root + "/b/deep/loop", withDestinationPath: root + "/b")
        try manager.createSymbolicLink(atPath: root + "/linked.md", withDestinationPath: root + "/a.md")
        try manager.createSymbolicLink(atPath: root + "/broken.md", withDestinationPath: root + "/nowhere.md")
        let (sources, problems) = Vault.markdownFiles(under: root)
        XCTAssertEqual(sources.map(\.relativePath), ["a.md", "b/deep/c.MD", "linked.md"])
        XCTAssertTrue(problems.isEmpty)
    }

    /// Edges are kept per link and found from where each note's start: reading by position, by
    /// walking, per note and per target agree, notes without links anywhere in the order included.
    func testEdgesReadAlikeEveryWay() {
        let texts = ["# N0\n", "# N1\n\n[[N2]] and [[N0]]\n", "# N2\n", "# N3\n\n[[N1]] [[Gone]]\n", "# N4\n"]
        let notes = texts.enumerated().map { NoteParser.parse(path: "n\($0).md", relativePath: "n\($0).md", text: $1) }
        let graph = Graph(vault: Vault(notes: notes))
        let walked = graph.edges.map { "\($0.source).\($0.linkIndex)>\($0.target.map(String.init) ?? "-")" }
        XCTAssertEqual(walked, ["1.0>2", "1.1>0", "3.0>1", "3.1>-"])
        let indexed = graph.edges.indices.map { graph.edges[$0] }.map {
            "\($0.source).\($0.linkIndex)>\($0.target.map(String.init) ?? "-")"
        }
        XCTAssertEqual(indexed, walked)
        XCTAssertEqual(graph.outgoing(3).map(\.link.target), ["N1", "Gone"])
        XCTAssertTrue(graph.outgoing(4).isEmpty)
        XCTAssertEqual(graph.backlinks(1).map(\.source), [3])
        XCTAssertEqual(graph.backlinks(0).map(\.source), [1])
        XCTAssertEqual(graph.edges[3].resolution, .unresolved)
    }
}
