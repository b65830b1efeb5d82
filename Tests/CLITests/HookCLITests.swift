import Foundation
import XCTest

/// Issue 27, item 2: the installed git hook where git runs it without the user's PATH (GUI clients).
extension CLITests {
    /// A shell command (with exactly this PATH when given, and a git identity), its stdout and stderr together.
    func shell(_ command: String, in folder: URL, path: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        if let path { environment["PATH"] = path }
        environment["NO_COLOR"] = "1"
        environment["PATTERNLINT"] = nil
        for (key, value) in [("NAME", "ci"), ("EMAIL", "ci@example.com")] {
            environment["GIT_AUTHOR_\(key)"] = value
            environment["GIT_COMMITTER_\(key)"] = value
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }

    /// A git repository with a hook installed by a copy of the binary found through PATH (as a
    /// user types `patternlint install-hook`); returns the repository and that copy.
    func repositoryWithHook() throws -> (repo: URL, tool: URL) {
        let repo = try makeFolder(["Sources/Pager.swift": pager, "Sources/Home.swift": home(binding: "$page")])
        let bin = try makeFolder([:]).appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let tool = bin.appendingPathComponent("patternlint")
        try FileManager.default.copyItem(at: binary, to: tool)
        let withTool = bin.path + ":/usr/bin:/bin"
        let setUp = try shell(
            "git init -q . && git add -A && git commit -qm start --no-verify && patternlint install-hook", in: repo,
            path: withTool)
        XCTAssertEqual(setUp.status, 0, setUp.output)
        return (repo, tool)
    }

    var pager: String {
        "import SwiftUI\nstruct Pager: View {\n    @Binding var page: Int\n    var body: some View { Button(\"Next\") { page += 1 } }\n}\n"
    }

    func home(binding: String) -> String {
        "import SwiftUI\nstruct Home: View {\n    @State private var page = 0\n    var body: some View { Pager(page: \(binding)) }\n}\n"
    }

    func testTheHookRunsTheBinaryThatInstalledItWhenPATHLacksIt() throws {
        let (repo, _) = try repositoryWithHook()
        try Data(home(binding: ".constant(0)").utf8).write(to: repo.appendingPathComponent("Sources/Home.swift"))
        let commit = try shell("git add -A && git commit -qm frozen", in: repo, path: "/usr/bin:/bin")
        XCTAssertNotEqual(commit.status, 0, "the hook must refuse the error: \(commit.output)")
        XCTAssertTrue(commit.output.contains("Sources/Home.swift:4:"), commit.output)
        XCTAssertTrue(commit.output.contains("(constant-binding)"), commit.output)
    }

    func testACommitWithoutSwiftNeverNeedsTheToolAndAMissingToolSaysHowToFixIt() throws {
        let (repo, tool) = try repositoryWithHook()
        try FileManager.default.removeItem(at: tool)
        try Data("notes\n".utf8).write(to: repo.appendingPathComponent("CHANGES.txt"))
        let text = try shell("git add -A && git commit -qm text", in: repo, path: "/usr/bin:/bin")
        XCTAssertEqual(text.status, 0, "no Swift or note staged: the tool is not needed: \(text.output)")
        try Data(home(binding: "$page").utf8 + Data("// edit\n".utf8)).write(
            to: repo.appendingPathComponent("Sources/Home.swift"))
        let swift = try shell("git add -A && git commit -qm swift", in: repo, path: "/usr/bin:/bin")
        XCTAssertEqual(swift.status, 1, swift.output)
        let said = swift.output.split(separator: "\n")
        XCTAssertEqual(said.count, 1, "one line: \(swift.output)")
        XCTAssertTrue(swift.output.contains(tool.path), "names where it looked: \(swift.output)")
        XCTAssertTrue(swift.output.contains("patternlint install-hook --force"), swift.output)
        XCTAssertTrue(swift.output.contains("PATTERNLINT="), swift.output)
    }
}
