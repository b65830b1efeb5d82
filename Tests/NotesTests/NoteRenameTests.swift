import Foundation
import XCTest
@testable import Notes
import Support

/// `NoteRename` on a vault with every link form (Fixtures/rename-vault: CRLF, a table, a link
/// across lines, markdown links relative and by name, angle brackets, `memory://`, an alias, a
/// block link, a rule file citing the note): every name that leads to the note is rewritten in
/// its own form, nothing else changes, and the links still lead to it afterwards.
final class NoteRenameTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rename-vault").path
    var folder: String!
    var previous: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "patternlint-rename-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: folder)
        previous = FileManager.default.currentDirectoryPath
        // Paths as a command gives them: relative to the folder it runs in.
        FileManager.default.changeCurrentDirectoryPath(folder)
    }

    override func tearDownWithError() throws {
        FileManager.default.changeCurrentDirectoryPath(previous)
        try? FileManager.default.removeItem(atPath: folder)
    }

    func load() -> Graph { Graph(vault: Vault.load(roots: ["notes"])) }

    func plan(_ request: (Int) -> NoteRename.Request, named name: String = "Checkout Flow") throws -> NoteEditPlan {
        let graph = load()
        guard case .resolved(let index) = graph.resolve(name) else { throw NoteWriteRefusal("no \(name)") }
        return try NoteRename.plan(
            request(index), in: graph, folders: NoteFolders(["notes"]),
            citations: RuleCitation.read(folders: ["rules"]))
    }

    func text(_ path: String) -> String { String(decoding: (try? FileContents.read(path)) ?? [], as: UTF8.self) }

    func testRenameRewritesEveryFormAndKeepsLabelsHeadingsAndBlocks() throws {
        let before = load()
        let oldIndex = before.notes.firstIndex { $0.title == "Checkout Flow" }!
        let backlinks = before.backlinks(oldIndex).count
        let plan = try plan { .init(note: $0, title: "Payment Sheet") }
        XCTAssertEqual(plan.skipped, [])
        try plan.apply()

        XCTAssertFalse(FileManager.default.fileExists(atPath: "notes/team/checkout-flow.md"))
        let guide = text("notes/ios/guide.md")
        let expected = [
            "- part_of [[Payment Sheet]]\r\n",
            "- Title [[Payment Sheet]], folded [[Payment Sheet|shown]], heading [[Payment Sheet#Steps]], "
                + "block [[Payment Sheet#^summary|sum]]\r\n",
            "- Embed ![[Payment Sheet]] and alias [[Payment Flow]]\r\n",
            "- Stem [[payment-sheet]], path [[team/payment-sheet]], full [[team/payment-sheet.md]], "
                + "permalink [[memory://team/payment-sheet]], spaced [[ Payment Sheet | spaced ]]\r\n",
            "- Markdown [flow](../team/payment-sheet.md#steps), [flow2](<../team/payment-sheet.md>), "
                + "by name [flow3](payment-sheet)\r\n",
            "- Code `[[Checkout Flow]]` and a [[Missing Note]] stay.\r\n",
            "- Across lines [[Payment Sheet]] too.\r\n",
            "| [[Payment Sheet\\|table]] | x |\r\n",
        ]
        for line in expected { XCTAssertTrue(guide.contains(line), "missing \(line.debugDescription) in\n\(guide)") }
        let renamed = text("notes/team/payment-sheet.md")
        XCTAssertTrue(renamed.hasPrefix("---\ntitle: Payment Sheet   # the flow every payment takes\n"), renamed)
        XCTAssertTrue(renamed.contains("\n# Payment Sheet\n"), renamed)
        XCTAssertTrue(renamed.contains("[[#Steps]] and [[Payment Sheet#Steps|here]]"), renamed)
        XCTAssertTrue(text("notes/legacy/old-checkout.md").contains("Replaced by [[Payment Sheet]]."))
        XCTAssertTrue(text("rules/team-rule.md").contains("note: \"[[Payment Sheet]]\"\n"))
        XCTAssertTrue(text("rules/other-rule.md").contains("note: \"[[Old Checkout]]\"\n"), "another note's rule stays")

        // Every link that led to the note leads to it still, and none broke.
        let after = load()
        let newIndex = after.notes.firstIndex { $0.title == "Payment Sheet" }!
        XCTAssertEqual(after.backlinks(newIndex).count, backlinks)
        XCTAssertEqual(
            after.check().filter { $0.code == "broken-link" }.map(\.message).count, 1, "only [[Missing Note]]")
        let citation = RuleCitation.read(folders: ["rules"]).first { $0.ruleID == "team-checkout" }
        XCTAssertEqual(citation.map { after.resolve($0.target) }, .resolved(newIndex))
    }

    func testTheNamesFirstLoadPlansWhatAFullLoadPlans() throws {
        let full = try plan { .init(note: $0, title: "Payment Sheet") }
        let first = NamesFirstLoad.load(roots: ["notes"])
        XCTAssertEqual(first.graph.notes.map(\.title), load().notes.map(\.title))
        guard case .resolved(let index) = first.graph.resolve("Checkout Flow") else { return XCTFail("no note") }
        XCTAssertTrue(first.graph.notes.allSatisfy(\.links.isEmpty), "names only: declared titles, nothing parsed")
        let light = try NoteRename.plan(
            .init(note: index, title: "Payment Sheet"), in: first.graph(forRenaming: index),
            folders: NoteFolders(["notes"]), citations: RuleCitation.read(folders: ["rules"]))
        XCTAssertEqual(light.diff(), full.diff())
        // Any way a link is written holds every word of a name.
        let words = NameWords(first.graph.notes[index])
        for text in [
            "[[checkout *flow*]]", "[[Checkout\r\nFlow]]", "[x](../team/checkout-flow.md)", "[[CHECKOUT FLOW]]",
        ] {
            XCTAssertTrue(words.mayName(Array(text.utf8)), text)
            // The runs of letters of the first pass let through every file the bytes would.
            XCTAssertTrue(words.mayName(NameTrigrams(Array(text.utf8))), text)
        }
        XCTAssertFalse(words.mayName(Array("[[Checkout Process]]".utf8)))
        XCTAssertFalse(words.mayName(NameTrigrams(Array("[[Checkout Process]]".utf8))))
        // Inside a longer word, and a word of two letters (never ruled out).
        XCTAssertTrue(NameTrigrams(Array("Checkouts".utf8)).mayHold(Array("checkout".utf8)))
        XCTAssertTrue(NameTrigrams(Array("x".utf8)).mayHold(Array("ab".utf8)))
        XCTAssertFalse(NameTrigrams(Array("check out".utf8)).mayHold(Array("checkout".utf8)))
    }

    func testMoveRewritesPathsAndTheNotesOwnRelativeLinks() throws {
        let plan = try plan { .init(note: $0, folder: "notes/ios") }
        XCTAssertEqual(plan.files.first { $0.newPath != nil }?.newPath, "notes/ios/checkout-flow.md")
        try plan.apply()
        let guide = text("notes/ios/guide.md")
        XCTAssertTrue(guide.contains("path [[ios/checkout-flow]], full [[ios/checkout-flow.md]]"), guide)
        XCTAssertTrue(guide.contains("permalink [[memory://ios/checkout-flow]]"), guide)
        XCTAssertTrue(guide.contains("[flow](checkout-flow.md#steps), [flow2](<checkout-flow.md>)"), guide)
        XCTAssertTrue(guide.contains("- Title [[Checkout Flow]]"), "titles do not change in a move")
        XCTAssertTrue(text("notes/ios/checkout-flow.md").contains("See [the guide](guide.md),"))
        let after = load()
        XCTAssertEqual(after.check().filter { $0.code == "broken-link" }.count, 1)
    }

    func testTheDiffIsUnifiedAndNothingIsWrittenBeforeApply() throws {
        let plan = try plan { .init(note: $0, title: "Payment Sheet") }
        let diff = plan.diff()
        XCTAssertTrue(
            diff.contains(
                "diff --git a/notes/team/checkout-flow.md b/notes/team/payment-sheet.md\n"
                    + "rename from notes/team/checkout-flow.md\nrename to notes/team/payment-sheet.md\n"
                    + "--- a/notes/team/checkout-flow.md\n+++ b/notes/team/payment-sheet.md\n@@ -1,13 +1,13 @@\n"
                    + " ---\n-title: Checkout Flow   # the flow every payment takes\n"
                    + "+title: Payment Sheet   # the flow every payment takes\n type: pattern\n tags: [team]\n"),
            diff)
        XCTAssertTrue(
            diff.contains("--- a/rules/team-rule.md\n+++ b/rules/team-rule.md\n@@ -1,7 +1,7 @@\n"), diff)
        // The link across two lines becomes one: the hunk counts say so.
        XCTAssertTrue(diff.contains("@@ -3,15 +3,14 @@\n"), diff)
        XCTAssertTrue(
            diff.contains("-- Across lines [[Checkout\r\n-Flow]] too.\r\n+- Across lines [[Payment Sheet]] too.\r\n"),
            diff)
        XCTAssertEqual(plan.count("rule"), 1)
        XCTAssertEqual(plan.count("title"), 2)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "notes/team/checkout-flow.md"))
        XCTAssertEqual(text("rules/team-rule.md").contains("Payment Sheet"), false)
    }

    func testAFileChangedAfterPlanningStopsEverything() throws {
        let plan = try plan { .init(note: $0, title: "Payment Sheet") }
        let guide = text("notes/ios/guide.md"), legacy = text("notes/legacy/old-checkout.md")
        try Data((legacy + "\nEdited meanwhile.\n").utf8).write(
            to: URL(fileURLWithPath: "notes/legacy/old-checkout.md"))
        XCTAssertThrowsError(try plan.apply()) {
            XCTAssertTrue("\($0)".contains("old-checkout.md: changed since it was read"), "\($0)")
        }
        XCTAssertEqual(text("notes/ios/guide.md"), guide)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "notes/team/checkout-flow.md"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "notes/team/payment-sheet.md"))
        XCTAssertFalse(text("rules/team-rule.md").contains("Payment Sheet"))
    }

    func testRefusals() throws {
        // A title another note answers to, a folder outside the note folders, a built-in note.
        XCTAssertThrowsError(try plan { .init(note: $0, title: "old checkout") }) {
            XCTAssertTrue("\($0)".contains("notes/legacy/old-checkout.md already answers to \"old checkout\""), "\($0)")
        }
        XCTAssertThrowsError(try plan { .init(note: $0, folder: "rules") }) {
            XCTAssertTrue("\($0)".contains("rules: not inside a note folder (notes)"), "\($0)")
        }
        let builtin = Vault.Source.text(path: "builtin/hub.md", relativePath: "hub.md", "# Hub\n\n[[Guide]]\n")
        let graph = Graph(vault: Vault.load(roots: ["notes"], extra: [builtin]))
        XCTAssertThrowsError(
            try NoteRename.plan(.init(note: 0, title: "Other"), in: graph, folders: NoteFolders(["notes"]))
        ) { XCTAssertTrue("\($0)".contains("never the built-in notes"), "\($0)") }
        // A rename to the same title in the same place changes nothing.
        XCTAssertTrue(try plan { .init(note: $0, title: "Checkout Flow") }.isEmpty)
    }

    func testANameByPlaceThatAnotherNoteWouldAnswerToBecomesThePath() throws {
        // `[[checkout-flow]]` (a file name) after renaming to a title whose slug is another note's stem.
        let renamed = try self.plan({ .init(note: $0, title: "Guide Two") })
        try renamed.apply()
        XCTAssertTrue(text("notes/ios/guide.md").contains("Stem [[guide-two]]"))
        try FileManager.default.createDirectory(atPath: "notes/archive", withIntermediateDirectories: true)
        try Data("---\ntitle: Archived\n---\n".utf8).write(to: URL(fileURLWithPath: "notes/archive/guide-three.md"))
        try self.plan({ .init(note: $0, title: "Guide Three") }, named: "Guide Two").apply()
        let guide = text("notes/ios/guide.md")
        XCTAssertTrue(guide.contains("Stem [[team/guide-three]]"), guide)
        let after = load()
        XCTAssertEqual(after.check().filter { $0.code == "broken-link" || $0.code == "ambiguous-link" }.count, 1)
    }
}

extension NoteRenameTests {
    /// A vault whose note folder is `.` (Obsidian's layout) gives paths like `./Folder/Note.md`;
    /// the diff spells them as git does, so `git apply` takes it.
    func testTheDryRunDiffHasNoDotComponents() {
        let original = Array("Use the [[Command palette]].\n".utf8)
        let plan = NoteEditPlan(
            files: [
                .init(
                    path: "./Guides/Guide.md", original: original,
                    replacements: [.init(range: 10..<25, text: "Command launcher", reason: "link")]),
                .init(
                    path: "./Plugins/Command palette.md", original: Array("# Command palette\n".utf8),
                    replacements: [], newPath: "./Plugins/Command launcher.md"),
            ], skipped: [])
        let diff = plan.diff()
        XCTAssertTrue(diff.hasPrefix("diff --git a/Guides/Guide.md b/Guides/Guide.md\n"), diff)
        XCTAssertTrue(
            diff.contains("rename from Plugins/Command palette.md\nrename to Plugins/Command launcher.md\n"), diff)
        XCTAssertFalse(diff.contains("/./") || diff.contains("a/./") || diff.contains("b/./"), diff)
    }
}
