import Foundation
import Support
import XCTest
@testable import LintEngine
@testable import ProjectSettings

/// Which files an Xcode project compiles, by path (issue 28.4): groups with a path or only a name,
/// `SOURCE_ROOT`, `..`, absolute references, synchronized folders and their exception sets, and
/// project files that are cut, garbled or conflicted (unknown, never "not built").
final class XcodeFileMembershipTests: XCTestCase {
    /// An app target compiling files through groups, and a widget target keeping `Widgets/` in sync
    /// (less `Legacy Views/` and a preview file; plus one of its files lent to the app). Written as
    /// Xcode 16 writes a project.
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\t0B000001 /* Home.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0F000001 /* Home.swift */; };
        \t\t0B000002 /* Row.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0F000002 /* Row.swift */; };
        \t\t0B000003 /* Util.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0F000003 /* Util.swift */; };
        \t\t0B000004 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0F000004 /* Shared.swift */; };
        \t\t0B000005 /* Generated.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0F000005 /* Generated.swift */; };
        \t\t0B000006 /* Home; 2.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0F000006 /* Home; 2.swift */; settings = {COMPILER_FLAGS = "-Onone"; }; };
        \t\t0B000009 /* Gone.swift in Sources */ = {isa = PBXBuildFile; fileRef = 0F000009 /* Gone.swift */; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        \t\t0F000001 /* Home.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Home.swift; sourceTree = "<group>"; };
        \t\t0F000002 /* Row.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Row.swift; sourceTree = "<group>"; };
        \t\t0F000003 /* Util.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; name = Util.swift; path = Support/Util.swift; sourceTree = SOURCE_ROOT; };
        \t\t0F000004 /* Shared.swift */ = {isa = PBXFileReference; path = Shared.swift; sourceTree = "<group>"; };
        \t\t0F000005 /* Generated.swift */ = {isa = PBXFileReference; path = /Users/someone/Build/Generated.swift; sourceTree = "<absolute>"; };
        \t\t0F000006 /* Home; 2.swift */ = {isa = PBXFileReference; path = "Home; 2.swift"; sourceTree = "<group>"; };
        \t\t0F000007 /* Old.swift */ = {isa = PBXFileReference; path = Old.swift; sourceTree = "<group>"; };
        \t\t0F000008 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        \t\t0E000001 /* Exceptions for "Widgets" folder in "Widgets" target */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tInfo.plist,
        \t\t\t\t"Legacy Views",
        \t\t\t\t"Preview Content/Sample.swift",
        \t\t\t);
        \t\t\tplatformFiltersByRelativePath = {
        \t\t\t\t"Phone/PhoneOnly.swift" = (
        \t\t\t\t\tios,
        \t\t\t\t);
        \t\t\t};
        \t\t\ttarget = 07000002 /* Widgets */;
        \t\t};
        \t\t0E000002 /* Exceptions for "Widgets" folder in "App" target */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tWidgetModel.swift,
        \t\t\t);
        \t\t\ttarget = 07000001 /* App */;
        \t\t};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\t05000001 /* Widgets */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (0E000001 /* Exceptions for "Widgets" folder in "Widgets" target */, 0E000002 /* Exceptions for "Widgets" folder in "App" target */, ); explicitFileTypes = {}; explicitFolders = (); path = Widgets; sourceTree = "<group>"; };
        \t\t05000002 /* Scripts */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Scripts; sourceTree = "<group>"; };
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXGroup section */
        \t\t06000000 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t06000001 /* App */,
        \t\t\t\t06000004 /* Shared */,
        \t\t\t\t05000001 /* Widgets */,
        \t\t\t\t05000002 /* Scripts */,
        \t\t\t\t06000005 /* Products */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\t06000001 /* App */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t0F000001 /* Home.swift */,
        \t\t\t\t0F000006 /* Home; 2.swift */,
        \t\t\t\t06000002 /* Screens */,
        \t\t\t\t06000003 /* Legacy */,
        \t\t\t\t0F000003 /* Util.swift */,
        \t\t\t\t0F000005 /* Generated.swift */,
        \t\t\t);
        \t\t\tpath = App;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\t06000002 /* Screens */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t0F000002 /* Row.swift */,
        \t\t\t);
        \t\t\tname = Screens;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\t06000003 /* Legacy */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t0F000007 /* Old.swift */,
        \t\t\t);
        \t\t\tname = Legacy;
        \t\t\tpath = Old;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\t06000004 /* Shared */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t0F000004 /* Shared.swift */,
        \t\t\t);
        \t\t\tpath = "../Shared Code";
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\t06000005 /* Products */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t0F000008 /* App.app */,
        \t\t\t);
        \t\t\tname = Products;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\t07000001 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = 0A000001 /* Build configuration list for PBXNativeTarget "App" */;
        \t\t\tbuildPhases = (
        \t\t\t\t0D000001 /* Sources */,
        \t\t\t\t0D000003 /* Resources */,
        \t\t\t);
        \t\t\tname = App;
        \t\t\tproductReference = 0F000008 /* App.app */;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\t07000002 /* Widgets */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = 0A000002 /* Build configuration list for PBXNativeTarget "Widgets" */;
        \t\t\tbuildPhases = (
        \t\t\t\t0D000002 /* Sources */,
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\t05000001 /* Widgets */,
        \t\t\t);
        \t\t\tname = Widgets;
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\t01000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tbuildConfigurationList = 0A000000 /* Build configuration list for PBXProject "App" */;
        \t\t\tmainGroup = 06000000;
        \t\t\tproductRefGroup = 06000005 /* Products */;
        \t\t\tprojectDirPath = "";
        \t\t\tprojectRoot = "";
        \t\t\ttargets = (
        \t\t\t\t07000001 /* App */,
        \t\t\t\t07000002 /* Widgets */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        \t\t0D000003 /* Resources */ = {
        \t\t\tisa = PBXResourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t);
        \t\t};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        \t\t0D000001 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t\t0B000001 /* Home.swift in Sources */,
        \t\t\t\t0B000002 /* Row.swift in Sources */,
        \t\t\t\t0B000003 /* Util.swift in Sources */,
        \t\t\t\t0B000004 /* Shared.swift in Sources */,
        \t\t\t\t0B000005 /* Generated.swift in Sources */,
        \t\t\t\t0B000006 /* Home; 2.swift in Sources */,
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        \t\t0D000002 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t);
        \t\t};
        /* End PBXSourcesBuildPhase section */

        /* Begin XCBuildConfiguration section */
        \t\t0C000000 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\t0C000001 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tOTHER_SWIFT_FLAGS = (
        \t\t\t\t\t"$(inherited)",
        \t\t\t\t\t"-DAPP",
        \t\t\t\t);
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\t0C000002 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        \t\t0A000000 /* Build configuration list for PBXProject "App" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\t0C000000 /* Debug */,
        \t\t\t);
        \t\t};
        \t\t0A000001 /* Build configuration list for PBXNativeTarget "App" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\t0C000001 /* Debug */,
        \t\t\t);
        \t\t};
        \t\t0A000002 /* Build configuration list for PBXNativeTarget "Widgets" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\t0C000002 /* Debug */,
        \t\t\t);
        \t\t};
        /* End XCConfigurationList section */
        \t};
        \trootObject = 01000001 /* Project object */;
        }

        """

    static let app: Set<String> = ["0A000001"], widgets: Set<String> = ["0A000002"]

    /// Each path of the project, relative to its folder, and what the project says of it.
    static let expected: [(path: String, verdict: XcodeFileMembership.Verdict)] = [
        ("App/Home.swift", .built(app)),
        ("APP/home.SWIFT", .built(app)), // the Mac's file system ignores case
        ("App/./Screens/../Home.swift", .built(app)),
        ("App/Home; 2.swift", .built(app)), // a quoted path with `;` and a space
        ("App/Row.swift", .built(app)), // `Screens` has a name and no path: not a folder
        ("App/Screens/Row.swift", .notBuilt),
        ("App/Old/Old.swift", .notBuilt), // in a group, in no target
        ("App/Old/Home.swift", .notBuilt), // the stale copy beside the real one
        ("Home.swift", .notBuilt),
        ("Support/Util.swift", .built(app)), // SOURCE_ROOT: from the project's folder, not the group's
        ("App/Support/Util.swift", .notBuilt),
        ("../Shared Code/Shared.swift", .built(app)),
        // An absolute path from the author's machine: any file of that name may be it.
        ("App/Generated.swift", .unknown(app)),
        ("Elsewhere/Generated.swift", .unknown(app)),
        ("Widgets/Timeline.swift", .built(widgets)),
        ("Widgets/Deep/Down/Timeline.swift", .built(widgets)),
        ("Widgets/Phone/PhoneOnly.swift", .built(widgets)), // a platform filter still builds it
        ("Widgets/Legacy Views/Gauge.swift", .notBuilt), // an excluded folder covers what is below it
        ("Widgets/Preview Content/Sample.swift", .notBuilt),
        ("Widgets/Preview Content/Other.swift", .built(widgets)),
        ("Widgets/WidgetModel.swift", .built(app.union(widgets))), // lent to the app
        ("Scripts/release.swift", .notBuilt), // a synchronized folder no target keeps
        ("WidgetsExtra/Timeline.swift", .notBuilt),
    ]

    func testPathsAreNormalizedAsBeforeTheFastPath() {
        func reference(_ path: String) -> String {
            var parts: [Substring] = []
            for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
                if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
            }
            return parts.joined(separator: "/")
        }
        let paths = [
            "", ".", "..", "a", "a/b.swift", "/a/b", "a/", "a//b", "./a", "a/./b", "a/../b", "../Shared/x.swift",
            "a/...", ".../a", "a/.b/c", "..a/b", "a/b/..", "a/b/.", "é/ü.swift", "a/b/c/d/e.swift",
        ]
        for path in paths {
            XCTAssertEqual(XcodeFileMembership.normalized(path), reference(path), path)
            XCTAssertEqual(
                path.lastComponent(separatedBy: UInt8(ascii: "/")),
                String(path.split(separator: "/").last ?? Substring(path)),
                path)
        }
    }

    func testPathsResolveThroughGroupsAndSynchronizedFolders() {
        let settings = XcodeProjectSettings(Self.project)
        XCTAssertNil(settings.membership.undecidable)
        for (path, verdict) in Self.expected {
            XCTAssertEqual(settings.membership.verdict(forPath: path), verdict, path)
        }
        // What the versions follow: the widget's own target, the app's (its project's 16.0).
        XCTAssertEqual(settings.versions(of: Self.widgets), [.iOS: DeploymentTargets.Version(17)])
        XCTAssertEqual(settings.versions(of: Self.app), [.iOS: DeploymentTargets.Version(16)])
    }

    /// A project dir other than the project's folder moves every path.
    func testProjectDirPath() {
        let moved = Self.project.replacingOccurrences(
            of: "projectDirPath = \"\";", with: "projectDirPath = Sources;")
        let membership = XcodeProjectSettings(moved).membership
        XCTAssertEqual(membership.verdict(forPath: "Sources/App/Home.swift"), .built(Self.app))
        XCTAssertEqual(membership.verdict(forPath: "Support/Util.swift"), .notBuilt)
        XCTAssertEqual(membership.verdict(forPath: "Sources/Support/Util.swift"), .built(Self.app))
        let absolute = Self.project.replacingOccurrences(
            of: "projectDirPath = \"\";", with: "projectDirPath = /Users/someone/App;")
        XCTAssertEqual(XcodeProjectSettings(absolute).membership.verdict(forPath: "App/Old/Home.swift"), .unknown([]))
    }

    /// Whatever the reader cannot be sure of is unknown, never "not built".
    func testWhatCannotBeReadIsUnknown() {
        func verdict(_ text: String, _ path: String = "App/Old/Home.swift") -> XcodeFileMembership.Verdict {
            XcodeProjectSettings(text).membership.verdict(forPath: path)
        }
        let lines = Self.project.split(separator: "\n", omittingEmptySubsequences: false)
        func replacing(_ needle: String, with replacement: String) -> String {
            let text = Self.project.replacingOccurrences(of: needle, with: replacement)
            XCTAssertNotEqual(text, Self.project, needle)
            return text
        }
        // Conflict markers left by a merge.
        let conflicted = replacing(
            "\t\t\t\t0B000002 /* Row.swift in Sources */,\n",
            with: "<<<<<<< HEAD\n\t\t\t\t0B000002 /* Row.swift in Sources */,\n=======\n>>>>>>> branch\n")
        XCTAssertEqual(verdict(conflicted), .unknown([]))
        // A target built by an external build system (make, a script) may compile anything.
        XCTAssertEqual(
            verdict(
                replacing(
                    "isa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = 0A000002",
                    with: "isa = PBXLegacyTarget;\n\t\t\tbuildConfigurationList = 0A000002")), .unknown([]))
        // Objects a target names but the file does not hold.
        XCTAssertEqual(
            verdict(
                replacing(
                    "0D000001 /* Sources */,\n\t\t\t\t0D000003", with: "0D00FFFF /* Sources */,\n\t\t\t\t0D000003")),
            .unknown([]))
        XCTAssertEqual(
            verdict(
                replacing(
                    "\t\t\t\t07000002 /* Widgets */,\n\t\t\t);\n\t\t};\n/* End PBXProject",
                    with:
                        "\t\t\t\t07000002 /* Widgets */,\n\t\t\t\t0700FFFF /* Gone */,\n\t\t\t);\n\t\t};\n/* End PBXProject"
                )), .unknown([]))
        XCTAssertEqual(
            verdict(
                replacing(
                    "0E000002 /* Exceptions for \"Widgets\" folder in \"App\" target */, );",
                    with: "0E00FFFF /* gone */, );")), .unknown([]))
        // A one-line object the reader cannot parse (an unclosed quote).
        XCTAssertEqual(verdict(replacing("path = \"Home; 2.swift\";", with: "path = \"Home; 2.swift;")), .unknown([]))
        // A build file whose object is missing is known by the name in its comment.
        let noBuildFile = lines.filter { !$0.contains("0B000001 /* Home.swift in Sources */ = {") }.joined(
            separator: "\n")
        XCTAssertEqual(verdict(noBuildFile), .unknown(Self.app))
        XCTAssertEqual(verdict(noBuildFile, "App/Row.swift"), .built(Self.app))
        // Groups in a cycle, or a reference in two groups: their files cannot be placed, so their
        // names are unknown; the rest is still read.
        let cycle = replacing("\t\t\t\t06000001 /* App */,\n\t\t\t\t06000004", with: "\t\t\t\t06000004")
            .replacingOccurrences(
                of: "\t\t\t\t0F000002 /* Row.swift */,\n",
                with: "\t\t\t\t0F000002 /* Row.swift */,\n\t\t\t\t06000001 /* App */,\n")
        XCTAssertEqual(verdict(cycle, "App/Row.swift"), .unknown(Self.app))
        XCTAssertEqual(verdict(cycle, "App/Old/Home.swift"), .unknown(Self.app))
        XCTAssertEqual(verdict(cycle, "Support/Util.swift"), .built(Self.app))
        XCTAssertEqual(verdict(cycle, "Widgets/Timeline.swift"), .built(Self.widgets))
        XCTAssertEqual(verdict(cycle, "Scripts/release.swift"), .notBuilt)
        let twoParents = replacing(
            "\t\t\t\t0F000007 /* Old.swift */,\n",
            with: "\t\t\t\t0F000007 /* Old.swift */,\n\t\t\t\t0F000001 /* Home.swift */,\n")
        XCTAssertEqual(verdict(twoParents, "App/Home.swift"), .unknown(Self.app))
        // A build variable in a path is not expanded: what is below it cannot be placed.
        let variable = replacing("path = \"../Shared Code\";", with: "path = \"$(SRCROOT)/../Shared Code\";")
        XCTAssertEqual(verdict(variable, "Elsewhere/Shared.swift"), .unknown(Self.app))
        XCTAssertEqual(verdict(variable, "App/Old/Home.swift"), .notBuilt)
        // Not a project at all.
        XCTAssertEqual(verdict("{ objects = { }; }"), .unknown([]))
        XCTAssertEqual(verdict(""), .unknown([]))
        XCTAssertEqual(verdict("\u{0}\u{1}{{{((( \"\"\" = = ;;; }}}"), .unknown([]))
    }

    /// A project cut after any line (a partial checkout, a file being written) never calls a file
    /// the whole project builds "not built".
    func testACutProjectNeverCallsABuiltFileUnbuilt() {
        let lines = Self.project.split(separator: "\n", omittingEmptySubsequences: false)
        let built = Self.expected.filter { if case .built = $0.verdict { true } else { false } }.map(\.path)
        for count in 0..<lines.count {
            let membership = XcodeProjectSettings(lines.prefix(count).joined(separator: "\n")).membership
            for path in built {
                XCTAssertNotEqual(membership.verdict(forPath: path), .notBuilt, "\(path) cut after line \(count)")
            }
        }
    }

    /// Bytes changed at random: the reader ends, and a line it cannot read makes all unknown.
    func testGarbledProjectsEnd() {
        var generator = SeededGenerator(seed: 28)
        let bytes = Array(Self.project.utf8)
        let alphabet = Array("{}();=\"/* \n\tAZaz09.,<>".utf8)
        for _ in 0..<300 {
            var garbled = bytes
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let at = Int.random(in: 0..<garbled.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: garbled[at] = alphabet.randomElement(using: &generator)!
                case 1: garbled.remove(at: at)
                default: garbled.insert(alphabet.randomElement(using: &generator)!, at: at)
                }
            }
            let membership = XcodeProjectSettings(String(decoding: garbled, as: UTF8.self)).membership
            _ = Self.expected.map { membership.verdict(forPath: $0.path) }
        }
    }

    func testOneLineObjects() {
        let reference = XcodeObject(
            line:
                #"0F000006 /* Home "2".swift */ = {isa = PBXFileReference; fileEncoding = 4; path = "Old \"2\"/Home.swift"; settings = {ATTRIBUTES = (Public, ); }; sourceTree = "<group>"; };"#
        )
        XCTAssertEqual(reference?.id, "0F000006")
        XCTAssertEqual(reference?.isa, "PBXFileReference")
        XCTAssertEqual(reference?.fields["path"], #"Old "2"/Home.swift"#)
        XCTAssertEqual(reference?.fields["sourceTree"], "<group>")
        let folder = XcodeObject(
            line:
                #"05000001 /* W */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (0E000001 /* Exceptions for "W" */, 0E000002, ); explicitFolders = (); path = W; sourceTree = "<group>"; };"#
        )
        XCTAssertEqual(
            folder?.lists["exceptions"],
            [.init(value: "0E000001", comment: #"Exceptions for "W""#), .init(value: "0E000002")])
        XCTAssertEqual(folder?.lists["explicitFolders"], [])
        for broken in [
            "0F000001 = {isa = PBXFileReference; path = \"Home.swift; };",
            "0F000001 = {isa = PBXFileReference; children = (A, B; };",
            "0F000001 = {isa = PBXFileReference; settings = {A = 1; };",
            "0F000001 = {path = Home.swift; };",
            "= {isa = PBXFileReference; };",
        ] {
            XCTAssertNil(XcodeObject(line: broken), broken)
        }
        XCTAssertEqual(
            XcodeObject.listItem(#""Preview Content/Sample.swift","#), .init(value: "Preview Content/Sample.swift"))
        XCTAssertEqual(
            XcodeObject.listItem("0B000001 /* Home.swift in Sources */,"),
            .init(value: "0B000001", comment: "Home.swift in Sources"))
    }

    /// What the resolver makes of it for files on disk: built, not built, or unknown (not on
    /// disk, a package beside the project), and built when another project of the tree has it.
    func testResolverSaysWhetherATargetBuildsTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pl-membership-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String = "import SwiftUI\n") throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        for project in ["One", "Two", "Three"] {
            try write("\(project)/App.xcodeproj/project.pbxproj", Self.project)
            for file in ["App/Home.swift", "App/Old/Home.swift", "Widgets/Timeline.swift", "App/Generated.swift"] {
                try write("\(project)/\(file)")
            }
        }
        // Beside `Two`'s project, a package: what the project leaves out it may build.
        try write("Two/Package.swift", "let package = Package(name: \"Two\", targets: [.target(name: \"Two\")])\n")
        // `Three`'s stale copy is another project's source (`../Three/App/Old/Home.swift`).
        let lending = Self.project.replacingOccurrences(
            of: "path = \"../Shared Code\";", with: "path = \"../Three/App/Old\";"
        ).replacingOccurrences(of: "path = Shared.swift;", with: "path = Home.swift;")
        try write("Lender/App.xcodeproj/project.pbxproj", lending)
        let resolver = DeploymentTargetResolver()
        resolver.know(
            listedFolders: [], projectFolders: ["One", "Two", "Three", "Lender"].map { root.path + "/" + $0 })
        func isBuilt(_ path: String) -> Bool? { resolver.project(forFile: root.path + "/" + path).isBuilt }
        XCTAssertEqual(isBuilt("One/App/Home.swift"), true)
        XCTAssertEqual(isBuilt("One/Widgets/Timeline.swift"), true)
        XCTAssertEqual(isBuilt("One/App/Old/Home.swift"), false)
        XCTAssertEqual(isBuilt("One/App/Generated.swift"), nil)
        XCTAssertEqual(isBuilt("One/App/NotWrittenYet.swift"), nil, "a file not on disk (a snippet) is not judged")
        XCTAssertEqual(isBuilt("Two/App/Old/Home.swift"), nil)
        XCTAssertEqual(isBuilt("Three/App/Old/Home.swift"), true)
        XCTAssertEqual(isBuilt("Loose.swift"), nil)
        // The deployment versions still follow the target compiling the file.
        XCTAssertEqual(
            resolver.project(forFile: root.path + "/One/Widgets/Timeline.swift").targets?.versions,
            [.iOS: DeploymentTargets.Version(17)])
    }
}

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
