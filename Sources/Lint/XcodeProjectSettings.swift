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
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
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
                    if let list = ownList { targetLists.append(list) }
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
            guard let (key, value) = Self.assignment(line) else { continue }
            switch key {
            case "isa": object?.isa = value
            case "name": configuration.name = value
            case "buildConfigurationList": ownList = value.split(separator: " ").first.map(String.init)
            default: break
            }
        }
    }

    /// `KEY = value;` → (`KEY`, `value`), quotes removed.
    static func assignment(_ line: String) -> (String, String)? {
        guard let equals = line.range(of: " = "), line.hasSuffix(";") else { return nil }
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

    /// The oldest effective version per platform over every target's configurations.
    var targetVersions: [DeploymentTargets.Platform: DeploymentTargets.Version] {
        let projectConfigurations = (projectList.flatMap { lists[$0] } ?? []).compactMap { configurations[$0] }
        var versions: [DeploymentTargets.Platform: DeploymentTargets.Version] = [:]
        for list in targetLists {
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
