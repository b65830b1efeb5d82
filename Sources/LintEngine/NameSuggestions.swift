import Support
import SwiftUIModel
import ProjectSettings

/// "Did you mean" for names typed in a configuration or on the command line (rule ids, settings):
/// compared without case, dashes or underscores, so `NavigationView` and `state_not_private` find
/// `navigation-view-deprecated` and `state-not-private`; only close names are offered.
public struct NameSuggestions: Sendable {
    private let names: ClosestNames

    public init(_ names: some Sequence<String>) {
        self.names = ClosestNames(names.map { ($0, [Self.folded($0)]) })
    }

    /// At most three names that contain `name` or are a few edits from it, closest first.
    public func closest(to name: String) -> [String] {
        let wanted = Self.folded(name)
        guard !wanted.isEmpty else { return [] }
        let distance = max(2, wanted.count / 4)
        // Containment counts for a word, not for a letter or two (`x` is in `exclusive-bool-flags`).
        return names.closest(to: wanted, limit: 3, maxDistance: distance).filter {
            wanted.count >= 4 || Self.folded($0).count - wanted.count <= distance
        }
    }

    /// `; did you mean `a` or `b`?`, or nothing when no name is close.
    public func didYouMean(_ name: String) -> String {
        let close = closest(to: name).map { "`\($0)`" }
        guard let last = close.last else { return "" }
        return "; did you mean " + (close.count == 1 ? last : close.dropLast().joined(separator: ", ") + " or " + last)
            + "?"
    }

    static func folded(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
