import Foundation
import XCTest
@testable import Notes
@testable import Support

/// What `notes new` and the MCP writes are made of: drafts from templates, YAML values that read
/// back as written, and several files written all or nothing.
final class NoteWritingTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "patternlint-write-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testADraftWithoutTemplateHasTheCatalogueFrontMatter() {
        let draft = NoteDraft(
            title: "Checkout Flow", permalink: "team/checkout-flow", tags: ["team", "payments"], date: "2025-01-31")
        let text = draft.text()
        XCTAssertEqual(
            text,
            "---\ntitle: Checkout Flow\ntype: note\npermalink: team/checkout-flow\ntags: [team, payments]\n---\n\n# Checkout Flow\n"
        )
        let note = NoteParser.parse(path: "n.md", relativePath: "n.md", text: text)
        XCTAssertEqual(note.title, "Checkout Flow")
        XCTAssertEqual(note.permalink, "team/checkout-flow")
        XCTAssertEqual(note.tags, ["team", "payments"])
        XCTAssertEqual(note.type, "note")
        XCTAssertEqual(NoteDraft.fileName(for: "Checkout Flow"), "checkout-flow.md")
        XCTAssertEqual(NoteDraft.fileName(for: "NavigationStack: Basics!"), "navigation-stack-basics.md")
        XCTAssertNil(NoteDraft.fileName(for: "!!!"))
    }

    func testTemplatesAreFilledAndValuesReadBackAsWritten() {
        let template = """
            ---
            title: {{title}}
            type: decision
            summary: "About {{ title }}"
            date: {{date}}
            tags: {{tags}}
            ---
            # {{title}}

            Decided {{date}} ({{tags}}); {{unknown}} stays, and so does {{ }}.
            """
        for title in ["Sheets: the basics", "yes", "#1 rule", "[draft] \"quoted\" \\ back", "Plain"] {
            let draft = NoteDraft(
                title: title, permalink: "p", tags: ["a, b", "c"], date: "2025-01-31")
            let text = draft.text(template: template)
            XCTAssertEqual(draft.problems(in: text, path: "t.md"), [], text)
            let note = NoteParser.parse(path: "t.md", relativePath: "t.md", text: text)
            XCTAssertEqual(note.title, title, text)
            XCTAssertEqual(note.tags, ["a, b", "c"], text)
            XCTAssertEqual(note.type, "decision")
            XCTAssertEqual(note.extra["summary"], "About " + title, text)
            XCTAssertEqual(note.extra["date"], "2025-01-31")
            // The key the template lacks is added.
            XCTAssertEqual(note.permalink, "p")
            XCTAssertTrue(text.contains("Decided 2025-01-31 (a, b, c); {{unknown}} stays, and so does {{ }}."), text)
        }
        // A template without front matter gets all of it.
        let bare = NoteDraft(title: "T", permalink: "t", date: "d").text(template: "Body of {{title}}\n")
        XCTAssertEqual(bare, "---\ntitle: T\ntype: note\npermalink: t\ntags: []\n---\n\nBody of T\n")
    }

    func testContentKeepsItsOwnFrontMatterAndPlaceholders() {
        let draft = NoteDraft(title: "T", permalink: "t", tags: ["x"], date: "d")
        let text = draft.text(content: "---\ntype: decision\n---\n# T\n\nKeep {{title}}.\n")
        XCTAssertEqual(text, "---\ntype: decision\ntitle: T\npermalink: t\ntags: [x]\n---\n# T\n\nKeep {{title}}.\n")
        // Front matter that does not read is a problem named, never written.
        let broken = draft.text(content: "---\ntitle: [unclosed\n---\n")
        XCTAssertFalse(draft.problems(in: broken, path: "t.md").isEmpty)
    }

    func testEditsAsBasicMemoryMakesThem() throws {
        let note = Array(
            "---\ntitle: T\n---\n# T\n\nIntro.\n\n## Steps\n\n- one\n\n### Detail\n\nx\n\n## After\n\nEnd".utf8)
        func edited(_ edit: NoteEdit) throws -> String {
            String(decoding: try edit.apply(to: note, path: "t.md"), as: UTF8.self)
        }
        XCTAssertTrue(try edited(.append("More.")).hasSuffix("End\n\nMore.\n"))
        XCTAssertTrue(try edited(.prepend("First.")).hasPrefix("---\ntitle: T\n---\nFirst.\n\n# T\n"))
        XCTAssertEqual(
            try edited(.replaceSection(heading: "## Steps", content: "- two")),
            "---\ntitle: T\n---\n# T\n\nIntro.\n\n## Steps\n- two\n\n## After\n\nEnd", "its subsections go with it")
        let last = try edited(.replaceSection(heading: "after", content: "Fin."))
        XCTAssertTrue(last.hasSuffix("## After\nFin.\n"), last)
        XCTAssertTrue(try edited(.findReplace(find: "one", replacement: "uno", expected: 1)).contains("- uno\n"))
        XCTAssertThrowsError(try edited(.findReplace(find: "\n", replacement: "", expected: 1))) {
            XCTAssertTrue("\($0)".contains("occurs 17 times, not 1"), "\($0)")
        }
        XCTAssertThrowsError(try edited(.replaceSection(heading: "Nope", content: ""))) {
            XCTAssertTrue("\($0)".contains("t.md has no heading \"Nope\"; its headings: \"T\", \"Steps\""), "\($0)")
        }
    }

    func testABatchWritesEveryChange() throws {
        let a = folder + "/a.md", b = folder + "/b.md", moved = folder + "/sub/deeper/b2.md", made = folder + "/new.md"
        try Data("A".utf8).write(to: URL(fileURLWithPath: a))
        try Data("B".utf8).write(to: URL(fileURLWithPath: b))
        try FileBatch([
            .replace(path: a, expected: Array("A".utf8), contents: Array("A2".utf8)),
            .move(from: b, expected: Array("B".utf8), to: moved, contents: Array("B2".utf8)),
            .create(path: made, contents: Array("N".utf8)),
        ]).commit()
        XCTAssertEqual(try FileContents.read(a), Array("A2".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: b))
        XCTAssertEqual(try FileContents.read(moved), Array("B2".utf8))
        XCTAssertEqual(try FileContents.read(made), Array("N".utf8))
        XCTAssertEqual(try leftovers(), [], "no temporary file stays")
    }

    func testABatchThatFailsChangesNothing() throws {
        let a = folder + "/a.md", b = folder + "/b.md", taken = folder + "/taken.md"
        for (path, text) in [(a, "A"), (b, "B"), (taken, "T")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        func batch(_ last: FileBatch.Change) -> FileBatch {
            FileBatch([
                .replace(path: a, expected: Array("A".utf8), contents: Array("A2".utf8)),
                .move(from: b, expected: Array("B".utf8), to: folder + "/new/b.md", contents: Array("B2".utf8)),
                last,
            ])
        }
        // Checked before anything is written: a file changed since it was read, a path taken.
        XCTAssertThrowsError(
            try batch(.replace(path: taken, expected: Array("stale".utf8), contents: [])).commit()
        ) { XCTAssertTrue("\($0)".contains("taken.md: changed since it was read"), "\($0)") }
        XCTAssertThrowsError(try batch(.create(path: taken, contents: [])).commit()) {
            XCTAssertTrue("\($0)".contains("taken.md: already exists"), "\($0)")
        }
        // A swap that fails after two others: those two are put back.
        var failing = batch(.create(path: folder + "/c.md", contents: Array("C".utf8)))
        failing.failingSwapForTesting = 2
        XCTAssertThrowsError(try failing.commit())
        XCTAssertEqual(try FileContents.read(a), Array("A".utf8))
        XCTAssertEqual(try FileContents.read(b), Array("B".utf8))
        XCTAssertEqual(try FileContents.read(taken), Array("T".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/new"), "a folder made for it goes too")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/c.md"))
        XCTAssertEqual(try leftovers(), [])
    }

    func testABatchWritesThroughSymlinksAndKeepsTheMode() throws {
        let real = folder + "/real.md", link = folder + "/link.md"
        try Data("R".utf8).write(to: URL(fileURLWithPath: real))
        chmod(real, 0o600)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try FileBatch([.replace(path: link, expected: Array("R".utf8), contents: Array("R2".utf8))]).commit()
        XCTAssertEqual(try FileContents.read(real), Array("R2".utf8))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), real)
        var status = stat()
        stat(real, &status)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
    }

    private func leftovers() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    }
}
