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

    /// A baseline's paths and its `root`: relative to a folder, stepping out of it with `..`.
    func testRelativePathsStepOutOfTheFolderWhenTheyMust() {
        XCTAssertEqual(DisplayPath.relative("/repo/./Sources/A.swift", from: "/repo/"), "Sources/A.swift")
        XCTAssertEqual(DisplayPath.relative("/repo", from: "/repo/ci"), "..")
        XCTAssertEqual(DisplayPath.relative("/repository/A.swift", from: "/repo/ci"), "../../repository/A.swift")
        XCTAssertEqual(DisplayPath.relative("/repo", from: "/repo"), ".")
        XCTAssertEqual(DisplayPath.relative("/", from: "/repo"), "..")
    }
}
