import Foundation
import XCTest
@testable import Lint

final class DeploymentTargetsTests: XCTestCase {
    typealias Version = DeploymentTargets.Version

    func testVersions() {
        XCTAssertEqual(Version("15"), Version(15))
        XCTAssertEqual(Version("15.4.1"), Version(15, 4))
        XCTAssertEqual(Version("v16_2"), Version(16, 2))
        XCTAssertNil(Version("latest"))
        XCTAssertNil(Version("15.x"))
        XCTAssertTrue(Version(15, 4) < Version(16))
    }

    func testAllowsOnlyWhatEveryTargetedPlatformHas() {
        let targets = DeploymentTargets([.iOS: Version(15), .macOS: Version(13)], source: "test")
        XCTAssertFalse(targets.allows(DeploymentTargets.navigationStackAPIs), "iOS 15 has no NavigationStack")
        XCTAssertTrue(targets.allows(DeploymentTargets.dismissAPI))
        XCTAssertTrue(
            DeploymentTargets([.macOS: Version(13)], source: "test").allows(DeploymentTargets.navigationStackAPIs))
        XCTAssertTrue(DeploymentTargets([:], source: "test").allows(DeploymentTargets.navigationStackAPIs))
    }

    func testXcodeProjectAndManifest() {
        let project = """
                    IPHONEOS_DEPLOYMENT_TARGET = 16.0;
                    IPHONEOS_DEPLOYMENT_TARGET = 15.2;
                    MACOSX_DEPLOYMENT_TARGET = "13.0";
                    SWIFT_VERSION = 5.0;
            """
        XCTAssertEqual(DeploymentTargets.fromXcodeProject(project), [.iOS: Version(15, 2), .macOS: Version(13)])
        let manifest = #"platforms: [.iOS(.v15), .macOS("12.0"), .watchOS(.v8)],"#
        XCTAssertEqual(
            DeploymentTargets.fromPackageManifest(manifest),
            [.iOS: Version(15), .macOS: Version(12), .watchOS: Version(8)])
    }

    func testDetectedFromTheProjectFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-targets-\(UUID().uuidString)")
        let project = folder.appendingPathComponent("App/App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertNil(DeploymentTargets.detect(in: folder.path))
        try "IPHONEOS_DEPLOYMENT_TARGET = 15.0;\n".write(
            to: project.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        XCTAssertEqual(DeploymentTargets.detect(in: folder.path)?.versions, [.iOS: Version(15)])
        // A root package that names no platforms speaks for the folder: its nested ones do not.
        try "let package = Package(name: \"Root\")\n".write(
            to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        XCTAssertNil(DeploymentTargets.detect(in: folder.path))
    }

    func testConfiguration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(".patternlint.yml").path
        try "deployment_target:\n  iOS: 15.0\n  macOS: \"12\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try Configuration.load(path: path).deploymentTargets?.versions, [.iOS: Version(15), .macOS: Version(12)])
        XCTAssertTrue(try Configuration.load(path: path).warnings(rules: [:]).isEmpty)
        try "deployment_target:\n  android: 14\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Configuration.load(path: path)) { XCTAssertTrue("\($0)".contains("unknown platform")) }
        try "deployment_target: 15\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Configuration.load(path: path))
    }

    func testRulesRecommendingNewerAPIsStayQuietBelowThem() {
        let code = """
            struct Legacy: View {
                @Environment(\\.presentationMode) var mode
                @State private var open = false
                var body: some View {
                    NavigationView {
                        NavigationLink("Next", destination: Text("x"), isActive: $open)
                            .navigationBarTitle("Home")
                            .navigationBarHidden(true)
                    }
                }
            }
            """
        let rules = [
            "navigation-view-deprecated", "navigation-link-is-active", "deprecated-navigation-modifier",
            "presentation-mode-deprecated",
        ]
        func found(_ targets: DeploymentTargets?) -> [String] {
            CatalogFixture.lint([("L.swift", code)], only: rules, deploymentTargets: targets).findings.map {
                "\($0.ruleID)@\($0.line)"
            }.sorted()
        }
        let everything = [
            "deprecated-navigation-modifier@7", "deprecated-navigation-modifier@8", "navigation-link-is-active@6",
            "navigation-view-deprecated@5", "presentation-mode-deprecated@2",
        ]
        XCTAssertEqual(found(nil), everything)
        XCTAssertEqual(found(DeploymentTargets([.iOS: Version(16)], source: "t")), everything)
        // iOS 15 has `navigationTitle` and `dismiss`, not `NavigationStack`.
        XCTAssertEqual(
            found(DeploymentTargets([.iOS: Version(15)], source: "t")),
            ["deprecated-navigation-modifier@7", "presentation-mode-deprecated@2"])
        XCTAssertEqual(found(DeploymentTargets([.iOS: Version(13)], source: "t")), [])
    }

    func testItemVariantOnlyWhereTheTargetHasIt() {
        let code = """
            struct People: View {
                @State private var shown: Person?
                var body: some View {
                    PeopleList(selection: $shown)
                        .navigationDestination(isPresented: Binding(get: { shown != nil }, set: { if !$0 { shown = nil } })) { PersonScreen() }
                        .sheet(isPresented: Binding(get: { shown != nil }, set: { if !$0 { shown = nil } })) { PersonSheet() }
                }
            }
            """
        func found(_ targets: DeploymentTargets?) -> [String] {
            CatalogFixture.lint([("P.swift", code)], only: ["bool-binding-from-optional"], deploymentTargets: targets)
                .findings.map { "\($0.line):\($0.column)" }
        }
        XCTAssertEqual(found(nil), ["5:49", "6:33"])
        XCTAssertEqual(found(DeploymentTargets([.iOS: Version(17)], source: "t")), ["5:49", "6:33"])
        // `navigationDestination(item:)` is iOS 17; `sheet(item:)` has been there since iOS 13.
        XCTAssertEqual(found(DeploymentTargets([.iOS: Version(16)], source: "t")), ["6:33"])
    }

    func testEagerDestinationAdviceFitsTheTarget() {
        let code =
            "struct Orders: View {\n    let orders: [Order]\n    var body: some View {\n        List(orders) { order in NavigationLink(destination: OrderDetail(order: order)) { Text(order.name) } }\n    }\n}\n"
        func message(_ targets: DeploymentTargets?) -> String? {
            CatalogFixture.lint([("O.swift", code)], only: ["eager-list-destination"], deploymentTargets: targets)
                .findings.first?.message
        }
        XCTAssertTrue(
            message(nil)?.contains(
                "`NavigationLink(value:)` and build the destination in `navigationDestination(for:)`") == true)
        XCTAssertTrue(
            message(DeploymentTargets([.iOS: Version(15)], source: "t"))?.contains("`LazyView(…)`") == true,
            "still reported, with a fix iOS 15 has")
    }

    func testFixLeavesWhatTheTargetCannotReplace() {
        let code = "struct A: View {\n    var body: some View { Text(\"x\").navigationBarTitle(\"Home\") }\n}\n"
        func fixed(_ targets: DeploymentTargets?) -> String {
            var configuration = Configuration()
            configuration.deploymentTargets = targets
            let fixer = Fixer(linter: Linter(catalog: CatalogFixture.catalog, configuration: configuration))
            let fix = fixer.corrections([LintInput(path: "A.swift") { Array(code.utf8) }]).fixes.first
            return fix.map { String(decoding: $0.corrected, as: UTF8.self) } ?? code
        }
        XCTAssertTrue(fixed(DeploymentTargets([.iOS: Version(14)], source: "t")).contains(".navigationTitle(\"Home\")"))
        XCTAssertEqual(
            fixed(DeploymentTargets([.iOS: Version(13)], source: "t")), code, "iOS 13 has no navigationTitle")
    }

    func testByteSearch() {
        let text = Array("a View, AnyView and a View".utf8)
        XCTAssertEqual(text.endsOfOccurrences(of: "View"), [6, 15, 26])
        XCTAssertEqual(text.endsOfOccurrences(of: "View", limit: 1), [6])
        XCTAssertEqual(text.endsOfOccurrences(of: "Scene"), [])
        XCTAssertEqual(Array("Vi".utf8).endsOfOccurrences(of: "View"), [], "a needle longer than the text")
        XCTAssertEqual(
            text.withUnsafeBufferPointer { $0.endsOfOccurrences(of: "View", in: 7..<20) }, [15], "within a range only")
        XCTAssertEqual(Array("aaaa".utf8).endsOfOccurrences(of: "aa"), [2, 4], "occurrences do not overlap")
    }
}
