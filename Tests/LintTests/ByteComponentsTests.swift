import Support
import XCTest

/// The byte splits the rules use on names and paths answer as `split(separator:)` does.
final class ByteComponentsTests: XCTestCase {
    func testSplitsAgreeWithSplitOnCharacters() {
        let texts = [
            "", ".", "..", "Route", "Feature.Route", "A.B.C", "A.", ".A", "A..B", "Sources/App/View.swift",
            "/abs/path/", "//x//y", "café.Übersicht", "名前.型",
        ]
        for text in texts {
            for separator in [".", "/"] {
                let byte = separator.utf8.first!
                let expected = text.split(separator: Character(separator)).map(String.init)
                XCTAssertEqual(text.components(separatedBy: byte), expected, "\(text) on \(separator)")
                XCTAssertEqual(
                    text.lastComponent(separatedBy: byte), expected.last ?? text, "\(text) on \(separator)")
            }
        }
    }
}
