import Foundation
import XCTest
@testable import Notes
import Support

/// The one file reader every module uses: exact bytes, clear errors naming the file.
final class FileContentsTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "patternlint-read-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testReadsExactBytes() throws {
        let bytes: [UInt8] = Array("let a = \"é\"\n".utf8) + [0xFF, 0x00, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/a.swift"))
        XCTAssertEqual(try FileContents.read(folder + "/a.swift"), bytes)
        try Data().write(to: URL(fileURLWithPath: folder + "/empty.swift"))
        XCTAssertEqual(try FileContents.read(folder + "/empty.swift"), [])
        // Larger than any single read the kernel might hand back at once.
        let large = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(large).write(to: URL(fileURLWithPath: folder + "/large.swift"))
        XCTAssertEqual(try FileContents.read(folder + "/large.swift"), large)
    }

    func testReadsPipes() throws {
        let fifo = folder + "/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let payload = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(payload))
                try? handle.close()
            }
        }
        writer.start()
        XCTAssertEqual(try FileContents.read(fifo), payload)
    }

    func testErrorsNameTheFile() {
        XCTAssertThrowsError(try FileContents.read(folder + "/missing.swift")) { error in
            XCTAssertEqual("\(error)", "\(folder!)/missing.swift: cannot be read: No such file or directory")
        }
        XCTAssertThrowsError(try FileContents.read(folder)) { error in
            XCTAssertEqual("\(error)", "\(folder!): cannot be read: it is a folder")
        }
    }
}
