import Foundation
import Support

/// The oldest OS versions a project supports. Rules that recommend a newer API (`NavigationStack`
/// needs iOS 16) stay silent while the project still supports an OS without it: on iOS 15,
/// `NavigationView` is the right call.
///
/// Set in `.patternlint.yml` (`deployment_target: { iOS: "15.0", macOS: "12.0" }`), or read from
/// the project: `IPHONEOS_DEPLOYMENT_TARGET` (and the other platforms') in `*.xcodeproj` files and
/// `platforms:` in `Package.swift`, taking the oldest version per platform. With neither, every
/// API counts as available.
public struct DeploymentTargets: Sendable, Equatable {
    public enum Platform: String, CaseIterable, Sendable {
        case iOS, macOS, tvOS, watchOS, visionOS
    }

    /// `major.minor`, compared numerically (`15.4 < 16`).
    public struct Version: Sendable, Comparable, CustomStringConvertible {
        public var major: Int
        public var minor: Int

        public init(_ major: Int, _ minor: Int = 0) {
            self.major = major
            self.minor = minor
        }

        /// `15`, `15.0`, `15.4.1`, `v15`, `v15_4`.
        public init?(_ text: String) {
            var text = text.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("v") { text.removeFirst() }
            let parts = text.split(whereSeparator: { $0 == "." || $0 == "_" }).map(String.init)
            guard let first = parts.first, let major = Int(first) else { return nil }
            guard parts.count == 1 || Int(parts[1]) != nil else { return nil }
            self.init(major, parts.count > 1 ? Int(parts[1])! : 0)
        }

        public static func < (a: Version, b: Version) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
        public var description: String { "\(major).\(minor)" }
    }

    public var versions: [Platform: Version]
    /// Where they came from, for messages: the configuration file or the project files read.
    public var source: String

    public init(_ versions: [Platform: Version], source: String) {
        self.versions = versions
        self.source = source
    }

    public static func == (a: DeploymentTargets, b: DeploymentTargets) -> Bool { a.versions == b.versions }

    /// Whether an API introduced in these versions exists on every OS the project supports.
    /// Platforms the project does not target, or the API does not exist on, do not count.
    public func allows(_ introduced: [Platform: Version]) -> Bool {
        versions.allSatisfy { platform, oldest in introduced[platform].map { oldest >= $0 } ?? true }
    }

    // MARK: Replacement APIs, for the rules

    /// `NavigationStack`, `NavigationSplitView`, `navigationDestination`, `toolbar(_:for:)`.
    public static let navigationStackAPIs: [Platform: Version] = [
        .iOS: Version(16), .macOS: Version(13), .tvOS: Version(16), .watchOS: Version(9), .visionOS: Version(1),
    ]
    /// `navigationDestination(item:destination:)`.
    public static let navigationDestinationItemAPI: [Platform: Version] = [
        .iOS: Version(17), .macOS: Version(14), .tvOS: Version(17), .watchOS: Version(10), .visionOS: Version(1),
    ]
    /// `navigationTitle(_:)`, `toolbar { … }`.
    public static let toolbarAPIs: [Platform: Version] = [
        .iOS: Version(14), .macOS: Version(11), .tvOS: Version(14), .watchOS: Version(7), .visionOS: Version(1),
    ]
    /// `@Environment(\.dismiss)`.
    public static let dismissAPI: [Platform: Version] = [
        .iOS: Version(15), .macOS: Version(12), .tvOS: Version(15), .watchOS: Version(8), .visionOS: Version(1),
    ]

    // MARK: Reading them

    struct ParseError: Error, CustomStringConvertible { var description: String }

    /// `deployment_target:` from the configuration: a mapping of platform to version.
    package static func parse(_ value: Any, source: String) throws -> DeploymentTargets {
        guard let map = value as? [String: Any] else {
            throw ParseError(description: "`deployment_target` must map platforms to versions, e.g. { iOS: \"15.0\" }")
        }
        var versions: [Platform: Version] = [:]
        for (key, raw) in map {
            guard let platform = Platform.allCases.first(where: { $0.rawValue.lowercased() == key.lowercased() }) else {
                throw ParseError(
                    description: "`deployment_target.\(key)`: unknown platform (iOS, macOS, tvOS, watchOS, visionOS)")
            }
            guard let version = Version("\(raw)") else {
                throw ParseError(description: "`deployment_target.\(key)`: `\(raw)` is not a version")
            }
            versions[platform] = version
        }
        return DeploymentTargets(versions, source: source)
    }

    static let buildSettings: [(setting: String, platform: Platform)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", .iOS), ("MACOSX_DEPLOYMENT_TARGET", .macOS), ("TVOS_DEPLOYMENT_TARGET", .tvOS),
        ("WATCHOS_DEPLOYMENT_TARGET", .watchOS), ("XROS_DEPLOYMENT_TARGET", .visionOS),
    ]

    /// The oldest version per platform that some target of an Xcode project builds for (see
    /// `XcodeProjectSettings`); a project file that names no targets is read as a whole.
    static func fromXcodeProject(_ text: String) -> [Platform: Version] {
        let project = XcodeProjectSettings(text)
        if !project.targetLists.isEmpty { return project.targetVersions }
        return anyDeploymentSetting(text)
    }

    /// The oldest `*_DEPLOYMENT_TARGET = x;` per platform anywhere in a project file. Read as bytes:
    /// project files run to megabytes.
    static func anyDeploymentSetting(_ text: String) -> [Platform: Version] {
        let bytes = Array(text.utf8)
        var versions: [Platform: Version] = [:]
        for (setting, platform) in buildSettings {
            for end in bytes.endsOfOccurrences(of: setting) {
                // `IPHONEOS_DEPLOYMENT_TARGET = 15.0;`, not `RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET`.
                let start = end - setting.utf8.count
                if start > 0, bytes[start - 1] == UInt8(ascii: "_") || isWordByte(bytes[start - 1]) { continue }
                var index = end
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                    index += 1
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                if let version = version(after: index + 1, in: bytes) {
                    versions[platform] = min(versions[platform] ?? version, version)
                }
            }
        }
        return versions
    }

    /// `platforms: [.iOS(.v15), .macOS("12.0")]` in a `Package.swift`.
    static func fromPackageManifest(_ text: String) -> [Platform: Version] {
        let bytes = Array(text.utf8)
        var versions: [Platform: Version] = [:]
        for platform in Platform.allCases {
            for end in bytes.endsOfOccurrences(of: ".\(platform.rawValue)(") {
                if let version = version(after: end, in: bytes) {
                    versions[platform] = min(versions[platform] ?? version, version)
                }
            }
        }
        return versions
    }

    /// XcodeGen's `project.yml`: `deploymentTarget:` as a mapping of platforms (`options:` or a
    /// target's), or as one version under a target's `platform:`. Read line by line: the file
    /// is YAML, but only these keys matter, and a team's file may use anchors and includes.
    static func fromXcodeGen(_ text: String) -> [Platform: Version] {
        var versions: [Platform: Version] = [:]
        func keep(_ platform: Platform, _ version: Version) {
            versions[platform] = min(versions[platform] ?? version, version)
        }
        var platform: Platform?
        var mappingIndent: Int?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let indent = line.prefix { $0 == " " }.count
            let content = line.drop { $0 == " " || $0 == "-" }
            guard let colon = content.firstIndex(of: ":") else { continue }
            let key = content[..<colon].trimmingCharacters(in: .whitespaces)
            let value = content[content.index(after: colon)...].trimmingCharacters(
                in: CharacterSet(charactersIn: " \"'"))
            if let open = mappingIndent {
                if indent > open, let named = Platform(rawValue: key), let version = Version(value) {
                    keep(named, version)
                    continue
                }
                if indent <= open { mappingIndent = nil }
            }
            if key == "platform" { platform = Platform(rawValue: value) }
            if key == "deploymentTarget" {
                if value.isEmpty {
                    mappingIndent = indent
                } else if let platform, let version = Version(value) {
                    keep(platform, version)
                }
            }
        }
        return versions
    }

    /// Tuist's `Project.swift`: `deploymentTargets: .iOS("17.0")`, `.multiplatform(iOS: "17.0", …)`,
    /// the older `deploymentTarget: .iOS(targetVersion: "15.0", devices: …)`.
    static func fromTuist(_ text: String) -> [Platform: Version] {
        let bytes = Array(text.utf8)
        var versions: [Platform: Version] = [:]
        // `iOS: "17.0"` counts only as an argument of `.multiplatform(…)`.
        let labelled = text.contains("multiplatform(")
        for platform in Platform.allCases {
            var patterns = [".\(platform.rawValue)(", ".\(platform.rawValue)(targetVersion:"]
            if labelled { patterns.append("\(platform.rawValue):") }
            for pattern in patterns {
                for end in bytes.endsOfOccurrences(of: pattern) {
                    if let version = version(after: end, in: bytes) {
                        versions[platform] = min(versions[platform] ?? version, version)
                    }
                }
            }
        }
        return versions
    }

    /// The oldest versions SwiftPM builds a package for when its manifest names no platforms.
    static let packageDefaults: [Platform: Version] = [
        .iOS: Version(12), .macOS: Version(10, 13), .tvOS: Version(12), .watchOS: Version(4),
    ]

    /// `targets: []`, or no `targets:` at all: a manifest that builds nothing.
    static func declaresNoTargets(_ manifest: String) -> Bool {
        guard let range = manifest.range(of: "targets:") else { return true }
        let rest = manifest[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        return rest.hasPrefix("[]") || rest.hasPrefix("[ ]")
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// A version after `start`, past spaces, quotes and a `.` (`.v15_4`, `"15.0"`, ` 15.0;`).
    static func version(after start: Int, in bytes: [UInt8]) -> Version? {
        var index = start
        while index < bytes.count,
            [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\""), UInt8(ascii: "."), UInt8(ascii: "'")].contains(
                bytes[index])
        {
            index += 1
        }
        var end = index
        while end < bytes.count,
            isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "_")
        { end += 1 }
        return Version(String(decoding: bytes[index..<end], as: UTF8.self))
    }

    /// Reads the project files in `folder`, or when it has none, in the folders directly below it
    /// (`App/App.xcodeproj`); a folder with more than `maximumEntries` entries is not searched
    /// below (it is not a project root, and a listing per entry would cost more than a small lint).
    /// A folder with a project of its own is not searched below even when that project names no
    /// platforms: its nested packages (benchmarks, examples, tools) do not speak for it.
    public static func detect(in folder: String, maximumEntries: Int = 64) -> DeploymentTargets? {
        let manager = FileManager.default
        var versions: [Platform: Version] = [:]
        var sources: [String] = []
        func read(_ directory: String, entries: [String]) {
            for entry in entries.sorted() where entry.hasSuffix(".xcodeproj") {
                let path = directory + "/" + entry + "/project.pbxproj"
                if let data = manager.contents(atPath: path) {
                    merge(fromXcodeProject(String(decoding: data, as: UTF8.self)), from: path)
                }
            }
            if entries.contains("Package.swift"), let data = manager.contents(atPath: directory + "/Package.swift") {
                merge(fromPackageManifest(String(decoding: data, as: UTF8.self)), from: directory + "/Package.swift")
            }
        }
        func merge(_ found: [Platform: Version], from path: String) {
            guard !found.isEmpty else { return }
            sources.append(path)
            for (platform, version) in found { versions[platform] = min(versions[platform] ?? version, version) }
        }
        let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        read(folder, entries: entries)
        let hasOwnProject = entries.contains("Package.swift") || entries.contains { $0.hasSuffix(".xcodeproj") }
        if versions.isEmpty, !hasOwnProject, entries.count <= maximumEntries {
            for entry in entries.sorted() where !entry.hasPrefix(".") && !entry.contains(".") {
                let child = folder + "/" + entry
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue else {
                    continue
                }
                read(child, entries: (try? manager.contentsOfDirectory(atPath: child)) ?? [])
            }
        }
        return versions.isEmpty ? nil : DeploymentTargets(versions, source: sources.joined(separator: ", "))
    }
}

/// What a file's nearest project says about it.
public struct FileProject: Sendable, Equatable {
    /// The oldest OS versions of the targets that build it (all the project's when that is not known).
    public var targets: DeploymentTargets?
    /// false: the file is in an Xcode project's folder and no target of that project, nor of
    /// another Xcode project in the tree, compiles it (a stale copy beside the real one); nil when
    /// that is not known (no Xcode project, an unreadable one, a `Package.swift` nearer or beside it).
    public var isBuilt: Bool?
    /// Whether a project was found at all. One that names no versions builds for its SDK's
    /// defaults, which have every API the rules recommend; with none, the targets are unknown.
    public var found = true

    public init(targets: DeploymentTargets?, isBuilt: Bool?, found: Bool = true) {
        self.targets = targets
        self.isBuilt = isBuilt
        self.found = found
    }
}

/// Each file's deployment targets, from the nearest project above it: the first folder, going up
/// from the file's own, with a `Package.swift` or an `*.xcodeproj` (a repository of several apps,
/// or one with example projects, has one per app). Each folder is looked at once per run, and the
/// nearest project is remembered per folder, so a file costs one lookup; safe from any thread.
/// It also says whether a target builds the file (`FileProject.isBuilt`).
public final class DeploymentTargetResolver: @unchecked Sendable {
    private let lock = NSLock()
    /// Per folder: the nearest project at or above it (none when there is none up to the root).
    private var nearest: [String: Found] = [:]
    private enum Found {
        case project(DeploymentTargets?)
        /// An Xcode project, read once: each file is held to the targets that compile it. With a
        /// `Package.swift` beside it, what the project leaves out the package may build.
        case xcode(folder: String, path: String, settings: XcodeProjectSettings, besidePackage: Bool)
        case none
    }
    private let currentFolder = FileManager.default.currentDirectoryPath
    /// Folders file discovery already listed, and which of them hold a project: those are not
    /// listed again.
    private var listed: Set<String> = []
    private var projects: Set<String> = []
    /// Each folder's own project as read (nil: none), under `readingLock`.
    private let readingLock = NSLock()
    private var read: [String: Found?] = [:]
    /// The deployment targets of a project's targets, by project folder and the targets that
    /// compile a file (most files of a project share them, so they are worked out once per
    /// set), under `lock`.
    private var versionsByTargets: [String: DeploymentTargets?] = [:]

    public init() {}

    /// What file discovery saw (paths as it gives them).
    public func know(listedFolders: [String], projectFolders: [String]) {
        let seen = Set(listedFolders.map(absolute)), holding = Set(projectFolders.map(absolute))
        lock.withLock {
            listed.formUnion(seen)
            projects.formUnion(holding)
        }
    }

    /// A path as linted, made absolute and without `.` components (read as bytes: asked per file).
    func absolute(_ path: String) -> String {
        var relative = Substring(path)
        while relative.utf8.starts(with: "./".utf8) { relative = relative.dropFirst(2) }
        if relative == "." || relative.isEmpty { return currentFolder }
        var full = relative.utf8.first == UInt8(ascii: "/") ? String(relative) : currentFolder + "/" + relative
        if Self.hasDotComponent(full) {
            full = full.split(separator: "/", omittingEmptySubsequences: false).filter { $0 != "." }.joined(
                separator: "/")
        }
        return full
    }

    /// Whether `/./` stands in the path, or it ends in `/.`.
    static func hasDotComponent(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.count >= 2 else { return false }
        for index in 1..<bytes.count where bytes[index] == UInt8(ascii: ".") && bytes[index - 1] == UInt8(ascii: "/") {
            if index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: "/") { return true }
        }
        return false
    }

    /// The targets for a file (a path as linted: relative to the current folder, or absolute).
    public func targets(forFile path: String) -> DeploymentTargets? { project(forFile: path).targets }

    /// What the nearest project says about a file (a path as linted).
    public func project(forFile path: String) -> FileProject {
        let file = absolute(path)
        let folder = Self.parent(of: file)
        switch nearestProject(from: folder) {
        case .project(let targets): return FileProject(targets: targets, isBuilt: nil)
        case .xcode(let root, let projectPath, let settings, let besidePackage):
            let verdict = settings.membership.verdict(forPath: Self.relative(file, from: root))
            var compiling: Set<String>?
            switch verdict {
            case .built(let targets): compiling = targets
            case .unknown(let namesakes) where !namesakes.isEmpty: compiling = namesakes
            default: break
            }
            let targets = deploymentTargets(of: compiling, in: settings, at: root, path: projectPath)
            switch verdict {
            case .built: return FileProject(targets: targets, isBuilt: true)
            case .unknown: return FileProject(targets: targets, isBuilt: nil)
            case .notBuilt:
                // Not built here; unknown when the package beside the project may build it, or the
                // file is not on disk (a snippet, a new file the project will take); built when
                // another Xcode project of the tree compiles it (`../Shared/Home.swift`).
                guard !besidePackage, FolderListing.isRegularFile(file) else {
                    return FileProject(targets: targets, isBuilt: nil)
                }
                return FileProject(targets: targets, isBuilt: builtByAnotherProject(file, besides: root))
            }
        case .none: return FileProject(targets: nil, isBuilt: nil, found: false)
        }
    }

    /// The lowest deployment target per platform of the targets that compile a file (of every
    /// target when those say none), worked out once per project and set of targets.
    private func deploymentTargets(
        of compiling: Set<String>?, in settings: XcodeProjectSettings, at root: String, path projectPath: String
    ) -> DeploymentTargets? {
        let key = root + "\u{0}" + (compiling.map { $0.sorted().joined(separator: "\u{0}") } ?? "*")
        if let known = lock.withLock({ versionsByTargets[key] }) { return known }
        var versions = settings.versions(of: compiling)
        if versions.isEmpty { versions = settings.targetVersions }
        let targets = versions.isEmpty ? nil : DeploymentTargets(versions, source: projectPath)
        lock.withLock { versionsByTargets[key] = targets }
        return targets
    }

    /// Whether an Xcode project file discovery found elsewhere in the tree compiles the file:
    /// false when none does, nil when one may.
    private func builtByAnotherProject(_ file: String, besides root: String) -> Bool? {
        let others = lock.withLock { projects }.subtracting([root]).sorted()
        var answer: Bool? = false
        for other in others {
            guard case .xcode(let folder, _, let settings, _) = nearestProject(from: other), folder == other else {
                continue
            }
            switch settings.membership.verdict(forPath: Self.relative(file, from: folder)) {
            case .built: return true
            case .unknown: answer = nil
            case .notBuilt: continue
            }
        }
        return answer
    }

    /// `file` relative to `folder` (both absolute), with `..` when it is not below it.
    static func relative(_ file: String, from folder: String) -> String {
        if file.hasPrefix(folder + "/") { return String(file.dropFirst(folder.count + 1)) }
        let to = file.split(separator: "/"), from = folder.split(separator: "/")
        var shared = 0
        while shared < min(to.count, from.count), to[shared] == from[shared] { shared += 1 }
        return (Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)).joined(
            separator: "/")
    }

    package static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// The nearest project at or above `folder`, remembered for every folder on the way.
    private func nearestProject(from folder: String) -> Found {
        var visited: [String] = []
        var current = folder
        var result = Found.none
        // Bounded by the depth of the path.
        while true {
            if let known = lock.withLock({ nearest[current] }) {
                result = known
                break
            }
            visited.append(current)
            if let here = project(in: current) {
                result = here
                break
            }
            let up = Self.parent(of: current)
            if up == current || current == "/" { break }
            current = up
        }
        lock.withLock { for folder in visited { nearest[folder] = result } }
        return result
    }

    /// The project in one folder, if it has one that builds files.
    private func project(in folder: String) -> Found? {
        let (seen, holds) = lock.withLock { (listed.contains(folder), self.projects.contains(folder)) }
        if seen, !holds { return nil }
        // Read once: threads reaching the same folder together wait for the one reading it (a
        // project file runs to megabytes) rather than read it again.
        readingLock.lock()
        defer { readingLock.unlock() }
        if let known = read[folder] { return known }
        let found = readProject(in: folder)
        read[folder] = .some(found)
        return found
    }

    private func readProject(in folder: String) -> Found? {
        // `readdir` directly: a folder listing per folder of the tree, so Foundation's is too slow.
        let entries = FolderListing.entries(folder)?.map(\.name) ?? []
        // XcodeGen and Tuist generate the Xcode project (often not committed) from these.
        for (name, read) in [
            ("project.yml", DeploymentTargets.fromXcodeGen), ("project.yaml", DeploymentTargets.fromXcodeGen),
            ("Project.swift", DeploymentTargets.fromTuist),
        ] where entries.contains(name) && !entries.contains(where: { $0.hasSuffix(".xcodeproj") }) {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            let versions = read(String(decoding: data, as: UTF8.self))
            return .project(versions.isEmpty ? nil : DeploymentTargets(versions, source: folder + "/" + name))
        }
        let xcodeProjects = entries.filter { $0.hasSuffix(".xcodeproj") }.sorted()
        if let first = xcodeProjects.first {
            let path = folder + "/" + first + "/project.pbxproj"
            if xcodeProjects.count == 1, let data = FileManager.default.contents(atPath: path) {
                let text = String(decoding: data, as: UTF8.self)
                let settings = XcodeProjectSettings(text)
                if !settings.targetLists.isEmpty {
                    return .xcode(
                        folder: folder, path: path, settings: settings, besidePackage: entries.contains("Package.swift")
                    )
                }
                let versions = DeploymentTargets.anyDeploymentSetting(text)
                return .project(versions.isEmpty ? nil : DeploymentTargets(versions, source: path))
            }
            return .project(DeploymentTargets.detect(in: folder, maximumEntries: 0))
        }
        guard entries.contains("Package.swift"),
            let manifest = FileManager.default.contents(atPath: folder + "/Package.swift")
        else { return nil }
        let text = String(decoding: manifest, as: UTF8.self)
        // A manifest with no targets only hides its folder from an outer package: it builds
        // nothing, so the files belong to the project further up.
        if DeploymentTargets.declaresNoTargets(text) { return nil }
        let versions = DeploymentTargets.fromPackageManifest(text)
        // No `platforms:` means SwiftPM's oldest defaults, which have no `NavigationStack`.
        return .project(
            DeploymentTargets(
                versions.isEmpty ? DeploymentTargets.packageDefaults : versions, source: folder + "/Package.swift"))
    }
}
