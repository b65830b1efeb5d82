import Foundation
@testable import Support
import XCTest

/// The one containment function every reader, writer and exporter goes through: a path that
/// leads out of its folder, by a link, `..` or a NUL, is refused; a link swapped in after the
/// check fails the open; a file with other hard links is not written; a batch of files is whole
/// or not at all, even when its run dies between two swaps.
final class ContainedFolderTests: XCTestCase {
    var base = ""
    var folder = ""
    var outside = ""

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("pl-contained-\(UUID().uuidString)").path
        folder = base + "/inside"
        outside = base + "/outside"
        for path in [folder + "/sub", outside] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try write("secret\n", outside + "/secret.txt")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: base) }

    func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func testPathsLeadingOutByALinkDotsOrANULAreRefused() throws {
        let contained = try ContainedFolder(folder)
        XCTAssertEqual(symlink(outside, folder + "/out"), 0)
        XCTAssertEqual(symlink(outside + "/secret.txt", folder + "/secret.txt"), 0)
        XCTAssertEqual(symlink("sub", folder + "/inner"), 0)
        for path in [folder + "/out/x.md", folder + "/secret.txt", folder + "/sub/../../outside/y.md", "/etc/passwd"] {
            XCTAssertThrowsError(try contained.locate(path), path) {
                XCTAssertTrue("\($0)".contains("leads outside"), "\($0)")
            }
            XCTAssertThrowsError(try contained.write(Array("x".utf8), to: path), path)
            XCTAssertThrowsError(try contained.read(path), path)
        }
        XCTAssertThrowsError(try contained.locate(folder + "/a\0b.md")) {
            XCTAssertTrue("\($0)".contains("a\\0b.md: a path cannot hold a NUL byte"), "\($0)")
        }
        // A link that stays inside is followed to the file it names, and stays a link.
        try contained.write(Array("through\n".utf8), to: folder + "/inner/new.md")
        XCTAssertEqual(text(folder + "/sub/new.md"), "through\n")
        XCTAssertEqual(text(outside + "/secret.txt"), "secret\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), ["secret.txt"])
    }

    func testAFolderSwappedForALinkAfterTheCheckIsNotFollowed() throws {
        let contained = try ContainedFolder(folder)
        let location = try contained.locate(folder + "/sub/note.md")
        // Another process swaps the folder for a link out, between the check and the write.
        XCTAssertEqual(rename(folder + "/sub", folder + "/sub.real"), 0)
        XCTAssertEqual(symlink(outside, folder + "/sub"), 0)
        XCTAssertThrowsError(try contained.openFolder(of: location)) {
            XCTAssertTrue("\($0)".contains("is a link or a file, not a folder of"), "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), ["secret.txt"])
    }

    func testAFileWithAnotherHardLinkIsNotRewritten() throws {
        XCTAssertEqual(link(outside + "/secret.txt", folder + "/note.md"), 0)
        let contained = try ContainedFolder(folder)
        XCTAssertThrowsError(
            try contained.write(Array("changed\n".utf8), to: folder + "/note.md", expected: Array("secret\n".utf8))
        ) { XCTAssertTrue("\($0)".contains("note.md: has 2 hard links"), "\($0)") }
        XCTAssertThrowsError(
            try FileBatch(
                [.replace(path: folder + "/note.md", expected: Array("secret\n".utf8), contents: [])],
                within: [contained]
            ).commit())
        XCTAssertEqual(text(outside + "/secret.txt"), "secret\n")
    }

    /// A new file takes the mode the umask gives it (a team's `umask 077` keeps a baseline private).
    func testANewFileKeepsTheUmask() throws {
        let previous = umask(0o077)
        defer { umask(previous) }
        try AtomicFile.write("new\n", to: folder + "/fresh.json")
        var status = stat()
        XCTAssertEqual(stat(folder + "/fresh.json", &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
    }

    func testAReplacementKeepsTheModeAndMakesANewFile() throws {
        try write("old\n", folder + "/a.md")
        XCTAssertEqual(chmod(folder + "/a.md", 0o600), 0)
        try AtomicFile.write("new\n", to: folder + "/a.md")
        var status = stat()
        XCTAssertEqual(stat(folder + "/a.md", &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        XCTAssertEqual(text(folder + "/a.md"), "new\n")
    }

    func batch(_ files: Int) throws -> FileBatch {
        var changes: [FileBatch.Change] = []
        for index in 0..<files {
            let path = folder + "/n\(index).md"
            try write("old \(index)\n", path)
            changes.append(
                .replace(path: path, expected: Array("old \(index)\n".utf8), contents: Array("new \(index)\n".utf8)))
        }
        try write("hub\n", folder + "/hub.md")
        changes.append(
            .move(
                from: folder + "/hub.md", expected: Array("hub\n".utf8), to: folder + "/sub/center.md",
                contents: Array("center\n".utf8)))
        return FileBatch(changes, within: [try ContainedFolder(folder)])
    }

    func entries() throws -> [String] { try FileManager.default.subpathsOfDirectory(atPath: folder).sorted() }

    /// A run killed after its journal: the next command that opens the folder finishes it.
    func testAJournalLeftByADeadRunIsFinishedByTheNextOne() throws {
        var batch = try batch(20)
        batch.stopAfterJournalForTesting = true
        try batch.commit()
        XCTAssertEqual(text(folder + "/n3.md"), "old 3\n", "nothing swapped yet")
        // The journal names this process, which is alive: only a dead run's journal is finished.
        XCTAssertEqual(FileBatchJournal.recover(in: [try ContainedFolder(folder)]), [])
        let journal = try entries().first { $0.hasPrefix(".patternlint-journal-") }!
        try rewritePID(folder + "/" + journal, to: deadProcessID())
        let said = FileBatchJournal.recover(in: [try ContainedFolder(folder)])
        XCTAssertEqual(said.count, 1)
        XCTAssertTrue(said[0].hasPrefix("finished a write of 21 files that an interrupted run left"), said[0])
        for index in 0..<20 { XCTAssertEqual(text(folder + "/n\(index).md"), "new \(index)\n") }
        XCTAssertNil(text(folder + "/hub.md"))
        XCTAssertEqual(text(folder + "/sub/center.md"), "center\n")
        XCTAssertEqual(
            try entries().filter { $0.hasPrefix(".") || $0.contains("/.") }, [], "no journal nor temporary file left")
    }

    /// A file an editor saved after the crash: every file of the batch is put back instead.
    func testAJournalWhoseFileChangedSincePutsEveryFileBack() throws {
        var batch = try batch(5)
        batch.stopAfterJournalForTesting = true
        try batch.commit()
        let journal = try entries().first { $0.hasPrefix(".patternlint-journal-") }!
        try rewritePID(folder + "/" + journal, to: deadProcessID())
        try write("an editor's save\n", folder + "/n4.md")
        let said = FileBatchJournal.recover(in: [try ContainedFolder(folder)])
        XCTAssertTrue(said.first?.contains("put back the 6 files") == true, "\(said)")
        for index in 0..<4 { XCTAssertEqual(text(folder + "/n\(index).md"), "old \(index)\n") }
        XCTAssertEqual(text(folder + "/n4.md"), "an editor's save\n")
        XCTAssertEqual(text(folder + "/hub.md"), "hub\n")
    }

    /// A journal a pull request commits cannot make recovery touch a file outside the folders.
    func testAJournalNamingAFileOutsideIsLeftAlone() throws {
        let crafted = """
            {"pid":\(deadProcessID()),"folders":["\(folder)"],"items":[{"kind":"move","shown":"x","target":"\(outside)/secret.txt",\
            "destination":"\(folder)/stolen.md","temporary":".stolen.md.patternlint-1-2.tmp","temporaryInode":1}]}
            """
        try write(crafted, folder + "/.patternlint-journal-1-2.json")
        let said = FileBatchJournal.recover(in: [try ContainedFolder(folder)])
        XCTAssertTrue(said.first?.contains("names a file it may not touch") == true, "\(said)")
        XCTAssertEqual(text(outside + "/secret.txt"), "secret\n")
        XCTAssertNil(text(folder + "/stolen.md"))
    }

    func rewritePID(_ journal: String, to pid: Int32) throws {
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        let rewritten = text.replacingOccurrences(
            of: #""pid":\d+"#, with: "\"pid\":\(pid)", options: .regularExpression)
        try write(rewritten, journal)
    }

}
