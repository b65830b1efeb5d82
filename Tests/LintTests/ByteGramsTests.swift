import XCTest

@testable import LintEngine

/// A file's byte grams say "cannot occur" only for texts the file lacks, whichever table they
/// were given: a new one, one another file marked before, or one reused past its 255 marks.
final class ByteGramsTests: XCTestCase {
    private func holds(_ grams: ByteGrams, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { grams.mayContain($0) }
    }

    func testAReusedTableForgetsTheFileBefore() {
        let words = (0..<400).map { "word\($0)Suffix" }
        // Held one after the other, so each file gets the table the one before gave back.
        for (position, word) in words.enumerated() {
            let text = "let x = \(word)\n"
            let grams = ByteGrams(Array(text.utf8))
            XCTAssertTrue(holds(grams, word), "file \(position)")
            XCTAssertTrue(holds(grams, "let x = "), "file \(position)")
            XCTAssertTrue(holds(grams, "ab"), "a text under four bytes always may")
            if position > 0 {
                // Marked by the file before, in the same table: not here.
                XCTAssertFalse(holds(grams, words[position - 1] + "\n"), "file \(position)")
            }
        }
    }

    func testTwoFilesReadAtOnceHaveTablesOfTheirOwn() {
        let first = ByteGrams(Array("struct Alpha {}".utf8))
        let second = ByteGrams(Array("struct Omega {}".utf8))
        XCTAssertTrue(holds(first, "Alpha"))
        XCTAssertFalse(holds(first, "Omega"))
        XCTAssertTrue(holds(second, "Omega"))
        XCTAssertFalse(holds(second, "Alpha"))
    }

    func testALargeFileGetsALargeTable() {
        // 200 KB: past the largest table, every text still found.
        let lines = (0..<10_000).map { "let value\($0) = \($0 * 7)\n" }
        let grams = ByteGrams(Array(lines.joined().utf8))
        for index in stride(from: 0, to: 10_000, by: 997) { XCTAssertTrue(holds(grams, "let value\(index) =")) }
    }
}
