import Foundation
import XCTest
@testable import Notes

/// Links resolved as Obsidian resolves them (path from the root, then the linking note's folder,
/// then the shortest path), with titles, permalinks and aliases only for the notes that answer to
/// them. Small vaults written here: a help vault in two languages, a sync folder and a publish
/// folder sharing a page name, a Basic Memory-style note declaring its title.
final class LinkResolutionTests: XCTestCase {
    /// Notes from (path, text), their names read as `names` says.
    func vault(_ files: [(String, String)], names: LinkNames = .declared) -> Graph {
        let notes = files.map { path, text in
            var note = NoteParser.parse(path: path, relativePath: path, text: text)
            note.linkNames = names
            return note
        }
        return Graph(vault: Vault(notes: notes))
    }

    func position(_ path: String, in graph: Graph) -> Int { graph.notes.firstIndex { $0.path == path }! }

    /// Where each link of the note at `path` leads, as paths ("unresolved", "ambiguous: a, b").
    func targets(from path: String, in graph: Graph) -> [String] {
        graph.outgoing(position(path, in: graph)).map { edge in
            switch edge.resolution {
            case .resolved(let note): graph.notes[note].path
            case .unresolved: "unresolved"
            case .ambiguous(let notes): "ambiguous: " + notes.map { graph.notes[$0].path }.joined(separator: ", ")
            }
        }
    }

    func testAnExactPathWinsOverAnAliasSpeltLikeIt() {
        let graph = vault(
            [
                ("Clipper/Filters.md", "See [[Clipper/Variables|variables]] and [[clipper/variables.MD]].\n"),
                ("Clipper/Variables.md", "# Variables\n"),
                ("zh/Clipper/变量.md", "---\ntitle: 变量\naliases: [Clipper/Variables]\n---\n"),
            ], names: .all)
        XCTAssertEqual(
            targets(from: "Clipper/Filters.md", in: graph), ["Clipper/Variables.md", "Clipper/Variables.md"])
    }

    func testAnAliasAloneResolvesOnlyWhereNotesAnswerToNames() {
        let files = [
            ("Plugins/Unique note creator.md", "---\naliases: [Zettelkasten prefixer]\n---\nMakes notes.\n"),
            ("Home.md", "The [[Zettelkasten prefixer]], once [[Unique note creator|Zettelkasten prefixer]].\n"),
        ]
        // Obsidian: an alias is what `[[Note|alias]]` shows, never a link's target.
        XCTAssertEqual(
            targets(from: "Home.md", in: vault(files, names: .none)), ["unresolved", "Plugins/Unique note creator.md"])
        XCTAssertEqual(targets(from: "Home.md", in: vault(files)), ["unresolved", "Plugins/Unique note creator.md"])
        XCTAssertEqual(
            targets(from: "Home.md", in: vault(files, names: .all)),
            ["Plugins/Unique note creator.md", "Plugins/Unique note creator.md"])
        // A note that declares its title, as Basic Memory writes every note, answers to its names.
        let declared = [
            (
                "Plugins/unique.md",
                "---\ntitle: Unique note creator\npermalink: plugins/unique-creator\naliases: [Zettelkasten prefixer]\n---\n"
            ),
            (
                "Home.md",
                "[[Zettelkasten prefixer]] [[Unique note creator]] [[plugins/unique-creator]] [[unique note CREATOR]]\n"
            ),
        ]
        XCTAssertEqual(targets(from: "Home.md", in: vault(declared)), Array(repeating: "Plugins/unique.md", count: 4))
        XCTAssertEqual(
            targets(from: "Home.md", in: vault(declared, names: .none)), Array(repeating: "unresolved", count: 4))
    }

    func testTheLinkingNotesFolderThenTheShortestPath() {
        let graph = vault([
            ("Sync/Security and privacy.md", "# Security and privacy\n"),
            ("Sync/Set up Sync.md", "Read [[Security and privacy]].\n"),
            ("Publish/Security and privacy.md", "# Security and privacy\n"),
            ("Publish/Intro.md", "Read [[security and privacy]] and [[Sync/Security and privacy]].\n"),
            ("Home.md", "Read [[Security and privacy]], [[Guide]] and [[Topics/Guide]].\n"),
            ("Topics/Guide.md", "Near the root.\n"),
            ("Topics/Deep/Guide.md", "Deeper.\n"),
            ("Archive/Old/Topics/Guide.md", "Deeper still.\n"),
        ])
        XCTAssertEqual(targets(from: "Sync/Set up Sync.md", in: graph), ["Sync/Security and privacy.md"])
        XCTAssertEqual(
            targets(from: "Publish/Intro.md", in: graph),
            ["Publish/Security and privacy.md", "Sync/Security and privacy.md"])
        // Neither beside the note and both one folder deep: the order cannot tell.
        XCTAssertEqual(
            targets(from: "Home.md", in: graph),
            [
                "ambiguous: Sync/Security and privacy.md, Publish/Security and privacy.md", "Topics/Guide.md",
                "Topics/Guide.md",
            ])
        let problems = graph.check(reportOrphans: false).map { "\($0.path) \($0.code)" }
        XCTAssertEqual(problems, ["Home.md ambiguous-link"])
    }

    /// `./` and `../` start from the linking note's folder, in a wiki link as in a markdown link.
    func testAPathFromTheRootComesBeforeTheNoteBesideTheLink() {
        let graph = vault([
            ("Index.md", "# Index\n"),
            ("Guides/Index.md", "# Guide index\n"),
            ("Guides/Start.md", "[[Index]] [[./Index]] [[../Index]] [[/Index]]\n"),
        ])
        XCTAssertEqual(
            targets(from: "Guides/Start.md", in: graph), ["Index.md", "Guides/Index.md", "Index.md", "Index.md"])
    }

    /// Two folders loaded together may hold the same path (a team's `hub.md` and the built-in
    /// one): a title that tells them apart decides, in a link and in a lookup.
    func testOnePathInTwoFoldersIsToldApartByTitle() {
        let notes = [
            ("team/hub.md", "# Hub\n"), ("team/topic.md", "[[Hub]] [[Catalogue Hub]]\n"),
            ("builtin/hub.md", "---\ntitle: Catalogue Hub\n---\n"),
        ].map { path, text in
            NoteParser.parse(path: path, relativePath: String(path.split(separator: "/")[1]), text: text)
        }
        let graph = Graph(vault: Vault(notes: notes))
        XCTAssertEqual(targets(from: "team/topic.md", in: graph), ["team/hub.md", "builtin/hub.md"])
        XCTAssertEqual(graph.resolve("Hub"), .resolved(0))
        XCTAssertEqual(graph.resolve("Catalogue Hub"), .resolved(2))
    }

    func testNestedHeadingLinksFollowTheSections() {
        let graph = vault([
            (
                "Help.md",
                "# Help\n\n## Questions and advice\n\n### Report bugs\n\n#### Logs\n\n## Security\n\n### Contact\n"
            ),
            (
                "Home.md",
                """
                [[Help#Questions and advice#Report bugs]] [[Help#Questions and advice#Logs]]
                [[Help#questions-and-advice#report-bugs]] [[Help#Help#Security#Contact]]
                [[Help#Security#Report bugs]] [[Help#Report bugs#Questions and advice]] [[Help#Security#Nothing]]

                """
            ),
        ])
        let missing = graph.check(reportOrphans: false).filter { $0.code == "missing-heading" }.map(\.message)
        XCTAssertEqual(
            missing,
            [
                "[[Help#Security#Report bugs]]: note \"Help\" has no heading \"Security#Report bugs\"",
                "[[Help#Report bugs#Questions and advice]]: note \"Help\" has no heading \"Report bugs#Questions and advice\"",
                "[[Help#Security#Nothing]]: note \"Help\" has no heading \"Security#Nothing\"",
            ])
    }

    func testBrokenLinksInAnObsidianVaultAreWarningsATeamCanTurnOff() {
        let files = [("Home.md", "[[Not written yet]]\n")]
        func reported(_ graph: Graph, _ setting: Graph.BrokenLinks?) -> [String] {
            graph.check(reportOrphans: false, brokenLinks: setting).map { "\($0.severity.rawValue) \($0.code)" }
        }
        XCTAssertEqual(reported(vault(files, names: .none), nil), ["warning broken-link"])
        XCTAssertEqual(reported(vault(files), nil), ["error broken-link"])
        XCTAssertEqual(reported(vault(files, names: .none), .error), ["error broken-link"])
        XCTAssertEqual(reported(vault(files), .warning), ["warning broken-link"])
        XCTAssertEqual(reported(vault(files, names: .none), .off), [])
    }

    /// A broken link is offered a title only when it could be a typo of one (or a part of one).
    func testABrokenLinkIsOfferedOnlyATitleNearIt() {
        let graph = vault([
            ("Navigation Stack.md", "# Navigation Stack\n"), ("Embed files.md", "# Embed files\n"),
            ("Home.md", "[[Navigaton Stack]] [[Embed]] [[work with multiple notes]]\n"),
        ])
        XCTAssertEqual(
            graph.check(reportOrphans: false).map(\.message),
            [
                "broken link [[Navigaton Stack]]: no note has this title, alias, permalink or file name (closest: \"Navigation Stack\")",
                "broken link [[Embed]]: no note has this title, alias, permalink or file name (closest: \"Embed files\")",
                "broken link [[work with multiple notes]]: no note has this title, alias, permalink or file name",
            ])
    }

    /// Two notes called the same are Obsidian's everyday case; for names that find notes, a clash.
    func testDuplicateNamesCountOnlyWhereNamesFindNotes() {
        let obsidian = vault([("a/Start.md", "# Start\n"), ("b/Start.md", "# Start\n")])
        XCTAssertEqual(obsidian.check(reportOrphans: false).count, 0)
        let declared = vault([("a/one.md", "---\ntitle: Start\n---\n"), ("b/two.md", "---\ntitle: Start\n---\n")])
        XCTAssertEqual(declared.check(reportOrphans: false).map(\.code), ["duplicate-title", "duplicate-title"])
    }

    func testAFolderHoldingObsidianSettingsGoesByPathOnly() throws {
        let folder = NSTemporaryDirectory() + "patternlint-obsidian-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/.obsidian", withIntermediateDirectories: true)
        try "---\ntitle: Target\naliases: [Goal]\n---\n".write(
            toFile: folder + "/t.md", atomically: true, encoding: .utf8)
        try "[[Goal]] [[t]]\n".write(toFile: folder + "/home.md", atomically: true, encoding: .utf8)
        let obsidian = Graph(vault: Vault.load(roots: [folder]))
        XCTAssertEqual(obsidian.notes.map(\.linkNames), [.none, .none])
        XCTAssertEqual(targets(from: folder + "/home.md", in: obsidian), ["unresolved", folder + "/t.md"])
        let configured = Graph(vault: Vault.load(roots: [folder], linkNames: .declared))
        XCTAssertEqual(targets(from: folder + "/home.md", in: configured), [folder + "/t.md", folder + "/t.md"])
        // A note looked up by name (`notes show Goal`) is found by any of its names.
        XCTAssertEqual(obsidian.resolve("Goal"), .resolved(position(folder + "/t.md", in: obsidian)))
    }
}

/// Item 11 of issue 49: link text read literally, a home-page permalink, new notes named as their
/// neighbours are.
final class LiteralNamesTests: XCTestCase {
    func testEmphasisInsideAWikiLinkIsPartOfTheName() {
        let note = NoteParser.parse(
            path: "a.md", relativePath: "a.md",
            text: "See [[Target *Note*]], [[snake_case_name]], *[[Plain]]* and [[Also\n Broken]].\n")
        XCTAssertEqual(note.links.map(\.target), ["Target *Note*", "snake_case_name", "Plain", "Also Broken"])
    }

    func testAPermalinkOfSlashIsTheHomePage() {
        let home = NoteParser.parse(path: "h.md", relativePath: "h.md", text: "---\ntitle: Home\npermalink: /\n---\n")
        XCTAssertEqual(home.permalink, "/")
        XCTAssertEqual(home.frontMatter.permalink, "/")
        let guide = NoteParser.parse(path: "g.md", relativePath: "g.md", text: "---\npermalink: /guides/start/\n---\n")
        XCTAssertEqual(guide.permalink, "guides/start")
    }

    func testANewNoteIsNamedAsItsNeighboursAre() {
        func notes(_ files: [(String, String)]) -> [Note] {
            files.map { NoteParser.parse(path: $0.0, relativePath: $0.0, text: $0.1) }
        }
        let obsidian = notes([
            ("Team onboarding.md", "Text.\n"), ("Sync/Set up Sync.md", "# Set up Sync\n"), ("intro.md", ""),
        ])
        XCTAssertEqual(NoteFileNaming(judging: obsidian), .title)
        XCTAssertEqual(NoteFileNaming.title.fileName(for: "Team Onboarding"), "Team Onboarding.md")
        XCTAssertEqual(NoteFileNaming.title.fileName(for: "Q&A: why/how?"), "Q&A- why-how-.md")
        XCTAssertNil(NoteFileNaming.title.fileName(for: "..."))
        let catalogue = notes([
            ("checkout-flow.md", "---\ntitle: Checkout Flow\n---\n"), ("sheets.md", "---\ntitle: Sheets\n---\n"),
        ])
        XCTAssertEqual(NoteFileNaming(judging: catalogue), .slug)
        XCTAssertEqual(NoteFileNaming(judging: []), .slug)
        XCTAssertEqual(NoteFileNaming.slug.fileName(for: "Team Onboarding"), "team-onboarding.md")
    }
}
