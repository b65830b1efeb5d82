import Support
import XCTest

final class DisplayPathTests: XCTestCase {
    func testPathsAreNormalisedAndRelativeToTheBase() {
        XCTAssertEqual(DisplayPath.of("/repo/./Sources//A.swift", relativeTo: "/repo"), "Sources/A.swift")
        XCTAssertEqual(DisplayPath.of("/repo/x/../Sources/A.swift", relativeTo: "/repo/"), "Sources/A.swift")
        XCTAssertEqual(DisplayPath.of("/repo/.", relativeTo: "/repo"), ".")
        XCTAssertEqual(DisplayPath.of("./Sources/../A.swift", relativeTo: "/repo"), "A.swift")
        XCTAssertEqual(DisplayPath.of("../other/A.swift", relativeTo: "/repo"), "../other/A.swift")
        // Outside the base, a path stays absolute; a folder that only shares a prefix is outside.
        XCTAssertEqual(DisplayPath.of("/repository/A.swift", relativeTo: "/repo"), "/repository/A.swift")
        XCTAssertEqual(DisplayPath.normalize("/../a"), "/a")
        XCTAssertEqual(DisplayPath.normalize("."), ".")
    }
}
