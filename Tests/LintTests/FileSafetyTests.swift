import Foundation
@testable import BuiltinRules
@testable import LintEngine
@testable import ProjectSettings
@testable import Reporters
@testable import SwiftUIModel
import Support
import XCTest

/// `--fix` never loses a user's edit: it writes only over the bytes it analysed, through symlinks
/// that stay in the folder, keeping modes and refusing files with several hard links; discovery never blocks or leaves the roots; the dry run's patch is
/// made on bytes.
final class FileSafetyTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-safety-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        _ = chmod(folder + "/ro.swift", 0o644)
        try? FileManager.default.removeItem(atPath: folder)
    }

    func write(_ text: String, _ name: String, mode: mode_t = 0o644) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(chmod(path, mode), 0)
        return path
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        return info.st_mode & 0o7777
    }

    func testAReplacementIsRefusedWhenTheFileChangedSinceItWasRead() throws {
        let path = try write("user's new text\n", "a.swift")
        XCTAssertThrowsError(try FileReplacement.replace(path, expected: Array("old text\n".utf8), with: [0x41])) {
            XCTAssertEqual("\($0)", "\(path): changed since it was read; left unfixed (run again to fix it)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "user's new text\n")
    }

    func testAReplacementWritesThroughSymlinksKeepsModesAndRefusesHardLinks() throws {
        let real = try write("a\n", "real.swift", mode: 0o755)
        let link = folder + "/link.swift"
        XCTAssertEqual(symlink(real, link), 0)
        try FileReplacement.replace(link, expected: Array("a\n".utf8), with: Array("b\n".utf8))
        var info = stat()
        XCTAssertEqual(lstat(link, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link is still a link")
        XCTAssertEqual(try String(contentsOfFile: real, encoding: .utf8), "b\n")
        XCTAssertEqual(mode(real), 0o755)

        let secret = try write("s\n", "secret.swift", mode: 0o600)
        try FileReplacement.replace(secret, expected: Array("s\n".utf8), with: Array("t\n".utf8))
        XCTAssertEqual(mode(secret), 0o600, "never made world-readable")

        // A second name may be anywhere, outside the folder too: such a file is not written.
        let hard = try write("h\n", "hard.swift")
        XCTAssertEqual(Foundation.link(hard, folder + "/twin.swift"), 0)
        XCTAssertThrowsError(try FileReplacement.replace(hard, expected: Array("h\n".utf8), with: Array("i\n".utf8))) {
            XCTAssertTrue("\($0)".contains("hard.swift: has 2 hard links"), "\($0)")
        }
        XCTAssertEqual(try String(contentsOfFile: folder + "/twin.swift", encoding: .utf8), "h\n")

        let readOnly = try write("r\n", "ro.swift", mode: 0o444)
        XCTAssertThrowsError(try FileReplacement.replace(readOnly, expected: Array("r\n".utf8), with: [0x41])) {
            XCTAssertEqual("\($0)", "\(readOnly): read-only; left unfixed")
        }
        XCTAssertEqual(try String(contentsOfFile: readOnly, encoding: .utf8), "r\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "no temporary file outlives a write")
    }

    /// The fixer computes edits on the bytes the lint read; a second read that differs (an
    /// editor saved in between) leaves the file out instead of patching new text at old offsets.
    func testTheFixerSkipsAFileWhoseBytesChangedAfterTheLintReadThem() {
        let first = Array(
            "import SwiftUI\nstruct A: View {\n    @State var a = 0\n    var body: some View { Text(\"\") }\n}\n".utf8)
        let saved = Array("// an edit\n".utf8) + first
        let reads = Counter()
        var configuration = Configuration()
        configuration.onlyRules = ["state-not-private"]
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: configuration)
        let result = Fixer(linter: linter).corrections([
            LintInput(path: "A.swift") { reads.next() == 0 ? first : saved }
        ])
        XCTAssertEqual(result.fixes.count, 0)
        XCTAssertEqual(result.skipped, ["A.swift: changed since it was read; left unfixed (run again to fix it)"])
        let steady = Fixer(linter: linter).corrections([LintInput(path: "A.swift") { first }])
        XCTAssertEqual(steady.fixes.map(\.fixed), [1])
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int {
            lock.withLock {
                defer { count += 1 }; return count
            }
        }
    }

    func testOverlappingFixesAreDroppedWholeAndTheRestAppliedInOnePass() {
        let bytes = Array("abcdefghij".utf8)
        let fixes = [
            Fix([Edit(range: 2..<4, replacement: "X")], .safe),
            Fix([Edit(range: 3..<5, replacement: "Y")], .safe), // overlaps the first: dropped
            Fix([Edit(range: 8..<8, replacement: "+"), Edit(range: 0..<1, replacement: "A")], .safe),
            Fix([Edit(range: 8..<8, replacement: "-")], .safe), // same insertion point: dropped
            Fix([Edit(range: 6..<7, replacement: "1"), Edit(range: 6..<8, replacement: "2")], .safe), // overlaps itself
        ]
        let (result, applied) = Fixer.apply(fixes, to: bytes)
        XCTAssertEqual(String(decoding: result, as: UTF8.self), "AbXefgh+ij")
        XCTAssertEqual(applied, 2)
    }

    func patch(_ text: [UInt8], _ edits: [Edit]) -> String {
        String(decoding: UnifiedDiff.patch(original: text, edits: edits, path: "x.swift"), as: UTF8.self)
    }

    func testPatchesAreMadeOnBytesAsGitReadsThem() {
        XCTAssertEqual(
            patch(Array("a\nb\nc\nd\n".utf8), [Edit(range: 2..<3, replacement: "B")]),
            "--- a/x.swift\n+++ b/x.swift\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n d\n")
        // CRLF lines keep their \r; a line without a final break is marked.
        XCTAssertEqual(
            patch(Array("a\r\nb".utf8), [Edit(range: 3..<4, replacement: "B")]),
            "--- a/x.swift\n+++ b/x.swift\n@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n"
        )
        // Invalid UTF-8 is copied, not replaced by U+FFFD.
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0A, 0x78, 0x0A]
        XCTAssertEqual(
            UnifiedDiff.patch(original: latin1, edits: [Edit(range: 5..<6, replacement: "y")], path: "x.swift").suffix(
                12),
            [0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A, 0x2D, 0x78, 0x0A, 0x2B, 0x79, 0x0A])
        // Inserting at the end of a file that ends with a line break adds a line.
        XCTAssertEqual(
            patch(Array("a\n".utf8), [Edit(range: 2..<2, replacement: "b\n")]),
            "--- a/x.swift\n+++ b/x.swift\n@@ -1,1 +1,2 @@\n a\n+b\n")
        // Changes far apart are separate hunks; new line numbers follow the lines added before.
        let lines = (1...20).map { "l\($0)\n" }.joined()
        let offsetOfLine15 = Array(lines.utf8).indices.filter { Array(lines.utf8)[$0] == 0x0A }[13] + 1
        XCTAssertEqual(
            patch(
                Array(lines.utf8),
                [
                    Edit(range: 0..<0, replacement: "new\n"),
                    Edit(range: offsetOfLine15..<offsetOfLine15 + 3, replacement: "L15"),
                ]),
            "--- a/x.swift\n+++ b/x.swift\n@@ -1,4 +1,5 @@\n-l1\n+new\n+l1\n l2\n l3\n l4\n"
                + "@@ -12,7 +13,7 @@\n l12\n l13\n l14\n-l15\n+L15\n l16\n l17\n l18\n")
        XCTAssertEqual(patch(Array("same\n".utf8), [Edit(range: 0..<4, replacement: "same")]), "")
    }

    func testGitQuotedDiffPathsAreRead() {
        XCTAssertEqual(Git.diffPath("b/My View.swift\t"), "b/My View.swift")
        XCTAssertEqual(Git.diffPath("\"b/caf\\303\\251.swift\""), "b/café.swift")
        XCTAssertEqual(Git.diffPath("\"b/q\\\"uote\\ttab.swift\""), "b/q\"uote\ttab.swift")
        XCTAssertEqual(Git.diffPath("b/plain.swift"), "b/plain.swift")
    }

    func testDiscoveryNeverOpensAFIFONorFollowsALinkOutOfItsRoots() throws {
        _ = try write("let a = 1\n", "a.swift")
        XCTAssertEqual(mkfifo(folder + "/x.swift", 0o644), 0)
        XCTAssertEqual(symlink("/", folder + "/rootlink"), 0)
        let stale = folder + "/.a.swift.patternlint-\(deadProcessID())-7.tmp"
        let live = folder + "/.a.swift.patternlint-\(getpid())-8.tmp"
        for path in [stale, live] { FileManager.default.createFile(atPath: path, contents: Data()) }
        let result = FileDiscovery.find(paths: [folder], excluded: [], root: folder)
        XCTAssertEqual(result.files, [folder + "/a.swift"])
        XCTAssertEqual(
            result.skipped,
            [
                "\(folder)/rootlink: a link to a folder outside the linted folders (/); not followed",
                "\(folder)/x.swift: not a regular file (a FIFO, device or socket); skipped",
            ])
        XCTAssertEqual(result.staleTemporaries, [stale], "a temporary file of a running process is not stale")
        XCTAssertThrowsError(try FileContents.read(folder + "/x.swift", regularOnly: true))
    }

}

/// A process id no process has: one that ran and was reaped.
func deadProcessID() -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try? process.run()
    process.waitUntilExit()
    return process.processIdentifier
}
