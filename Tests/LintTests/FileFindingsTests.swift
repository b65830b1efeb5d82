import Support
import XCTest

@testable import LintEngine

/// The run's findings are moved, not copied, from each file's list into one: the order must be
/// the one sorting the findings gave (files by path; line, column, rule, message; then as came).
final class FileFindingsTests: XCTestCase {
    private func finding(_ path: String, _ line: Int, _ column: Int, _ rule: String, _ message: String) -> Finding {
        Finding(
            ruleID: rule, severity: .warning, message: message, path: path, line: line, column: column,
            note: NoteReference(title: "T", permalink: "t", path: "notes/t.md"), sourceLine: "line \(line)",
            related: [RelatedLocation(path: path, line: 1, column: 1, message: "here")])
    }

    func testJoinedFindingsAreInTheOrderSortingGave() {
        let b = [
            finding("B.swift", 3, 1, "z-rule", "m"), finding("B.swift", 1, 5, "a-rule", "second"),
            finding("B.swift", 1, 5, "a-rule", "first"), finding("B.swift", 1, 2, "z-rule", "m"),
            // Equal in every key: kept as they came (the sort was stable).
            finding("B.swift", 2, 1, "same", "same").with(sourceLine: "one"),
            finding("B.swift", 2, 1, "same", "same").with(sourceLine: "two"),
        ]
        let a = [finding("A.swift", 9, 9, "r", "m"), finding("A.swift", 1, 1, "r", "m")]
        let c = [finding("C.swift", 1, 1, "r", "m")]
        let joined = FileFindings.joined([FileFindings(c), nil, FileFindings(b), FileFindings([]), FileFindings(a)])
        let expected = [a, b, c].flatMap { $0.sorted(by: Finding.inFileOrder) }
        XCTAssertEqual(joined, expected)
        XCTAssertEqual(joined.filter { $0.ruleID == "same" }.map(\.sourceLine), ["one", "two"])
        XCTAssertEqual(FileFindings.joined([]), [])
    }
}

extension Finding {
    fileprivate func with(sourceLine: String) -> Finding {
        var copy = self
        copy.sourceLine = sourceLine
        return copy
    }
}
