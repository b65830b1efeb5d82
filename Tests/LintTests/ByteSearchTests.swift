import Support
import XCTest

/// `containsOccurrence` (the team rules' per-file test) answers as the search for occurrences does,
/// wherever its rarest byte stands in the needle.
final class ByteSearchTests: XCTestCase {
    func testContainsOccurrenceAgreesWithTheOccurrences() {
        let haystacks = [
            "", "a", "try", "tr", "xtry!", "func count() { items.count == 0 }", "aaab", "abababx", "http://x",
            "try\ntry!", "VStack(spacing: 0) {}", "é café naïve",
        ]
        let needles = ["", "a", "try", "y", "count", "ab", "abx", "http://", "VStack", "ry!", "é", "café", "zzzz"]
        for haystack in haystacks {
            for needle in needles {
                let bytes = Array(haystack.utf8), wanted = Array(needle.utf8)
                let expected = wanted.isEmpty || !bytes.endsOfOccurrences(of: needle, limit: 1).isEmpty
                let found = bytes.withUnsafeBufferPointer { bytes in
                    wanted.withUnsafeBufferPointer { bytes.containsOccurrence(of: $0) }
                }
                XCTAssertEqual(found, expected, "`\(needle)` in `\(haystack)`")
            }
        }
    }
}
