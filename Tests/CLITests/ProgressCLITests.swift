import Foundation
import XCTest

/// Issue 27, item 6: progress on a terminal, and nowhere else.
extension CLITests {
    /// Runs the binary with stderr on a pseudo-terminal (stdout on a pipe, as `lint > report.txt`
    /// in a terminal); returns what the terminal showed.
    func runWithTerminal(_ arguments: [String], in folder: URL) throws -> (status: Int32, terminal: String) {
        let master = openPseudoTerminal(O_RDWR | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(master, 0)
        defer { close(master) }
        XCTAssertEqual(grantPseudoTerminal(master), 0)
        XCTAssertEqual(unlockPseudoTerminal(master), 0)
        let terminal = open(String(cString: pseudoTerminalName(master)), O_RDWR | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(terminal, 0)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        try process.run()
        close(terminal)
        // Read until every end of the terminal is closed (the child exited): read then fails.
        var shown: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            shown += buffer[0..<count]
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: shown, as: UTF8.self))
    }

    /// Enough Swift that a debug build lints it for well over the quarter second before progress shows.
    func manyFiles() throws -> URL {
        var files: [String: String] = [:]
        let body = (0..<40).map { "        NavigationLink(\"Row \($0)\") { Text(\"\($0)\") }.padding()\n" }.joined()
        for index in 0..<600 {
            files["Sources/Screen\(index).swift"] =
                "import SwiftUI\nstruct Screen\(index): View {\n    @State private var on = false\n    var body: some View {\n        List {\n\(body)        }\n    }\n}\n"
        }
        return try makeFolder(files)
    }

    func testLongRunsShowProgressOnATerminalOnly() throws {
        let folder = try manyFiles()
        let shown = try runWithTerminal(["lint", "--no-color"], in: folder)
        XCTAssertEqual(shown.status, 0, shown.terminal)
        XCTAssertTrue(shown.terminal.contains("Linting files: "), shown.terminal)
        XCTAssertTrue(shown.terminal.contains(" of 600"), shown.terminal)
        // Erased before the summary, which then starts on a clean line.
        XCTAssertTrue(shown.terminal.contains("\r\u{1B}[KLinted 600 files"), shown.terminal)
        let quiet = try runWithTerminal(["lint", "--quiet"], in: folder)
        XCTAssertEqual(quiet.terminal, "", "--quiet: no progress either")
        let piped = try run(["lint"], in: folder)
        XCTAssertEqual(piped.status, 0)
        XCTAssertFalse(piped.stderr.contains("Linting files"), piped.stderr)
        XCTAssertFalse(piped.stderr.contains("\r"), "no progress into a pipe: \(piped.stderr)")
        XCTAssertFalse(piped.stderr.contains("\u{1B}"), piped.stderr)
    }

    func testNotesExportShowsPagesOnATerminalAndNothingInAPipe() throws {
        var notes: [String: String] = [:]
        for index in 0..<1_500 {
            notes["vault/area\(index % 10)/note\(index).md"] =
                "# Note \(index)\n\nSee [[Note \(index + 1)]] and [[Note \((index * 7) % 1_500)]].\n\n"
                + String(repeating: "Some text about navigation stacks and bindings. ", count: 40) + "\n"
        }
        let folder = try makeFolder(notes)
        let shown = try runWithTerminal(["notes", "export", "--notes", "vault", "--html", "site"], in: folder)
        XCTAssertEqual(shown.status, 0, shown.terminal)
        XCTAssertTrue(shown.terminal.contains("Writing pages: "), shown.terminal)
        let piped = try run(["notes", "export", "--notes", "vault", "--html", "site"], in: folder)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.stdout.hasPrefix("wrote "), "the line is erased before the result: \(piped.stdout)")
        XCTAssertEqual(piped.stderr, "", "no progress into a pipe")
        let listed = try run(["notes", "list", "--notes", "vault"], in: folder)
        XCTAssertEqual(listed.stderr, "")
        XCTAssertEqual(try runWithTerminal(["notes", "list", "-q", "--notes", "vault"], in: folder).terminal, "")
    }
}

// glibc's pseudo-terminal calls, which Swift's Glibc module leaves out (they need _XOPEN_SOURCE).
@_silgen_name("posix_openpt") func openPseudoTerminal(_ flags: Int32) -> Int32
@_silgen_name("grantpt") func grantPseudoTerminal(_ descriptor: Int32) -> Int32
@_silgen_name("unlockpt") func unlockPseudoTerminal(_ descriptor: Int32) -> Int32
@_silgen_name("ptsname") func pseudoTerminalName(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>
