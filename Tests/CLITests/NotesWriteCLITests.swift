import Foundation
import XCTest

/// Issue 31: writing and reorganising notes from the command line.
extension CLITests {
    func fileText(_ folder: URL, _ path: String) -> String? {
        (try? Data(contentsOf: folder.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }

    func testNotesNewWritesIntoTheFirstNoteFolderAndNeverOverwrites() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "notes: [docs/notes, more]\n",
            "docs/notes/.templates/decision.md":
                "---\ntitle: {{title}}\ntype: decision\ncreated: {{date}}\n---\n# {{title}}\n\nTags: {{tags}}\n",
            "docs/notes/existing.md": "---\ntitle: Existing Note\n---\n",
        ])
        let made = try run(["notes", "new", "Checkout Flow", "--tag", "team", "--tag", "#payments"], in: folder)
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(made.stdout, "created docs/notes/checkout-flow.md\n")
        XCTAssertEqual(
            fileText(folder, "docs/notes/checkout-flow.md"),
            "---\ntitle: Checkout Flow\ntype: note\npermalink: checkout-flow\ntags: [team, payments]\n---\n\n# Checkout Flow\n"
        )
        // A template, a folder below the note folder (the permalink follows the path), --print-path.
        let templated = try run(
            [
                "notes", "new", "Sheets: the basics", "--template", "decision", "--dir", "docs/notes/ios",
                "--print-path",
            ],
            in: folder)
        XCTAssertEqual(templated.status, 0, templated.stderr)
        XCTAssertEqual(templated.stdout, "docs/notes/ios/sheets-the-basics.md\n")
        let text = fileText(folder, "docs/notes/ios/sheets-the-basics.md") ?? ""
        XCTAssertTrue(text.hasPrefix("---\ntitle: \"Sheets: the basics\"\ntype: decision\ncreated: 2"), text)
        XCTAssertTrue(text.contains("permalink: ios/sheets-the-basics\ntags: []\n---\n# Sheets: the basics\n"), text)
        let shown = try run(["notes", "show", "ios/sheets-the-basics", "--no-builtin-notes"], in: folder)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("type      decision"), shown.stdout)
        // Never over a file, nor beside a note with the same title or permalink: exit 2, nothing written.
        let again = try run(["notes", "new", "Checkout Flow"], in: folder)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(
            again.stderr.contains("docs/notes/checkout-flow.md already exists; not overwritten"), again.stderr)
        let sameTitle = try run(["notes", "new", "existing note", "--dir", "more"], in: folder)
        XCTAssertEqual(sameTitle.status, 2)
        XCTAssertTrue(
            sameTitle.stderr.contains("docs/notes/existing.md already has the title \"Existing Note\""),
            sameTitle.stderr)
        XCTAssertNil(fileText(folder, "more/existing-note.md"))
        let missing = try run(["notes", "new", "X", "--template", "nope"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nope.md: cannot be read"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("templates: decision"), missing.stderr)
        let broken = try run(["notes", "new", "X", "--template", "docs/notes/existing.md"], in: folder)
        XCTAssertEqual(broken.status, 2, "a template that sets another title makes no readable note")
        XCTAssertNil(fileText(folder, "docs/notes/x.md"))
    }

    func testNotesNewWithoutANoteFolderSaysHowToGiveOne() throws {
        let folder = try makeFolder(["Clean.swift": clean])
        let result = try run(["notes", "new", "Title"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no note folder to write in"), result.stderr)
        let given = try run(["notes", "new", "Title", "--notes", "team"], in: folder)
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(given.stdout, "created team/title.md\n")
    }
}
