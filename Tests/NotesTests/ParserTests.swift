import Foundation
import XCTest
@testable import Notes

final class ParserTests: XCTestCase {
    func parse(_ text: String, path: String = "n.md") -> Note {
        NoteParser.parse(path: path, relativePath: path, text: text)
    }

    /// A block's links are read from the file's own bytes when no line ends in `\r\n`, and from a
    /// copy without the `\r`s otherwise: both give the same links, observations and places.
    func testLinksAreTheSameWithAndWithoutCarriageReturns() {
        let lines = [
            "---", "title: Mixed", "---", "# Mixed", "",
            "![[Diagram.png]] opens the paragraph, then [[Other Note#Part|shown]] — after it.",
            "A code span `[[Not A Link]]` and an escaped \\[[Not Either]] stay text; [[Last]] does not.",
            "", "- part_of [[Parent Note]] for the whole", "- [decision] Keep it small #scope #size.",
            "- [[Broken over", "  two lines]] and [a file](other%20note.md#top)", "",
            "``` ", "[[In Code]]", "```", "", "Ends without a newline [[End Note]]",
        ]
        func summary(_ text: String) -> [String] {
            let note = NoteParser.parse(path: "/v/Mixed.md", relativePath: "Mixed.md", text: text)
            return note.links.map {
                "\($0.line):\($0.column) \($0.raw) \($0.target) \($0.anchor ?? "-") \($0.label ?? "-") \($0.kind) \($0.context ?? "-")"
            } + note.observations.map { "\($0.category) | \($0.text) | \($0.tags)" }
        }
        let unix = summary(lines.joined(separator: "\n"))
        XCTAssertEqual(unix, summary(lines.joined(separator: "\r\n")))
        XCTAssertEqual(unix.count, 8, "\(unix)")
        XCTAssertTrue(
            unix.contains("6:1 ![[Diagram.png]] Diagram.png - - links_to opens the paragraph, then"), "\(unix)")
        XCTAssertTrue(unix.contains("decision | Keep it small #scope #size. | [\"scope\", \"size\"]"), "\(unix)")
    }

    func testPermalinksDerivedFromPaths() {
        XCTAssertEqual(
            Slug.permalink(fromRelativePath: "Views/NavigationStackBasics.md"), "views/navigation-stack-basics")
        XCTAssertEqual(Slug.permalink(fromRelativePath: "My  Notes/A__B -- c.md"), "my-notes/a-b-c")
        XCTAssertEqual(Slug.permalink(fromRelativePath: "URLSessionTips.md"), "url-session-tips")
        XCTAssertEqual(parse("---\npermalink: /a/b/\n---\n").permalink, "a/b")
    }

    /// The one-pass ASCII permalink against the component by component definition, on paths with
    /// empty parts, parts that slug to nothing, camelCase, acronyms, digits and runs of separators.
    func testASCIIPermalinksAreTheComponentsSlugged() {
        let pieces = [
            "/", "//", "-", "_", " ", ".", "a", "B", "URL", "Session", "x2", "9", "--", "Ab", "aB", ".md", "MD",
        ]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3000 {
            var path = ""
            for _ in 0..<(Int(seed % 9) + 1) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                path += pieces[Int(seed >> 33) % pieces.count]
            }
            let expected = path.withoutMarkdownExtension.split(separator: "/").map { Slug.component(String($0)) }
                .filter { !$0.isEmpty }.joined(separator: "/")
            XCTAssertEqual(Slug.permalink(fromRelativePath: path), expected, path.debugDescription)
        }
        XCTAssertEqual(Slug.permalink(fromRelativePath: "Été/Déjà Vu.md"), "été/déjà-vu")
    }

    func testStemDropsMarkdownExtensionInAnyCase() {
        XCTAssertEqual(parse("", path: "Views/Deep/Sheets.MD").stem, "Sheets")
        XCTAssertEqual(parse("", path: "Views/Deep/Sheets.MD").title, "Sheets", "the title falls back to the same stem")
        XCTAssertEqual(parse("", path: "Sheets.md").stem, "Sheets")
        XCTAssertEqual(parse("", path: "notes.txt/Plain").stem, "Plain")
        XCTAssertEqual(Slug.permalink(fromRelativePath: "A/Page.Md"), "a/page")
    }

    func testASCIICaseHelpersMatchLoweredText() {
        XCTAssertTrue("See Also: RELATED notes".containsIgnoringASCIICase("related"))
        XCTAssertFalse("Relate".containsIgnoringASCIICase("related"))
        XCTAssertTrue("HTTPS://example.com".containsIgnoringASCIICase("://"))
        XCTAssertTrue("MailTo:someone".hasPrefixIgnoringASCIICase("mailto:"))
        XCTAssertFalse("mail".hasPrefixIgnoringASCIICase("mailto:"))
        XCTAssertTrue("é/x.mD".hasSuffixIgnoringASCIICase(".md"))
        XCTAssertFalse("md".hasSuffixIgnoringASCIICase(".md"))
    }

    func testTagsAsListStringOrCommaString() {
        XCTAssertEqual(parse("---\ntags:\n- a\n- '#b'\n---\n").tags, ["a", "b"])
        XCTAssertEqual(parse("---\ntags: one\n---\n").tags, ["one"])
        XCTAssertEqual(parse("---\ntags: x, y,z\n---\n").tags, ["x", "y", "z"])
    }

    func testOtherKeysAreKept() {
        let note = parse("---\ntitle: T\nstatus: draft\nalias: Old Name\n---\n")
        XCTAssertEqual(note.extra["status"], "draft")
        XCTAssertEqual(note.aliases, ["Old Name"])
    }

    func testMalformedYAMLNamesTheFileAndLine() {
        let note = parse("---\ntitle: ok\nbad: [x\nmore: y\n---\n# Fallback\n", path: "notes/bad.md")
        XCTAssertEqual(note.title, "Fallback")
        XCTAssertEqual(note.diagnostics.count, 1)
        let problem = note.diagnostics[0]
        XCTAssertEqual(problem.path, "notes/bad.md")
        XCTAssertEqual(problem.code, "bad-front-matter")
        XCTAssertTrue((2...4).contains(problem.line), "line \(problem.line) is inside the front matter")
        XCTAssertTrue(problem.description.hasPrefix("notes/bad.md:\(problem.line):1: error: malformed YAML"))
    }

    func testAnAliasBombInFrontMatterIsRefusedNotExpanded() {
        var lines = ["title: Bomb", "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...8 {
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        let note = parse("---\n" + lines.joined(separator: "\n") + "\n---\n# Bomb\n", path: "notes/bomb.md")
        XCTAssertEqual(note.diagnostics.map(\.code), ["bad-front-matter"])
        XCTAssertTrue(note.diagnostics[0].description.contains("aliases expand"), note.diagnostics[0].description)
        // A few aliases are fine.
        let small = parse("---\ntitle: Small\nbase: &b [x, y]\nother: *b\n---\n# Small\n")
        XCTAssertEqual(small.diagnostics.count, 0)
    }

    func testFrontMatterThatIsNotAMapping() {
        let note = parse("---\n- just\n- a list\n---\nbody\n")
        XCTAssertEqual(note.diagnostics.map(\.code), ["bad-front-matter"])
    }

    func testLineNumbersStayTrueAfterFrontMatter() {
        let note = parse("---\ntitle: X\n---\n\nSee [[Y]].\n")
        XCTAssertEqual(note.links.first?.line, 5)
        XCTAssertEqual(note.links.first?.column, 5)
    }

    func testColumnsCountCharactersOnMultiByteLines() {
        let note = parse("Émoji 🧭 then [[Compass]]\n")
        XCTAssertEqual(note.links.first?.column, 14)
    }

    /// Columns count on from the link before on the same line, and start again for the markdown
    /// links (found in a second pass) and on the next line of the paragraph.
    func testColumnsOfManyLinksOnOneLineAndTheNext() {
        let note = parse("é [[A]] ü [b](b.md) 🧭 [[C]] [d](d.md)\nö [[E]] [f](f.md)\n")
        XCTAssertEqual(note.links.map(\.target), ["A", "C", "E", "b.md", "d.md", "f.md"])
        XCTAssertEqual(note.links.map(\.column), [3, 23, 3, 11, 29, 9])
        XCTAssertEqual(note.links.map(\.line), [1, 1, 2, 1, 1, 2])
    }

    func testReferenceDefinitionDoesNotHideAWikiLink() {
        let note = parse("See [[T]] here.\n\n[T]: https://example.com\n")
        XCTAssertEqual(note.links.map(\.target), ["T"])
        XCTAssertEqual(note.links.first?.column, 5)
    }

    func testCodeSpanInsideALinkAndLinksInQuotesAndLists() {
        let note = parse("> quoted [[A]]\n\n1. item [[B]]\n   - nested [[C]]\n\n| a | [[D]] |\n|---|---|\n")
        XCTAssertEqual(note.links.map(\.target), ["A", "B", "C", "D"])
        XCTAssertEqual(note.links.map(\.line), [1, 3, 4, 6])
    }

    func testSelfLinkToHeading() {
        let graph = Graph(vault: Vault(notes: [parse("# Top\n\n## Part\n\nJump to [[#Part]] or [[#Nowhere]].\n")]))
        XCTAssertEqual(graph.edges.map(\.resolution), [.resolved(0), .resolved(0)])
        XCTAssertEqual(graph.check(reportOrphans: false).map(\.code), ["missing-heading"])
    }

    /// A link is a 16-byte reference into its note's records; every field survives the encoding:
    /// numbers past one LEB128 byte, long and non-ASCII strings, an empty anchor apart from none.
    func testLinkRecordsKeepEveryField() {
        XCTAssertEqual(MemoryLayout<NoteLink>.stride, 16)
        let long = String(repeating: "ünïcode ", count: 30)
        let text =
            String(repeating: "\n", count: 300) + "## Related Work\n\n"
            + String(repeating: "word ", count: 30) + "[[Target#|label]] \(long)\n\n- implements [[Other#Part]]\n"
        let links = NoteParser.parse(path: "n.md", relativePath: "n.md", text: text).links
        XCTAssertEqual(links.count, 2)
        XCTAssertEqual(links[0].line, 303)
        XCTAssertEqual(links[0].column, 151)
        XCTAssertEqual(links[0].raw, "[[Target#|label]]")
        XCTAssertEqual(links[0].target, "Target")
        XCTAssertEqual(links[0].anchor, "")
        XCTAssertEqual(links[0].label, "label")
        XCTAssertEqual(links[0].kind, "related")
        XCTAssertEqual(links[0].section, "Related Work")
        XCTAssertEqual(links[0].context, long.trimmingCharacters(in: .whitespaces))
        XCTAssertEqual(links[1].anchor, "Part")
        XCTAssertNil(links[1].label)
        XCTAssertNil(links[1].context)
        XCTAssertEqual(links[1].kind, "implements")
        XCTAssertEqual(links[1].style, .wiki)
        XCTAssertEqual(links[1].line, 305)
        XCTAssertEqual(links[1].column, 14)
        // A raw that is the target in brackets is made again from it; any other is kept as written.
        let embeds = NoteParser.parse(
            path: "e.md", relativePath: "e.md", text: "![[Pic]] and [[ Spaced ]] and [[Plain]]\n"
        )
        .links
        XCTAssertEqual(embeds.map(\.raw), ["![[Pic]]", "[[ Spaced ]]", "[[Plain]]"])
        XCTAssertEqual(embeds.map(\.style), [.embed, .wiki, .wiki])
        XCTAssertEqual(embeds.map(\.target), ["Pic", "Spaced", "Plain"])
    }

    func testBinaryAndInvalidUTF8() {
        let binary = NoteParser.parse(path: "b.md", relativePath: "b.md", data: [0x23, 0x00, 0x41])
        XCTAssertEqual(binary.diagnostics.map(\.code), ["unreadable"])
        let latin1 = NoteParser.parse(
            path: "l.md", relativePath: "l.md", data: Array("# Caf".utf8) + [0xE9] + Array("\n[[X]]\n".utf8))
        XCTAssertEqual(latin1.diagnostics.map(\.code), ["encoding"])
        XCTAssertEqual(latin1.links.map(\.target), ["X"])
    }

    func testEmptyAndUnclosed() {
        XCTAssertEqual(parse("").links.count, 0)
        XCTAssertEqual(parse("").title, "n")
        XCTAssertEqual(parse("---\ntitle: x\n").diagnostics.map(\.code), ["unclosed-front-matter"])
    }

    func testTenThousandLinksAndAFiveMegabyteNote() {
        var text = "# Many\n\n"
        for index in 0..<10_000 { text += "- [[Note \(index)]]\n" }
        let many = parse(text)
        XCTAssertEqual(many.links.count, 10_000)
        XCTAssertEqual(many.links.last?.line, 10_002)

        let paragraph = String(repeating: "Lorem ipsum dolor sit amet, [[Target]] consectetur. ", count: 20) + "\n\n"
        var big = "# Big\n\n"
        while big.utf8.count < 5_000_000 { big += paragraph }
        let note = parse(big)
        XCTAssertEqual(note.links.count, big.components(separatedBy: "[[Target]]").count - 1)
    }
}

final class ExportAndSearchTests: XCTestCase {
    let graph: Graph = {
        let a = NoteParser.parse(
            path: "a.md", relativePath: "a.md",
            text: "---\ntitle: Alpha \"Q\"\ntags: [nav]\n---\n# Alpha\n\n- refines [[Beta]]\n- [[Gone]]\n")
        let b = NoteParser.parse(
            path: "b.md", relativePath: "b.md", text: "# Beta\n\nNavigation stack notes. navigation again.\n")
        return Graph(vault: Vault(notes: [a, b]))
    }()

    /// An observation's tags are the note's: `notes list --tag open` and the JSON graph carry them.
    func testObservationsBelongToTheirNote() throws {
        let note = NoteParser.parse(
            path: "s.md", relativePath: "s.md",
            text: "---\ntitle: Sheets\ntags: [ui]\n---\n# Sheets\n\n## Observations\n- [question] Own a stack? #open\n")
        XCTAssertEqual(note.allTags, ["ui", "open"])
        let graph = Graph(vault: Vault(notes: [note]))
        XCTAssertTrue(graph.tagCounts.contains { $0.tag == "open" })
        let object = try JSONSerialization.jsonObject(with: Data(GraphExport.json(graph).utf8)) as! [String: Any]
        let observations = (object["notes"] as! [[String: Any]])[0]["observations"] as! [[String: Any]]
        XCTAssertEqual(observations.first?["category"] as? String, "question")
        XCTAssertEqual(observations.first?["tags"] as? [String], ["open"])
    }

    /// The JSON graph is written in one pass; it must stay byte for byte what JSONEncoder makes of
    /// `GraphExport.document`: escapes, nulls, empty lists, ambiguous candidates.
    func testStreamedJSONMatchesTheEncoder() throws {
        let texts = [
            "---\ntitle: \"Quote \\\" and \\\\ slash/\"\ntags: []\n---\n# T\n\n- [tip] tab\there \u{1} #x\n\nSee [[Twin]] and [[Nowhere]] — ctrl \u{7} \u{8} \u{C}.\n",
            "---\ntitle: Twin\n---\nbody\n", "---\ntitle: Twin\naliases: [Ünï]\n---\n[[Quote \" and \\ slash/]]\n", "",
        ]
        let notes = texts.enumerated().map {
            NoteParser.parse(path: "d/n\($0.offset).md", relativePath: "n\($0.offset).md", text: $0.element)
        }
        let graph = Graph(vault: Vault(notes: notes))
        XCTAssertTrue(graph.edges.contains { if case .ambiguous = $0.resolution { return true } else { return false } })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(GraphExport.document(graph)), as: UTF8.self) + "\n"
        XCTAssertEqual(GraphExport.json(graph), expected)
    }

    func testJSONHasEveryDocumentedField() throws {
        let object = try JSONSerialization.jsonObject(with: Data(GraphExport.json(graph).utf8)) as! [String: Any]
        let notes = object["notes"] as! [[String: Any]]
        XCTAssertEqual(
            Set(notes[0].keys),
            ["path", "title", "permalink", "type", "tags", "aliases", "inline_tags", "observations"])
        let links = object["links"] as! [[String: Any]]
        XCTAssertEqual(links.count, 2)
        XCTAssertEqual(links[0]["target"] as? String, "b.md")
        XCTAssertEqual(links[0]["kind"] as? String, "refines")
        XCTAssertTrue(links[1]["target"] is NSNull, "an unresolved link keeps a null target")
        XCTAssertEqual(links[1]["status"] as? String, "unresolved")
        XCTAssertEqual(
            Set(links[0].keys),
            ["source", "line", "column", "raw", "target", "status", "kind", "style", "heading", "context"])
    }

    func testDotAndMermaid() {
        let dot = GraphExport.dot(graph)
        XCTAssertTrue(dot.contains("n0 -> n1 [label=\"refines\"];"))
        XCTAssertTrue(dot.contains("label=\"Alpha \\\"Q\\\"\""))
        XCTAssertTrue(dot.contains("missing0 [label=\"Gone\""))
        let mermaid = GraphExport.mermaid(graph)
        XCTAssertTrue(mermaid.contains("n0 -- refines --> n1"))
        XCTAssertTrue(mermaid.contains("n0 -.-> missing0"))
    }

    func testSearchRanksTitleAboveBody() {
        let hits = NoteSearch.search("beta", in: graph.notes)
        XCTAssertEqual(hits.map(\.note), [1, 0])
        XCTAssertEqual(NoteSearch.search("navigation", in: graph.notes).first?.note, 1)
        XCTAssertTrue(
            NoteSearch.search("nav zebra", in: graph.notes, allWords: true).isEmpty, "every word must occur")
        XCTAssertEqual(
            NoteSearch.search("nav zebra", in: graph.notes).map(\.note), [0, 1],
            "any word finds a note: tag `nav` first")
    }

    /// By words, not substrings; an alias that is the whole query first; accents folded.
    func testSearchMatchesWordsAndRanksExactNamesFirst() {
        func note(_ path: String, _ text: String) -> Note {
            NoteParser.parse(path: path, relativePath: path, text: text)
        }
        let notes = [
            note("stacks.md", "# Sheets and Stacks\n\nSheets sheets sheets sheets sheets. It multiplies.\n"),
            note("modal.md", "---\ntitle: Modal Presentation\naliases: [Sheets]\n---\n# Modal\n\nOne sheet.\n"),
            note("cafe.md", "# Café Rules\n\nThe déjà vu of navigation.\n"),
        ]
        XCTAssertEqual(NoteSearch.search("sheets", in: notes).map(\.note), [1, 0])
        XCTAssertTrue(NoteSearch.search("tip", in: notes).isEmpty, "`tip` is not a word of \"multiplies\"")
        XCTAssertEqual(NoteSearch.search("cafe deja", in: notes).map(\.note), [2])
        XCTAssertEqual(NoteSearch.search("nav", in: notes).first?.matched, ["navigation"])
        XCTAssertEqual(NoteSearch.words("Déjà-Vu, NavigationStack2"), ["deja", "vu", "navigationstack2"])
    }

    /// Hits that tie on score and title come in path order, so every run lists them alike; the
    /// matched words and the tag filter hold for each.
    func testSearchTiesAreInPathOrder() {
        let text = "---\ntitle: Design\ntags: [core]\n---\nThe lexer reads bytes.\n"
        let paths = ["c/design.md", "a/design.md", "b/design.md", "d/design.md"]
        var notes = paths.map { NoteParser.parse(path: $0, relativePath: $0, text: text) }
        notes.append(NoteParser.parse(path: "e/other.md", relativePath: "e/other.md", text: "# Other\n\nLexers.\n"))
        let hits = NoteSearch.search("lex", in: notes)
        // The short note scores highest; the four that tie follow by path.
        XCTAssertEqual(
            hits.map { notes[$0.note].path },
            ["e/other.md", "a/design.md", "b/design.md", "c/design.md", "d/design.md"])
        XCTAssertEqual(hits.first?.matched, ["lexers"])
        XCTAssertEqual(hits.last?.matched, ["lexer"])
        XCTAssertEqual(NoteSearch.search("lex", in: notes, limit: 2).map(\.note), [4, 1])
        XCTAssertEqual(
            NoteSearch.search("lex bytes", in: notes, allWords: true, include: { $0 != 1 }).map(\.note), [2, 0, 3])
    }

    func testRendererColoursOnlyWhenAsked() {
        let markdown = "# Title\n\nSome `code` and **bold**.\n\n```swift\nlet x = 1\n```\n"
        let plain = TerminalRenderer(color: false).render(markdown: markdown)
        XCTAssertFalse(plain.contains("\u{1B}["))
        XCTAssertTrue(plain.contains("TITLE"))
        XCTAssertTrue(plain.contains("│ let x = 1"))
        XCTAssertTrue(TerminalRenderer(color: true).render(markdown: markdown).contains("\u{1B}["))
    }

    /// 100,000 nested quotes and deep lists crashed `notes show` (stack overflow): past a depth
    /// the rest prints plain, its text kept.
    func testRendererSurvivesDeepNesting() {
        let quotes = String(repeating: ">", count: 100_000) + " deep text\n"
        let rendered = TerminalRenderer(color: true).render(markdown: quotes)
        XCTAssertTrue(rendered.contains("deep text"))
        XCTAssertLessThan(rendered.utf8.count, 2_000, "the quote marks stop at the depth bound")
        let list = (0..<300).map { String(repeating: "  ", count: $0) + "- item \($0)\n" }.joined()
        XCTAssertTrue(TerminalRenderer(color: false).render(markdown: list).contains("item 299"))
        let shallow = "> a quote\n>\n> - with a list\n"
        XCTAssertEqual(TerminalRenderer(color: false).render(markdown: shallow), "▌ a quote\n▌ \n▌ • with a list\n")
    }
}
