import Foundation
import XCTest
@testable import Notes

/// Relations, observations and tags read as Basic Memory's "Knowledge format" and Obsidian's tag
/// rules have them, on notes written in both syntaxes.
final class BasicMemoryFormatTests: XCTestCase {
    func parse(_ text: String) -> Note {
        NoteParser.parse(path: "n.md", relativePath: "n.md", text: text)
    }

    /// A relation is a list item of a type (quoted when it has spaces), one wiki link and an
    /// optional `(context)`, nothing else.
    func testRelationsAreOnlyTypeLinkAndContext() {
        let note = parse(
            """
            # Garden journal

            - waters [[Tomato Bed]] (every second morning)
            - shaded_by [[Old Oak]]
            - borders-on [[Herb Spiral]]
            - In [[Compost Heap]], the worms do the work.
            - feeds [[Compost Heap]] and the rest goes to the bin
            - **feeds** [[Worm Farm]]
            - `feeds` [[Worm Farm]]
            1. Open **[[Seed Drawer]]**
            2. sorts [[Seed Drawer]]
            - see [[Tomato Bed]] [[Old Oak]]
            - "grows beside" [[Old Oak]] (in its shade)
            - links [[Tomato Bed]] (first) and [[Old Oak]] (second)
            """)
        let kinds = note.links.map { "\($0.line) \($0.kind) \($0.target) \($0.context ?? "-")" }
        XCTAssertEqual(
            kinds,
            [
                "3 waters Tomato Bed every second morning",
                "4 shaded_by Old Oak -",
                "5 borders-on Herb Spiral -",
                "6 links_to Compost Heap , the worms do the work.",
                "7 links_to Compost Heap and the rest goes to the bin",
                "8 links_to Worm Farm -",
                "9 links_to Worm Farm -",
                "10 links_to Seed Drawer -",
                "11 sorts Seed Drawer -",
                "12 links_to Tomato Bed -",
                "12 links_to Old Oak -",
                "13 grows beside Old Oak in its shade",
                "14 links_to Tomato Bed (first) and",
                "14 links_to Old Oak (second)",
            ])
    }

    /// Observations from `- [category] …` only: not tasks, markdown links or code; the closing
    /// `(context)` split off; code spans keep their backticks; `#tag` outside code and escapes.
    func testObservationsAreCategoriesNotTasksLinksOrCode() {
        let note = parse(
            """
            # Kiln log

            - [ ] clean the shelves
            - [x] order new cones
            - [-] dropped: the second kiln
            - [Firing schedule](https://example.org/kiln) pinned by the door
            - **[Glaze chart](https://example.org/glaze):** on the wall
            - *[draft]* notes for the next firing
            - `[cone]` is how the log writes a cone number
            - [technique] Glaze at `cone 6` #glaze #stoneware (tested on three batches)
            - [warning] Never open above 200 °C #safety.
            - [question] Does \\#reduction count as a tag? #open
            - [idea] mix (some) ash in
            - [fact] `a (b)` kept whole
            - [00:01:15] the speaker starts
            - [a] one letter is a category
            - [empty]
            > - [callout] inside a quote
            """)
        XCTAssertEqual(
            note.observations,
            [
                Observation(
                    category: "technique", text: "Glaze at `cone 6` #glaze #stoneware", tags: ["glaze", "stoneware"],
                    line: 10, context: "tested on three batches"),
                Observation(
                    category: "warning", text: "Never open above 200 °C #safety.", tags: ["safety"], line: 11),
                Observation(
                    category: "question", text: "Does #reduction count as a tag? #open", tags: ["open"], line: 12),
                Observation(category: "idea", text: "mix (some) ash in", tags: [], line: 13),
                Observation(category: "fact", text: "`a (b)` kept whole", tags: [], line: 14),
                Observation(category: "a", text: "one letter is a category", tags: [], line: 16),
            ])
        XCTAssertEqual(note.observations[0].context, "tested on three batches")
        XCTAssertNil(note.observations[1].context)
    }

    /// Obsidian's tags: `\#tag` is text; a tag keeps non-ASCII letters and emoji and stops at
    /// punctuation; tags in the text reach the JSON graph.
    func testInlineTagsAsObsidianReadsThem() throws {
        let note = parse(
            """
            ---
            tags: [pottery]
            ---
            # Studio

            Today #glazing went well, \\#not-a-tag stays text, #équipe… and #mood🙂 too.
            Twice: \\#twice and #twice, `#code` never, C# never, #2024 never.
            - [mood] calm #quiet
            """)
        XCTAssertEqual(note.inlineTags, ["glazing", "équipe", "mood🙂", "twice", "quiet"])
        XCTAssertEqual(note.allTags, ["pottery", "quiet", "glazing", "équipe", "mood🙂", "twice"])
        let graph = Graph(vault: Vault(notes: [note]))
        let object = try JSONSerialization.jsonObject(with: Data(GraphExport.json(graph).utf8)) as! [String: Any]
        let record = (object["notes"] as! [[String: Any]])[0]
        XCTAssertEqual(record["tags"] as? [String], ["pottery"])
        XCTAssertEqual(record["inline_tags"] as? [String], ["glazing", "équipe", "mood🙂", "twice", "quiet"])
        let observation = (record["observations"] as! [[String: Any]])[0]
        XCTAssertTrue(observation["context"] is NSNull)
        XCTAssertTrue(NotePresenter(color: false).show(0, in: graph).contains("#pottery #quiet #glazing"))
    }

    /// The shipped notes' relation lines are ones Basic Memory reads as relations: type, link,
    /// `(context)`, nothing after.
    func testShippedRelationLinesFollowTheFormat() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var checked = 0
        for folder in ["notes", "Rules"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)!
            for case let file as URL in files where file.pathExtension == "md" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ", maxSplits: 2)
                    guard words.count == 3, words[0] == "-", words[1].allSatisfy({ $0.isLetter || $0 == "_" }),
                        words[1].contains("_") || ["refines", "extends", "uses", "implements"].contains(words[1]),
                        words[2].hasPrefix("[[")
                    else { continue }
                    checked += 1
                    let rest = words[2][words[2].range(of: "]]")!.upperBound...].trimmingCharacters(in: .whitespaces)
                    XCTAssertTrue(
                        rest.isEmpty || (rest.hasPrefix("(") && rest.hasSuffix(")")),
                        "\(file.lastPathComponent): `\(line)` has prose after its link: put it in `(context)`")
                }
            }
        }
        XCTAssertGreaterThan(checked, 40)
    }
}
