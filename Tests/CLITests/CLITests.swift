import Foundation
import XCTest

/// The `patternlint` binary end to end: exit codes, messages naming files, standard input, `--fix`.
final class CLITests: XCTestCase {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `patternlint` next to the test bundle.
    var binary: URL {
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL
            .deletingLastPathComponent()
        #else
        let products = Bundle.main.bundleURL
        #endif
        return products.appendingPathComponent("patternlint")
    }

    func run(
        _ arguments: [String], in folder: URL, stdin: String? = nil, environment extra: [String: String] = [:],
        timeout: Double = 120
    ) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        // A hang fails its test instead of holding the whole suite: the child is ended after the timeout.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    func makeFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-cli-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// A team rule file written on Windows (CRLF) loads, and YAML read with `YAMS_DEFAULT_ENCODING`
    /// set prints nothing into the report (Yams announces that variable on stdout).
    func testACRLFRuleFileLoadsAndTheReportStaysJSONWhateverYAMLsEncodingVariable() throws {
        let rule = [
            "---", "id: no-print-here", "note: \"[[Print Note]]\"", "match:", "  identifier: [print]", "---",
            "# no-print-here", "",
        ].joined(separator: "\r\n")
        let folder = try makeFolder([
            ".patternlint.yml": "rules: [rules]\nnotes: [notes]\n",
            "rules/no-print-here.md": rule,
            "notes/print-note.md": "---\ntitle: Print Note\n---\n# Print Note\n\nLog instead.\n",
            "Sources/A.swift": "func f() { print(1) }\n",
        ])
        let result = try run(
            ["lint", "Sources", "--reporter", "json"], in: folder, environment: ["YAMS_DEFAULT_ENCODING": "UTF8"])
        let findings = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(findings?.compactMap { $0["rule"] as? String }, ["no-print-here"], result.stdout + result.stderr)
    }

    let deprecated =
        "import SwiftUI\nstruct Home: View {\n    var body: some View { NavigationView { Text(\"Home\") } }\n}\n"
    let frozenSheet =
        "import SwiftUI\nstruct Help: View {\n    var body: some View { Text(\"x\").sheet(isPresented: .constant(true)) { Text(\"Help\") } }\n}\n"
    let clean = "import SwiftUI\nstruct Plain: View {\n    var body: some View { Text(\"Plain\") }\n}\n"
    /// A package that names its deployment target: under no project at all the targets are
    /// unknown, and deprecations are only notes.
    let manifest =
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v17)], targets: [.target(name: \"App\", path: \".\")])\n"

    /// `NavigationView` is deprecated with no version: these tests ask for it as a warning.
    let softDeprecationsWarn = "soft_deprecations: warning\n"

    func testExitCodes() throws {
        let folder = try makeFolder([
            "Clean.swift": clean, "Deprecated.swift": deprecated, "Frozen.swift": frozenSheet,
            "Package.swift": manifest, ".patternlint.yml": softDeprecationsWarn,
        ])
        XCTAssertEqual(try run(["lint", "Clean.swift"], in: folder).status, 0)
        let warning = try run(["lint", "Deprecated.swift"], in: folder)
        XCTAssertEqual(warning.status, 0, "warnings alone do not fail")
        XCTAssertTrue(
            warning.stdout.contains("Deprecated.swift:3:27: warning: `NavigationView` is deprecated"), warning.stdout)
        XCTAssertTrue(warning.stdout.contains("(navigation-view-deprecated)"))
        XCTAssertTrue(
            warning.stdout.contains("note: NavigationStack Essentials — patternlint explain navigation-view-deprecated")
        )
        XCTAssertEqual(try run(["lint", "--strict", "Deprecated.swift"], in: folder).status, 1)
        let error = try run(["lint", "."], in: folder)
        XCTAssertEqual(error.status, 1)
        XCTAssertTrue(error.stderr.contains("Linted 4 files: 1 error, 1 warning, 0 infos."), error.stderr)
    }

    /// `included: [.]` (what `init` writes) once gave `/abs/clone/./X.swift` paths: a baseline
    /// written in one clone reported everything as new in another.
    func testABaselineWrittenInOneCloneHoldsInAnother() throws {
        let files = [".patternlint.yml": "included: [.]\n", "Sources/Frozen.swift": frozenSheet]
        let first = try makeFolder(files), second = try makeFolder(files)
        let written = try run(["lint", "--write-baseline", "baseline.json"], in: first)
        XCTAssertEqual(written.status, 0, written.stderr)
        let baseline = try String(contentsOf: first.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertTrue(baseline.contains("\"path\" : \"Sources/Frozen.swift\""), baseline)
        XCTAssertFalse(baseline.contains(first.path), baseline)
        try Data(baseline.utf8).write(to: second.appendingPathComponent("baseline.json"))
        let checked = try run(["lint", "--baseline", "baseline.json"], in: second)
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
        let json = try run(["lint", "--reporter", "json", "./Sources/../Sources"], in: second)
        XCTAssertTrue(json.stdout.contains("\"path\": \"Sources/Frozen.swift\""), json.stdout)
        let sarif = try run(["lint", "--reporter", "sarif"], in: second)
        XCTAssertTrue(sarif.stdout.contains("\"uriBaseId\" : \"SRCROOT\""), sarif.stdout)
        // Named in the configuration, the baseline applies without flags; writing a new one does not read it.
        try Data("included: [.]\nbaseline: baseline.json\n".utf8).write(
            to: second.appendingPathComponent(".patternlint.yml"))
        XCTAssertEqual(try run(["lint"], in: second).status, 0)
        XCTAssertEqual(try run(["lint", "--baseline", "missing.json"], in: second).status, 2)
        try FileManager.default.removeItem(at: second.appendingPathComponent("baseline.json"))
        XCTAssertEqual(try run(["lint"], in: second).status, 2, "a configured baseline that is missing is an error")
        XCTAssertEqual(try run(["lint", "--write-baseline", "baseline.json"], in: second).status, 0)
        XCTAssertEqual(try run(["lint"], in: second).status, 0)
    }

    func testAnAliasBombConfigurationIsAConfigurationError() throws {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...8 {
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        let folder = try makeFolder([".patternlint.yml": lines.joined(separator: "\n") + "\n", "Clean.swift": clean])
        let refused = try run(["lint", "Clean.swift"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains(".patternlint.yml: its aliases expand"), refused.stderr)
    }

    func testIOAndGitErrorsAreSaidInWords() throws {
        // Temporary folders are in no repository.
        let folder = try makeFolder(["Clean.swift": clean, "taken": "a file\n", "notes/Mine.md": "# Mine\n"])
        let changed = try run(["lint", "--changed-since", "HEAD", "Clean.swift"], in: folder)
        XCTAssertEqual(changed.status, 2)
        XCTAssertTrue(changed.stderr.contains("not a git repository"), changed.stderr)
        let export = try run(["notes", "export", "--html", "taken"], in: folder)
        XCTAssertEqual(export.status, 2)
        XCTAssertTrue(export.stderr.contains("taken: exists and is a file, not a folder"), export.stderr)
        XCTAssertFalse(export.stderr.contains("Code="), export.stderr)
        let nested = try run(["notes", "export", "--html", "taken/site"], in: folder)
        XCTAssertTrue(nested.stderr.contains("taken: exists and is a file"), nested.stderr)
        // Without the built-in notes, the built-in rules' notes are not in play.
        let check = try run(["notes", "check", "--no-builtin-notes", "--notes", "notes"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertFalse(check.stdout.contains("rule-missing-note"), check.stdout)
    }

    /// Names a reader tries: a note's path however it is written, a word of a title, a rule id
    /// without dashes, a note's title given to `explain`.
    func testNotesAndRulesAreFoundByTheNamesReadersTry() throws {
        let folder = try makeFolder(["docs/patterns/sheets.md": "---\ntitle: Sheets\n---\n# Sheets\n"])
        for name in ["docs/patterns/sheets.md", folder.path + "/docs/patterns/sheets.md", "./docs/patterns/sheets.md"] {
            let shown = try run(["notes", "show", name, "--notes", "docs", "--no-builtin-notes"], in: folder)
            XCTAssertEqual(shown.status, 0, name + ": " + shown.stderr)
        }
        let dual = try run(["notes", "show", "dual"], in: folder)
        XCTAssertTrue(dual.stderr.contains("closest titles:\n  Dual Initializer Pattern"), dual.stderr)
        let rule = try run(["explain", "navigationview"], in: folder)
        XCTAssertTrue(rule.stderr.contains("did you mean: navigation-view-deprecated"), rule.stderr)
        let note = try run(["explain", "Dual Initializer Pattern"], in: folder)
        XCTAssertTrue(note.stderr.contains("is a pattern note, not a rule: patternlint notes show"), note.stderr)
    }

    func testBadInputIsNamedAndTheRunGoesOn() throws {
        let folder = try makeFolder([
            "Deprecated.swift": deprecated, "Package.swift": manifest, ".patternlint.yml": softDeprecationsWarn,
        ])
        try Data([0x00, 0xFF, 0xFE, 0x00, 0x41]).write(to: folder.appendingPathComponent("Blob.swift"))
        let result = try run(["lint", ".", "Missing.swift"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("Blob.swift: binary file (NUL bytes), skipped"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Missing.swift: no such file or folder"), result.stderr)
        XCTAssertTrue(result.stdout.contains("Deprecated.swift:3:27: warning"), "the other files are still linted")
    }

    /// A team's own stack, link and destination named under `navigation:` count as SwiftUI's: a
    /// stack inside its `RouterStack` nests, and a `RouterLink` or `.routerDestination` outside
    /// any stack is reported.
    func testNavigationNamesTheTeamsOwnStacksLinksAndDestinations() throws {
        let journal = """
            import SwiftUI
            struct Journal: View {
                var body: some View {
                    RouterStack {
                        NavigationStack { RouterLink("Entry", to: .entry) }
                    }
                }
            }
            @main
            struct JournalApp: App {
                var body: some Scene { WindowGroup { Loose() } }
            }
            struct Loose: View {
                var body: some View { Text("x").routerDestination { $0.view } }
            }

            """
        let folder = try makeFolder(["Journal.swift": journal])
        let plain = try run(["lint", "--reporter", "json", "--no-baseline"], in: folder)
        XCTAssertEqual(plain.status, 0, plain.stdout)
        try Data(
            "navigation:\n  stacks: [RouterStack]\n  links: [RouterLink]\n  destinations: [routerDestination]\n".utf8
        ).write(to: folder.appendingPathComponent(".patternlint.yml"))
        let named = try run(["lint", "--reporter", "json", "--no-baseline"], in: folder)
        XCTAssertEqual(named.status, 1, named.stdout)
        XCTAssertTrue(named.stdout.contains("sits inside another `RouterStack`"), named.stdout)
        XCTAssertTrue(named.stdout.contains("`.routerDestination` is in `Loose`"), named.stdout)
    }

    func testStandardInputIsLintedAsThePathGiven() throws {
        // The view that builds `Home` inside a stack is on disk; the buffer is what the editor holds.
        let folder = try makeFolder([
            "Root.swift":
                "import SwiftUI\nstruct Root: View {\n    var body: some View { NavigationStack { Home() } }\n}\n"
        ])
        let buffer =
            "import SwiftUI\nstruct Home: View {\n    var body: some View { NavigationStack { Text(\"Home\") } }\n}\n"
        let withContext = try run(
            ["lint", "--stdin-path", "Home.swift", "--reporter", "json"], in: folder, stdin: buffer)
        XCTAssertEqual(withContext.status, 1, withContext.stderr)
        XCTAssertTrue(withContext.stdout.contains("\"path\": \"Home.swift\""), withContext.stdout)
        XCTAssertTrue(withContext.stdout.contains("\"rule\": \"nested-navigation-stack\""), withContext.stdout)
        let reported = try JSONSerialization.jsonObject(with: Data(withContext.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(reported.compactMap { $0["path"] as? String }, ["Home.swift"], "context files are not reported")
        let alone = try run(["lint", "--stdin-path", "Home.swift", "--no-context"], in: folder, stdin: buffer)
        XCTAssertEqual(alone.status, 0)
        XCTAssertEqual(alone.stdout, "")
        XCTAssertEqual(try run(["lint", "--stdin-path", "Home.swift", "--fix"], in: folder, stdin: buffer).status, 2)
    }

    func testFixDryRunPrintsADiffAndWritesNothing() throws {
        let source =
            "import SwiftUI\nstruct Counter: View {\n    @State var count = 0\n    var body: some View { Text(\"\\(count)\") }\n}\n"
        let folder = try makeFolder(["Counter.swift": source])
        let dryRun = try run(["lint", "--fix", "--dry-run", "Counter.swift"], in: folder)
        XCTAssertEqual(dryRun.status, 0)
        XCTAssertTrue(
            dryRun.stdout.contains("-    @State var count = 0\n+    @State private var count = 0\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stderr.contains("Would fix 1 finding in 1 file."), dryRun.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("Counter.swift"), encoding: .utf8), source)
        let fixed = try run(["lint", "--fix", "Counter.swift"], in: folder)
        XCTAssertEqual(fixed.status, 0)
        XCTAssertTrue(
            try String(contentsOf: folder.appendingPathComponent("Counter.swift"), encoding: .utf8).contains(
                "@State private var count = 0"))
        XCTAssertTrue(fixed.stderr.contains("Linted 1 file: 0 errors, 0 warnings, 0 infos."), fixed.stderr)
    }

    /// The dry run's diff applies with GNU `patch -p1` (and `git apply`) even where paths hold
    /// spaces, quotes or non-ASCII letters: names are written as git writes them.
    func testTheDryRunDiffAppliesWithPatchAndGitApply() throws {
        let source =
            "import SwiftUI\nstruct Home: View {\n    var body: some View { NavigationView { Text(\"x\").navigationBarTitle(\"Home\") } }\n}\n"
        let folder = try makeFolder(["my dir/Home View.swift": source, "Ünï \"q\".swift": source])
        let diff = try run(["lint", "--fix", "--dry-run", "."], in: folder)
        XCTAssertTrue(diff.stdout.contains("--- a/my dir/Home View.swift\t\n"), diff.stdout)
        for tool in [["patch", "-p1", "--dry-run"], ["git", "apply", "--check"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = tool
            process.currentDirectoryURL = folder
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            guard (try? process.run()) != nil else { continue }
            input.fileHandleForWriting.write(Data(diff.stdout.utf8))
            try input.fileHandleForWriting.close()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // `env` exits 127 when the tool is not installed: nothing to check with it here.
            if process.terminationStatus == 127 { continue }
            XCTAssertEqual(process.terminationStatus, 0, "\(tool.joined(separator: " ")): \(said)")
        }
    }

    func testUnknownReporterIsAUsageError() throws {
        let folder = try makeFolder(["Clean.swift": clean])
        let result = try run(["lint", "--reporter", "yaml"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("unknown reporter `yaml`"), result.stderr)
    }

    /// `--no-color` is accepted by every command, as `NO_COLOR` is honoured by all.
    func testEveryCommandAcceptsNoColor() throws {
        let folder = try makeFolder(["A.swift": deprecated])
        for command in [
            ["lint", "A.swift"], ["rules"], ["explain", "constant-binding"], ["tokens", "A.swift"],
            ["notes", "list"], ["notes", "show", "Dual Initializer Pattern"], ["notes", "search", "sheet"],
            ["notes", "backlinks", "Dual Initializer Pattern"], ["notes", "graph"], ["notes", "check"],
        ] {
            let result = try run(command + ["--no-color"], in: folder)
            XCTAssertNotEqual(result.status, 64, "\(command) refused --no-color: \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("Unknown option"), "\(command): \(result.stderr)")
            XCTAssertFalse(result.stdout.contains("\u{1B}["), "\(command) wrote colour")
        }
    }

    /// `--fix --dry-run` prints what the safe fixes change; `--unsafe-fixes` needs `--fix`.
    func testUnsafeFixesGoWithFix() throws {
        let folder = try makeFolder(["A.swift": deprecated])
        let alone = try run(["lint", "A.swift", "--unsafe-fixes"], in: folder)
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.contains("--unsafe-fixes goes with --fix"), alone.stderr)
    }

    /// The MCP server reads requests as lines: a line longer than it will hold (a client that never
    /// sends a newline) is dropped with a note on stderr, and the next request is still answered.
    /// The answer is awaited by its id before stdin closes: the test once raced the server's exit.
    func testMCPDropsAnOverlongLineAndAnswersTheNext() throws {
        let folder = try makeFolder(["notes/a.md": "# A\n"])
        let session = try mcpSession(in: folder, ["--notes", "notes"])
        session.send(line: String(repeating: "x", count: 17 * 1024 * 1024))
        session.send(line: #"{"jsonrpc":"2.0","id":7,"method":"ping"}"#)
        XCTAssertNotNil(session.answer(to: 7)?["result"], "the request after the dropped line is answered")
        let finished = session.finish()
        XCTAssertEqual(finished.status, 0, finished.stderr)
        XCTAssertTrue(finished.stderr.contains("without a newline was dropped"), finished.stderr)
    }
}

extension CLITests {
    /// Under no project the tool can read, a deprecation's replacement may not exist for the app:
    /// the finding is low confidence, an info, and says so.
    func testDeprecationsUnderNoProjectAreLowConfidence() throws {
        let folder = try makeFolder(["Deprecated.swift": deprecated])
        let result = try run(["lint", "."], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("Deprecated.swift:3:27: note: `NavigationView` is deprecated"), result.stdout)
        XCTAssertTrue(result.stdout.contains("(navigation-view-deprecated, low confidence)"), result.stdout)
        let sure = try run(["lint", "--min-confidence", "medium", "--reporter", "json", "."], in: folder)
        XCTAssertEqual(sure.stdout, "[\n]\n", sure.stdout)
    }
}
