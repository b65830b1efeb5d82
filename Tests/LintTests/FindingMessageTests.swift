import XCTest

@testable import LintEngine
@testable import Reporters

/// Issue 46, item 8: a message that ends its own sentence gains no second period before "See:", and
/// `patternlint init`'s starter names every reporter.
final class FindingMessageTests: XCTestCase {
    func testAMessageKeepsItsOwnClosingMark() {
        let suffix = ". See: Navigation Essentials"
        XCTAssertEqual(
            FindingMessage.joined("Use a localized string instead.", suffix),
            "Use a localized string instead. See: Navigation Essentials")
        XCTAssertEqual(FindingMessage.joined("Why here?", suffix), "Why here? See: Navigation Essentials")
        XCTAssertEqual(FindingMessage.joined("No period", suffix), "No period. See: Navigation Essentials")
        XCTAssertEqual(FindingMessage.joined("Ends.", "."), "Ends.")
        XCTAssertEqual(FindingMessage.joined("Open", "."), "Open.")
        XCTAssertEqual(FindingMessage.joined("", suffix), suffix)
    }

    func testTheStarterConfigurationNamesEveryReporter() throws {
        let starter = Configuration.starter(reporters: Reporters.names)
        let comment = try XCTUnwrap(starter.split(separator: "\n").first { $0.contains("(default)") })
        for name in Reporters.names { XCTAssertTrue(comment.contains(name), "\(name) missing from \(comment)") }
        XCTAssertTrue(comment.contains("html"), String(comment))
        XCTAssertTrue(starter.contains("reporter: xcode"))
    }
}
