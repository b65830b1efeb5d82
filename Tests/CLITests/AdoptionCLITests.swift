import Foundation
import XCTest

/// Issue 27, item 5: messages that read as one thing, and the flags SwiftLint users type.
extension CLITests {
    func testAMissingNotesFolderIsOneWarningNamingIt() throws {
        let folder = try makeFolder([".patternlint.yml": "notes: [docs/patterns]\n", "Clean.swift": clean])
        for arguments in [["lint"], ["notes", "list"]] {
            let result = try run(arguments, in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(
                result.stderr.contains(
                    "patternlint: warning: docs/patterns: no such notes folder or file; no notes read from it"),
                result.stderr)
            XCTAssertFalse(result.stderr.contains(": error:"), "a warning that says error: \(result.stderr)")
        }
    }

    func testAnUnknownRuleIdInTheConfigurationOffersTheClosest() throws {
        let configuration = """
            disabled_rules: [constant-bindng, NavigationView]
            only_rules: [state_not_private]
            nested-navigation-stak:
              severity: warning

            """
        let folder = try makeFolder([".patternlint.yml": configuration, "Clean.swift": clean])
        let result = try run(["lint"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        for expected in [
            ".patternlint.yml:1: unknown rule `constant-bindng` in `disabled_rules`; did you mean `constant-binding`?",
            "unknown rule `NavigationView` in `disabled_rules`; did you mean `navigation-view-deprecated`?",
            ".patternlint.yml:3: unknown key `nested-navigation-stak` (neither a setting nor a rule id); did you mean `nested-navigation-stack`?",
        ] {
            XCTAssertTrue(result.stderr.contains(expected), "missing \(expected) in \(result.stderr)")
        }
        // SwiftLint's spelling of an id names the rule.
        XCTAssertFalse(result.stderr.contains("state_not_private"), result.stderr)
        let nothingClose = try makeFolder([".patternlint.yml": "disabled_rules: [x]\n", "Clean.swift": clean])
        let quiet = try run(["lint"], in: nothingClose)
        XCTAssertTrue(quiet.stderr.contains("unknown rule `x` in `disabled_rules`\n"), quiet.stderr)
    }

    func testNotesCommandsTakeConfigLikeLint() throws {
        let folder = try makeFolder([
            "app/settings.yml": "notes: [team]\n",
            "app/team/routing.md": "# Team Routing\n\nSee [[Dual Initializer Pattern]].\n",
        ])
        let listed = try run(["notes", "list", "--config", "app/settings.yml"], in: folder)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("Team Routing"), listed.stdout)
        let shown = try run(["notes", "show", "Team Routing", "--config", "app/settings.yml"], in: folder)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let checked = try run(["notes", "check", "--config", "app/settings.yml", "--no-orphans"], in: folder)
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
        let missing = try run(["notes", "list", "--config", "nowhere.yml"], in: folder)
        XCTAssertEqual(missing.status, 2, "a configuration named but unreadable is an error")
        XCTAssertTrue(missing.stderr.contains("nowhere.yml: cannot read the configuration file"), missing.stderr)
    }

    func testSwiftLintHabitsWorkOrNameThePatternLintWay() throws {
        let folder = try makeFolder([
            "Frozen.swift": frozenSheet, "Deprecated.swift": deprecated, "Package.swift": manifest,
        ])
        // --lenient: the error is reported as a warning and does not fail the run, unless --strict.
        let lenient = try run(["lint", "--lenient", "--progress", "."], in: folder)
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stdout.contains("Frozen.swift:3:56: warning:"), lenient.stdout)
        XCTAssertFalse(lenient.stdout.contains("error:"), lenient.stdout)
        XCTAssertEqual(try run(["lint", "--lenient", "--strict", "."], in: folder).status, 1)
        // --only-rule R (repeatable) runs only those rules; an unknown one names the closest.
        let only = try run(["lint", "--only-rule", "navigation-view-deprecated", "."], in: folder)
        XCTAssertEqual(only.status, 0, only.stderr)
        XCTAssertTrue(only.stdout.contains("(navigation-view-deprecated)"), only.stdout)
        XCTAssertFalse(only.stdout.contains("(constant-binding)"), only.stdout)
        let typo = try run(["lint", "--only-rule", "constant-bindng", "."], in: folder)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean `constant-binding`?"), typo.stderr)
        // --output FILE: the report in the file, nothing on stdout, the exit code as usual.
        let written = try run(["lint", "--reporter", "json", "--output", "out/report.json", "."], in: folder)
        XCTAssertEqual(written.status, 2, "the folder out/ does not exist: \(written.stderr)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let report = try run(["lint", "--reporter", "json", "--output", "out/report.json", "."], in: folder)
        XCTAssertEqual(report.status, 1, report.stderr)
        XCTAssertEqual(report.stdout, "")
        let json = try Data(contentsOf: folder.appendingPathComponent("out/report.json"))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: json))
        // --autocorrect is --fix.
        let fixed = try run(["lint", "--autocorrect", "Deprecated.swift"], in: folder)
        XCTAssertTrue(fixed.stderr.contains("Fixed "), fixed.stderr)
        // --use-stdin names the PatternLint way.
        let stdin = try run(["lint", "--use-stdin"], in: folder, stdin: clean)
        XCTAssertEqual(stdin.status, 2)
        XCTAssertTrue(stdin.stderr.contains("--stdin-path PATH"), stdin.stderr)
    }
}
