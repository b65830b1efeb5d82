import Foundation
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import XCTest

/// Runs every example of every rule file, and generated variants of each:
/// in a block comment and in a string (silent), after a shebang and an emoji line (same findings,
/// two lines down), and after `// patternlint:disable <id>` (silent, suppression counted as used).
final class RuleExampleTests: XCTestCase {
    func testCatalogLoadsCleanly() {
        XCTAssertEqual(CatalogFixture.catalog.problems, [], "rule files, implementations and notes must line up")
        let ids = Set(CatalogFixture.catalog.entries.map(\.metadata.id))
        for rule in BuiltinRules.all { XCTAssertTrue(ids.contains(rule.id), "\(rule.id) has no rule file") }
        for entry in CatalogFixture.catalog.entries {
            XCTAssertNotNil(entry.note, "\(entry.metadata.id) cites a note that does not resolve")
            XCTAssertFalse(entry.metadata.triggering.isEmpty, "\(entry.metadata.id) has no triggering example")
            XCTAssertFalse(entry.metadata.nonTriggering.isEmpty, "\(entry.metadata.id) has no non-triggering example")
            XCTAssertFalse(entry.metadata.summary.isEmpty, "\(entry.metadata.id) has no summary")
        }
    }

    func testEveryExampleAndVariantOfEveryRuleFile() {
        let outcome = RuleExampleRunner(catalog: CatalogFixture.catalog).run()
        XCTAssertEqual(outcome.failures.map(\.description), [])
        XCTAssertGreaterThanOrEqual(outcome.examplesRun, 60)
    }

    func testTheRunnerCatchesAWrongMarker() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plint-rule-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        ---
        id: no-profile
        severity: warning
        note: "[[Dual Initializer Pattern]]"
        summary: Profile must not be built.
        pattern:
          callee: Profile
        ---

        ## Triggering

        ```swift
        let p = ↓Profile() ; let q = Profile()
        ```

        ## Non-triggering

        ```swift
        let p = Other()
        ```
        """.write(toFile: folder + "/no-profile.md", atomically: true, encoding: .utf8)
        let catalog = RuleCatalog(builtinFiles: [], teamFolders: [folder], graph: CatalogFixture.graph)
        let outcome = RuleExampleRunner(catalog: catalog).run()
        XCTAssertEqual(outcome.examplesRun, 2)
        XCTAssertTrue(
            outcome.failures.contains {
                $0.message.hasPrefix("expected findings at [\"1:9\"], got [\"1:9\", \"1:29\"]")
            }, "\(outcome.failures)")
    }

    /// Issue 29, item 5: an example's info string sets the rule's options and the deployment
    /// targets it runs under (```` ```swift previews=off iOS=15 ````).
    func testExamplesRunUnderTheOptionsAndTargetsTheirInfoStringSets() {
        let outcome = Self.run([
            "constant-binding": """
            ## Triggering

            ```swift previews=error
            struct Pager: View {
                @Binding var page: Int
                var body: some View { Stepper("Page", value: $page) }
            }

            #Preview { Pager(page: ↓.constant(1)) }
            ```

            ## Non-triggering

            ```swift previews=off
            struct Pager: View {
                @Binding var page: Int
                var body: some View { Stepper("Page", value: $page) }
            }

            #Preview { Pager(page: .constant(1)) }
            ```
            """,
            "navigation-view-deprecated": """
            ## Triggering

            ```swift iOS=17 macOS=14 soft_deprecations=warning
            let root = ↓NavigationView { Text("Inbox") }
            ```

            ## Non-triggering

            ```swift iOS=15
            let root = NavigationView { Text("Inbox") }
            ```
            """,
        ])
        XCTAssertEqual(outcome.failures.map(\.description), [])
        XCTAssertEqual(outcome.examplesRun, 4)
    }

    func testAnInfoStringTheRunnerCannotApplyIsAFailureNamingItsLine() {
        let cases = [
            "swift iOS=15 colour=red":
                "unknown key `colour` (this rule takes `previews`; deployment targets: iOS, macOS, tvOS, watchOS, visionOS; `path=` the file's path; `without=` rules turned off)",
            "swift path=../Outside.swift": "`path=../Outside.swift`: a relative path inside the project",
            "swift previews=of": "`previews=of`: expected one of info, warning, error, off",
            "swift iOS=fifteen": "`iOS=fifteen`: `fifteen` is not a version",
            "swift previews": "`previews` is not `key=value`",
            "swift iOS=15 ios=16": "`ios` is set twice",
        ]
        for (info, message) in cases {
            let outcome = Self.run([
                "constant-binding": "## Triggering\n\n```\(info)\nlet x = Pager(page: ↓.constant(1))\n```\n"
            ])
            XCTAssertEqual(
                outcome.failures.map(\.description),
                [
                    "Rules/constant-binding.md:1: constant-binding: no non-triggering example",
                    "Rules/constant-binding.md:12: constant-binding: \(message)",
                ],
                info)
        }
    }

    /// Runs the examples of built-in rules given these bodies (front matter added) under `Rules/`.
    static func run(_ bodies: [String: String]) -> RuleExampleRunner.Outcome {
        let files = bodies.map { id, body in
            let metadata = CatalogFixture.catalog.entry(id)!.metadata
            let frontMatter =
                "---\nid: \(id)\nseverity: \(metadata.severity.rawValue)\nnote: \"\(metadata.noteLink)\"\n"
            return (path: "Rules/\(id).md", contents: frontMatter + "summary: s\n---\n\n# \(id)\n\n" + body)
        }
        let catalog = RuleCatalog(builtinFiles: files, implementations: BuiltinRules.all, graph: CatalogFixture.graph)
        return RuleExampleRunner(catalog: catalog).run(only: Set(bodies.keys))
    }
}

/// `--fix` round-trips each rule file's `## Corrections` and leaves clean code byte-identical.
final class CorrectionTests: XCTestCase {
    func fixed(_ text: String) -> String {
        var configuration = Configuration()
        configuration.optInRules = CatalogFixture.catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
        let fixer = Fixer(linter: Linter(catalog: CatalogFixture.catalog, configuration: configuration))
        let fix = fixer.corrections([LintInput(path: "Fix.swift") { Array(text.utf8) }]).fixes.first
        return fix.map { String(decoding: $0.corrected, as: UTF8.self) } ?? text
    }

    func testCorrectionExamples() {
        let correctable = CatalogFixture.catalog.entries.filter(\.metadata.correctable)
        XCTAssertEqual(
            Set(correctable.map(\.metadata.id)),
            ["state-not-private", "deprecated-navigation-modifier", "presentation-mode-deprecated"])
        for entry in correctable {
            XCTAssertFalse(entry.metadata.corrections.isEmpty, "\(entry.metadata.id) has no ## Corrections")
            for correction in entry.metadata.corrections {
                XCTAssertEqual(
                    fixed(correction.before), correction.after,
                    "\(entry.metadata.id) correction at \(entry.metadata.path):\(correction.line)")
                XCTAssertEqual(fixed(correction.after), correction.after, "fixing the result again changes nothing")
            }
        }
    }

    func testFilesWithoutCorrectableFindingsStayByteIdentical() {
        for entry in CatalogFixture.catalog.entries {
            // An `ⓘ` or `ⓦ` finding is still a finding, and may carry its fix.
            for example in entry.metadata.nonTriggering where !example.code.contains("ⓘ") && !example.code.contains("ⓦ")
            {
                XCTAssertEqual(fixed(example.code), example.code, entry.metadata.id)
            }
        }
        let odd =
            "\u{FEFF}struct A: View {\r\n  @State private var x = 0 // é\r\n  var body: some View { Text(\"\\(x)\") }\r\n}"
        XCTAssertEqual(fixed(odd), odd)
    }

    func testSuppressedFindingsAreNotFixed() {
        let text =
            "struct A: View {\n    // patternlint:disable:next state-not-private\n    @State var a = 0\n    @State var b = 0\n}\n"
        XCTAssertEqual(
            fixed(text),
            "struct A: View {\n    // patternlint:disable:next state-not-private\n    @State var a = 0\n    @State private var b = 0\n}\n"
        )
    }

    /// A correction of several edits (a declaration and its uses) is kept or dropped as a whole.
    func testCorrectionsOfSeveralEditsAreAllOrNothing() {
        let text =
            "struct A: View {\n    // patternlint:disable:next presentation-mode-deprecated\n    @Environment(\\.presentationMode) private var mode\n    var body: some View { Button(\"x\") { mode.wrappedValue.dismiss() } }\n}\n"
        XCTAssertEqual(fixed(text), text, "suppressed on the declaration: the uses stay too")
        let bytes = Array("abcdef".utf8)
        let fixes = [
            Fix([Edit(range: 0..<2, replacement: "X")], .safe),
            Fix([Edit(range: 1..<3, replacement: "Y"), Edit(range: 4..<5, replacement: "Z")], .safe),
        ]
        let (fixed, applied) = Fixer.apply(fixes, to: bytes)
        XCTAssertEqual(String(decoding: fixed, as: UTF8.self), "Xcdef", "an overlapped edit drops its whole fix")
        XCTAssertEqual(applied, 1)
    }

    /// Renaming a property another file could use is not safe: only a `private` one is.
    func testPresentationModeFixIsSafeOnlyForPrivateProperties() {
        func applicability(_ declaration: String) -> Fix.Applicability? {
            let text =
                "struct A: View {\n    \(declaration)\n    var body: some View { Button(\"x\") { mode.wrappedValue.dismiss() } }\n}\n"
            return CatalogFixture.lint([("A.swift", text)], only: ["presentation-mode-deprecated"]).findings.first?.fix?
                .applicability
        }
        XCTAssertEqual(applicability("@Environment(\\.presentationMode) private var mode"), .safe)
        XCTAssertEqual(applicability("@Environment(\\.presentationMode) var mode"), .unsafe)
    }
}
