import Foundation
import XCTest

/// Issue 46, item 4: scripts/pre-commit-hook, the pre-commit framework's `patternlint` hook, uses an
/// installed binary and says so before it builds one (scripts/pre-commit-check runs it through
/// the framework itself).
extension CLITests {
    /// A copy of the hook script where pre-commit's clone would have it, and a folder for tools.
    func hookClone() throws -> (clone: URL, tools: URL) {
        let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts").standardizedFileURL
        let clone = try makeFolder(["scripts/.keep": ""])
        for name in ["pre-commit-hook", "libcurl-link-flags"] {
            try FileManager.default.copyItem(
                at: scripts.appendingPathComponent(name), to: clone.appendingPathComponent("scripts/\(name)"))
        }
        let tools = try makeFolder([".keep": ""])
        return (clone, tools)
    }

    func testThePreCommitFrameworkHookRunsTheInstalledBinaryOrNamesAWrongOne() throws {
        let (clone, tools) = try hookClone()
        try FileManager.default.createSymbolicLink(
            at: tools.appendingPathComponent("patternlint"), withDestinationURL: binary)
        let version = try run(["--version"], in: clone).stdout
        let onPath = try shell("scripts/pre-commit-hook --version", in: clone, path: tools.path + ":/usr/bin:/bin")
        XCTAssertEqual(onPath.status, 0, onPath.output)
        XCTAssertEqual(onPath.output, version, "the binary on PATH, nothing built or said")
        let chosen = try shell(
            "PATTERNLINT='\(binary.path)' scripts/pre-commit-hook --version", in: clone, path: "/usr/bin:/bin")
        XCTAssertEqual(chosen.output, version)
        let wrong = try shell(
            "PATTERNLINT=/nowhere/patternlint scripts/pre-commit-hook --version", in: clone,
            path: tools.path + ":/usr/bin:/bin")
        XCTAssertEqual(wrong.status, 2, wrong.output)
        XCTAssertTrue(wrong.output.contains("PATTERNLINT=/nowhere/patternlint is not an executable file"), wrong.output)
    }

    func testThePreCommitFrameworkHookSaysItBuildsFromSourceAndBuildsOnce() throws {
        if FileManager.default.fileExists(atPath: "/usr/bin/patternlint")
            || FileManager.default.fileExists(atPath: "/bin/patternlint")
        {
            throw XCTSkip("a patternlint is installed in /usr/bin: the hook uses it")
        }
        let (clone, tools) = try hookClone()
        // A stand-in `swift`: records its arguments; its --show-bin-path holds the built binary.
        let built = try makeFolder([".keep": ""])
        try FileManager.default.createSymbolicLink(
            at: built.appendingPathComponent("patternlint"), withDestinationURL: binary)
        let calls = tools.appendingPathComponent("calls")
        let swift = tools.appendingPathComponent("swift")
        try Data(
            """
            #!/bin/sh
            echo "$*" >> '\(calls.path)'
            case " $* " in *" --show-bin-path "*) echo '\(built.path)' ;; esac

            """.utf8
        ).write(to: swift)
        XCTAssertEqual(try shell("chmod +x '\(swift.path)'", in: tools).status, 0)
        let path = tools.path + ":/usr/bin:/bin"
        let first = try shell("scripts/pre-commit-hook --version", in: clone, path: path)
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertTrue(
            first.output.hasPrefix(
                "patternlint: not installed (not on PATH, no $PATTERNLINT): building patternlint from source"),
            first.output)
        XCTAssertTrue(first.output.contains("first run takes minutes"), first.output)
        let second = try shell("scripts/pre-commit-hook --version", in: clone, path: path)
        XCTAssertEqual(second.status, 0, second.output)
        XCTAssertEqual(second.output, try run(["--version"], in: clone).stdout, "kept: nothing built or said")
        let builds = (try String(contentsOf: calls, encoding: .utf8)).split(separator: "\n")
            .filter { !$0.contains("--show-bin-path") }
        XCTAssertEqual(builds.count, 1, "\(builds)")
        let build = builds.first.map(String.init) ?? ""
        XCTAssertTrue(build.hasPrefix("build -c release --product patternlint --package-path /"), build)
        XCTAssertTrue(build.contains(clone.lastPathComponent), "the clone's own sources: \(build)")
    }
}
