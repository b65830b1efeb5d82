import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import Support
import SwiftUIModel
import XCTest

/// Each reporter's output parsed back and checked for what its consumer needs.
final class ReporterTests: XCTestCase {
    static let source = """
        struct A: View {
            @State var flag = false
            var body: some View {
                NavigationView { Text("a & <b> \\"quoted\\"") }
            }
        }
        #Preview { Pager(page: .constant(1)) }
        """

    lazy var result: LintResult = {
        // `NavigationView` is deprecated with no version: asked for as a warning.
        var result = CatalogFixture.lint(
            [("Sources/My App/A.swift", Self.source)],
            options: ["navigation-view-deprecated": RuleOptions(["soft_deprecations": "warning"])])
        result.files = ["Sources/My App/A.swift", "Sources/Clean.swift"]
        result.filesLinted = 2
        return result
    }()

    func testFindingsUnderTest() {
        XCTAssertEqual(
            result.findings.map(\.ruleID), ["state-not-private", "navigation-view-deprecated", "constant-binding"])
    }

    func testSARIFHasTheRequiredStructure() throws {
        let object = try JSONSerialization.jsonObject(with: Data(SARIFReporter().report(result).utf8)) as! [String: Any]
        XCTAssertEqual(object["version"] as? String, "2.1.0")
        let run = (object["runs"] as! [[String: Any]])[0]
        let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        XCTAssertEqual(driver["name"] as? String, "PatternLint")
        XCTAssertEqual(run["columnKind"] as? String, "unicodeCodePoints", "columns count scalars, not UTF-16 units")
        let rules = driver["rules"] as! [[String: Any]]
        // Only the rules that reported, each once.
        XCTAssertEqual(Set(rules.compactMap { $0["id"] as? String }), Set(result.findings.map(\.ruleID)))
        XCTAssertEqual(rules.count, 3)
        for rule in rules {
            XCTAssertNotNil(rule["id"] as? String)
            XCTAssertNotNil((rule["shortDescription"] as? [String: Any])?["text"] as? String)
            XCTAssertNotNil((rule["fullDescription"] as? [String: Any])?["text"] as? String)
            XCTAssertNil(rule["helpUri"], "no help_uri_base: no page to link, so no helpUri")
            let markdown = (rule["help"] as? [String: Any])?["markdown"] as? String ?? ""
            XCTAssertTrue(markdown.contains("Pattern note:"), "help carries the pattern note for \(rule["id"]!)")
        }
        let results = run["results"] as! [[String: Any]]
        XCTAssertEqual(results.count, 3)
        for item in results {
            XCTAssertNotNil(item["ruleId"] as? String)
            XCTAssertTrue(["error", "warning", "note"].contains(item["level"] as? String ?? ""))
            XCTAssertNotNil((item["message"] as? [String: Any])?["text"] as? String)
            let location = ((item["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])
            XCTAssertEqual(
                (location["artifactLocation"] as! [String: Any])["uri"] as? String, "Sources/My%20App/A.swift")
            XCTAssertNotNil((location["region"] as! [String: Any])["startLine"] as? Int)
            XCTAssertEqual(((item["partialFingerprints"] as! [String: String])["patternlint/v1"])?.count, 16)
            let index = item["ruleIndex"] as! Int
            XCTAssertEqual(rules[index]["id"] as? String, item["ruleId"] as? String)
        }
        XCTAssertEqual(results[2]["level"] as? String, "note", "preview findings are notes")
    }

    /// A finding's fix rides along as a SARIF `fix`: byte regions replaced, and its applicability.
    func testSARIFCarriesFixes() throws {
        let sarif = SARIFReporter().report(result)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as! [String: Any]
        let results = (log["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]]
        let fixed = results.first { $0["ruleId"] as? String == "state-not-private" }!
        let fix = (fixed["fixes"] as! [[String: Any]])[0]
        XCTAssertEqual(
            (fix["description"] as! [String: Any])["text"] as? String, "Safe fix: applied by patternlint lint --fix")
        let replacement = ((fix["artifactChanges"] as! [[String: Any]])[0]["replacements"] as! [[String: Any]])[0]
        XCTAssertEqual((replacement["insertedContent"] as! [String: Any])["text"] as? String, "private ")
        XCTAssertEqual((replacement["deletedRegion"] as! [String: Any])["byteLength"] as? Int, 0)
        XCTAssertNil(results.first { $0["ruleId"] as? String == "navigation-view-deprecated" }!["fixes"])
    }

    /// An empty run lists no rules: small enough to upload on every push.
    func testAnEmptySARIFRunIsSmall() throws {
        var empty = result
        empty.findings = []
        let sarif = SARIFReporter().report(empty)
        XCTAssertLessThan(sarif.utf8.count, 2_000, sarif)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as! [String: Any]
        let driver = ((log["runs"] as! [[String: Any]])[0]["tool"] as! [String: Any])["driver"] as! [String: Any]
        XCTAssertEqual((driver["rules"] as? [Any])?.count, 0)
    }

    func testSARIFHelpLinksToThePublishedNotes() throws {
        let sarif = SARIFReporter(helpBase: "https://docs.example.com/patterns").report(result)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as! [String: Any]
        let rules =
            (((log["runs"] as! [[String: Any]])[0]["tool"] as! [String: Any])["driver"] as! [String: Any])[
                "rules"] as! [[String: Any]]
        XCTAssertTrue(
            rules.contains {
                $0["helpUri"] as? String == "https://docs.example.com/patterns/swiftui/navigation/views-only-state.html"
            })
    }

    func testGitHubWorkflowCommandsAndSummary() throws {
        let summary = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md")
            .path
        defer { try? FileManager.default.removeItem(atPath: summary) }
        XCTAssertTrue(FileManager.default.createFile(atPath: summary, contents: Data("# Earlier step\n".utf8)))
        let lines = GitHubReporter(summaryPath: summary).report(result).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(
            lines[0].hasPrefix("::warning file=Sources/My App/A.swift,line=2,col=5,title=state-not-private::"))
        XCTAssertTrue(
            lines[1].hasPrefix("::warning file=Sources/My App/A.swift,line=4,col=9,title=navigation-view-deprecated::"))
        XCTAssertTrue(lines[2].hasPrefix("::notice "))
        XCTAssertTrue(lines[0].contains("%0A%0APattern note: Views-Only State Management"))
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("# Earlier step\n### PatternLint"))
        XCTAssertTrue(written.contains("| ⚠️ | `Sources/My App/A.swift:2:5` | `state-not-private` |"))
    }

    func testCheckstyleIsWellFormedXML() throws {
        let document = try XMLDocument(xmlString: CheckstyleReporter().report(result))
        let files = try document.nodes(forXPath: "/checkstyle/file")
        XCTAssertEqual(files.count, 2, "clean files are listed too")
        let errors = try document.nodes(forXPath: "/checkstyle/file/error") as! [XMLElement]
        XCTAssertEqual(errors.count, 3)
        XCTAssertEqual(errors[0].attribute(forName: "source")?.stringValue, "patternlint.state-not-private")
        XCTAssertEqual(errors[0].attribute(forName: "line")?.stringValue, "2")
        XCTAssertEqual(errors[2].attribute(forName: "severity")?.stringValue, "info")
    }

    func testJUnitIsWellFormedXML() throws {
        let document = try XMLDocument(xmlString: JUnitReporter().report(result))
        let suite = try document.nodes(forXPath: "/testsuites/testsuite").first as! XMLElement
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "4")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "2")
        XCTAssertEqual(try document.nodes(forXPath: "//testcase/failure").count, 2)
        XCTAssertEqual(try document.nodes(forXPath: "//testcase[@classname='Sources/Clean.swift']").count, 1)
    }

    func testCodeClimateForGitLab() throws {
        let issues =
            try JSONSerialization.jsonObject(with: Data(CodeClimateReporter().report(result).utf8)) as! [[String: Any]]
        XCTAssertEqual(issues.count, 3)
        XCTAssertEqual(issues[0]["check_name"] as? String, "state-not-private")
        XCTAssertEqual(issues[0]["severity"] as? String, "minor")
        XCTAssertEqual(((issues[0]["location"] as! [String: Any])["lines"] as! [String: Int])["begin"], 2)
        XCTAssertEqual(Set(issues.map { $0["fingerprint"] as! String }).count, 3)
    }

    func testMarkdownTable() {
        let markdown = MarkdownReporter().report(result)
        // Every finding is in the breakdown: the infos too.
        XCTAssertTrue(markdown.contains("3 findings (0 errors, 2 warnings, 1 info) in 2 files."), markdown)
        XCTAssertEqual(markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }.count, 4)
    }

    func testEveryReporterIsReachableByName() {
        for name in ["xcode", "json", "sarif", "github", "checkstyle", "junit", "codeclimate", "markdown", "html"] {
            XCTAssertNotNil(Reporters.make(name), name)
        }
        XCTAssertNil(Reporters.make("nope"))
    }
}

/// Every reporter carries a finding's evidence: Xcode `note:` lines, JSON `related`, SARIF
/// `relatedLocations`, and the evidence sentence where a format has no place for locations.
extension ReporterTests {
    /// JSON strings escape what JSON requires and copy everything else as it is, multi-byte
    /// characters included.
    func testJSONQuotingEscapesQuotesBackslashesAndControlCharacters() {
        XCTAssertEqual(JSON.quote(""), "\"\"")
        XCTAssertEqual(JSON.quote("plain"), "\"plain\"")
        XCTAssertEqual(
            JSON.quote("a\"b\\c\nd\re\tf\u{1}g\u{1F}h\u{7F} é 😀 \u{2028}"),
            "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001fh\u{7F} é 😀 \u{2028}\"")
    }
}

final class EvidenceReporterTests: XCTestCase {
    let result: LintResult = {
        let pager =
            "struct Pager: View {\n    @Binding var page: Int\n    var body: some View { Button(\"Next\") { page += 1 } }\n}\n"
        let home = "struct Home: View {\n    var body: some View { Pager(page: .constant(0)) }\n}\n"
        return CatalogFixture.lint(
            [("Sources/Pager.swift", pager), ("Sources/Home.swift", home)], only: ["constant-binding"])
    }()

    func testTheLostWriteIsNamedInEveryReporter() throws {
        XCTAssertEqual(result.findings.map(\.severity), [.error])
        let expected = RelatedLocation(
            path: "Sources/Pager.swift", line: 3, column: 44,
            message: "`Pager` writes `page`: `var body: some View { Button(\"Next\") { page += 1 } }`")
        XCTAssertEqual(result.findings.first?.related, [expected])
        XCTAssertTrue(
            XcodeReporter().report(result).contains(
                "Sources/Home.swift:2:39: error: `.constant(…)` passed to `page:` of `Pager` drops every write"))
        XCTAssertTrue(
            XcodeReporter().report(result).contains("\nSources/Pager.swift:3:44: note: `Pager` writes `page`"))
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter().report(result).utf8)) as! [[String: Any]]
        let related = json[0]["related"] as! [[String: Any]]
        XCTAssertEqual(related[0]["path"] as? String, "Sources/Pager.swift")
        XCTAssertEqual(related[0]["line"] as? Int, 3)
        let sarif = try JSONSerialization.jsonObject(with: Data(SARIFReporter().report(result).utf8)) as! [String: Any]
        let first = ((sarif["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])[0]
        let location = (first["relatedLocations"] as! [[String: Any]])[0]
        XCTAssertEqual(location["id"] as? Int, 0)
        XCTAssertEqual(((location["message"] as! [String: Any])["text"] as? String), expected.message)
        for other in [GitHubReporter().report(result), CheckstyleReporter().report(result)] {
            XCTAssertTrue(other.contains("Evidence: Sources/Pager.swift:3:44"), other)
        }
    }

    /// A finding that is less than sure says so in every reporter a person reads, and a baseline
    /// keeps how sure it was when it was accepted.
    func testEveryReporterSaysWhenAFindingIsLessThanSure() throws {
        var medium = result
        medium.findings[0].confidence = .medium
        medium.findings[0].severity = .warning
        let labelled: [(String, String)] = [
            ("xcode", XcodeReporter().report(medium)), ("github", GitHubReporter(summaryPath: nil).report(medium)),
            ("checkstyle", CheckstyleReporter().report(medium)), ("junit", JUnitReporter().report(medium)),
            ("codeclimate", CodeClimateReporter().report(medium)), ("markdown", MarkdownReporter().report(medium)),
            ("html", HTMLReporter().report(medium)),
        ]
        for (name, text) in labelled { XCTAssertTrue(text.contains("medium confidence"), name) }
        XCTAssertFalse(XcodeReporter().report(result).contains("confidence"), "a sure finding says nothing more")
        let sarif = try JSONSerialization.jsonObject(with: Data(SARIFReporter().report(medium).utf8)) as! [String: Any]
        let first = ((sarif["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])[0]
        XCTAssertEqual((first["properties"] as? [String: Any])?["precision"] as? String, "medium")
        let baseline = Baseline(findings: medium.findings, anchor: "/tmp")
        XCTAssertEqual(baseline.entries.first?.confidence, .medium)
        let written = try JSONEncoder().encode(baseline.entries)
        XCTAssertEqual(try JSONDecoder().decode([Baseline.Entry].self, from: written), baseline.entries)
        let older = #"{"rule": "r", "path": "a.swift", "fingerprint": "f", "line": 1, "message": "m"}"#
        XCTAssertNil(try JSONDecoder().decode(Baseline.Entry.self, from: Data(older.utf8)).confidence)
    }
}
