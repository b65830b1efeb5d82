import Support

/// Which files an Xcode project's targets compile, by path: each file reference's path resolved
/// through its groups (`path`, `sourceTree`), joined through its build files to the Sources phase
/// of each target, and Xcode 16's synchronized folders (every file below the folder, less or plus
/// the files its exception sets name per target). Paths are relative to the project's folder and
/// compared without case, as the Mac's file system compares them.
///
/// Untrusted input: whatever the project does not say for sure makes the answer `unknown`, never
/// `notBuilt`. A compiled file whose path cannot be placed (an absolute path from the author's
/// machine, a path under the SDK, a build file whose object is missing) leaves every file of its
/// name unknown; a project cut short, with conflict markers, with a target an external build
/// system builds, or that compiles nothing the reader can see, leaves every file unknown.
struct XcodeFileMembership: Sendable {
    enum Verdict: Equatable, Sendable {
        /// Compiled by these targets (by configuration list, as `XcodeProjectSettings` names them).
        case built(Set<String>)
        case notBuilt
        /// Not known; the targets that compile a file of its name whose path could not be placed,
        /// if any (they still tell which OS the file is most likely built for).
        case unknown(Set<String>)
    }

    struct SyncedFolder: Sendable {
        /// Lowercased, relative to the project's folder ("" for the folder itself).
        let path: String
        /// The targets that keep the folder in sync: they compile every file below it...
        let owners: Set<String>
        /// ...except these (paths inside the folder, lowercased; a folder covers what is below it),
        let excluded: [String: [String]]
        /// and these other targets compile these files of it.
        let added: [String: [String]]
        /// The same paths with their `/`, made once here rather than for every file linted.
        let slashed: String
        let excludedSlashed: [String: [String]]
        let addedSlashed: [String: [String]]

        init(path: String, owners: Set<String>, excluded: [String: [String]], added: [String: [String]]) {
            self.path = path
            self.owners = owners
            self.excluded = excluded
            self.added = added
            slashed = path + "/"
            excludedSlashed = excluded.mapValues { $0.map { $0 + "/" } }
            addedSlashed = added.mapValues { $0.map { $0 + "/" } }
        }
    }

    /// Per compiled file (lowercased path relative to the project's folder): its targets.
    private(set) var sources: [String: Set<String>] = [:]
    private(set) var folders: [SyncedFolder] = []
    /// Lowercased names of compiled files whose path could not be placed, with their targets.
    private(set) var unplacedNames: [String: Set<String>] = [:]
    /// Why nothing can be called unbuilt in this project, when that is so.
    private(set) var undecidable: String?

    static let groupKinds: Set<String> = ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"]
    static let targetKinds: Set<String> = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"]
    static let syncedFolderKind = "PBXFileSystemSynchronizedRootGroup"
    /// Groups nest no deeper than this in any real project; deeper (or a cycle) is garbage.
    static let maximumDepth = 64

    /// `complete` is false when the reader met something it could not read (then all is unknown).
    init(objects: [String: XcodeObject], complete: Bool) {
        guard complete else {
            undecidable = "the project file could not be read whole"
            return
        }
        let projects = objects.values.filter { $0.isa == "PBXProject" }
        guard projects.count == 1, let project = projects.first else {
            undecidable = "the project file has \(projects.count) project objects"
            return
        }
        var base = ""
        if let folder = project.fields["projectDirPath"], !folder.isEmpty {
            guard !folder.hasPrefix("/"), !folder.hasPrefix("$") else {
                undecidable = "the project's folder is \(folder)"
                return
            }
            base = Self.normalized(folder)
        }
        let mainGroup = project.fields["mainGroup"]
        let targets = objects.values.filter { Self.targetKinds.contains($0.isa) }
        // A target the project names but the file does not hold would take its files with it.
        for target in project.lists["targets"] ?? [] where objects[target.value] == nil {
            undecidable = "the project names a target the file does not hold (\(target.value))"
            return
        }
        if targets.contains(where: { $0.isa == "PBXLegacyTarget" }) {
            undecidable = "a target is built by an external build system"
            return
        }
        // A target is named by its configuration list, as the deployment versions are.
        func key(_ target: XcodeObject) -> String { target.fields["buildConfigurationList"] ?? target.id }
        // Each group's and reference's parent; one with two parents cannot be placed.
        var parents: [String: String] = [:]
        var orphaned = Set<String>()
        for group in objects.values where Self.groupKinds.contains(group.isa) {
            for child in group.lists["children"] ?? [] {
                if let other = parents[child.value], other != group.id { orphaned.insert(child.value) }
                parents[child.value] = group.id
            }
        }
        var resolved: [String: String?] = [:]
        /// The path of a group, file reference or synchronized folder, relative to the project's
        /// folder; nil when it is outside the tree (absolute, SDK, build products) or unplaceable.
        func path(of id: String, depth: Int = 0) -> String? {
            if let known = resolved[id] { return known }
            guard depth < Self.maximumDepth, let object = objects[id], !orphaned.contains(id) else { return nil }
            let own = object.fields["path"] ?? ""
            // A build variable (`$(SRCROOT)/../Shared`) is not expanded here: unplaced.
            if own.contains("$") {
                resolved[id] = .some(nil)
                return nil
            }
            let start: String?
            switch object.fields["sourceTree"] ?? "<group>" {
            case "SOURCE_ROOT": start = base
            case "<group>":
                if id == mainGroup {
                    start = base
                } else if let parent = parents[id] {
                    start = path(of: parent, depth: depth + 1)
                } else {
                    start = nil
                }
            default: start = nil
            }
            let result = start.map { Self.normalized($0.isEmpty ? own : own.isEmpty ? $0 : $0 + "/" + own) }
            resolved[id] = .some(result)
            return result
        }
        for target in targets {
            for phase in target.lists["buildPhases"] ?? [] {
                guard let object = objects[phase.value] else {
                    undecidable = "a target names a build phase the file does not hold (\(phase.value))"
                    return
                }
                guard object.isa == "PBXSourcesBuildPhase" else { continue }
                for file in object.lists["files"] ?? [] {
                    let reference = objects[file.value]?.fields["fileRef"]
                    if let reference, let place = path(of: reference) {
                        sources[place.lowercased(), default: []].insert(key(target))
                        continue
                    }
                    // Unplaced: known by the reference's name, else by the comment Xcode writes.
                    let written = reference.flatMap { objects[$0] }.flatMap { $0.fields["path"] ?? $0.fields["name"] }
                    let name =
                        written.map { $0.lastComponent(separatedBy: UInt8(ascii: "/")) }
                        ?? Self.nameInComment(file.comment)
                    guard let name, !name.isEmpty else {
                        undecidable = "a compiled file cannot be named (\(file.value))"
                        return
                    }
                    unplacedNames[name.lowercased(), default: []].insert(key(target))
                }
            }
        }
        for folder in objects.values where folder.isa == Self.syncedFolderKind {
            let owners = Set(
                targets.filter { ($0.lists["fileSystemSynchronizedGroups"] ?? []).contains { $0.value == folder.id } }
                    .map(key))
            var excluded: [String: [String]] = [:]
            var added: [String: [String]] = [:]
            for exception in folder.lists["exceptions"] ?? [] {
                // A missing set may have added files to a target: unknown. Other kinds of set
                // (a build phase's, for headers and copied files) do not change what compiles.
                guard let set = objects[exception.value] else {
                    undecidable = "a synchronized folder names an exception set the file does not hold"
                    return
                }
                guard set.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet", let targetID = set.fields["target"]
                else { continue }
                let target = objects[targetID].map(key) ?? targetID
                let paths = (set.lists["membershipExceptions"] ?? []).map { Self.normalized($0.value).lowercased() }
                if owners.contains(target) {
                    excluded[target, default: []] += paths
                } else {
                    added[target, default: []] += paths
                }
            }
            guard !owners.isEmpty || !added.isEmpty else { continue }
            guard let place = path(of: folder.id) else {
                undecidable = "a synchronized folder cannot be placed (\(folder.fields["path"] ?? folder.id))"
                return
            }
            folders.append(SyncedFolder(path: place.lowercased(), owners: owners, excluded: excluded, added: added))
        }
        // Every synchronized folder a target names must be there.
        let folderIDs = Set(objects.values.filter { $0.isa == Self.syncedFolderKind }.map(\.id))
        for target in targets {
            for folder in target.lists["fileSystemSynchronizedGroups"] ?? [] where !folderIDs.contains(folder.value) {
                undecidable = "a target names a synchronized folder the file does not hold (\(folder.value))"
                return
            }
        }
        if sources.isEmpty, folders.isEmpty {
            undecidable = "no target compiles a file the project places"
        }
    }

    /// Whether a file (its path relative to the project's folder) is compiled, and by which targets.
    func verdict(forPath relative: String) -> Verdict {
        let key = Self.normalized(relative).lowercased()
        let namesake = unplacedNames[key.lastComponent(separatedBy: UInt8(ascii: "/"))] ?? []
        guard undecidable == nil else { return .unknown(namesake) }
        var found = sources[key] ?? []
        for folder in folders where folder.path.isEmpty || key.hasPrefix(folder.slashed) {
            let inner = folder.path.isEmpty ? key : String(key.dropFirst(folder.path.count + 1))
            func names(_ paths: [String]?, _ slashed: [String]?) -> Bool {
                guard let paths, let slashed else { return false }
                return zip(paths, slashed).contains { inner == $0 || inner.hasPrefix($1) }
            }
            for owner in folder.owners where !names(folder.excluded[owner], folder.excludedSlashed[owner]) {
                found.insert(owner)
            }
            for (target, paths) in folder.added where names(paths, folder.addedSlashed[target]) { found.insert(target) }
        }
        if !found.isEmpty { return .built(found) }
        return namesake.isEmpty ? .notBuilt : .unknown(namesake)
    }

    /// `a/./b/../c` → `a/c`; a `..` above the start is kept (`../Shared/x.swift`).
    static func normalized(_ path: String) -> String {
        // Asked for every file linted: most paths have nothing to take out.
        if isNormal(path.utf8) { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// Whether no component of the path is empty, `.` or `..` (no `//`, no `/` at either end).
    static func isNormal(_ bytes: String.UTF8View) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var length = 0, dots = 0
        for byte in bytes {
            if byte == slash {
                if length == 0 || dots == length { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == dot { dots += 1 }
            }
        }
        return length > 0 && dots != length
    }

    /// `Home.swift in Sources` → `Home.swift`.
    static func nameInComment(_ comment: String) -> String? {
        guard !comment.isEmpty else { return nil }
        let suffix = " in Sources"
        return comment.hasSuffix(suffix) ? String(comment.dropLast(suffix.count)) : comment
    }
}
