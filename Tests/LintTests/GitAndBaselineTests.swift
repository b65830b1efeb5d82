import Foundation
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import Notes
import XCTest
import Support

/// End to end against a real temporary git repository: a partly staged file is judged on its
/// staged content, --changed-since keeps only changed lines, and baselines survive line shifts.
final class GitAndBaselineTests: XCTestCase {
    var repo: String!

    override func setUpWithError() throws {
        repo = FileManager.default.temporaryDirectory.appendingPathComponent("plint-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        try Git.run(["init", "-q"], in: repo)
        try Git.run(["config", "user.email", "test@example.com"], in: repo)
        try Git.run(["config", "user.name", "Test"], in: repo)
        try Git.run(["config", "commit.gpgsign", "false"], in: repo)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: repo)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: repo + "/" + name, atomically: true, encoding: .utf8)
    }

    func testStagedContentIsReadFromTheIndex() throws {
        try write(
            "A.swift", "struct A: View {\n    @State private var n = 0\n    var body: some View { Text(\"a\") }\n}\n")
        try write("Notes.txt", "not swift\n")
        try Git.run(["add", "."], in: repo)
        try Git.run(["commit", "-qm", "init"], in: repo)
        // Stage one problem, then add another only in the working tree.
        try write("A.swift", "struct A: View {\n    @State var n = 0\n    var body: some View { Text(\"a\") }\n}\n")
        try Git.run(["add", "A.swift"], in: repo)
        try write(
            "A.swift",
            "struct A: View {\n    @State var n = 0\n    var body: some View { NavigationView { Text(\"a\") } }\n}\n")
        let statusBefore = try Git.run(["status", "--porcelain"], in: repo)

        let staged = try Git.stagedSwiftFiles(in: repo)
        XCTAssertEqual(staged, ["A.swift"])
        let contents = try Git.stagedContents(staged, in: repo)
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: Configuration())
        let result = linter.lint(staged.map { path in LintInput(path: path) { contents[path]! } })
        XCTAssertEqual(
            result.findings.map { "\($0.line) \($0.ruleID)" }, ["2 state-not-private"],
            "the unstaged NavigationView is not judged")
        XCTAssertEqual(
            try Git.run(["status", "--porcelain"], in: repo), statusBefore, "index and working tree untouched")
    }

    func testChangedLinesSinceARevision() throws {
        try write("A.swift", "line1\nline2\nline3\n")
        try Git.run(["add", "."], in: repo)
        try Git.run(["commit", "-qm", "init"], in: repo)
        try write("A.swift", "line1\nchanged\nline3\nadded\n")
        try write("New.swift", "fresh\n")
        let changed = try Git.changedLines(since: "HEAD", in: repo)
        XCTAssertEqual(changed["A.swift"], .some(Set([2, 4])))
        XCTAssertEqual(changed["New.swift"], .some(nil), "untracked files count as wholly changed")
        XCTAssertThrowsError(try Git.changedLines(since: "no-such-rev", in: repo)) { error in
            XCTAssertEqual("\(error)", "unknown revision `no-such-rev`")
        }
    }

    func testBaselineSurvivesShiftedLinesAndCatchesNewFindings() throws {
        let before =
            "struct A: View {\n    @State var a = 0\n    var body: some View { NavigationView { Text(\"a\") } }\n}\n"
        let first = CatalogFixture.lint([("A.swift", before)])
        XCTAssertEqual(first.findings.count, 2)
        let path = repo + "/baseline.json"
        try Baseline(findings: first.findings).write(to: path)
        let loaded = try Baseline.load(path: path)
        XCTAssertEqual(loaded, Baseline(findings: first.findings))

        // Unrelated lines inserted above; one new finding added.
        let after =
            "import SwiftUI\n\n// A comment\nstruct A: View {\n    @State var a = 0\n    @State var b = 0\n    var body: some View { NavigationView { Text(\"a\") } }\n}\n"
        let second = CatalogFixture.lint([("A.swift", after)])
        XCTAssertEqual(second.findings.count, 3)
        XCTAssertEqual(loaded.filter(second.findings).map { "\($0.line) \($0.ruleID)" }, ["6 state-not-private"])
    }

    func testCorruptBaselineIsAClearError() throws {
        let path = repo + "/bad.json"
        try "{ not json".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Baseline.load(path: path)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(path): not a PatternLint baseline (corrupt or not JSON); write a new one with --write-baseline")
        }
        XCTAssertThrowsError(try Baseline.load(path: repo + "/missing.json"))
    }

    func testAtomicWriteLeavesNoTemporaryFiles() throws {
        let path = repo + "/out.txt"
        try AtomicFile.write("one", to: path)
        try AtomicFile.write("two", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "two")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: repo).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
        XCTAssertThrowsError(try AtomicFile.write("x", to: repo + "/no/such/folder/file"))
    }
}
