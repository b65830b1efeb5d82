import Foundation
import XCTest

/// Issue 29: the CLI's `lint` and the MCP server's `lint` are front ends over one lint session, so
/// the same workspace gives the same findings through both: baseline, disabled rules, rule
/// options, team rules and notes, deployment targets.
extension CLITests {
    func testTheCLIAndTheMCPServerReportTheSameFindings() throws {
        let folder = try makeFolder([
            ".patternlint.yml": """
            disabled_rules: [navigation-view-deprecated]
            deployment_target: { iOS: "15.0" }
            rules: [team-rules]
            notes: [team-notes]
            baseline: baseline.json
            constant-binding: { previews: off }
            """,
            "team-rules/no-print.md": """
            ---
            id: no-print
            severity: warning
            note: "[[Logging]]"
            summary: Views log through the app's logger, not print.
            pattern: { callee: print }
            ---
            # no-print
            """,
            "team-notes/logging.md": "---\ntitle: Logging\n---\n# Logging\nUse the app's logger.\n",
            "Sources/Pager.swift":
                "import SwiftUI\nstruct Pager: View {\n    @Binding var page: Int\n    var body: some View { Button(\"Next\") { page += 1; print(page) } }\n}\n",
            "Sources/Home.swift":
                "import SwiftUI\nstruct Home: View {\n    @State var tab = 0\n    var body: some View { NavigationView { Pager(page: .constant(0)).navigationBarTitle(\"Home\") } }\n}\n#Preview { Pager(page: .constant(1)) }\n",
            "Sources/Old.swift":
                "import SwiftUI\nstruct Old: View {\n    @State var count = 0\n    var body: some View { Text(\"\\(count)\") }\n}\n",
        ])
        // The baseline hides one finding the run would report.
        let written = try run(["lint", "--write-baseline", "baseline.json", "Sources/Old.swift"], in: folder)
        XCTAssertEqual(written.status, 0, written.stderr)
        let cli = try run(["lint", "--reporter", "json"], in: folder)
        XCTAssertTrue(cli.stderr.contains("1 hidden by the baseline"), cli.stderr)
        let session = try mcpSession(in: folder)
        let answer = MCPSession.text(session.call("lint", [:]))
        XCTAssertEqual(session.finish().status, 0)
        let fromMCP = try XCTUnwrap(MCPSession.json(answer) as? [String: Any], answer)
        let mcpFindings = try XCTUnwrap(fromMCP["findings"] as? [[String: Any]], answer)
        let cliFindings = try XCTUnwrap(MCPSession.json(cli.stdout) as? [[String: Any]], cli.stdout)
        func keys(_ findings: [[String: Any]]) -> [String] {
            findings.map {
                "\($0["path"] ?? "") \($0["line"] ?? 0) \($0["rule"] ?? "") \($0["severity"] ?? "") \($0["message"] ?? "")"
            }
        }
        XCTAssertEqual(keys(mcpFindings), keys(cliFindings))
        XCTAssertEqual(fromMCP["hidden_by_baseline"] as? Int, 1)
        let rules = Set(cliFindings.compactMap { $0["rule"] as? String })
        XCTAssertTrue(rules.contains("no-print"), "\(rules)")
        XCTAssertTrue(rules.contains("constant-binding"), "\(rules)")
        XCTAssertFalse(rules.contains("navigation-view-deprecated"), "disabled")
        XCTAssertEqual(
            cliFindings.filter { ($0["rule"] as? String) == "constant-binding" }.count, 1,
            "previews: off drops the preview's")
    }
}
