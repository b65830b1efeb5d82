import Foundation
import ProjectSettings
import Support

extension FileDiscovery.Result {
    /// The files found with no `*.xcodeproj` or `Package.swift` in their folder or any folder
    /// above it: no project says which target builds them, nor for which OS (the deprecation rules
    /// then take every API as available). Folders the walk listed are not listed again; those above
    /// it once each.
    public func filesWithoutProject() -> [String] {
        let listed = Set(listedFolders), holding = Set(projectFolders)
        let current = FileManager.default.currentDirectoryPath
        var known: [String: Bool] = [:]
        /// Whether the folder (as discovery names it, or absolute above the walk) or one above it holds a project.
        func underProject(_ folder: String) -> Bool {
            if let answer = known[folder] { return answer }
            let here =
                listed.contains(folder)
                ? holding.contains(folder)
                : (FolderListing.entries(folder) ?? []).contains {
                    $0.name == "Package.swift" || $0.name.hasSuffix(".xcodeproj")
                }
            let answer = here || Self.folder(above: folder, current: current).map(underProject) ?? false
            known[folder] = answer
            return answer
        }
        return files.filter { !underProject(DeploymentTargetResolver.parent(of: $0)) }
    }

    /// The folder above one named as discovery names them (`Sources/App`, `.`, `/abs/path`): the
    /// relative path's parent while there is one, then absolute paths up to `/`; nil above `/`.
    static func folder(above folder: String, current: String) -> String? {
        if folder == "/" { return nil }
        if folder == "." { return DeploymentTargetResolver.parent(of: current) }
        // A path with `..` in it is made absolute first (its parent by text would be wrong).
        if folder.split(separator: "/").contains("..") {
            let absolute = URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: current)).standardizedFileURL
                .path
            return absolute == folder ? nil : Self.folder(above: absolute, current: current)
        }
        let up = DeploymentTargetResolver.parent(of: folder)
        return up == folder ? nil : up
    }
}
