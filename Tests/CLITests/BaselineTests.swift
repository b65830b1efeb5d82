import Foundation
import XCTest

/// Issue 27, item 1: one baseline, written once, holds in every front end, whatever folder the
/// run starts in and however it spells the paths it reports.
extension CLITests {
    static let frozenPath = "Packages/Feature/Sources/Frozen.swift"

    /// A repository with a configured baseline of two findings: a warning in `App/Home.swift`
    /// and an error in `Packages/Feature/Sources/Frozen.swift`.
    func makeBaselinedRepository() throws -> URL {
        let root = try makeFolder([
            ".patternlint.yml": "baseline: .patternlint-baseline.json\n",
            "App/Home.swift": deprecated,
            Self.frozenPath: frozenSheet,
        ])
        let setUp = try shell(
            "git init -q && git config user.email t@t && git config user.name t && git config commit.gpgsign false && git add -A && git commit -qm init",
            in: root)
        XCTAssertEqual(setUp.status, 0, setUp.output)
        let written = try run(["lint", "--write-baseline", ".patternlint-baseline.json"], in: root)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stderr.contains("Wrote 2 findings"), written.stderr)
        return root
    }

    func testOneBaselineHoldsInEveryFrontEnd() throws {
        let root = try makeBaselinedRepository()
        let subfolder = root.appendingPathComponent("Packages/Feature")
        let elsewhere = try makeFolder(["README": "where a build system runs the plugin's command\n"])
        let stamp = elsewhere.appendingPathComponent("Stamp.swift")
        // The build-tool plugin's command, as Plugins/PatternLintBuildToolPlugin makes it.
        let plugin = [
            "lint", "--absolute-paths", "--quiet", "--no-color", "--stamp", stamp.path, "--config",
            root.appendingPathComponent(".patternlint.yml").path,
            root.appendingPathComponent("App/Home.swift").path, root.appendingPathComponent(Self.frozenPath).path,
        ]
        let runs: [(name: String, arguments: [String], folder: URL, stdin: String?, hidden: Int?)] = [
            ("from the root", ["lint"], root, nil, 2),
            ("the README's Xcode Run Script", ["lint", "--absolute-paths", root.path], root, nil, 2),
            ("--absolute-paths on a folder", ["lint", "--absolute-paths", "Packages/Feature"], root, nil, 1),
            ("a folder named ./x", ["lint", "./Packages/Feature"], root, nil, 1),
            ("from a subfolder", ["lint", "."], subfolder, nil, 1),
            ("from a subfolder, absolute", ["lint", "--absolute-paths", "."], subfolder, nil, 1),
            ("--stdin-path from the root", ["lint", "--stdin-path", "./" + Self.frozenPath], root, frozenSheet, 1),
            (
                "--stdin-path from a subfolder", ["lint", "--stdin-path", "Sources/Frozen.swift"], subfolder,
                frozenSheet, 1
            ),
            ("the build-tool plugin", plugin, elsewhere, nil, nil),
        ]
        for (name, arguments, folder, stdin, hidden) in runs {
            let result = try run(arguments, in: folder, stdin: stdin)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stdout)\(result.stderr)")
            XCTAssertEqual(result.stdout, "", name)
            if let hidden {
                XCTAssertTrue(
                    result.stderr.contains(", \(hidden) hidden by the baseline."), "\(name): \(result.stderr)")
            }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: stamp.path), "the plugin's run passed")

        // Written again from the subfolder (its findings named `../../App/Home.swift`), it is the same file.
        let before = try Data(contentsOf: root.appendingPathComponent(".patternlint-baseline.json"))
        XCTAssertEqual(
            try run(["lint", "--write-baseline", "../../.patternlint-baseline.json", "../.."], in: subfolder).status, 0)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent(".patternlint-baseline.json")), before)

        let everything = try run(["lint", "--no-baseline"], in: root)
        XCTAssertEqual(everything.status, 1, everything.stderr)
        XCTAssertTrue(everything.stdout.contains("App/Home.swift:3:"), everything.stdout)
        XCTAssertTrue(everything.stdout.contains("Sources/Frozen.swift:3:"), everything.stdout)
        XCTAssertFalse(everything.stderr.contains("hidden"), everything.stderr)
        XCTAssertEqual(try run(["lint", "--no-baseline", "--baseline", "b.json"], in: root).status, 2)
        let empty = try run(["lint", "--baseline", ""], in: root)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("--no-baseline"), empty.stderr)

        let session = try mcpSession(in: root)
        for (arguments, hidden) in [([String: Any](), 2), (["paths": ["Packages/Feature"]], 1)] {
            let text = MCPSession.text(session.call("lint", arguments))
            let answer = try XCTUnwrap(MCPSession.json(text) as? [String: Any], text)
            XCTAssertEqual((answer["findings"] as? [Any])?.count, 0, text)
            XCTAssertEqual(answer["hidden_by_baseline"] as? Int, hidden, text)
        }
        let snippet = MCPSession.text(
            session.call("lint_snippet", ["path": Self.frozenPath, "source": frozenSheet]))
        let snippetAnswer = try XCTUnwrap(MCPSession.json(snippet) as? [String: Any], snippet)
        XCTAssertEqual((snippetAnswer["findings"] as? [Any])?.count, 0, snippet)
        XCTAssertEqual(snippetAnswer["hidden_by_baseline"] as? Int, 1, snippet)
        XCTAssertEqual(session.finish().status, 0)

        // A new error staged beside the baselined one: only the new one is reported.
        let moreFrozen =
            frozenSheet
            + "struct More: View {\n    var body: some View { Text(\"y\").sheet(isPresented: .constant(true)) { Text(\"More\") } }\n}\n"
        try Data(moreFrozen.utf8).write(to: root.appendingPathComponent(Self.frozenPath))
        XCTAssertEqual(try shell("git add -A", in: root).status, 0)
        for folder in [root, subfolder] {
            let staged = try run(["lint", "--staged"], in: folder)
            XCTAssertEqual(staged.status, 1, staged.stderr)
            XCTAssertTrue(staged.stdout.contains("Frozen.swift:6:"), staged.stdout)
            XCTAssertFalse(staged.stdout.contains("Frozen.swift:3:"), staged.stdout)
            XCTAssertTrue(
                staged.stderr.contains("1 error, 0 warnings, 0 infos, 1 hidden by the baseline."), staged.stderr)
        }
    }

    /// Baselines written before entries were anchored hold paths relative to the folder the run
    /// started in: the configuration's, in the common case, where they keep matching.
    func testABaselineWrittenBeforeAnchoringStillHolds() throws {
        let root = try makeBaselinedRepository()
        let file = root.appendingPathComponent(".patternlint-baseline.json")
        var written = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertNotNil(written.removeValue(forKey: "root"), "the file records where its paths start")
        try JSONSerialization.data(withJSONObject: written).write(to: file)
        for (arguments, folder) in [
            (["lint"], root), (["lint", "--absolute-paths", root.path], root),
            (["lint", "."], root.appendingPathComponent("Packages/Feature")),
        ] {
            let result = try run(arguments, in: folder)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stdout)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }
}
