import Foundation
import XCTest
@testable import BuiltinRules
@testable import LintEngine
@testable import ProjectSettings
@testable import Reporters
@testable import SwiftUIModel

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

    /// A project file as Xcode writes it: what the targets build for, not every value in the file.
    static func projectFile(project: String, targets: [String], files: [[String]] = []) -> String {
        var objects =
            "\t\tAAAA0001 /* Project object */ = {\n\t\t\tisa = PBXProject;\n"
            + "\t\t\tattributes = {\n\t\t\t\tTargetAttributes = {\n\t\t\t\t\tAAAA0009 = {\n"
            + "\t\t\t\t\t\tCreatedOnToolsVersion = 15.0;\n\t\t\t\t\t};\n\t\t\t\t};\n\t\t\t};\n"
            + "\t\t\tbuildConfigurationList = AAAA0002 /* list */;\n\t\t};\n"
            + "\t\tAAAA0002 /* list */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n"
            + "\t\t\t\tAAAA0003 /* Debug */,\n\t\t\t);\n\t\t};\n"
            + "\t\tAAAA0003 /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n"
            + project + "\t\t\t};\n\t\t\tname = Debug;\n\t\t};\n"
        for (index, settings) in targets.enumerated() {
            let target = "BBBB000\(index)", list = "CCCC000\(index)", configuration = "DDDD000\(index)"
            let phase = "EEEE000\(index)"
            var phaseFiles = ""
            for (fileIndex, name) in (index < files.count ? files[index] : []).enumerated() {
                let reference = "FFFF\(index)00\(fileIndex)", buildFile = "AAAB\(index)00\(fileIndex)"
                objects +=
                    "\t\t\(reference) /* \(name) */ = {isa = PBXFileReference; path = \(name); sourceTree = \"<group>\"; };\n"
                    + "\t\t\(buildFile) /* \(name) in Sources */ = {isa = PBXBuildFile; fileRef = \(reference) /* \(name) */; };\n"
                phaseFiles += "\t\t\t\t\(buildFile) /* \(name) in Sources */,\n"
            }
            objects +=
                "\t\t\(phase) /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tfiles = (\n" + phaseFiles
                + "\t\t\t);\n\t\t};\n"
                + "\t\t\(target) /* App */ = {\n\t\t\tisa = PBXNativeTarget;\n"
                + "\t\t\tbuildConfigurationList = \(list) /* list */;\n\t\t\tbuildPhases = (\n"
                + "\t\t\t\t\(phase) /* Sources */,\n\t\t\t);\n\t\t\tname = App;\n\t\t};\n"
                + "\t\t\(list) /* list */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n"
                + "\t\t\t\t\(configuration) /* Debug */,\n\t\t\t);\n\t\t};\n"
                + "\t\t\(configuration) /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n"
                + settings + "\t\t\t};\n\t\t\tname = Debug;\n\t\t};\n"
        }
        return "// !$*UTF8*$!\n{\n\tobjects = {\n" + objects + "\t};\n}\n"
    }

    /// What each target builds for: a project value every target overrides does not count, nor a
    /// macOS version left in an iOS configuration, nor a variable.
    func testXcodeProjectTargetsDecide() {
        let overridden = Self.projectFile(
            project: "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 13.0;\n\t\t\t\tSDKROOT = iphoneos;\n",
            targets: ["\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;\n"])
        XCTAssertEqual(DeploymentTargets.fromXcodeProject(overridden), [.iOS: Version(16)])
        let leftover = Self.projectFile(
            project: "\t\t\t\tMACOSX_DEPLOYMENT_TARGET = 10.15;\n\t\t\t\tSDKROOT = iphoneos;\n",
            targets: ["\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n"])
        XCTAssertEqual(DeploymentTargets.fromXcodeProject(leftover), [.iOS: Version(17)])
        let variable = Self.projectFile(
            project: "",
            targets: [
                "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = \"$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)\";\n",
                "\t\t\t\tSDKROOT = watchos;\n\t\t\t\tWATCHOS_DEPLOYMENT_TARGET = 9.0;\n",
            ])
        XCTAssertEqual(DeploymentTargets.fromXcodeProject(variable), [.watchOS: Version(9)])
        // The project's value stands for a target that sets none.
        let inherited = Self.projectFile(
            project: "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;\n", targets: ["\t\t\t\tSDKROOT = iphoneos;\n"])
        XCTAssertEqual(DeploymentTargets.fromXcodeProject(inherited), [.iOS: Version(15)])
    }

    /// Each file is held to the nearest project above it: two apps in one repository, each with
    /// its own; a manifest that builds nothing is passed over; a package that names no platforms
    /// builds for SwiftPM's oldest.
    func testEachFileUsesTheNearestProject() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pl-targets-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let old = Self.projectFile(project: "", targets: ["\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;\n"])
        let new = Self.projectFile(project: "", targets: ["\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n"])
        try write("Legacy/Legacy.xcodeproj/project.pbxproj", old)
        try write("Modern/Modern.xcodeproj/project.pbxproj", new)
        try write("Modern/Sources/Package.swift", "let package = Package(name: \"x\", targets: [])\n")
        try write("Kit/Package.swift", "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n")
        let resolver = DeploymentTargetResolver()
        XCTAssertEqual(resolver.targets(forFile: root.path + "/Legacy/App/Home.swift")?.versions, [.iOS: Version(15)])
        XCTAssertEqual(
            resolver.targets(forFile: root.path + "/Modern/Sources/Home.swift")?.versions, [.iOS: Version(17)])
        XCTAssertFalse(
            resolver.targets(forFile: root.path + "/Kit/Sources/Kit/A.swift")!.allows(
                DeploymentTargets.navigationStackAPIs))
        XCTAssertNil(resolver.targets(forFile: root.path + "/Loose.swift"))
        // One project, an iOS app and a watch app: each file is held to the target compiling it.
        let both = Self.projectFile(
            project: "",
            targets: [
                "\t\t\t\tSDKROOT = iphoneos;\n\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n",
                "\t\t\t\tSDKROOT = watchos;\n\t\t\t\tWATCHOS_DEPLOYMENT_TARGET = 8.0;\n",
            ],
            files: [["Home.swift"], ["WristHome.swift"]])
        try write("Both/Both.xcodeproj/project.pbxproj", both)
        XCTAssertEqual(resolver.targets(forFile: root.path + "/Both/App/Home.swift")?.versions, [.iOS: Version(17)])
        XCTAssertEqual(
            resolver.targets(forFile: root.path + "/Both/Watch/WristHome.swift")?.versions, [.watchOS: Version(8)])
        XCTAssertEqual(
            resolver.targets(forFile: root.path + "/Both/Other.swift")?.versions,
            [.iOS: Version(17), .watchOS: Version(8)], "a file no target names: every target counts")
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

    /// A `NavigationView` pushed from another: an error where only iOS is targeted, `info` where
    /// macOS is too (nested ones made a third column there) or nothing is known.
    func testNestedNavigationViewsAreErrorsOnlyWithoutMacOS() {
        let code = """
            import SwiftUI
            struct Recipe: View {
                var body: some View { NavigationView { NavigationLink("Whisk", value: 1) } }
            }
            struct Cookbook: View {
                var body: some View { NavigationView { NavigationLink("Pancakes", destination: Recipe()) } }
            }
            """
        func severities(_ targets: DeploymentTargets?) -> [Severity] {
            CatalogFixture.lint([("N.swift", code)], only: ["nested-navigation-stack"], deploymentTargets: targets)
                .findings.map(\.severity)
        }
        XCTAssertEqual(severities(DeploymentTargets([.iOS: .init(15)], source: "test")), [.error])
        XCTAssertEqual(severities(DeploymentTargets([.iOS: .init(15), .macOS: .init(12)], source: "test")), [.info])
        XCTAssertEqual(severities(nil), [.info])
    }
}

extension DeploymentTargetsTests {
    /// XcodeGen's `project.yml` and Tuist's `Project.swift` name the targets when the Xcode
    /// project is generated and not committed.
    func testXcodeGenAndTuistProjects() {
        let xcodeGen = """
            name: Trips
            options:
              deploymentTarget:
                iOS: "16.0"
                watchOS: 9.0 # the watch app
            targets:
              Trips:
                type: application
                platform: iOS
                deploymentTarget: "15.4"
              Widgets:
                platform: macOS
                deploymentTarget: '13.0'
            """
        XCTAssertEqual(
            DeploymentTargets.fromXcodeGen(xcodeGen),
            [.iOS: .init(15, 4), .watchOS: .init(9), .macOS: .init(13)])
        let tuist = """
            let project = Project(name: "Trips", targets: [
                .target(name: "Trips", destinations: .iOS, product: .app, bundleId: "t",
                        deploymentTargets: .iOS("17.0")),
                .target(name: "Legacy", destinations: .iOS, product: .app, bundleId: "l",
                        deploymentTarget: .iOS(targetVersion: "15.0", devices: .iphone)),
                .target(name: "Mac", destinations: [.mac], product: .app, bundleId: "m",
                        deploymentTargets: .multiplatform(iOS: "16.0", macOS: "14.0")),
            ])
            """
        XCTAssertEqual(DeploymentTargets.fromTuist(tuist), [.iOS: .init(15), .macOS: .init(14)])
    }

    /// A file under no project the tool reads has unknown targets: its deprecations are low
    /// confidence (info); a project that names no version builds with its SDK's defaults.
    func testDeprecationsWhereTheTargetsAreUnknownAreInfo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-targets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Gen"), withIntermediateDirectories: true)
        let view = "import SwiftUI\nstruct Home: View { var body: some View { NavigationView { Text(\"\") } } }\n"
        try Data(view.utf8).write(to: folder.appendingPathComponent("Home.swift"))
        try Data(view.utf8).write(to: folder.appendingPathComponent("Gen/Home.swift"))
        try Data("options:\n  deploymentTarget:\n    iOS: 17.0\n".utf8).write(
            to: folder.appendingPathComponent("Gen/project.yml"))
        var configuration = Configuration()
        configuration.detectsDeploymentTargets = true
        // `NavigationView` is deprecated with no version: asked for as a warning.
        configuration.softDeprecations = "warning"
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: configuration)
        let result = linter.lint(
            [folder.path + "/Home.swift", folder.path + "/Gen/Home.swift"].map { LintInput.disk($0) })
        let found = result.findings.filter { $0.ruleID == "navigation-view-deprecated" }
        // In path order: Gen/Home.swift (XcodeGen's iOS 17), then Home.swift (no project).
        XCTAssertEqual(found.map(\.severity), [.warning, .info], "\(found)")
        XCTAssertEqual(found.map(\.confidence), [.high, .low])
    }
}
