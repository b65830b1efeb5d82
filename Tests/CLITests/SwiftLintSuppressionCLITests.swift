import Foundation
import XCTest

/// A team moving from SwiftLint keeps its suppressions and scoping: imported rules heed
/// `// swiftlint:` comments by either id, built-in rules do not, and the configuration's
/// `included` / `excluded` come along.
extension CLITests {
    func testImportedRulesHeedTheTeamsSwiftLintCommentsAndPaths() throws {
        let swiftlint = """
            included: [App]
            excluded: [App/Generated]
            custom_rules:
              hard_coded_display_string:
                regex: 'Text\\("'
                message: "Use a localized key"
              noPrint:
                regex: '\\bprint\\('
            """
        let code = """
            import SwiftUI
            struct A: View {
                var body: some View {
                    // swiftlint:disable:next hard_coded_display_string
                    Text("one")
                    Text("two") // swiftlint:disable:this hard-coded-display-string
                    Text("three")
                    // swiftlint:disable:previous hard_coded_display_string
                    // patternlint:disable:next hard_coded_display_string
                    Text("four")
                    Text("five")
                }
                func f() {
                    print("x") // swiftlint:disable:this noPrint
                    // swiftlint:disable all
                    print("y")
                    // swiftlint:enable all
                    print("z") // swiftlint:disable:this custom_rules
                    print("w")
                }
            }

            """
        let folder = try makeFolder([
            ".swiftlint.yml": swiftlint,
            ".patternlint.yml": "rules: [rules/swiftlint]\nnotes: [rules/swiftlint/notes]\n",
            "App/A.swift": code, "App/Generated/G.swift": code, "Tools/T.swift": code,
        ])
        let imported = try run(["import-swiftlint", ".", "--to", "rules/swiftlint"], in: folder)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(
            imported.stdout.contains("included (App) and excluded (App/Generated) are kept as each rule's paths"),
            imported.stdout)
        let rule = try String(
            contentsOf: folder.appendingPathComponent("rules/swiftlint/no-print.md"), encoding: .utf8)
        XCTAssertTrue(rule.contains("swiftlint_id: 'noPrint'"), rule)
        let lint = try run(["lint", "--no-baseline", "--reporter", "csv"], in: folder)
        let lines = lint.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",").prefix(2).joined(separator: ":")
        }
        XCTAssertEqual(lines, ["App/A.swift:11", "App/A.swift:19"], lint.stdout + lint.stderr)
    }

    func testSwiftLintCommentsLeaveBuiltInRulesAndTheUnusedSuppressionRuleAlone() throws {
        let code = """
            // swiftlint:disable all
            import SwiftUI
            struct Root: View {
                var body: some View {
                    NavigationStack { NavigationStack { Text("x") } } // swiftlint:disable:this nested_navigation_stack
                }
            }

            """
        let folder = try makeFolder([
            ".patternlint.yml": "opt_in_rules: [unused-suppression]\n", "A.swift": code,
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", platforms: [.iOS(.v17)])\n",
        ])
        let lint = try run(["lint", "--no-baseline", "--reporter", "json", "A.swift"], in: folder)
        XCTAssertTrue(lint.stdout.contains("\"nested-navigation-stack\""), lint.stdout + lint.stderr)
        XCTAssertFalse(lint.stdout.contains("\"unused-suppression\""), lint.stdout)
        // Our own comment names the rule in either spelling.
        let ours = try makeFolder([
            ".patternlint.yml": "opt_in_rules: [unused-suppression]\n",
            "A.swift": code.replacingOccurrences(of: "swiftlint:disable:this", with: "patternlint:disable:this"),
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", platforms: [.iOS(.v17)])\n",
        ])
        let quiet = try run(["lint", "--no-baseline", "--reporter", "json", "A.swift"], in: ours)
        XCTAssertFalse(quiet.stdout.contains("\"nested-navigation-stack\""), quiet.stdout + quiet.stderr)
    }

    func testIncludedTakesGlobs() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "included: ['*/Sources']\nexcluded: ['**/Generated']\n",
            "A/Sources/One.swift": "let a = 1\n", "B/Sources/Two.swift": "let b = 1\n",
            "B/Sources/Generated/Three.swift": "let c = 1\n", "B/Tests/Four.swift": "let d = 1\n",
            "Five.swift": "let e = 1\n",
        ])
        let lint = try run(["lint", "--no-baseline"], in: folder)
        XCTAssertTrue(lint.stderr.contains("Linted 2 files"), lint.stderr)
    }

    func testSwiftLintHabits() throws {
        let folder = try makeFolder([
            ".patternlint.yml": "disabled_rules: [nested_navigation_stack]\nexcluded: [Skipped]\n",
            "A.swift":
                "import SwiftUI\nstruct V: View {\n    var body: some View { NavigationStack { NavigationStack { Text(\"x\") } } }\n}\n",
            "Skipped/B.swift": "let b = 1\n",
        ])
        let version = try run(["version"], in: folder)
        XCTAssertEqual(version.status, 0)
        XCTAssertFalse(version.stdout.isEmpty)
        let disabled = try run(["lint", "--no-baseline", "--reporter", "json", "A.swift"], in: folder)
        XCTAssertFalse(disabled.stdout.contains("nested-navigation-stack"), disabled.stdout)
        XCTAssertFalse(disabled.stderr.contains("unknown rule"), disabled.stderr)
        let all = try run(
            [
                "lint", "--no-baseline", "--no-cache", "--enable-all-rules", "--only", "nested_navigation_stack",
                "--reporter", "summary", "--path", "A.swift",
            ], in: folder)
        XCTAssertTrue(all.stdout.contains("| nested-navigation-stack |"), all.stdout + all.stderr)
        for reporter in ["github-actions-logging", "gitlab", "emoji", "csv", "sonarqube"] {
            let report = try run(
                ["lint", "--no-baseline", "--enable-all-rules", "--reporter", reporter, "A.swift"], in: folder)
            XCTAssertTrue(report.stdout.contains("nested-navigation-stack"), reporter + ": " + report.stdout)
        }
        let forced = try run(["lint", "--no-baseline", "--force-exclude", "Skipped/B.swift"], in: folder)
        XCTAssertTrue(forced.stderr.contains("Linted 0 files"), forced.stderr)
        let enabled = try run(["rules", "--enabled"], in: folder)
        XCTAssertFalse(enabled.stdout.contains("nested-navigation-stack "), enabled.stdout)
        let off = try run(["rules", "--disabled"], in: folder)
        XCTAssertTrue(off.stdout.contains("nested-navigation-stack "), off.stdout)
    }
}

extension CLITests {
    /// `execution_mode: sourcekit`: the `//` of a URL in a comment is `comment.url`, not `comment`.
    func testSourceKitModeKeepsTheURLsOfCommentsApart() throws {
        let swiftlint = """
            custom_rules:
              double_slash:
                regex: '//'
                match_kinds: [comment]
                execution_mode: sourcekit
            """
        let folder = try makeFolder([
            ".swiftlint.yml": swiftlint,
            ".patternlint.yml": "rules: [rules/swiftlint]\nnotes: [rules/swiftlint/notes]\n",
            "A.swift": "let a = 1 // see https://example.com\n",
        ])
        let imported = try run(["import-swiftlint", ".", "--to", "rules/swiftlint"], in: folder)
        XCTAssertTrue(imported.stdout.contains("`execution_mode: sourcekit` kept"), imported.stdout)
        let lint = try run(["lint", "--no-baseline", "--reporter", "csv", "A.swift"], in: folder)
        XCTAssertEqual(lint.stdout.split(separator: "\n").count, 2, lint.stdout + lint.stderr)
        XCTAssertTrue(lint.stdout.contains("A.swift,1,11,"), lint.stdout)
    }
}
