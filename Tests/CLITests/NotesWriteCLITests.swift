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

extension CLITests {
    var relocationVault: [String: String] {
        [
            ".patternlint.yml": "notes: [notes]\nrules: [rules]\n",
            "notes/team/checkout-flow.md":
                "---\ntitle: Checkout Flow\n---\n# Checkout Flow\n\nSee [guide](../ios/guide.md).\n",
            "notes/ios/guide.md":
                "# Guide\n\n- part_of [[Checkout Flow|the flow]]\n- [[team/checkout-flow#Checkout Flow]]\n",
            "rules/team.md":
                "---\nid: team-checkout\nseverity: warning\nnote: \"[[Checkout Flow]]\"\npattern: foo\n---\n",
        ]
    }

    func testNotesRenameDryRunPrintsTheDiffAndWritesNothing() throws {
        let folder = try makeFolder(relocationVault)
        let dry = try run(["notes", "rename", "Checkout Flow", "Payment Sheet", "--dry-run"], in: folder)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(
            dry.stdout.contains(
                "-- part_of [[Checkout Flow|the flow]]\n-- [[team/checkout-flow#Checkout Flow]]\n"
                    + "+- part_of [[Payment Sheet|the flow]]\n+- [[team/payment-sheet#Payment Sheet]]\n"), dry.stdout)
        XCTAssertTrue(
            dry.stdout.contains("rename from notes/team/checkout-flow.md\nrename to notes/team/payment-sheet.md\n"))
        XCTAssertTrue(dry.stdout.contains("-note: \"[[Checkout Flow]]\"\n+note: \"[[Payment Sheet]]\"\n"), dry.stdout)
        XCTAssertTrue(
            dry.stderr.contains("dry run: 2 links in 1 file, 1 rule file would change; nothing written"), dry.stderr)
        XCTAssertEqual(fileText(folder, "notes/ios/guide.md"), relocationVault["notes/ios/guide.md"])
        XCTAssertNotNil(fileText(folder, "notes/team/checkout-flow.md"))
    }

    func testNotesRenameAndMoveRewriteLinksAndRules() throws {
        let folder = try makeFolder(relocationVault)
        let renamed = try run(["notes", "rename", "Checkout Flow", "Payment Sheet"], in: folder)
        XCTAssertEqual(renamed.status, 0, renamed.stderr)
        XCTAssertEqual(
            renamed.stdout,
            "notes/team/checkout-flow.md → notes/team/payment-sheet.md: 2 links in 1 file, 1 rule file rewritten\n")
        XCTAssertEqual(
            fileText(folder, "notes/team/payment-sheet.md"),
            "---\ntitle: Payment Sheet\n---\n# Payment Sheet\n\nSee [guide](../ios/guide.md).\n")
        XCTAssertTrue(fileText(folder, "rules/team.md")?.contains("note: \"[[Payment Sheet]]\"") == true)
        let moved = try run(["notes", "move", "Payment Sheet", "notes/ios"], in: folder)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertEqual(
            fileText(folder, "notes/ios/guide.md"),
            "# Guide\n\n- part_of [[Payment Sheet|the flow]]\n- [[ios/payment-sheet#Payment Sheet]]\n")
        XCTAssertTrue(fileText(folder, "notes/ios/payment-sheet.md")?.contains("See [guide](guide.md).") == true)
        let check = try run(["notes", "check", "--no-builtin-notes", "--no-examples"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertFalse(check.stdout.contains("rule-missing-note"), check.stdout)
        // Refused: a folder outside the note folders, a built-in note, a taken title (exit 2, nothing written).
        let outside = try run(["notes", "move", "Payment Sheet", "rules"], in: folder)
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("rules: not inside a note folder (notes)"), outside.stderr)
        let builtin = try run(["notes", "rename", "Dual Initializer Pattern", "Other"], in: folder)
        XCTAssertEqual(builtin.status, 2)
        XCTAssertTrue(builtin.stderr.contains("never the built-in notes"), builtin.stderr)
        let taken = try run(["notes", "rename", "Payment Sheet", "guide"], in: folder)
        XCTAssertEqual(taken.status, 2)
        XCTAssertTrue(taken.stderr.contains("notes/ios/guide.md already answers to \"guide\""), taken.stderr)
    }
}

extension CLITests {
    func testNotesListFiltersAndNotesTagsTree() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "notes: [notes]\n",
            "notes/hub.md": "---\ntitle: Hub\ntype: hub\n---\n[[Sheets]] [[Routes]]\n",
            "notes/sheets.md": "---\ntitle: Sheets\ntags: [team/ios]\n---\nA sheet binding; see [[Routes]].\n",
            "notes/routes.md": "---\ntitle: Routes\ntags: [team/android]\n---\nRouting.\n",
            "notes/lonely.md": "---\ntitle: Lonely\n---\nNothing links here.\n",
        ])
        func titles(_ arguments: [String]) throws -> [String] {
            let result = try run(["notes", "list", "--no-builtin-notes"] + arguments, in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout.split(separator: "\n").dropLast().map { String($0.split(separator: " ").first ?? "") }
        }
        XCTAssertEqual(try titles(["--tag", "team"]), ["Routes", "Sheets"])
        XCTAssertEqual(try titles(["--tag", "team/i*"]), ["Sheets"])
        XCTAssertEqual(try titles(["--link-to", "Routes"]), ["Hub", "Sheets"])
        XCTAssertEqual(try titles(["--linked-by", "Hub", "--sort", "backlinks"]), ["Routes", "Sheets"])
        XCTAssertEqual(try titles(["--orphan"]), ["Lonely"])
        XCTAssertEqual(try titles(["--match", "sheet"]), ["Sheets", "Hub"], "best match first")
        XCTAssertEqual(try titles(["--sort", "backlinks", "--limit", "1"]), ["Routes"])
        let json = try run(["notes", "list", "--no-builtin-notes", "--tag", "team", "--json"], in: folder)
        let objects = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(objects?.compactMap { $0["title"] as? String }, ["Routes", "Sheets"])
        let unknown = try run(["notes", "list", "--link-to", "Nowhere"], in: folder)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no note is called \"Nowhere\""), unknown.stderr)
        let tags = try run(["notes", "tags", "--no-builtin-notes"], in: folder)
        XCTAssertEqual(tags.stdout, "#team (2)\n  #android (1)\n  #ios (1)\n3 tags\n")
        let counted = try run(["notes", "tags", "--no-builtin-notes", "--json"], in: folder)
        XCTAssertTrue(counted.stdout.contains("\"tag\" : \"team/android\""), counted.stdout)
    }
}

extension CLITests {
    func testARuleCitingANoteIsABacklinkAndNoOrphan() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "notes: [notes]\nrules: [rules]\n",
            "notes/checkout.md": "---\ntitle: Checkout Flow\n---\n# Checkout Flow\n",
            "rules/team.md":
                "---\nid: team-checkout\nseverity: warning\nnote: \"[[Checkout Flow]]\"\npattern: foo\n---\n",
        ])
        let check = try run(["notes", "check", "--no-builtin-notes", "--no-examples"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertFalse(check.stdout.contains("orphan"), check.stdout)
        let backlinks = try run(["notes", "backlinks", "Checkout Flow"], in: folder)
        XCTAssertEqual(
            backlinks.stdout,
            "cited_by_rule  ← rule team-checkout  rules/team.md:4\n1 backlink to \"Checkout Flow\" (1 rule citing it)\n"
        )
        let shown = try run(["notes", "show", "Checkout Flow"], in: folder)
        XCTAssertTrue(shown.stdout.contains("Backlinks\n  cited_by_rule  ← rule team-checkout"), shown.stdout)
        let orphans = try run(["notes", "list", "--orphan", "--no-builtin-notes"], in: folder)
        XCTAssertEqual(orphans.stdout, "0 notes\n")
    }
}

extension CLITests {
    /// What the `patternlint-notes` pre-commit hook runs: the changed markdown files as arguments.
    func testNotesCheckWithChangedFilesRunsOnlyForNotesAndRules() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "notes: [docs/notes]\nrules: [docs/rules]\n",
            "docs/notes/refunds.md": "# Refunds\n\nSee [[Refund Policy]].\n",
            "README.md": "# App\n",
        ])
        let readme = try run(["notes", "check", "README.md"], in: folder)
        XCTAssertEqual(readme.status, 0, readme.stdout)
        XCTAssertEqual(readme.stdout, "", "nothing checked")
        let note = try run(["notes", "check", "--no-examples", "README.md", "docs/notes/refunds.md"], in: folder)
        XCTAssertEqual(note.status, 1, note.stdout)
        XCTAssertTrue(
            note.stdout.contains("docs/notes/refunds.md:3:5: error: broken link [[Refund Policy]]"), note.stdout)
        let hooks = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../.pre-commit-hooks.yaml"), encoding: .utf8)
        XCTAssertTrue(hooks.contains("- id: patternlint-notes\n"), hooks)
        XCTAssertTrue(
            hooks.contains(
                "  entry: patternlint notes check --staged\n  language: system\n  always_run: true\n  pass_filenames: false\n"
            ), hooks)
    }

    /// The hook's way: `--staged` decides from git's staged changes, a deleted note included
    /// (pre-commit passes no deleted file).
    func testNotesCheckStagedSeesADeletedNote() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "notes: [docs/notes]\n",
            "docs/notes/checkout.md": "# Checkout Flow\n\nAfter [[Receipts]].\n",
            "docs/notes/receipts.md": "# Receipts\n\nAfter [[Checkout Flow]].\n",
            "README.md": "# App\n",
        ])
        let setUp = try shell(
            "git init -q && git config user.email t@t && git config user.name t && git config commit.gpgsign false && git add -A && git commit -qm init",
            in: folder)
        XCTAssertEqual(setUp.status, 0, setUp.output)
        XCTAssertEqual(try shell("echo more >> README.md && git add README.md", in: folder).status, 0)
        let readme = try run(["notes", "check", "--staged", "--no-examples"], in: folder)
        XCTAssertEqual(readme.status, 0, readme.stdout)
        XCTAssertEqual(readme.stdout, "", "nothing checked")
        XCTAssertEqual(try shell("git rm -q docs/notes/checkout.md", in: folder).status, 0)
        let deleted = try run(["notes", "check", "--staged", "--no-examples"], in: folder)
        XCTAssertEqual(deleted.status, 1, deleted.stdout)
        XCTAssertTrue(
            deleted.stdout.contains("docs/notes/receipts.md:3:7: error: broken link [[Checkout Flow]]"), deleted.stdout)
    }
}

extension CLITests {
    func testNotesGraphSVGIsTheExportsPicture() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "notes: [notes]\n",
            "notes/a.md": "# A\n\n[[B]]\n",
            "notes/b.md": "# B\n",
        ])
        let svg = try run(["notes", "graph", "--format", "svg", "--no-builtin-notes"], in: folder)
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertTrue(svg.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg.stdout)
        XCTAssertTrue(svg.stdout.contains("<a href=\"a.html\">") && svg.stdout.contains("<a href=\"b.html\">"))
        let export = try run(["notes", "export", "--html", "site", "--no-builtin-notes"], in: folder)
        XCTAssertEqual(export.status, 0, export.stderr)
        let index = fileText(folder, "site/index.html") ?? ""
        XCTAssertTrue(index.contains(svg.stdout.trimmingCharacters(in: .newlines)), index)
        XCTAssertTrue(fileText(folder, "site/a.html")?.contains("<h2>Neighbourhood</h2>\n<svg") == true)
    }
}
