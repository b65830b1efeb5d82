import Foundation
import SwiftLexer
import XCTest

@testable import BuiltinRules
@testable import LintEngine
@testable import ProjectSettings
@testable import Reporters
import Support
@testable import SwiftUIModel

/// The editor's lint (`IncrementalLint`) keeps each file's summary between runs: its findings must
/// be the whole lint's on the same contents, and an edit must read the edited file only.
final class IncrementalLintTests: XCTestCase {
    var folder: URL!
    var files: [String] = []

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("incremental-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The sample app, and a view whose `@State` an extension in another file may read.
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/NavigationDemo")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path) where name.hasSuffix(".swift") {
            try FileManager.default.copyItem(
                at: examples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try write("Home.swift", Self.home)
        try write("Pager.swift", Self.pager)
        files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            folder.appendingPathComponent($0).path
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    static let home = """
        import SwiftUI
        struct Home: View {
            @State var page = 0
            var body: some View {
                Pager(page: $page)
                Text("Help").sheet(isPresented: .constant(true)) { Text("Topics") }
            }
        }

        """
    static let pager = """
        import SwiftUI
        struct Pager: View {
            @Binding var page: Int
            var body: some View { Button("Next") { page += 1 } }
        }

        """
    static let readsPage = """
        extension Home {
            func describe() -> String { "page \\(page)" }
        }

        """

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    var linter: Linter {
        var configuration = Configuration()
        configuration.optInRules = CatalogFixture.catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
        return Linter(catalog: CatalogFixture.catalog, configuration: configuration)
    }

    /// What `patternlint lint` finds with these buffers in place of their files.
    func wholeLint(_ files: [String], buffers: [String: String] = [:]) -> [Finding] {
        linter.lint(
            files.map { path in
                guard let text = buffers[path] else { return LintInput.disk(path) }
                return LintInput(path: path) { Array(text.utf8) }
            }
        ).findings
    }

    func testFindingsAreTheWholeLintsAfterEveryEdit() throws {
        let incremental = IncrementalLint(linter: linter, files: files)
        XCTAssertEqual(incremental.lint(reporting: files, buffers: [:]).findings, wholeLint(files))
        XCTAssertFalse(wholeLint(files).isEmpty)
        // The pager stops writing its binding, then an unsaved buffer edits the sample app.
        var buffers = [path("Pager.swift"): Self.pager.replacingOccurrences(of: "page += 1", with: "print(page)")]
        XCTAssertEqual(
            incremental.lint(reporting: files, buffers: buffers.mapValues { Array($0.utf8) }).findings,
            wholeLint(files, buffers: buffers))
        let root = path("RootView.swift")
        buffers[root] =
            try String(contentsOfFile: root, encoding: .utf8)
            + "\nstruct Extra: View { var body: some View { NavigationStack { Text(\"x\") } } }\n"
        XCTAssertEqual(
            incremental.lint(reporting: [root, path("Home.swift")], buffers: buffers.mapValues { Array($0.utf8) })
                .findings,
            wholeLint(files, buffers: buffers).filter { $0.path == root || $0.path == path("Home.swift") })
    }

    func testAFileInAnotherBufferChangesTheFindingsOfAnOpenFile() throws {
        let incremental = IncrementalLint(linter: linter, files: files)
        let home = path("Home.swift")
        let before = incremental.lint(reporting: [home], buffers: [:]).findings
        let state = try XCTUnwrap(before.first { $0.ruleID == "state-not-private" })
        XCTAssertEqual(state.related, [])
        // A new unsaved file, not on disk, extends Home: Home's finding names it as evidence.
        let extensionPath = path("Ext.swift")
        let after = incremental.lint(
            reporting: [home, extensionPath], buffers: [extensionPath: Array(Self.readsPage.utf8)]
        ).findings
        let named = try XCTUnwrap(after.first { $0.ruleID == "state-not-private" && $0.path == home })
        XCTAssertEqual(named.related.map(\.path), [extensionPath])
        // Closed without being saved: its facts leave the index once, and it is no file to merge again.
        XCTAssertEqual(incremental.lint(reporting: [home], buffers: [:]).findings, before)
        XCTAssertTrue(incremental.lastWork.merged)
        XCTAssertEqual(incremental.lint(reporting: [home], buffers: [:]).findings, before)
        XCTAssertFalse(incremental.lastWork.merged)
    }

    func testAnEditReadsTheEditedFileOnly() throws {
        let incremental = IncrementalLint(linter: linter, files: files)
        let home = path("Home.swift")
        _ = incremental.lint(reporting: [home], buffers: [:])
        XCTAssertEqual(incremental.lastWork, .init(summarised: files.count, merged: true, judged: 1))
        // Nothing changed: nothing is read, the index is kept, the open file judged again.
        _ = incremental.lint(reporting: [home], buffers: [:])
        XCTAssertEqual(incremental.lastWork, .init(summarised: 0, merged: false, judged: 1))
        // An edit: that buffer alone is read, and the index merged again.
        let edited = Self.home.replacingOccurrences(
            of: "Pager(page: $page)", with: "Pager(page: $page)\n        Help()")
        _ = incremental.lint(reporting: [home], buffers: [home: Array(edited.utf8)])
        XCTAssertEqual(incremental.lastWork, .init(summarised: 1, merged: true, judged: 1))
        // An edit that moves nothing the index holds (a comment): the index is kept.
        _ = incremental.lint(reporting: [home], buffers: [home: Array((edited + "// typed\n").utf8)])
        XCTAssertEqual(incremental.lastWork, .init(summarised: 1, summaryKept: 1, merged: false, judged: 1))
        XCTAssertEqual(
            incremental.lint(reporting: [home], buffers: [home: Array((Self.home + "// typed\n").utf8)]).findings,
            wholeLint(files, buffers: [home: Self.home + "// typed\n"]).filter { $0.path == home })
        // A file opened as it is on disk is read for its own findings; its summary comes out the
        // same, and the index does not change.
        let pager = path("Pager.swift")
        _ = incremental.lint(
            reporting: [home, pager],
            buffers: [home: Array((Self.home + "// typed\n").utf8), pager: Array(Self.pager.utf8)])
        XCTAssertEqual(incremental.lastWork, .init(summarised: 1, summaryKept: 1, merged: false, judged: 2))
        // Changed on disk and said so: read again.
        try write("Pager.swift", Self.pager.replacingOccurrences(of: "page += 1", with: "print(page)"))
        incremental.invalidate([pager])
        XCTAssertEqual(
            incremental.lint(reporting: [pager], buffers: [:]).findings, wholeLint(files).filter { $0.path == pager })
        XCTAssertEqual(incremental.lastWork.summarised, 2) // the closed buffer of Home, from disk, and Pager
    }

    func testSummariesAreTheSameOnlyWhenEveryFactIs() {
        func summary(_ text: String) -> FileSummary {
            LintFile(
                index: 3, path: "Home.swift",
                structure: Structure(SourceFile(path: "Home.swift", bytes: Array(text.utf8)))
            )
            .summary
        }
        let home = summary(Self.home)
        XCTAssertEqual(home, summary(Self.home))
        XCTAssertEqual(home, summary(Self.home + "// a comment\n"))
        // A line moved, a view built, a name changed: each is a fact the index holds.
        XCTAssertNotEqual(home, summary("\n" + Self.home))
        XCTAssertNotEqual(home, summary(Self.home.replacingOccurrences(of: "Pager(", with: "Pages(")))
        XCTAssertNotEqual(
            home, summary(Self.home.replacingOccurrences(of: "Text(\"Help\")", with: "Pager(page: $page)")))
    }

    func testAClosedCallerWhoseFindingsMoveIsNamed() throws {
        let toggler = """
            import SwiftUI
            struct Toggler: View {
                @Binding var isOn: Bool
                var body: some View { Button("Flip") { isOn.toggle() } }
            }

            """
        try write("Toggler.swift", toggler)
        try write(
            "Caller.swift",
            "import SwiftUI\nstruct Caller: View {\n    var body: some View { Toggler(isOn: .constant(true)) }\n}\n")
        let all = (files + [path("Toggler.swift"), path("Caller.swift")]).sorted()
        let incremental = IncrementalLint(linter: linter, files: all)
        let open = [path("Toggler.swift")]
        _ = incremental.lint(reporting: open, buffers: [:])
        XCTAssertEqual(incremental.affectedByLastChange(besides: open), [:])
        // Toggler stops writing its binding: the constant passed to it at the caller loses nothing now.
        let reads = toggler.replacingOccurrences(
            of: "Button(\"Flip\") { isOn.toggle() }", with: "Text(isOn ? \"on\" : \"off\")")
        _ = incremental.lint(reporting: open, buffers: [open[0]: Array(reads.utf8)])
        // Another merge before anyone asked (typing goes on): the first change still counts.
        _ = incremental.lint(reporting: open, buffers: [open[0]: Array(("\n" + reads).utf8)])
        XCTAssertTrue(incremental.lastWork.merged)
        let affected = incremental.affectedByLastChange(besides: open)
        XCTAssertEqual(Array(affected.keys), [path("Caller.swift")])
        XCTAssertEqual(
            affected[path("Caller.swift")],
            wholeLint(all, buffers: [open[0]: "\n" + reads]).filter { $0.path == path("Caller.swift") })
        XCTAssertNotEqual(affected[path("Caller.swift")], wholeLint(all).filter { $0.path == path("Caller.swift") })
        // Once per change; an edit that moves no fact affects nothing.
        XCTAssertEqual(incremental.affectedByLastChange(besides: open), [:])
        _ = incremental.lint(reporting: open, buffers: [open[0]: Array(("\n" + reads + "// more\n").utf8)])
        XCTAssertEqual(incremental.affectedByLastChange(besides: open), [:])
        // Written back: the caller's findings return to what they were.
        _ = incremental.lint(reporting: open, buffers: [open[0]: Array(toggler.utf8)])
        XCTAssertEqual(
            incremental.affectedByLastChange(besides: open)[path("Caller.swift")],
            wholeLint(all).filter { $0.path == path("Caller.swift") })
    }

    func testAClosedFileWhoseFindingsAnotherFilesFactsMoveIsNamed() throws {
        try write(
            "Profile.swift",
            "import SwiftUI\nstruct Profile: View {\n    @State var name = \"Ada\"\n    var body: some View { Text(name) }\n}\n"
        )
        let greeting = "import SwiftUI\nextension Profile {\n    var greeting: String { \"Hello, \" + name }\n}\n"
        try write("Greeting.swift", greeting)
        let all = (files + [path("Profile.swift"), path("Greeting.swift")]).sorted()
        let incremental = IncrementalLint(linter: linter, files: all)
        let open = [path("Greeting.swift")]
        _ = incremental.lint(reporting: open, buffers: [:])
        // The extension stops using `name`: only state-not-private's facts move, not the index,
        // and `Profile`'s state can be private now.
        let edited = greeting.replacingOccurrences(of: "+ name", with: "+ \"you\"")
        _ = incremental.lint(reporting: open, buffers: [open[0]: Array(edited.utf8)])
        XCTAssertFalse(incremental.lastWork.merged)
        let profile = path("Profile.swift")
        let now = wholeLint(all, buffers: [open[0]: edited]).filter { $0.path == profile }
        XCTAssertNotEqual(now, wholeLint(all).filter { $0.path == profile })
        XCTAssertEqual(incremental.affectedByLastChange(besides: open)[profile], now)
    }

    func testFactsFromTheSameBytesCompareTheSame() throws {
        // Else every pause in typing would judge the closed files again for nothing.
        try write(
            "Greeting.swift", "import SwiftUI\nextension Home {\n    var greeting: String { \"page \\(page)\" }\n}\n")
        let incremental = IncrementalLint(linter: linter, files: files + [path("Greeting.swift")])
        XCTAssertEqual(incremental.collectors.count, 8)
        for file in files + [path("Greeting.swift")] {
            guard case .success(let first) = Linter.load(LintInput.disk(file), index: 0),
                case .success(let second) = Linter.load(LintInput.disk(file), index: 0)
            else { return XCTFail("cannot read \(file)") }
            let a = incremental.collectors.map { $0.collect(first) }
            let b = incremental.collectors.map { $0.collect(second) }
            XCTAssertTrue(FactCollector.same(incremental.collectors, a, b), file)
        }
        // And an edit that moves a collected fact compares different (the extension now uses another name).
        try write("Greeting.swift", "import SwiftUI\nextension Home {\n    var greeting: String { \"\\(title)\" }\n}\n")
        guard case .success(let edited) = Linter.load(LintInput.disk(path("Greeting.swift")), index: 0) else {
            return XCTFail("cannot read Greeting.swift")
        }
        try write(
            "Greeting.swift", "import SwiftUI\nextension Home {\n    var greeting: String { \"page \\(page)\" }\n}\n")
        guard case .success(let original) = Linter.load(LintInput.disk(path("Greeting.swift")), index: 0) else {
            return XCTFail("cannot read Greeting.swift")
        }
        XCTAssertFalse(
            FactCollector.same(
                incremental.collectors, incremental.collectors.map { $0.collect(original) },
                incremental.collectors.map { $0.collect(edited) }))
    }

    func testTheLargestFilesAreParsedFirstAndNotTogether() {
        let sizes = [10, 500, 3, 400, 7, 100, 1, 2, 90, 300]
        let order = IncrementalLint.workOrder(sizes: sizes)
        XCTAssertEqual(order.sorted(), Array(sizes.indices))
        XCTAssertEqual(order.first, 1)
        // Small files worth as much as the largest come between it and the next large one.
        let next = order.firstIndex(of: 3)!
        XCTAssertGreaterThan(next, 1)
        XCTAssertGreaterThanOrEqual(order[1..<next].map { sizes[$0] }.reduce(0, +), min(500, 10 + 3 + 7 + 1 + 2 + 90))
        XCTAssertEqual(IncrementalLint.workOrder(sizes: []), [])
        XCTAssertEqual(IncrementalLint.workOrder(sizes: [0, 0]), [0, 1])
    }

    func testAFileWrittenByAnotherProgramIsReadAgainWhenItsStatusChanged() throws {
        let incremental = IncrementalLint(linter: linter, files: files)
        let pager = path("Pager.swift")
        _ = incremental.lint(reporting: [pager], buffers: [:])
        incremental.invalidateChangedOnDisk()
        _ = incremental.lint(reporting: [pager], buffers: [:])
        XCTAssertEqual(incremental.lastWork.summarised, 0)
        // Another size: another status, whatever the clock's resolution.
        try write("Pager.swift", Self.pager.replacingOccurrences(of: "page += 1", with: "print(page)"))
        incremental.invalidateChangedOnDisk()
        XCTAssertEqual(
            incremental.lint(reporting: [pager], buffers: [:]).findings, wholeLint(files).filter { $0.path == pager })
        XCTAssertEqual(incremental.lastWork.summarised, 1)
    }

    func testAFileAddedOnDiskKeepsTheRunsOrder() throws {
        let incremental = IncrementalLint(linter: linter, files: files)
        _ = incremental.lint(reporting: files, buffers: [:])
        try write("Ext.swift", Self.readsPage)
        let more = (files + [path("Ext.swift")]).sorted()
        incremental.setFiles(more)
        XCTAssertEqual(incremental.lint(reporting: more, buffers: [:]).findings, wholeLint(more))
    }
}
