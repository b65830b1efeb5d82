import XCTest
@testable import LintEngine
@testable import SwiftLexer

/// `// swiftlint:` comments read as SwiftLint reads them (`Command(actionString:)`), heeded only by
/// a rule that has a SwiftLint id.
final class SwiftLintCommentTests: XCTestCase {
    func testCommandsAsSwiftLintReadsThem() {
        let text = """
            // swiftlint:disable:next no_print
            print(1)
            /* swiftlint:disable
               all of it */
            print(2)
            print(3) // swiftlint:disable
            print(4) // swiftlint:disable:this custom_rules - a reason
            print(5)
            // swiftlint:disable:previous noPrint
            """
        let suppressions = Suppressions(SourceFile(path: "A.swift", text: text))
        func silenced(_ line: Int, swiftLintID: String? = "no_print") -> Bool {
            suppressions.suppressor(of: "no-print", swiftLintID: swiftLintID, line: line) != nil
        }
        XCTAssertTrue(silenced(2))
        XCTAssertFalse(silenced(5), "a line break after `disable` is no command to SwiftLint")
        XCTAssertFalse(silenced(6), "`disable` naming no rule disables none")
        XCTAssertTrue(silenced(7), "`custom_rules` names every imported rule")
        XCTAssertTrue(silenced(8, swiftLintID: "noPrint"))
        XCTAssertFalse(silenced(8), "the SwiftLint id as written")
        XCTAssertFalse(silenced(2, swiftLintID: nil), "a built-in rule heeds no swiftlint: comment")
    }
}
