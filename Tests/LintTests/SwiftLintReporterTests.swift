import XCTest
@testable import LintEngine
@testable import Reporters

/// The reporters SwiftLint users name: `csv`, `emoji`, `sonarqube`, `summary`, and SwiftLint's
/// names for ours (`github-actions-logging`, `gitlab`).
final class SwiftLintReporterTests: XCTestCase {
    let result = LintResult(
        findings: [
            Finding(
                ruleID: "nested-navigation-stack", severity: .error, message: "Two stacks, \"nested\"", path: "A.swift",
                line: 3, column: 5, note: nil, sourceLine: ""),
            Finding(
                ruleID: "constant-binding", severity: .warning, message: "A constant", path: "A.swift", line: 7,
                column: 1, note: nil, sourceLine: "", confidence: .medium),
        ], problems: [], filesLinted: 1, rulesRun: [])

    func testCSVQuotesFieldsAsRFC4180Asks() {
        let lines = CSVReporter().report(result).split(separator: "\n")
        XCTAssertEqual(lines[0], "file,line,character,severity,type,reason,rule_id,confidence,note")
        XCTAssertEqual(
            lines[1],
            "A.swift,3,5,Error,nested-navigation-stack,\"Two stacks, \"\"nested\"\"\",nested-navigation-stack,high,")
    }

    func testEmojiGroupsByFile() {
        XCTAssertEqual(
            EmojiReporter().report(result),
            "A.swift\n⛔️ Line 3, Character 5: Two stacks, \"nested\" (nested-navigation-stack)\n"
                + "⚠️ Line 7, Character 1: A constant (constant-binding, medium confidence)\n")
    }

    func testSonarQubeIsJSONWithSeverities() throws {
        let text = SonarQubeReporter().report(result)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let issues = try XCTUnwrap(object?["issues"] as? [[String: Any]])
        XCTAssertEqual(issues.map { $0["severity"] as? String }, ["MAJOR", "MINOR"])
        XCTAssertEqual(issues.first?["ruleId"] as? String, "nested-navigation-stack")
    }

    func testSummaryCountsEachRule() {
        let text = SummaryReporter().report(result)
        XCTAssertTrue(text.contains("| nested-navigation-stack |      1 |        0 |     0 |     1 |"), text)
        XCTAssertTrue(text.contains("| Total                   |      1 |        1 |     0 |     2 |"), text)
    }

    func testSwiftLintsNamesForOurReporters() {
        XCTAssertTrue(Reporters.make("github-actions-logging") is GitHubReporter)
        XCTAssertTrue(Reporters.make("gitlab") is CodeClimateReporter)
    }
}
