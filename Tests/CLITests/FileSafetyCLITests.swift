import Foundation
import XCTest

/// Issue 26 end to end: what the binary does with odd files, links, interrupted runs and git paths.
extension CLITests {
    /// `run`, named where a hang is what the test guards against (`run` ends a child after 120 s).
    func runGuarded(_ arguments: [String], in folder: URL) throws -> Run { try run(arguments, in: folder) }

    func testAFIFONamedSwiftAndALinkToTheRootAreSkippedAndNamed() throws {
        let folder = try makeFolder(["a.swift": clean])
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("x.swift").path, 0o644), 0)
        XCTAssertEqual(symlink("/", folder.appendingPathComponent("rootlink").path), 0)
        let result = try runGuarded(["lint"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("x.swift: not a regular file (a FIFO, device or socket); skipped"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("rootlink: a link to a folder outside the linted folders (/); not followed"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("Linted 1 file"), result.stderr)
        let named = try runGuarded(["lint", "x.swift"], in: folder)
        XCTAssertEqual(named.status, 0, named.stderr)
    }

    func testAFileNameThatIsNotUTF8IsNamedNotMissing() throws {
        let folder = try makeFolder(["a.swift": clean])
        let (status, _) = try shell("printf 'struct A {}\\n' > \"$(printf 'caf\\351.swift')\"", in: folder)
        XCTAssertEqual(status, 0)
        let result = try runGuarded(["lint"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("caf\\xE9.swift: the file name is not valid UTF-8; skipped"), result.stderr)
        XCTAssertFalse(result.stderr.contains("No such file"), result.stderr)
    }

    /// `--fix` writes through a symlinked file that stays in the folder linted, keeps modes, and
    /// leaves alone a read-only file and a link out of the folder, naming each; no temporary file
    /// stays behind.
    func testFixKeepsLinksModesAndReadOnlyFiles() throws {
        let source =
            "import SwiftUI\nstruct V: View {\n    @State var count = 0\n    var body: some View { Text(\"\\(count)\") }\n}\n"
        let folder = try makeFolder([
            "app/shared/Linked.swift": source, "app/Script.swift": source, "app/ReadOnly.swift": source,
            "outside/Other.swift": source,
        ])
        let app = folder.appendingPathComponent("app")
        XCTAssertEqual(symlink("shared/Linked.swift", app.appendingPathComponent("Linked.swift").path), 0)
        XCTAssertEqual(symlink("../outside/Other.swift", app.appendingPathComponent("Other.swift").path), 0)
        XCTAssertEqual(chmod(app.appendingPathComponent("Script.swift").path, 0o755), 0)
        XCTAssertEqual(chmod(app.appendingPathComponent("ReadOnly.swift").path, 0o444), 0)
        addTeardownBlock { _ = chmod(app.appendingPathComponent("ReadOnly.swift").path, 0o644) }
        let fixed = try runGuarded(["lint", "--fix"], in: app)
        XCTAssertTrue(fixed.stderr.contains("ReadOnly.swift: read-only; left unfixed"), fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("Other.swift: leads outside"), fixed.stderr)
        let listing = try shell("ls -l app app/shared | grep swift; ls -A app app/shared | grep -c tmp", in: folder)
            .output
        XCTAssertTrue(listing.contains("lrwxrwxrwx"), listing)
        XCTAssertTrue(listing.contains("-rwxr-xr-x"), listing)
        XCTAssertTrue(listing.contains("-r--r--r--"), listing)
        XCTAssertTrue(listing.hasSuffix("0\n"), "no temporary file left: \(listing)")
        XCTAssertTrue(
            try String(contentsOf: app.appendingPathComponent("shared/Linked.swift"), encoding: .utf8).contains(
                "private var"))
        XCTAssertEqual(try String(contentsOf: app.appendingPathComponent("ReadOnly.swift"), encoding: .utf8), source)
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("outside/Other.swift"), encoding: .utf8), source,
            "a link out of the folder is not written through")
    }

    func testTemporaryFilesOfAKilledRunAreRemovedOnTheNextRun() throws {
        let folder = try makeFolder(["a.swift": clean])
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/sh")
        dead.arguments = ["-c", "exit 0"]
        try dead.run()
        dead.waitUntilExit()
        let stale = folder.appendingPathComponent(".a.swift.patternlint-\(dead.processIdentifier)-12.tmp").path
        let live = folder.appendingPathComponent(".a.swift.patternlint-\(getpid())-13.tmp").path
        for path in [stale, live] { FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        let result = try runGuarded(["lint"], in: folder)
        XCTAssertTrue(result.stderr.contains("removed 1 temporary file an interrupted run left"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "a running process's file is left alone")
    }

    /// `--fix --dry-run` exits as the lint after the fixes would: 1 while an error remains.
    func testDryRunExitsAsTheLintAfterTheFixesWould() throws {
        let nested =
            "import SwiftUI\nstruct V: View {\n    @State var n = 0\n    var body: some View { NavigationStack { NavigationStack { Text(\"\\(n)\") } } }\n}\n"
        let folder = try makeFolder(["V.swift": nested])
        let dryRun = try runGuarded(["lint", "--fix", "--dry-run"], in: folder)
        XCTAssertEqual(dryRun.status, 1, dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.hasPrefix("--- a/V.swift"), dryRun.stdout)
        XCTAssertFalse(dryRun.stdout.contains("error:"), "stdout is only the patch")
        XCTAssertTrue(dryRun.stderr.contains("After these fixes, 1 file: 1 error, 0 warnings"), dryRun.stderr)
    }

    /// The dry run's patch applies with `git apply` for CRLF, CR-only, invalid UTF-8 and files
    /// without a final line break (each was refused).
    func testDryRunPatchesApplyWhateverTheLineEndings() throws {
        let folder = try makeFolder([:])
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = [
            "crlf.swift":
                "printf 'import SwiftUI\\r\\nstruct A: View {\\r\\n    @State var a = 0\\r\\n    var body: some View { Text(\"\") }\\r\\n}\\r\\n'",
            "cr.swift":
                "printf 'import SwiftUI\\rstruct B: View {\\r    @State var b = 0\\r    var body: some View { Text(\"\") }\\r}\\r'",
            "latin1.swift":
                "printf 'import SwiftUI\\n// caf\\351\\nstruct C: View {\\n    @State var c = 0\\n    var body: some View { Text(\"\\351\") }\\n}\\n'",
            "tail.swift":
                "printf 'import SwiftUI\\nstruct D: View {\\n    @State var d = 0\\n    var body: some View { Text(\"\") }\\n}'",
        ]
        for (name, command) in files { XCTAssertEqual(try shell("\(command) > \(name)", in: folder).status, 0) }
        // Through the shell: the patch's bytes as written, not decoded into a String.
        let apply = try shell(
            "'\(binary.path)' lint --fix --dry-run > fix.patch 2>/dev/null; grep -c '^--- a/' fix.patch; git apply --check fix.patch 2>&1; echo \"exit $?\"",
            in: folder)
        XCTAssertEqual(apply.output, "4\nexit 0\n")
    }

    /// Paths with a space, a quote, a tab or a non-ASCII letter: git quotes them in its diff, and
    /// their findings were dropped by `--changed-since`, so a new error passed CI.
    func testChangedSinceKeepsFindingsInFilesWithOddNames() throws {
        let folder = try makeFolder([:])
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = ["My View.swift", "q\"uote.swift", "tab\there.swift", "café.swift"]
        let nested =
            "import SwiftUI\nstruct V: View {\n    var body: some View { NavigationStack { NavigationStack { NavigationLink(\"x\", value: 1) } } }\n}\n"
        for name in names { try Data(clean.utf8).write(to: folder.appendingPathComponent(name)) }
        let setUp = try shell(
            "git init -q && git config user.email t@t && git config user.name t && git config commit.gpgsign false && git add -A && git commit -qm init",
            in: folder)
        XCTAssertEqual(setUp.status, 0, setUp.output)
        for name in names { try Data(nested.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = try runGuarded(["lint", "--changed-since", "HEAD"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        for name in names { XCTAssertTrue(result.stdout.contains(name + ":3:"), "\(name) dropped: \(result.stdout)") }
    }
}
