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

    /// Every start, overlapping ones too (`aa` twice in `aaa`), as comparing at each offset finds them.
    func testStartsOfOccurrencesAreEveryOffsetWhereTheNeedleStands() {
        let haystacks = ["", "aaa", "abababx", "print(debugPrint(x)); print", "é café", "try\ntry!"]
        let needles = ["a", "aa", "aba", "print", "é", "try", "zz"]
        for haystack in haystacks {
            for needle in needles {
                let bytes = Array(haystack.utf8), wanted = Array(needle.utf8)
                let expected = bytes.indices.filter { start in
                    start + wanted.count <= bytes.count && Array(bytes[start..<(start + wanted.count)]) == wanted
                }
                let found = bytes.withUnsafeBufferPointer { bytes in
                    wanted.withUnsafeBufferPointer { bytes.startsOfOccurrences(of: $0) }
                }
                XCTAssertEqual(found, expected, "`\(needle)` in `\(haystack)`")
            }
        }
    }

    /// Long haystacks (sixteen starts a step, then the rest one by one) over a few letters, so
    /// that needles stand everywhere: next to each other, across a step's end, at the very end;
    /// the ends without overlaps too, within a range and up to a limit.
    func testStartsOfOccurrencesInLongTextsAsComparingAtEachOffset() {
        var generator = SeededGenerator(seed: 21)
        let letters = Array("aabtry!".utf8)
        for _ in 0..<400 {
            let bytes = (0..<Int.random(in: 0...90, using: &generator)).map { _ in
                letters.randomElement(using: &generator)!
            }
            let wanted = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                letters.randomElement(using: &generator)!
            }
            let expected = bytes.indices.filter { start in
                start + wanted.count <= bytes.count && Array(bytes[start..<(start + wanted.count)]) == wanted
            }
            let (found, contains) = bytes.withUnsafeBufferPointer { bytes in
                wanted.withUnsafeBufferPointer { (bytes.startsOfOccurrences(of: $0), bytes.containsOccurrence(of: $0)) }
            }
            let text = String(decoding: bytes, as: UTF8.self), needle = String(decoding: wanted, as: UTF8.self)
            XCTAssertEqual(found, expected, "`\(needle)` in `\(text)`")
            XCTAssertEqual(contains, !expected.isEmpty, "`\(needle)` in `\(text)`")
            // Ends without overlaps, within a range, at most `limit`: from the same starts.
            let lower = Int.random(in: 0...bytes.count, using: &generator)
            let range = lower..<Int.random(in: lower...bytes.count, using: &generator)
            let limit = Int.random(in: 0...4, using: &generator)
            var ends: [Int] = []
            for start in expected where range.contains(start) && start + wanted.count <= range.upperBound {
                if ends.count == limit { break }
                if let end = ends.last, start < end { continue }
                ends.append(start + wanted.count)
            }
            let foundEnds = bytes.withUnsafeBufferPointer { bytes in
                wanted.withUnsafeBufferPointer { bytes.endsOfOccurrences(of: $0, in: range, limit: limit) }
            }
            XCTAssertEqual(foundEnds, ends, "`\(needle)` in `\(text)`[\(range)], at most \(limit)")
        }
    }

    /// Halving finds the first element past the point, in a whole array and in a slice.
    func testPartitioningIndexIsTheFirstElementPastThePoint() {
        let sorted = [1, 3, 3, 5, 8]
        for point in 0...9 {
            XCTAssertEqual(sorted.partitioningIndex { $0 > point }, sorted.firstIndex { $0 > point } ?? sorted.endIndex)
        }
        let slice = sorted[1..<4]
        XCTAssertEqual(slice.partitioningIndex { $0 >= 3 }, 1)
        XCTAssertEqual(slice.partitioningIndex { $0 >= 4 }, 3)
        XCTAssertEqual(slice.partitioningIndex { $0 >= 9 }, 4)
        XCTAssertEqual([Int]().partitioningIndex { $0 > 0 }, 0)
    }

    /// A byte of 0x80 or more anywhere, in a text of any length, is found (the check reads 32
    /// bytes a step, then one at a time).
    func testIsASCIIFindsEveryHighByte() {
        for length in 0...80 {
            let plain = [UInt8](repeating: 0x7F, count: length)
            XCTAssertTrue(plain.withUnsafeBufferPointer(\.isASCII), "\(length)")
            for position in 0..<length {
                var bytes = plain
                bytes[position] = position % 2 == 0 ? 0x80 : 0xFF
                XCTAssertFalse(bytes.withUnsafeBufferPointer(\.isASCII), "\(length) at \(position)")
            }
        }
    }
}
