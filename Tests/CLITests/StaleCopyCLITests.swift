import Foundation
import XCTest

/// Issue 28.4: a deprecation in a file no target of its Xcode project builds (a stale copy beside
/// the real one) is not reported; `rules` names the files no project speaks for.
extension CLITests {
    /// An app whose one target compiles `Home.swift` (iOS 17, so `NavigationView` is reported).
    static let appProject = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\t0B000001 /* Home.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0F000001 /* Home.swift */; };
        \t\t0F000001 /* Home.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Home.swift; sourceTree = "<group>"; };
        \t\t06000000 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t0F000001 /* Home.swift */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\t07000001 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = 0A000001 /* Build configuration list for PBXNativeTarget "App" */;
        \t\t\tbuildPhases = (
        \t\t\t\t0D000001 /* Sources */,
        \t\t\t);
        \t\t\tname = App;
        \t\t};
        \t\t01000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tmainGroup = 06000000;
        \t\t\ttargets = (
        \t\t\t\t07000001 /* App */,
        \t\t\t);
        \t\t};
        \t\t0D000001 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\t0B000001 /* Home.swift in Sources */,
        \t\t\t);
        \t\t};
        \t\t0C000001 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\t0A000001 /* Build configuration list for PBXNativeTarget "App" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\t0C000001 /* Debug */,
        \t\t\t);
        \t\t};
        \t};
        \trootObject = 01000001 /* Project object */;
        }

        """

    func testAStaleCopyNoTargetBuildsGetsNoDeprecationFinding() throws {
        let suppressed =
            "import SwiftUI\nstruct Home: View {\n    // patternlint:disable:next navigation-view-deprecated\n    var body: some View { NavigationView { Text(\"Home\") } }\n}\n"
        let folder = try makeFolder([
            // `NavigationView` is deprecated with no version: a note unless asked for as a warning.
            ".patternlint.yml": "opt_in_rules: [unused-suppression]\nsoft_deprecations: warning\n",
            "App/App.xcodeproj/project.pbxproj": Self.appProject,
            "App/Home.swift": deprecated,
            "App/Old/Home.swift": deprecated,
            "App/Home 2.swift": suppressed,
        ])
        let result = try run(["lint"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("App/Home.swift:3:27: warning: `NavigationView` is deprecated"), result.stdout)
        XCTAssertFalse(result.stdout.contains("App/Old/Home.swift"), "the stale copy is built by no target")
        // A directive for a rule that did not run on the file is not "unused" there.
        XCTAssertFalse(result.stdout.contains("Home 2.swift"), result.stdout)
        // Whatever the configuration says of the deployment target, the copy is still not built.
        try Data("deployment_target: { iOS: \"17.0\" }\nsoft_deprecations: warning\n".utf8).write(
            to: folder.appendingPathComponent(".patternlint.yml"))
        let configured = try run(["lint"], in: folder)
        XCTAssertTrue(configured.stdout.contains("App/Home.swift:3:27: warning:"), configured.stdout)
        XCTAssertFalse(configured.stdout.contains("App/Old/Home.swift"), configured.stdout)
    }

    func testRulesNamesTheFilesNoProjectSpeaksFor() throws {
        let folder = try makeFolder([
            "App/App.xcodeproj/project.pbxproj": Self.appProject,
            "App/Home.swift": deprecated,
            "Scripts/release.swift": clean,
            "Loose.swift": clean,
        ])
        let listed = try run(["rules"], in: folder)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(
            listed.stdout.hasSuffix(
                "2 Swift files have no known target (no Xcode project or Package.swift above): Loose.swift, Scripts/release.swift\n"
            ), listed.stdout)
        let inside = try run(["rules"], in: folder.appendingPathComponent("App"))
        XCTAssertFalse(inside.stdout.contains("no known target"), inside.stdout)
    }
}
