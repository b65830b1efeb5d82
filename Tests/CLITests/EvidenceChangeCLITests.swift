import Foundation
import XCTest

/// Issue 46, items 2 and 7: a finding whose evidence a change makes (a new push of a view that owns
/// a stack) belongs to that change, in the hook, in `--changed-since` and against a baseline; and a
/// strict baseline names the entries nothing matches any more.
extension CLITests {
    static let packageForIOS17 = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", platforms: [.iOS(.v17)], targets: [.target(name: "App")])

        """

    static func screen(_ name: String, stack: Bool, pushing pushed: String? = nil) -> String {
        let content = pushed.map { "NavigationLink(\"Open\") { \($0)() }" } ?? "Text(\"\(name)\")"
        let body = stack ? "NavigationStack {\n            \(content)\n        }" : content
        return "import SwiftUI\n\nstruct \(name): View {\n    var body: some View {\n        \(body)\n    }\n}\n"
    }

    /// A repository where `Book` owns a stack and nothing pushes it yet (no finding).
    func repositoryWithUnpushedStack() throws -> URL {
        let root = try makeFolder([
            "Package.swift": Self.packageForIOS17,
            "Sources/App/Library.swift": Self.screen("Library", stack: true),
            "Sources/App/Book.swift": Self.screen("Book", stack: true),
        ])
        let setUp = try shell(
            "git init -q && git config user.email t@t && git config user.name t && git config commit.gpgsign false && git add -A && git commit -qm init",
            in: root)
        XCTAssertEqual(setUp.status, 0, setUp.output)
        return root
    }

    func write(_ text: String, to path: String, in root: URL) throws {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    func testAPushThatNestsAStackElsewhereFailsTheHookAndChangedSince() throws {
        let root = try repositoryWithUnpushedStack()
        XCTAssertEqual(try run(["lint"], in: root).status, 0)
        try write(Self.screen("Library", stack: true, pushing: "Book"), to: "Sources/App/Library.swift", in: root)
        XCTAssertEqual(try shell("git add -A", in: root).status, 0)
        // Book.swift is neither staged nor changed: the error is there, its evidence in Library.swift.
        for arguments in [
            ["lint", "--staged"], ["lint", "--changed-since", "HEAD"],
            ["lint", "--with-context", "Sources/App/Library.swift"],
        ] {
            let result = try run(arguments, in: root)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stdout)\(result.stderr)")
            XCTAssertTrue(
                result.stdout.contains("Sources/App/Book.swift:5:9: error:"), "\(arguments): \(result.stdout)")
        }
        // A file the change does not prove wrong stays out of a hook's report.
        try write(Self.screen("Shelf", stack: true), to: "Sources/App/Shelf.swift", in: root)
        let other = try run(["lint", "--with-context", "Sources/App/Shelf.swift"], in: root)
        XCTAssertEqual(other.status, 0, other.stdout + other.stderr)
    }

    func testABaselineEntryStopsHidingAFindingWhoseEvidenceChanged() throws {
        let root = try repositoryWithUnpushedStack()
        try write(Self.screen("Library", stack: true, pushing: "Book"), to: "Sources/App/Library.swift", in: root)
        XCTAssertEqual(try run(["lint", "--write-baseline", "baseline.json"], in: root).status, 0)
        let accepted = try String(contentsOf: root.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertTrue(accepted.contains("\"evidence\""), accepted)
        XCTAssertEqual(try run(["lint", "--baseline", "baseline.json"], in: root).status, 0)

        // The push moves to another screen: the same line in Book.swift, other evidence.
        try write(Self.screen("Library", stack: true), to: "Sources/App/Library.swift", in: root)
        try write(Self.screen("Shelf", stack: true, pushing: "Book"), to: "Sources/App/Shelf.swift", in: root)
        let moved = try run(["lint", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(moved.status, 1, moved.stderr)
        XCTAssertTrue(moved.stdout.contains("Sources/App/Book.swift:5:9: error:"), moved.stdout)

        // An entry written before entries carried evidence still hides it, as it always did.
        let old = accepted.replacingOccurrences(
            of: #"\n *"evidence" : "[0-9a-f]+","#, with: "", options: .regularExpression)
        XCTAssertFalse(old.contains("evidence"), old)
        try write(old, to: "old.json", in: root)
        let oldRun = try run(["lint", "--baseline", "old.json"], in: root)
        XCTAssertEqual(oldRun.status, 0, oldRun.stdout + oldRun.stderr)
        XCTAssertTrue(oldRun.stderr.contains("1 hidden by the baseline"), oldRun.stderr)
    }

    func testAStrictBaselineNamesStaleEntriesAndWritingDropsThem() throws {
        let root = try makeFolder([
            "Package.swift": Self.packageForIOS17,
            "Sources/App/Library.swift": Self.screen("Library", stack: true, pushing: "Book"),
            "Sources/App/Book.swift": Self.screen("Book", stack: true),
            "Sources/Other/Shell.swift": Self.screen("Shell", stack: true, pushing: "Inner"),
            "Sources/Other/Inner.swift": Self.screen("Inner", stack: true),
        ])
        XCTAssertEqual(try run(["lint", "--write-baseline", "baseline.json"], in: root).status, 0)
        let clean = try run(["lint", "--baseline", "baseline.json", "--strict-baseline"], in: root)
        XCTAssertEqual(clean.status, 0, clean.stderr)

        // The team fixes one: its entry is stale.
        try write(Self.screen("Book", stack: false), to: "Sources/App/Book.swift", in: root)
        let strict = try run(["lint", "--baseline", "baseline.json", "--strict-baseline"], in: root)
        XCTAssertEqual(strict.status, 3, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("1 entry no finding matches"), strict.stderr)
        XCTAssertTrue(strict.stderr.contains("Sources/App/Book.swift:5: nested-navigation-stack"), strict.stderr)
        XCTAssertEqual(try run(["lint", "--baseline", "baseline.json"], in: root).status, 0, "not strict: passes")
        // A run over another folder cannot judge that entry.
        XCTAssertEqual(
            try run(["lint", "--baseline", "baseline.json", "--strict-baseline", "Sources/Other"], in: root).status, 0)

        // Written from one folder, the baseline drops that folder's stale entry and keeps the other's.
        let rewritten = try run(["lint", "--write-baseline", "baseline.json", "Sources/App"], in: root)
        XCTAssertEqual(rewritten.status, 0, rewritten.stderr)
        XCTAssertTrue(
            rewritten.stderr.contains(
                "Wrote 0 findings to baseline.json (1 entry of files not linted kept; 1 stale entry dropped)."),
            rewritten.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertFalse(text.contains("Book.swift"), text)
        XCTAssertTrue(text.contains("Sources/Other/Inner.swift"), text)
        let after = try run(["lint", "--baseline", "baseline.json", "--strict-baseline"], in: root)
        XCTAssertEqual(after.status, 0, after.stdout + after.stderr)
    }
}
