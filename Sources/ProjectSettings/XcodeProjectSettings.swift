/// The deployment targets an Xcode project really builds for, read from its `project.pbxproj`:
/// each target's build configurations, falling back to the project's configuration of the same
/// name for what a target does not set. So a project-level value that every target overrides
/// does not count, a `MACOSX_DEPLOYMENT_TARGET` left in a configuration whose `SDKROOT` is
/// `iphoneos` does not count, and `$(RECOMMENDED_…)` or any other variable is unknown rather than
/// the oldest version. The file is read line by line, as Xcode writes it; which target compiles
/// which file is `XcodeFileMembership`'s, from the objects read here.
struct XcodeProjectSettings {
    struct Configuration {
        var name = ""
        var settings: [String: String] = [:]
    }

    var configurations: [String: Configuration] = [:]
    var lists: [String: [String]] = [:]
    var projectList: String?
    var targetLists: [String] = []
    /// Which target compiles which file, by path.
    var membership: XcodeFileMembership

    /// The text's non-empty lines, each trimmed of spaces and tabs, read from its bytes in place
    /// (a generic split of the UTF-8 view goes through generic code for every byte).
    static func trimmedLines(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var lines: [String] = []
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if end > start {
                    var first = start, last = end
                    while first < last, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") {
                        first += 1
                    }
                    while last > first, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") {
                        last -= 1
                    }
                    lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<last]), as: UTF8.self))
                }
                start = end + 1
            }
            return lines
        }
    }

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
        // Membership: every object's top-level fields and lists (the multi-line one being read,
        // and the list open in it), joined by `XcodeFileMembership` once the file is read.
        var objects: [String: XcodeObject] = [:]
        var record = XcodeObject(id: "")
        var listName: String?
        var listItems: [XcodeObject.Item] = []
        // Anything the reader cannot place makes membership unknown rather than wrong.
        var complete = true
        // Lines as bytes, trimmed of tabs and spaces, each made a short `String` (project files run
        // to megabytes: no Foundation string search over them).
        for line in Self.trimmedLines(text) {
            if line.hasPrefix("<<<<<<<") || line.hasPrefix(">>>>>>>") { complete = false }
            if object == nil, line.hasSuffix("};"), Self.find("{isa = ", in: line) != nil {
                if let one = XcodeObject(line: line) { objects[one.id] = one } else { complete = false }
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
                record = XcodeObject(id: String(id))
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
                    record.lists[name] = listItems
                    listName = nil
                } else if let item = XcodeObject.listItem(line) {
                    listItems.append(item)
                } else {
                    complete = false
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
                record.isa = current.isa
                objects[current.id] = record
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
            if line.hasSuffix(" = (") {
                listName = XcodeObject.unquoted(String(line.dropLast(4)))
                listItems = []
                continue
            }
            guard let (key, value) = Self.assignment(line) else { continue }
            if value.hasPrefix("(") {
                // `exceptions = (ID /* … */, );` on the object's own line.
                if let items = XcodeObject.inlineList(String(value.dropFirst())) {
                    record.lists[key] = items
                } else {
                    complete = false
                }
                continue
            }
            // The value as the scanner reads it: escapes undone, a trailing `/* comment */` left out.
            if let field = XcodeObject.field(line) { record.fields[field.key] = field.value }
            switch key {
            case "isa": object?.isa = value
            case "name": configuration.name = value
            case "buildConfigurationList": ownList = value.split(separator: " ").first.map(String.init)
            default: break
            }
        }
        // A file cut inside an object or a list is not the whole project.
        if object != nil || listName != nil { complete = false }
        membership = XcodeFileMembership(objects: objects, complete: complete)
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
