import Foundation
import Support

/// "Did you mean" for a path that does not exist: the names in the nearest folder that does,
/// close to the first part that is missing (`Sorces/Home.swift` → `Sources`).
enum ClosestPaths {
    /// At most three paths, closest first; `admitted` leaves out those the tools would refuse.
    static func closest(to path: String, admitted: (String) -> Bool) -> [String] {
        let parts = path.split(separator: "/").map(String.init)
        var found = path.hasPrefix("/") ? "/" : ""
        for part in parts {
            let next = found + part
            guard FileManager.default.fileExists(atPath: next) else {
                return closest(to: part, in: found).filter(admitted)
            }
            found = next + "/"
        }
        return []
    }

    /// The entries of `folder` (a path ending in `/`, or empty for the current folder) named
    /// closest to `name`, as paths; hidden entries only when `name` is hidden too.
    private static func closest(to name: String, in folder: String) -> [String] {
        let entries = FolderListing.entries(folder.isEmpty ? "." : folder) ?? []
        let names = entries.map(\.name).filter { !$0.hasPrefix(".") || name.hasPrefix(".") }
        let ranked = ClosestNames(names.map { ($0, [$0]) })
        return ranked.closest(to: name, limit: 3, maxDistance: max(2, name.count / 3)).map { folder + $0 }
    }
}
