import Foundation
import XCTest

/// `patternlint import-swiftlint PATH --to DIR`, end to end.
extension CLITests {
    func testImportSwiftLintWritesRulesAndNotesThatLint() throws {
        let swiftlint = """
            custom_rules:
              no_print:
                name: "No print"
                regex: 'print\\('
                match_kinds: [identifier]
                message: "Use Logger"
                severity: error
              comma_spaces:
                regex: ',[ ]{2,}'
              broken:
                name: "No regex"
            """
        let folder = try makeFolder([
            ".swiftlint.yml": swiftlint,
            ".patternlint.yml": "rules: [rules/swiftlint]\nnotes: [rules/swiftlint/notes]\n",
            "App.swift": "// print(\"old\")\nprint(\"a\")\nlet p = (1,  2)\n",
        ])
        let imported = try run(["import-swiftlint", ".", "--to", "rules/swiftlint"], in: folder)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(
            imported.stdout.contains("Imported 2 rules: 1 as literal text, 1 through regex; 1 not imported."),
            imported.stdout)
        XCTAssertTrue(imported.stdout.contains("broken: not imported: no `regex`"), imported.stdout)
        for file in ["no-print.md", "comma-spaces.md", "notes/no-print.md", "notes/comma-spaces.md"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("rules/swiftlint/" + file).path),
                file)
        }
        let lint = try run(["lint", "App.swift"], in: folder)
        XCTAssertEqual(lint.status, 1, lint.stdout + lint.stderr)
        XCTAssertTrue(lint.stdout.contains("App.swift:2:1: error: Use Logger. See: No print (no-print)"), lint.stdout)
        XCTAssertTrue(
            lint.stdout.contains("App.swift:3:11: warning: Regex matched. See: comma_spaces (comma-spaces)"),
            lint.stdout)
        XCTAssertFalse(lint.stdout.contains("App.swift:1:"), "the comment is not an identifier")
        let tested = try run(["rules", "--test"], in: folder)
        XCTAssertEqual(tested.status, 0, tested.stdout + tested.stderr)
        XCTAssertTrue(tested.stdout.contains("2 rules marked `examples: todo`"), tested.stdout)

        // Again: nothing changes; a rule file the team edited is kept.
        let ruleFile = folder.appendingPathComponent("rules/swiftlint/no-print.md")
        try (try String(contentsOf: ruleFile, encoding: .utf8) + "\nEdited.\n").write(
            to: ruleFile, atomically: true, encoding: .utf8)
        let again = try run(["import-swiftlint", ".swiftlint.yml", "--to", "rules/swiftlint"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("(3 unchanged); kept 1 that differ"), again.stdout)
        XCTAssertTrue(try String(contentsOf: ruleFile, encoding: .utf8).hasSuffix("Edited.\n"))
    }

    /// SwiftLint merges a local `parent_config` / `child_config` (a child's rule of the same key
    /// wins); a URL is not fetched, and the report names it instead of importing nothing silently.
    func testImportSwiftLintMergesLocalParentsAndNamesRemoteOnes() throws {
        let folder = try makeFolder([
            "shared/base.yml": """
            excluded: [Generated]
            custom_rules:
              no_print:
                regex: 'print\\('
                message: "From the parent"
              no_dump:
                regex: 'dump\\('
            """,
            ".swiftlint.yml": """
            parent_config: shared/base.yml
            child_config: https://example.com/team.yml
            custom_rules:
              no_print:
                regex: 'print\\('
                message: "From the app"
            """,
            "loop/.swiftlint.yml": "parent_config: ../loop/.swiftlint.yml\n",
        ])
        let imported = try run(["import-swiftlint", ".", "--to", "rules", "--json"], in: folder)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let objects = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]], imported.stdout)
        XCTAssertEqual(objects.compactMap { $0["id"] as? String }, ["no-print", "no-dump"])
        XCTAssertEqual(objects.compactMap { $0["excluded"] as? [String] }, [["Generated"]])
        XCTAssertEqual(objects.compactMap { $0["unread"] as? String }, ["https://example.com/team.yml"])
        let rule = try String(contentsOf: folder.appendingPathComponent("rules/no-print.md"), encoding: .utf8)
        XCTAssertTrue(rule.contains("From the app"), rule)

        let text = try run(["import-swiftlint", ".", "--to", "rules2"], in: folder)
        XCTAssertTrue(text.stdout.contains("merged in: "), text.stdout)
        XCTAssertTrue(
            text.stdout.contains("child_config https://example.com/team.yml: not read: a URL, not fetched"), text.stdout
        )
        let loop = try run(["import-swiftlint", "loop", "--to", "rules3"], in: folder)
        XCTAssertEqual(loop.status, 0, loop.stderr)
        XCTAssertTrue(loop.stdout.contains("not read: already read: a cycle"), loop.stdout)
    }

    func testImportSwiftLintOfAnUnreadableConfigurationExitsTwoNamingIt() throws {
        let folder = try makeFolder(["bad.yml": "custom_rules: [\n"])
        let missing = try run(["import-swiftlint", "nope.yml", "--to", "out"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nope.yml: cannot read the SwiftLint configuration"), missing.stderr)
        let malformed = try run(["import-swiftlint", "bad.yml", "--to", "out"], in: folder)
        XCTAssertEqual(malformed.status, 2)
        XCTAssertTrue(malformed.stderr.contains("bad.yml: malformed YAML"), malformed.stderr)
    }
}
