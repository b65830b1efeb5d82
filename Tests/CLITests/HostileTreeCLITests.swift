import Foundation
import XCTest

/// Every command and MCP tool that writes, run against one tree an untrusted pull request could
/// have made: links out of every folder, a hard link to a file outside, NUL, `..` and hidden
/// names in every name field. Nothing outside the tree changes and nothing new appears there.
extension CLITests {
    func hostileTree() throws -> (tree: URL, outside: URL) {
        let base = try makeFolder([
            "outside/secret.txt": "secret\n",
            "outside/bashrc": "export PATH=/usr/bin\n",
            "outside/target.md": "---\ntitle: Outside Secret\n---\n# Outside Secret\nORIGINAL\n",
            "repo/.patternlint.yml": "notes: [notes]\nrules: [rules]\nmcp: { writes: true }\n",
            "repo/notes/hub.md": "---\ntitle: Hub Note\n---\n# Hub Note\n\n![[diagram.txt]]\n",
            "repo/notes/reader.md": "# Reader\n\nSee [[Hub Note#Hub Note]].\n",
            "repo/rules/.keep": "",
            "repo/.swiftlint.yml":
                "custom_rules:\n  no_print:\n    name: \"No print\"\n    message: \"Use Logger\\necho INJECTED\"\n    regex: 'print\\('\n",
        ])
        let repo = base.appendingPathComponent("repo"), outside = base.appendingPathComponent("outside")
        let links = [
            ("notes/diagram.txt", "../../outside/secret.txt"), ("notes/away", "../../outside"),
            ("imported/notes", "../../outside"), ("imported/no-print.md", "../../outside/bashrc"),
        ]
        try FileManager.default.createDirectory(
            at: repo.appendingPathComponent("imported"), withIntermediateDirectories: true)
        for (link, target) in links { XCTAssertEqual(symlink(target, repo.appendingPathComponent(link).path), 0) }
        XCTAssertEqual(
            Foundation.link(
                outside.appendingPathComponent("target.md").path, repo.appendingPathComponent("notes/hl.md").path),
            0)
        return (repo, outside)
    }

    func snapshot(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            files[path] = (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? "<folder>"
        }
        return files
    }

    func testNoWritingCommandOrToolLeavesAHostileTree() throws {
        let (repo, outside) = try hostileTree()
        let before = try snapshot(outside)
        _ = try run(["import-swiftlint", ".swiftlint.yml", "--to", "imported"], in: repo)
        _ = try run(["import-swiftlint", ".swiftlint.yml", "--to", "imported", "--overwrite"], in: repo)
        let export = try run(["notes", "export", "--html", "site", "--no-builtin-notes"], in: repo)
        XCTAssertTrue(export.stderr.contains("diagram.txt: leads outside"), export.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: repo.appendingPathComponent("site/attachments/diagram.txt").path))
        // A NUL cannot reach a command line (the system ends the argument there); a line break can.
        let broken = try run(["notes", "rename", "Reader", "Line\nbreak", "--no-builtin-notes"], in: repo)
        XCTAssertEqual(broken.status, 2, broken.stderr)
        XCTAssertTrue(broken.stderr.contains("without control characters"), broken.stderr)
        _ = try run(["notes", "new", "Line\nbreak", "--no-builtin-notes"], in: repo)
        _ = try run(["notes", "move", "Reader", "notes/away", "--no-builtin-notes"], in: repo)
        for title in ["../../outside/gpwn", ".hidden"] {
            _ = try run(["notes", "new", title, "--no-builtin-notes"], in: repo)
        }

        let session = try mcpSession(in: repo)
        let calls: [(String, [String: Any])] = [
            ("write_note", ["title": "Through Link", "content": "x", "folder": "notes/away"]),
            ("write_note", ["title": "Dots", "content": "x", "folder": "notes/../../outside"]),
            ("write_note", ["title": "Hidden", "content": "x", "folder": "notes/.hidden"]),
            ("write_note", ["title": "Nul\u{0}Title", "content": "x"]),
            ("edit_note", ["name": "Outside Secret", "operation": "append", "content": "WRITTEN"]),
            ("move_note", ["name": "Reader", "title": "Re\u{0}ader"]),
            ("move_note", ["name": "Reader", "folder": "notes/away"]),
        ]
        for (tool, arguments) in calls {
            let answer = session.call(tool, arguments)
            XCTAssertTrue(MCPSession.isError(answer), "\(tool) \(arguments): \(MCPSession.text(answer))")
        }
        // A title that spells a path names a file by its letters, in the note's own folder.
        XCTAssertFalse(MCPSession.isError(session.call("move_note", ["name": "Reader", "title": "../../outside/x"])))
        XCTAssertEqual(session.finish().status, 0)
        XCTAssertEqual(try snapshot(outside), before, "nothing outside the tree changed")
        XCTAssertEqual(fileText(repo, "notes/outside-x.md"), "# ../../outside/x\n\nSee [[Hub Note#Hub Note]].\n")
        // Every file the commands made is a note or a rule inside the tree.
        let made = try snapshot(repo).keys.filter { !$0.hasPrefix("site") && !$0.hasPrefix("imported") }
        XCTAssertEqual(
            made.sorted(),
            [
                ".patternlint.yml", ".swiftlint.yml", "notes", "notes/away", "notes/diagram.txt", "notes/hl.md",
                "notes/hub.md", "notes/outside-gpwn.md", "notes/hidden.md", "notes/outside-x.md", "rules",
                "rules/.keep",
            ].sorted())
        XCTAssertEqual(fileText(repo, "notes/hl.md"), before["target.md"])
    }
}

extension CLITests {
    /// A rename killed between its journal and its swaps leaves the vault as it was, with the
    /// journal; the next command that reads the notes finishes the rename and says so.
    func testARenameKilledBeforeItsSwapsIsFinishedByTheNextCommand() throws {
        var files = [
            ".patternlint.yml": "notes: [notes]\n", "notes/hub-note.md": "---\ntitle: Hub Note\n---\n\n# Hub Note\n",
        ]
        for index in 0..<40 { files["notes/n\(index).md"] = "# Note \(index)\n\n- part_of [[Hub Note]]\n" }
        let folder = try makeFolder(files)
        let killed = try run(
            ["notes", "rename", "Hub Note", "Center Note", "--no-builtin-notes"], in: folder,
            environment: ["PATTERNLINT_TEST_KILL_AFTER_JOURNAL": "1"])
        XCTAssertNotEqual(killed.status, 0)
        XCTAssertEqual(fileText(folder, "notes/n7.md"), "# Note 7\n\n- part_of [[Hub Note]]\n", "nothing swapped yet")
        let next = try run(["notes", "list", "--no-builtin-notes"], in: folder)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stderr.contains("finished a write of 41 files that an interrupted run left"), next.stderr)
        XCTAssertNil(fileText(folder, "notes/hub-note.md"))
        XCTAssertTrue(fileText(folder, "notes/center-note.md")?.contains("# Center Note") == true)
        for index in 0..<40 {
            XCTAssertEqual(fileText(folder, "notes/n\(index).md"), "# Note \(index)\n\n- part_of [[Center Note]]\n")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("notes").path)
        XCTAssertEqual(left.filter { $0.hasPrefix(".") }, [], "no journal nor temporary file left")
        let check = try run(["notes", "check", "--no-builtin-notes", "--no-orphans"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }
}

extension CLITests {
    /// Messages name the real cause: a backlink in a note reached through a linked folder is
    /// outside the note folders (not "built-in"); a title that would name a hidden file says so.
    func testRenameMessagesNameTheRealCause() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "notes: [notes]\n", "notes/alpha.md": "---\ntitle: Alpha\n---\n# Alpha\n",
            "src/beta.md": "---\ntitle: Beta\n---\n# Beta\n[[Alpha]]\n", "notes/Gamma.md": "# Gamma\n",
        ])
        XCTAssertEqual(symlink("../src", folder.appendingPathComponent("notes/linked").path), 0)
        let linked = try run(["notes", "rename", "Alpha", "Omega", "--no-builtin-notes", "--dry-run"], in: folder)
        XCTAssertTrue(linked.stderr.contains("is in a note outside the note folders"), linked.stderr)
        XCTAssertFalse(linked.stderr.contains("built-in"), linked.stderr)
        let hidden = try run(["notes", "rename", "Gamma", "../../outside/gpwn", "--no-builtin-notes"], in: folder)
        XCTAssertEqual(hidden.status, 2)
        XCTAssertTrue(hidden.stderr.contains("would name a hidden file"), hidden.stderr)
        XCTAssertFalse(hidden.stderr.contains("no letter or digit"), hidden.stderr)
    }
}
