import Foundation
import XCTest

/// Issue 27, item 4: the README's first command exits 1 on purpose, and the README says so, with
/// the summary line the run really prints.
extension CLITests {
    func testTheQuickStartExitsAsTheREADMESays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let quickStart = try XCTUnwrap(readme.range(of: "swift run patternlint lint Examples/"))
        // The paragraph right under the commands' block.
        let afterBlock = try XCTUnwrap(readme.range(of: "```\n\n", range: quickStart.upperBound..<readme.endIndex))
        let explanation = readme[afterBlock.upperBound...].prefix(1_500)
        XCTAssertTrue(explanation.hasPrefix("**The lint exits 1, and that is expected**"), String(explanation))
        let result = try run(["lint", "Examples/"], in: root)
        XCTAssertEqual(result.status, 1, result.stderr)
        let summary = try XCTUnwrap(result.stderr.split(separator: "\n").last)
        XCTAssertTrue(explanation.contains("`\(summary)`"), "the README quotes \(summary)")
        for part in [
            "**0**", "**1**", "**2**", "note: Dual Initializer Pattern — patternlint explain constant-binding",
        ] {
            XCTAssertTrue(explanation.contains(part), part)
        }
        XCTAssertTrue(result.stdout.contains("  note: Dual Initializer Pattern — patternlint explain constant-binding"))
    }
}
