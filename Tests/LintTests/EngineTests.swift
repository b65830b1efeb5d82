import Foundation
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import Notes
import Support
import XCTest
import SwiftLexer

final class EngineTests: XCTestCase {
    func ids(_ text: String, only: [String]? = nil, options: [String: RuleOptions] = [:]) -> [String] {
        CatalogFixture.lint([("A.swift", text)], only: only, options: options).findings.map {
            "\($0.line) \($0.ruleID)"
        }
    }

    // MARK: Suppressions

    func testSuppressionForms() {
        let source = """
            struct A: View {
                // patternlint:disable:next state-not-private
                @State var a = 0
                @State var b = 0 // patternlint:disable:this state-not-private
                // patternlint:disable state-not-private navigation-view-deprecated
                @State var c = 0
                // patternlint:enable state-not-private
                @State var d = 0
                /* patternlint:disable:next all */
                @State var e = 0
                @State var f = 0
                var body: some View { NavigationView { Text("x") } }
            }
            """
        XCTAssertEqual(
            ids(source, only: ["state-not-private", "navigation-view-deprecated"]),
            ["8 state-not-private", "11 state-not-private"])
    }

    func testUnusedSuppressionsAreReportedOnlyWhenEnabledAndJudgeable() {
        let source = """
            struct A: View {
                // patternlint:disable:next state-not-private -- reason here
                @State private var a = 0
                // patternlint:disable:next no-such-rule
                @State private var b = 0
                var body: some View { Text("a") }
            }
            """
        XCTAssertEqual(ids(source), ["2 unused-suppression"])
        XCTAssertEqual(ids(source, only: ["state-not-private"]), [], "unused-suppression is opt-in")
    }

    // MARK: Configuration

    func write(_ text: String, name: String = ".patternlint.yml") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testConfigurationKeys() throws {
        let path = try write(
            """
            included: [Sources]
            excluded: ["**/Generated/**"]
            disabled_rules: [state-not-private]
            opt_in_rules: [unused-suppression]
            constant-binding:
              severity: warning
              previews: off
            navigation-view-deprecated: error
            notes: [docs]
            rules: [rules]
            reporter: json
            colour: always
            """)
        let configuration = try Configuration.load(path: path)
        XCTAssertEqual(configuration.included, ["Sources"])
        XCTAssertEqual(configuration.excluded, ["**/Generated/**"])
        XCTAssertEqual(configuration.reporter, "json")
        XCTAssertEqual(configuration.ruleOptions["constant-binding"]?["previews"], "off")
        XCTAssertEqual(configuration.resolve("docs"), (path as NSString).deletingLastPathComponent + "/docs")
        let catalog = CatalogFixture.catalog
        XCTAssertEqual(configuration.severity(of: catalog.entry("constant-binding")!.metadata), .warning)
        XCTAssertEqual(configuration.severity(of: catalog.entry("navigation-view-deprecated")!.metadata), .error)
        XCTAssertFalse(configuration.isEnabled(catalog.entry("state-not-private")!.metadata))
        XCTAssertTrue(configuration.isEnabled(catalog.entry("unused-suppression")!.metadata))
        XCTAssertFalse(configuration.isEnabled(catalog.entry("hardcoded-navigation-in-reusable-view")!.metadata))
        XCTAssertEqual(
            configuration.warnings(rules: Self.optionSpecs(catalog)).map {
                $0.replacingOccurrences(of: path, with: "F")
            },
            ["F:12: unknown key `colour` (neither a setting nor a rule id)"])
    }

    static func optionSpecs(_ catalog: RuleCatalog) -> [String: [RuleOptionSpec]] {
        Dictionary(catalog.entries.map { ($0.metadata.id, $0.rule.optionSpecs) }, uniquingKeysWith: { a, _ in a })
    }

    /// A typo in a rule's option key or value is a warning naming the file and line, and the
    /// rule falls back to the option's default.
    func testRuleOptionsAreChecked() throws {
        let path = try write(
            """
            constant-binding:
              previews: warnign
              preview: off
            state-not-private: errror
            """)
        let configuration = try Configuration.load(path: path)
        XCTAssertEqual(
            configuration.warnings(rules: Self.optionSpecs(CatalogFixture.catalog)).map {
                $0.replacingOccurrences(of: path, with: "F")
            }.sorted(),
            [
                "F:2: `constant-binding.previews` is `warnign`; expected one of info, warning, error, off (using the default, `info`)",
                "F:3: unknown option `preview` for rule `constant-binding` (it takes `severity`, `previews`); ignored",
                "F:4: `state-not-private: errror` is not a severity (error, warning or info) nor a mapping of options; ignored",
            ])
        let spec = BuiltinRules.byID["constant-binding"]!.optionSpecs[0]
        XCTAssertEqual(configuration.options(for: "constant-binding").value(of: spec), "info")
        XCTAssertEqual(RuleOptions(["previews": "off"]).value(of: spec), "off")
    }

    func testMalformedConfigurationNamesTheFile() throws {
        let path = try write("disabled_rules: [unclosed\n")
        XCTAssertThrowsError(try Configuration.load(path: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": malformed YAML"), "\(error)")
        }
        let notAMap = try write("- a\n- b\n")
        XCTAssertThrowsError(try Configuration.load(path: notAMap))
    }

    func testAnAliasBombInTheConfigurationIsRefused() throws {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...8 {
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        let path = try write(lines.joined(separator: "\n") + "\n")
        XCTAssertThrowsError(try Configuration.load(path: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": its aliases expand"), "\(error)")
        }
    }

    /// A configuration of 100,000 nested brackets on one line: an error naming the file and line,
    /// with the quoted source cut short rather than echoed whole.
    func testADeeplyNestedConfigurationIsAShortError() throws {
        let path = try write("rules: " + String(repeating: "[", count: 100_000) + "\n")
        XCTAssertThrowsError(try Configuration.load(path: path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix(path + ": malformed YAML: 1:"), message)
            XCTAssertLessThan(message.count, 600, message)
        }
    }

    /// A view of the run that writes its binding: a frozen one passed to it drops those writes.
    static let pager = (
        "Pager.swift",
        "struct Pager: View {\n    @Binding var page: Int\n    var body: some View { Button(\"Next\") { page += 1 } }\n}\n"
    )

    func testPreviewSeverityOption() {
        let pager = Self.pager
        let source = "#Preview { Pager(page: .constant(1)) }\n"
        XCTAssertEqual(
            CatalogFixture.lint([("A.swift", source), pager], only: ["constant-binding"]).findings.map(\.severity),
            [.info])
        XCTAssertEqual(
            ids(source, only: ["constant-binding"], options: ["constant-binding": RuleOptions(["previews": "off"])]), []
        )
        XCTAssertEqual(
            CatalogFixture.lint(
                [("A.swift", source), pager], only: ["constant-binding"],
                options: ["constant-binding": RuleOptions(["previews": "error"])]
            ).findings.map(\.severity), [.error])
        // `#if DEBUG` code never ships: a preview host there is scaffolding too; its `#else` ships.
        let debug = """
            #if DEBUG
            struct PagerHost: View { var body: some View { Pager(page: .constant(1)) } }
            #if os(iOS)
            let nested = Pager(page: .constant(2))
            #endif
            #else
            let shipped = Pager(page: .constant(3))
            #endif
            #if DEBUG || BETA
            let beta = Pager(page: .constant(4))
            #endif
            """
        XCTAssertEqual(
            CatalogFixture.lint([("A.swift", debug), pager], only: ["constant-binding"]).findings.map {
                "\($0.line):\($0.severity)"
            },
            ["2:info", "4:info", "7:error", "10:error"])
        // A view only previews build (a preview host, here in another file) is scaffolding as well.
        let host = (
            "Host.swift", "struct PagerHost: View {\n    var body: some View { Pager(page: .constant(1)) }\n}\n"
        )
        let preview = ("Preview.swift", "#Preview { PagerHost() }\n")
        let shipped = ("App.swift", "struct Shop: App { var body: some Scene { WindowGroup { PagerHost() } } }\n")
        XCTAssertEqual(
            CatalogFixture.lint([host, preview, pager], only: ["constant-binding"]).findings.map(\.severity), [.info])
        XCTAssertEqual(
            CatalogFixture.lint([host, preview, shipped, pager], only: ["constant-binding"]).findings.map(\.severity),
            [.error]
        )
        XCTAssertEqual(
            CatalogFixture.lint([host, pager], only: ["constant-binding"]).findings.map(\.severity), [.error],
            "built nowhere: not known to be a preview host")
        XCTAssertEqual(
            CatalogFixture.lint(
                [host, preview, pager], only: ["constant-binding"],
                options: ["constant-binding": RuleOptions(["previews": "off"])]
            ).findings, [])
    }

    // MARK: Files

    func testDiscoverySkipsBuildFoldersExcludedGlobsAndSymlinkLoops() throws {
        let root = (try write("", name: "placeholder") as NSString).deletingLastPathComponent
        let manager = FileManager.default
        for folder in ["Sources/App", ".build/debug", "Pods/Lib", "Sources/Generated", "DerivedData/X"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in [
            "Sources/App/A.swift", "Sources/App/B.txt", ".build/debug/C.swift", "Pods/Lib/D.swift",
            "Sources/Generated/E.swift", "DerivedData/X/F.swift",
        ] {
            try "let x = 1\n".write(toFile: root + "/" + file, atomically: true, encoding: .utf8)
        }
        try manager.createSymbolicLink(atPath: root + "/Sources/App/loop", withDestinationPath: root + "/Sources")
        let result = FileDiscovery.find(paths: [root, root + "/missing"], excluded: ["**/Generated/**"], root: root)
        XCTAssertEqual(result.files.map { String($0.dropFirst(root.count + 1)) }, ["Sources/App/A.swift"])
        XCTAssertEqual(result.problems, ["\(root)/missing: no such file or folder"])
    }

    func testWideTreesAreWalkedInParallelWithTheSameResultEveryTime() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pl-wide-\(UUID().uuidString)").path
        let manager = FileManager.default
        defer { try? manager.removeItem(atPath: root) }
        var expected: [String] = []
        // 40 folders of 2 levels: more than the 32 shared between the cores.
        for folder in 0..<40 {
            let path = "\(root)/F\(folder)/Inner"
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            for file in ["\(root)/F\(folder)/A.swift", "\(path)/B.swift"] {
                try "let x = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
                expected.append(file)
            }
        }
        // Links between subtrees and back to the root: each folder is listed once, under its real path.
        try manager.createSymbolicLink(atPath: root + "/F3/Inner/toF7", withDestinationPath: root + "/F7")
        try manager.createSymbolicLink(atPath: root + "/F9/up", withDestinationPath: root)
        try manager.createSymbolicLink(atPath: root + "/Z", withDestinationPath: root + "/F1/Inner")
        // A link to a folder outside the roots is named and not followed (a link to `/` walked the disk).
        let outside = root + "-outside"
        try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? manager.removeItem(atPath: outside) }
        try "let y = 2\n".write(toFile: outside + "/C.swift", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/F5/Inner/shared", withDestinationPath: outside)
        for _ in 0..<5 {
            let result = FileDiscovery.find(paths: [root], excluded: [], root: root)
            XCTAssertEqual(result.files, expected.sorted())
            XCTAssertEqual(result.problems, [])
            XCTAssertEqual(result.skipped.count, 1)
            XCTAssertTrue(
                result.skipped.first?.hasPrefix(root + "/F5/Inner/shared: a link to a folder outside") == true)
        }
        // Named as a root of its own, the same folder is linted.
        let both = FileDiscovery.find(paths: [root, outside], excluded: [], root: root)
        XCTAssertTrue(both.files.contains(outside + "/C.swift"))
    }

    func testBinaryAndUnreadableFilesAreReportedAndTheRunGoesOn() throws {
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: Configuration())
        let result = linter.lint([
            LintInput(path: "bin.swift") { [0x00, 0x01, 0x02] },
            LintInput(path: "gone.swift") {
                throw LintProblem("gone.swift: cannot be read (permission denied or not a file)")
            },
            LintInput(path: "ok.swift") {
                Array("struct A: View { @State var x = 0\n var body: some View { Text(\"\") } }".utf8)
            },
            LintInput(path: "latin1.swift") { Array("let caf".utf8) + [0xE9] + Array(" = NavigationView { }\n".utf8) },
        ])
        XCTAssertEqual(
            result.problems,
            [
                "bin.swift: binary file (NUL bytes), skipped",
                "gone.swift: cannot be read (permission denied or not a file)",
            ])
        XCTAssertEqual(
            result.findings.map { "\($0.path) \($0.ruleID)" },
            ["latin1.swift navigation-view-deprecated", "ok.swift state-not-private"])
        XCTAssertEqual(result.filesLinted, 2)
    }

    func testGlobs() {
        XCTAssertTrue(Glob.matches("**/Generated/**", "Sources/Generated/A.swift"))
        XCTAssertTrue(Glob.matches("**/Generated/**", "Generated/A.swift"))
        XCTAssertTrue(Glob.matches("Pods", "Pods/X/Y.swift"))
        XCTAssertTrue(Glob.matches("Sources/*.swift", "Sources/A.swift"))
        XCTAssertFalse(Glob.matches("Sources/*.swift", "Sources/Sub/A.swift"))
        XCTAssertTrue(Glob.matches("**/*Tests.swift", "Tests/Unit/FooTests.swift"))
        XCTAssertFalse(Glob.matches("Pods", "MyPods/A.swift"))
        XCTAssertTrue(Glob.matches("Sources/Gen?rated", "Sources/Generated/A.swift"))
    }

    // MARK: Declarative rules and reporters

    func testDeclarativeTeamRule() throws {
        let folder =
            (try write(
                """
                ---
                id: no-constant-profile
                severity: error
                note: "[[Dual Initializer Pattern]]"
                summary: ProfileView must get a real binding.
                pattern:
                  callee: ProfileView
                  label: editing
                  argument: .constant(
                  message: ProfileView needs real editing state
                ---

                ## Triggering

                ```swift
                let v = ProfileView(editing: ↓.constant(true))
                ```

                ## Non-triggering

                ```swift
                let v = ProfileView(editing: $editing)
                ```
                """, name: "no-constant-profile.md") as NSString).deletingLastPathComponent
        let catalog = RuleCatalog(builtinFiles: [], teamFolders: [folder], graph: CatalogFixture.graph)
        XCTAssertEqual(catalog.entries.map(\.metadata.id), ["no-constant-profile"])
        XCTAssertTrue(catalog.problems.allSatisfy { $0.hasPrefix("built-in rule") })
        let linter = Linter(catalog: catalog, configuration: Configuration())
        for example in catalog.entries[0].metadata.triggering {
            let marked = MarkedExample(example.code)
            let findings = linter.lint([LintInput(path: "T.swift") { Array(marked.code.utf8) }]).findings
            XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, marked.markers.map { "\($0.line):\($0.column)" })
            XCTAssertEqual(
                findings.first?.message, "ProfileView needs real editing state. See: Dual Initializer Pattern")
        }
        for example in catalog.entries[0].metadata.nonTriggering {
            XCTAssertEqual(linter.lint([LintInput(path: "T.swift") { Array(example.code.utf8) }]).findings.count, 0)
        }
    }

    func testBadTeamRuleFilesAreReported() throws {
        let folder =
            (try write("---\nid: x\nnote: \"[[Missing Note]]\"\npattern:\n  label: y\n---\n", name: "x.md") as NSString)
            .deletingLastPathComponent
        try "---\nseverity: error\n---\n".write(toFile: folder + "/noid.md", atomically: true, encoding: .utf8)
        let catalog = RuleCatalog(builtinFiles: [], teamFolders: [folder], graph: CatalogFixture.graph)
        let problems = catalog.problems.filter { !$0.hasPrefix("built-in rule") }
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("noid.md") && $0.contains("no `id`") })
        XCTAssertTrue(problems.contains { $0.contains("x.md") && $0.contains("needs a `callee`") })
    }

    func testJSONReporterCarriesTheNote() throws {
        let result = CatalogFixture.lint([("A.swift", "let v = NavigationView { }\n")])
        let data = Data(JSONReporter().report(result).utf8)
        let array = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
        XCTAssertEqual(array.count, 1)
        XCTAssertEqual(
            Set(array[0].keys),
            ["rule", "severity", "confidence", "message", "path", "line", "column", "note", "related"])
        XCTAssertEqual(array[0]["confidence"] as? String, "high")
        let note = array[0]["note"] as! [String: String]
        XCTAssertEqual(note["title"], "NavigationStack Essentials")
        XCTAssertEqual(note["permalink"], "swiftui/navigation/navigationstack-essentials")
        XCTAssertEqual(note["path"], "notes/swiftui/navigation/navigationstack-essentials.md")
    }

    func testXcodeReporterFormat() {
        let result = CatalogFixture.lint(
            [("Sources/A.swift", "let v = NavigationView { }\n")],
            options: ["navigation-view-deprecated": RuleOptions(["soft_deprecations": "warning"])])
        XCTAssertEqual(
            XcodeReporter().report(result),
            """
            Sources/A.swift:1:9: warning: `NavigationView` is deprecated; use `NavigationStack` (or `NavigationSplitView` for columns) with value-based links. See: NavigationStack Essentials (navigation-view-deprecated)
              note: NavigationStack Essentials — patternlint explain navigation-view-deprecated

            """)
    }
}

final class TestFileTests: XCTestCase {
    func testConstantBindingInTestsIsInfo() {
        let test =
            "import XCTest\n@testable import App\nfinal class T: XCTestCase {\n    func testIt() { _ = Pager(page: .constant(1)) }\n}\n"
        XCTAssertEqual(
            CatalogFixture.lint([("T.swift", test), EngineTests.pager], only: ["constant-binding"]).findings.map(
                \.severity), [.info])
        let app = "struct V: View { var body: some View { Pager(page: .constant(1)) } }\n"
        XCTAssertEqual(
            CatalogFixture.lint([("V.swift", app), EngineTests.pager], only: ["constant-binding"]).findings.map(
                \.severity), [.error])
        // Imports are read at file scope only, wherever they stand there; not inside a body.
        let late =
            "struct Helper { func f() { _ = Pager(page: .constant(1)) } }\n#if canImport(Testing)\nimport Testing\n#endif\n"
        XCTAssertEqual(
            CatalogFixture.lint([("L.swift", late), EngineTests.pager], only: ["constant-binding"]).findings.map(
                \.severity), [.info])
        let inside =
            "struct V: View {\n    var body: some View { Pager(page: .constant(1)) }\n    let note = \"import XCTest\"\n}\n"
        XCTAssertEqual(
            CatalogFixture.lint([("I.swift", inside), EngineTests.pager], only: ["constant-binding"]).findings.map(
                \.severity), [.error])
    }
}

final class ViewHierarchyTests: XCTestCase {
    func findings(_ files: [(String, String)]) -> [String] {
        CatalogFixture.lint(files, only: ["navigation-link-outside-stack"]).findings.map { "\($0.path):\($0.line)" }
    }

    /// A view that another file extends may use its state there: the finding is `info` and its
    /// fix unsafe, applied only with `--unsafe-fixes`. Without that extension the fix is safe.
    func testStateUsedFromAnotherFilesExtensionIsNotSafelyPrivate() {
        let player = "struct Player: View {\n    @State var volume = 0.5\n    var body: some View { controls }\n}\n"
        let controls = "extension Player {\n    var controls: some View { Slider(value: $volume) }\n}\n"
        let files = [("Player.swift", player), ("Player+Controls.swift", controls)]
        let findings = CatalogFixture.lint(files, only: ["state-not-private"]).findings
        XCTAssertEqual(findings.map(\.severity), [.info])
        // The extension uses `volume`: `private` would not build, so there is no fix at all.
        XCTAssertNil(findings.first?.fix)
        // An extension elsewhere that does not use it leaves an unsafe fix (only a person can tell).
        let other = "extension Player {\n    var label: some View { Text(\"Player\") }\n}\n"
        let unrelated = [("Player.swift", player), ("Player+Label.swift", other)]
        XCTAssertEqual(
            CatalogFixture.lint(unrelated, only: ["state-not-private"]).findings.first?.fix?.applicability, .unsafe)
        var configuration = Configuration()
        configuration.onlyRules = ["state-not-private"]
        let inputs = unrelated.map { file in LintInput(path: file.0) { Array(file.1.utf8) } }
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: configuration)
        let safe = Fixer(linter: linter).corrections(inputs).fixes
        XCTAssertEqual(safe.map(\.changed), [false])
        XCTAssertEqual(safe.map(\.unsafeLeft), [1])
        let unsafe = Fixer(linter: linter, includeUnsafe: true).corrections(inputs).fixes
        XCTAssertTrue(String(decoding: unsafe[0].corrected, as: UTF8.self).contains("@State private var volume"))
        let alone = CatalogFixture.lint([("Player.swift", player)], only: ["state-not-private"]).findings
        XCTAssertEqual(alone.map(\.severity), [.warning])
        XCTAssertEqual(alone.first?.fix?.applicability, .safe)
    }

    func testAViewDeclaredThroughAnotherFilesProtocolIsAView() {
        let protocolFile = "import SwiftUI\nprotocol ConnectedView: View {}\n"
        let pager =
            "import SwiftUI\nstruct Pager: ConnectedView {\n    @Binding var page: Int\n    var body: some View { Button(\"Next\") { page += 1 } }\n}\n"
        let home = "import SwiftUI\nstruct Home: View {\n    var body: some View { Pager(page: .constant(0)) }\n}\n"
        let files = [("ConnectedView.swift", protocolFile), ("Pager.swift", pager), ("Home.swift", home)]
        let findings = CatalogFixture.lint(files, only: ["missing-standalone-init"]).findings
        XCTAssertEqual(findings.map(\.path), ["Pager.swift"])
        XCTAssertEqual(findings.map(\.severity), [.warning])
        // Without the protocol's declaration nothing says `Pager` is a view.
        XCTAssertEqual(
            CatalogFixture.lint(Array(files.dropFirst()), only: ["missing-standalone-init"]).findings.count, 0)
    }

    func testAScreenPushedThroughAnotherFilesLinkModifierIsPushed() {
        let modifier =
            "import SwiftUI\nextension View {\n    func pushes<S: View>(_ screen: S) -> some View { NavigationLink { screen } label: { self } }\n}\n"
        let screens =
            "import SwiftUI\nstruct Orders: View {\n    var body: some View { NavigationStack { Text(\"o\").pushes(OrderDetail()) } }\n}\nstruct OrderDetail: View {\n    var body: some View { NavigationStack { Text(\"d\") } }\n}\n"
        let findings = CatalogFixture.lint(
            [("Link.swift", modifier), ("Screens.swift", screens)], only: ["nested-navigation-stack"]
        ).findings
        XCTAssertEqual(findings.map { "\($0.path):\($0.line)" }, ["Screens.swift:6"])
        // Pushed from a view whose own stack is elsewhere: a push through the link modifier, and
        // nothing at all through a modifier of the app that builds no link.
        let row =
            "import SwiftUI\nstruct OrderRow: View {\n    var body: some View { Text(\"o\").pushes(OrderDetail()) }\n}\nstruct OrderDetail: View {\n    var body: some View { NavigationStack { Text(\"d\") } }\n}\n"
        XCTAssertEqual(
            CatalogFixture.lint([("Link.swift", modifier), ("Row.swift", row)], only: ["nested-navigation-stack"])
                .findings.count, 1)
        let plain =
            "import SwiftUI\nextension View {\n    func pushes<S: View>(_ screen: S) -> some View { background(screen) }\n}\n"
        XCTAssertEqual(
            CatalogFixture.lint([("Link.swift", plain), ("Row.swift", row)], only: ["nested-navigation-stack"])
                .findings.count, 0)
    }

    func testStatusFollowsChainsAcrossFiles() {
        let app = ("App.swift", "struct Shop: App { var body: some Scene { WindowGroup { Root() } } }\n")
        let root = ("Root.swift", "struct Root: View { var body: some View { VStack { Middle() } } }\n")
        let middle = ("Middle.swift", "struct Middle: View { var body: some View { Leaf() } }\n")
        let leaf = (
            "Leaf.swift", "struct Leaf: View {\n    var body: some View { NavigationLink(\"x\", value: 1) }\n}\n"
        )
        XCTAssertEqual(findings([app, root, middle, leaf]), ["Leaf.swift:2"], "no stack anywhere above Leaf")
        let stackedRoot = ("Root.swift", "struct Root: View { var body: some View { NavigationStack { Middle() } } }\n")
        XCTAssertEqual(findings([app, stackedRoot, middle, leaf]), [], "a stack at the root reaches the leaf")
        XCTAssertEqual(findings([middle, leaf]), [], "callers unknown: silent")
        let cycleA = ("A.swift", "struct A: View { var body: some View { B() } }\n")
        let cycleB = (
            "B.swift", "struct B: View {\n    var body: some View { A(); NavigationLink(\"x\", value: 1) }\n}\n"
        )
        XCTAssertEqual(findings([cycleA, cycleB]), [], "a cycle with no entry point stays unknown")
    }

    func testTestsBuildViewsLikePreviews() {
        let app = ("App.swift", "struct Shop: App { var body: some Scene { WindowGroup { Settings() } } }\n")
        let settings = (
            "Settings.swift",
            "struct Settings: View {\n    var body: some View { NavigationStack { Text(\"s\") } }\n}\n"
        )
        let snapshot = (
            "SettingsTests.swift",
            "import XCTest\nimport SwiftUI\nfinal class SettingsTests: XCTestCase {\n    func testLooks() { _ = NavigationStack { Settings() } }\n}\n"
        )
        let nested = { (files: [(String, String)]) in
            CatalogFixture.lint(files, only: ["nested-navigation-stack"]).findings.map { "\($0.path):\($0.line)" }
        }
        XCTAssertEqual(
            nested([app, settings, snapshot]), [],
            "a snapshot test wrapping the view in a stack is not the app nesting stacks")
        let pushing = (
            "Home.swift",
            "struct Home: View {\n    var body: some View { NavigationStack { NavigationLink(\"s\") { Settings() } } }\n}\n"
        )
        let homeApp = ("App.swift", "struct Shop: App { var body: some Scene { WindowGroup { Home() } } }\n")
        XCTAssertEqual(
            nested([homeApp, pushing, settings, snapshot]), ["Settings.swift:2"], "the app's own push still counts")
    }

    func testContentOfAPackagesModifierIsOfUnknownPlace() {
        let app = ("App.swift", "struct Shop: App { var body: some Scene { WindowGroup { Home() } } }\n")
        func home(_ modifier: String) -> (String, String) {
            (
                "Home.swift",
                "struct Home: View {\n    var body: some View { NavigationStack { List { Text(\"x\") }.\(modifier) { ItemPicker() } } }\n}\n"
            )
        }
        let picker = (
            "ItemPicker.swift",
            "struct ItemPicker: View {\n    var body: some View { NavigationStack { Text(\"p\") } }\n}\n"
        )
        let nested = { (files: [(String, String)]) in
            CatalogFixture.lint(files, only: ["nested-navigation-stack"]).findings.map(\.path)
        }
        XCTAssertEqual(
            nested([app, home("overlay"), picker]), ["ItemPicker.swift"], "an overlay is shown inside the stack")
        XCTAssertEqual(nested([app, home("sheet(isPresented: $open)"), picker]), [], "a sheet is a new presentation")
        XCTAssertEqual(
            nested([app, home("bottomSheet(isPresented: $open)"), picker]), [],
            "a package's modifier may present it anywhere")
        // The run's own modifier (declared in `extension View`) is looked through.
        let card = (
            "Card.swift",
            "extension View {\n    func bottomSheet<C: View>(isPresented: Binding<Bool>, @ViewBuilder content: () -> C) -> some View { overlay(content()) }\n}\n"
        )
        XCTAssertEqual(nested([app, home("bottomSheet(isPresented: $open)"), picker, card]), ["ItemPicker.swift"])
        // The run's own modifier that wraps its content in a stack puts that content in it.
        let withNavigation = (
            "Nav.swift",
            "extension View {\n    func withNavigation<C: View>(@ViewBuilder content: () -> C) -> some View { NavigationStack { content() } }\n}\n"
        )
        let links = (
            "Links.swift", "struct Links: View {\n    var body: some View { NavigationLink(\"l\", value: 1) }\n}\n"
        )
        let root = (
            "Home.swift", "struct Home: View {\n    var body: some View { Text(\"x\").withNavigation { Links() } }\n}\n"
        )
        XCTAssertEqual(
            CatalogFixture.lint([app, root, links, withNavigation], only: ["navigation-link-outside-stack"]).findings
                .map(\.path), [])
        // The same, written in one body.
        let inline = (
            "Home.swift",
            "struct Home: View {\n    var body: some View { NavigationStack { List { Text(\"x\") }.popup(isPresented: $open) { NavigationStack { Text(\"p\") } } } }\n}\n"
        )
        XCTAssertEqual(nested([app, inline]), [])
    }

    func testATypeNameDeclaredInTwoFilesIsUnknown() {
        // Two apps of a monorepo, each with its own `ContentView`: one owns a stack, the other is
        // built inside one. Which is which cannot be told lexically, so nothing is said.
        let appA = (
            "A/App.swift",
            "struct AppA: App { var body: some Scene { WindowGroup { ContentView() } } }\nstruct ContentView: View {\n    var body: some View { NavigationStack { Text(\"a\") } }\n}\n"
        )
        let appB = (
            "B/App.swift",
            "struct AppB: App { var body: some Scene { WindowGroup { NavigationStack { ContentView() } } } }\nstruct ContentView: View {\n    var body: some View { NavigationLink(\"b\", value: 1) }\n}\n"
        )
        let rules = ["nested-navigation-stack", "navigation-link-outside-stack"]
        XCTAssertEqual(CatalogFixture.lint([appA, appB], only: rules).findings.map(\.ruleID), [])
        XCTAssertEqual(CatalogFixture.lint([appA], only: rules).findings.map(\.ruleID), [], "alone, app A is fine")
        // An extension in another file is the same type, not a second one.
        let extended = (
            "B/ContentView+Row.swift", "extension ContentView {\n    var row: some View { Text(\"r\") }\n}\n"
        )
        let wrapped = (
            "A/App.swift",
            "struct AppA: App { var body: some Scene { WindowGroup { NavigationStack { ContentView() } } } }\nstruct ContentView: View {\n    var body: some View { NavigationStack { Text(\"a\") } }\n}\n"
        )
        XCTAssertEqual(
            CatalogFixture.lint([wrapped, extended], only: rules).findings.map(\.ruleID), ["nested-navigation-stack"])
    }

    func testMembersStandWhereTheTypeUsesThem() {
        let app = ("App.swift", "struct Shop: App { var body: some Scene { WindowGroup { Root() } } }\n")
        let leaf = (
            "Leaf.swift", "struct Leaf: View {\n    var body: some View { NavigationLink(\"x\", value: 1) }\n}\n"
        )
        func root(_ body: String) -> (String, String) {
            (
                "Root.swift",
                "struct Root: View {\n    var body: some View { \(body) }\n    var content: some View { Leaf() }\n    func row() -> some View { middle }\n    var middle: some View { NavigationLink(\"y\", value: 2) }\n}\n"
            )
        }
        XCTAssertEqual(
            findings([app, root("NavigationStack { content; row() }"), leaf]), [], "members used in the stack")
        XCTAssertEqual(
            findings([app, root("VStack { content; self.row() }"), leaf]), ["Leaf.swift:2", "Root.swift:5"],
            "members used outside any stack")
        XCTAssertEqual(
            findings([app, root("NavigationStack { Text(other.content) }"), leaf]), [],
            "not a use: no node reaches `content`, so silent")
        // A member declared in an extension in its own file, used from the type's body elsewhere.
        func root(uses body: String) -> (String, String) {
            ("Root.swift", "struct Root: View {\n    var body: some View { \(body) }\n}\n")
        }
        let member = (
            "Member.swift",
            "extension Root {\n    var content: some View { NavigationLink(\"y\", value: 2) }\n    func row(_ n: Int) -> some View { NavigationLink(\"z\", value: n) }\n}\n"
        )
        XCTAssertEqual(
            findings([app, root(uses: "VStack { content }"), member]), ["Member.swift:2"],
            "used outside any stack, from another file")
        XCTAssertEqual(
            findings([app, root(uses: "VStack {\n        self.content\n        row(1).padding()\n    }"), member]),
            ["Member.swift:2", "Member.swift:3"])
        XCTAssertEqual(
            findings([app, root(uses: "NavigationStack { content; row(1) }"), member]), [],
            "used in the stack, from another file")
        XCTAssertEqual(
            findings([app, root(uses: "VStack { Text(content) }"), member]), [],
            "an argument is not a use of the member: silent")
        // Another type's `content` (declared here) is not Root's.
        let other = (
            "Other.swift",
            "struct Other: View {\n    var content: some View { Text(\"o\") }\n    var body: some View { VStack { content } }\n}\n"
        )
        XCTAssertEqual(findings([app, root(uses: "NavigationStack { content }"), member, other]), [])
    }
}

final class VocabularyTests: XCTestCase {
    func vocabulary(_ text: String) -> Vocabulary {
        Vocabulary(Structure(SourceFile(path: "V.swift", bytes: Array(text.utf8))))
    }

    func testFindsIdentifiersOnly() {
        let found = vocabulary(
            "NavigationStack { List { NavigationLink(\"x\", value: 1) } }.sheet(isPresented: $open) { }\n")
        XCTAssertTrue(found.contains(.navigationStack))
        XCTAssertTrue(found.contains(.navigationLink))
        XCTAssertTrue(found.contains(.isPresented))
        XCTAssertFalse(found.contains(.tabView))
        // In a comment or a string a name is no code: the rules that start from it have nothing to do.
        let hidden = vocabulary("// TabView\nlet s = \"NavigationLink constant\"\n/* onChange */\n")
        XCTAssertFalse(hidden.containsAny(.tabView, .navigationLink, .constant, .onChange))
    }
}

extension EngineTests {
    /// A rule's severity is capped by its finding's confidence: only a high-confidence error fails.
    func testConfidenceCapsTheSeverity() {
        XCTAssertEqual(Severity.error.capped(by: .high), .error)
        XCTAssertEqual(Severity.error.capped(by: .medium), .warning)
        XCTAssertEqual(Severity.error.capped(by: .low), .info)
        XCTAssertEqual(Severity.warning.capped(by: .medium), .warning)
        XCTAssertEqual(Severity.warning.capped(by: .low), .info)
        XCTAssertEqual(Severity.info.capped(by: .high), .info)
        XCTAssertTrue(Confidence.low < .medium && Confidence.medium < .high)
    }
}

extension EngineTests {
    /// Every `.patternlint.yml` value is checked against its type, naming the file and line, in
    /// the file's words (no `[AnyHashable("a"): "1"]`): wrong types of settings are errors, a rule
    /// set to a list is a warning.
    func testWrongTypesAreNamedWithTheFileAndLine() throws {
        for (text, expected) in [
            ("help_uri_base: [1]\n", ":1: `help_uri_base` must be a URL, not a list"),
            ("baseline: {a: 1}\n", ":1: `baseline` must be a file's path, not a mapping"),
            ("reporter: [xcode]\n", ":1: `reporter` must be a reporter's name, not a list"),
            ("included:\n  - {a: 1}\n", ":1: each item of `included` must be a path or name, not a mapping"),
            ("mcp: {writes: yes-please}\n", ":1: `mcp.writes` must be true or false, not `yes-please`"),
            ("note_links: {names: titles}\n", ":1: `note_links.names` must be declared, all or none, not `titles`"),
            (
                "note_links: {unresolved: [a]}\n",
                ":1: `note_links.unresolved` must be error, warning or off, not a list"
            ),
            (
                "note_links: {aliases: true}\n",
                ":1: unknown key `note_links.aliases`; `note_links` takes `names` and `unresolved`"
            ),
            ("note_links: none\n", ":1: `note_links` must be a mapping, e.g. `note_links: { names: none }`"),
            (
                "constant-binding:\n  previews: [a]\n",
                ":2: `constant-binding.previews` must be a single value, not a list"
            ),
        ] {
            let path = try write(text)
            XCTAssertThrowsError(try Configuration.load(path: path), text) {
                XCTAssertEqual("\($0)", path + expected)
                XCTAssertFalse("\($0)".contains("AnyHashable"))
            }
        }
        let links = try Configuration.load(path: try write("note_links: {names: none, unresolved: warning}\n"))
        XCTAssertEqual(links.noteLinkNames, LinkNames.none)
        XCTAssertEqual(links.unresolvedNoteLinks, "warning")
        XCTAssertTrue(links.warnings(rules: [:]).isEmpty)
        let path = try write("constant-binding: [1, 2]\n")
        let configuration = try Configuration.load(path: path)
        XCTAssertEqual(
            configuration.warnings(rules: Self.optionSpecs(CatalogFixture.catalog)),
            [
                "\(path):1: `constant-binding`, set to a list, is not a severity (error, warning or info) nor a mapping of options; ignored"
            ])
    }

    /// `navigation:` names the team's own stacks, links and destinations; anything else in it is
    /// an error naming the file and line.
    func testNavigationNamesTheTeamsStacksLinksAndDestinations() throws {
        let path = try write(
            "navigation:\n  stacks: [RouterStack, AppNavigationStack]\n  links: RouterLink\n  destinations: [routerDestination]\n"
        )
        let configuration = try Configuration.load(path: path)
        XCTAssertEqual(
            configuration.navigation,
            TeamNavigationNames(
                stacks: ["RouterStack", "AppNavigationStack"], links: ["RouterLink"],
                destinations: ["routerDestination"]))
        XCTAssertTrue(configuration.warnings(rules: [:]).isEmpty, "\(configuration.warnings(rules: [:]))")
        for (text, expected) in [
            (
                "navigation: [RouterStack]\n",
                ":1: `navigation` must be a mapping, e.g. `navigation: { stacks: [RouterStack] }`"
            ),
            (
                "navigation:\n  stack: [RouterStack]\n",
                ":2: unknown key `navigation.stack`; `navigation` takes `stacks`, `links` and `destinations`"
            ),
            ("navigation:\n  links: {a: 1}\n", ":2: `navigation.links` must be a list of names, not a mapping"),
            (
                "navigation:\n  destinations: [\"router destination\"]\n",
                ":2: each item of `navigation.destinations` must be a type or modifier name, not `router destination`"
            ),
        ] {
            let path = try write(text)
            XCTAssertThrowsError(try Configuration.load(path: path), text) { XCTAssertEqual("\($0)", path + expected) }
        }
    }

    /// A large plain list is refused for its size, not as an alias bomb.
    func testALargeListIsNotCalledAnAliasBomb() {
        let list = "items:\n" + String(repeating: "  - p\n", count: BoundedYAML.nodeBudget + 1)
        XCTAssertThrowsError(try BoundedYAML.compose(list)) {
            XCTAssertTrue("\($0)".contains("holds more than 100000 values"), "\($0)")
            XCTAssertFalse("\($0)".contains("alias"), "\($0)")
        }
    }
}
