/// The deployment targets an Xcode project really builds for, read from its `project.pbxproj`:
/// each target's build configurations, falling back to the project's configuration of the same
/// name for what a target does not set. So a project-level value that every target overrides
/// does not count, a `MACOSX_DEPLOYMENT_TARGET` left in a configuration whose `SDKROOT` is
/// `iphoneos` does not count, and `$(RECOMMENDED_…)` or any other variable is unknown rather than
/// the oldest version. The file is read line by line, as Xcode writes it.
struct XcodeProjectSettings {
    struct Configuration {
        var name = ""
        var settings: [String: String] = [:]
    }

    var configurations: [String: Configuration] = [:]
    var lists: [String: [String]] = [:]
    var projectList: String?
    var targetLists: [String] = []
    /// Which target compiles which file, by file name (`Home.swift`), and by the folders Xcode
    /// keeps in sync with a target (its files are whatever the folder holds).
    var targetsByFileName: [String: Set<String>] = [:]
    var targetsBySyncedFolder: [String: Set<String>] = [:]

    init(_ text: String) {
        // The object being read (`ID /* name */ = {` … `};` over several lines), how deep in its
        // nested dictionaries the line is, and what it holds so far.
        var object: (id: String, isa: String)?
        var depth = 0
        var inSettings = false
        var inConfigurationIDs = false
        var configuration = Configuration()
        var listMembers: [String] = []
        var ownList: String?
        // Membership: file references' names, build files' references, build phases' files,
        // targets' phases and synchronized folders; joined once the file is read.
        var fileNames: [String: String] = [:]
        var buildFileRefs: [String: String] = [:]
        var phaseFiles: [String: [String]] = [:]
        var targetPhases: [String: [String]] = [:]
        var targetFolders: [String: [String]] = [:]
        var folderPaths: [String: String] = [:]
        var listName: String?
        var listIDs: [String] = []
        var targetOfList: [String: String] = [:]
        // Lines as bytes, trimmed of tabs and spaces, each made a short `String` (project files run
        // to megabytes: no Foundation string search over them).
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let trimmed = rawLine.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            var end = trimmed.endIndex
            while end > trimmed.startIndex,
                trimmed[trimmed.index(before: end)] == UInt8(ascii: " ")
                    || trimmed[trimmed.index(before: end)] == UInt8(ascii: "\t")
            {
                end = trimmed.index(before: end)
            }
            let line = String(decoding: trimmed[trimmed.startIndex..<end], as: UTF8.self)
            if object == nil, line.hasSuffix("};"), Self.find("{isa = ", in: line) != nil {
                Self.readOneLineObject(line, fileNames: &fileNames, buildFileRefs: &buildFileRefs)
                continue
            }
            guard let current = object else {
                // Objects are named by their IDs (hex digits); `objects = {` only holds them.
                guard line.hasSuffix("= {"), let id = line.split(separator: " ").first, id.count >= 8,
                    id.allSatisfy(\.isHexDigit)
                else { continue }
                object = (String(id), "")
                depth = 1
                (configuration, listMembers, ownList) = (Configuration(), [], nil)
                continue
            }
            if inConfigurationIDs {
                if line.hasPrefix(")") {
                    inConfigurationIDs = false
                } else if let id = line.split(separator: " ").first {
                    listMembers.append(String(id))
                }
                continue
            }
            if let name = listName {
                if line.hasPrefix(")") {
                    switch (current.isa, name) {
                    case ("PBXSourcesBuildPhase", "files"): phaseFiles[current.id] = listIDs
                    case (_, "buildPhases"): targetPhases[current.id] = listIDs
                    case (_, "fileSystemSynchronizedGroups"): targetFolders[current.id] = listIDs
                    default: break
                    }
                    listName = nil
                } else if let id = line.split(separator: " ").first {
                    listIDs.append(String(id))
                }
                continue
            }
            if line.hasSuffix("= {") {
                depth += 1
                inSettings = depth == 2 && line.hasPrefix("buildSettings ")
                continue
            }
            if line == "};" {
                depth -= 1
                if depth == 1 { inSettings = false }
                guard depth == 0 else { continue }
                switch current.isa {
                case "XCBuildConfiguration": configurations[current.id] = configuration
                case "XCConfigurationList": lists[current.id] = listMembers
                case "PBXProject": projectList = ownList
                case "PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget":
                    if let list = ownList {
                        targetLists.append(list)
                        targetOfList[current.id] = list
                    }
                default: break
                }
                object = nil
                continue
            }
            if inSettings {
                if let (key, value) = Self.assignment(line) { configuration.settings[key] = value }
                continue
            }
            guard depth == 1 else { continue }
            if line.hasPrefix("buildConfigurations = (") {
                inConfigurationIDs = !line.hasSuffix(");")
                continue
            }
            for name in ["files", "buildPhases", "fileSystemSynchronizedGroups"] where line == name + " = (" {
                listName = name
                listIDs = []
            }
            if current.isa == "PBXFileSystemSynchronizedRootGroup", let (key, value) = Self.assignment(line),
                key == "path"
            {
                folderPaths[current.id] = value
            }
            guard let (key, value) = Self.assignment(line) else { continue }
            switch key {
            case "isa": object?.isa = value
            case "name": configuration.name = value
            case "buildConfigurationList": ownList = value.split(separator: " ").first.map(String.init)
            default: break
            }
        }
        // Join: a target's source files by name, and its synchronized folders, keyed by its list.
        for (target, list) in targetOfList {
            for phase in targetPhases[target] ?? [] {
                for buildFile in phaseFiles[phase] ?? [] {
                    if let name = buildFileRefs[buildFile].flatMap({ fileNames[$0] }) {
                        targetsByFileName[name, default: []].insert(list)
                    }
                }
            }
            for folder in targetFolders[target] ?? [] {
                if let path = folderPaths[folder] { targetsBySyncedFolder[path, default: []].insert(list) }
            }
        }
    }

    /// `ID /* name */ = {isa = PBXFileReference; … path = Home.swift; … };` and
    /// `ID /* … */ = {isa = PBXBuildFile; fileRef = REF /* … */; };`, each written on one line.
    static func readOneLineObject(
        _ line: String, fileNames: inout [String: String], buildFileRefs: inout [String: String]
    ) {
        guard let id = line.split(separator: " ").first.map(String.init) else { return }
        func field(_ key: String) -> String? {
            guard let range = find(" " + key + " = ", in: line) ?? find("{" + key + " = ", in: line) else {
                return nil
            }
            let rest = line[range.upperBound...]
            var value = String(rest.prefix { $0 != ";" })
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        if find("isa = PBXFileReference;", in: line) != nil, let path = field("path") {
            fileNames[id] = String(path.split(separator: "/").last ?? Substring(path))
        } else if find("isa = PBXBuildFile;", in: line) != nil, let ref = field("fileRef") {
            buildFileRefs[id] = String(ref.split(separator: " ").first ?? "")
        }
    }

    /// Where `needle` first stands in a short line, compared as bytes (no Foundation search).
    static func find(_ needle: String, in line: String) -> Range<String.Index>? {
        let bytes = Array(line.utf8), wanted = Array(needle.utf8)
        guard !wanted.isEmpty, bytes.count >= wanted.count else { return nil }
        for start in 0...(bytes.count - wanted.count) where bytes[start] == wanted[0] {
            if bytes[start..<start + wanted.count].elementsEqual(wanted) {
                let lower = line.utf8.index(line.utf8.startIndex, offsetBy: start)
                return lower..<line.utf8.index(lower, offsetBy: wanted.count)
            }
        }
        return nil
    }

    /// `KEY = value;` → (`KEY`, `value`), quotes removed.
    static func assignment(_ line: String) -> (String, String)? {
        guard line.hasSuffix(";"), let equals = find(" = ", in: line) else { return nil }
        let key = String(line[..<equals.lowerBound])
        var value = String(line[equals.upperBound...].dropLast())
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            value = String(value.dropFirst().dropLast())
        }
        return (key, value)
    }

    static let sdkPlatforms: [String: DeploymentTargets.Platform] = [
        "iphoneos": .iOS, "macosx": .macOS, "appletvos": .tvOS, "watchos": .watchOS, "xros": .visionOS,
    ]

    /// The target lists that compile a file, from its name or a synchronized folder on its path;
    /// nil when the project does not say (then every target counts).
    func targets(compiling path: String) -> Set<String>? {
        let components = path.split(separator: "/").map(String.init)
        var found = Set<String>()
        if let name = components.last, let byName = targetsByFileName[name] { found.formUnion(byName) }
        for folder in components.dropLast() { found.formUnion(targetsBySyncedFolder[folder] ?? []) }
        return found.isEmpty ? nil : found
    }

    /// The oldest effective version per platform over every target's configurations.
    var targetVersions: [DeploymentTargets.Platform: DeploymentTargets.Version] { versions(of: nil) }

    /// The same over some targets (by configuration list), or all when nil.
    func versions(of only: Set<String>?) -> [DeploymentTargets.Platform: DeploymentTargets.Version] {
        let projectConfigurations = (projectList.flatMap { lists[$0] } ?? []).compactMap { configurations[$0] }
        var versions: [DeploymentTargets.Platform: DeploymentTargets.Version] = [:]
        for list in targetLists where only?.contains(list) ?? true {
            for id in lists[list] ?? [] {
                guard let target = configurations[id] else { continue }
                let project = projectConfigurations.first { $0.name == target.name }
                func value(_ key: String) -> String? { target.settings[key] ?? project?.settings[key] }
                // An SDK names the one platform the configuration builds for.
                let sdk = value("SDKROOT").flatMap { Self.sdkPlatforms[$0] }
                for (setting, platform) in DeploymentTargets.buildSettings where sdk == nil || sdk == platform {
                    guard let text = value(setting), !text.contains("$"),
                        let version = DeploymentTargets.Version(text)
                    else { continue }
                    versions[platform] = min(versions[platform] ?? version, version)
                }
            }
        }
        return versions
    }
}
