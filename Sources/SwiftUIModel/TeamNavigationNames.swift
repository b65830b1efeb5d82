/// A team's own navigation stacks, links and destination modifiers, named in `.patternlint.yml`
/// (`navigation: { stacks: [RouterStack], links: [RouterLink], destinations: [routerDestination] }`):
/// a package or a wrapper the linter cannot see into counts as SwiftUI's own.
public struct TeamNavigationNames: Sendable, Equatable {
    public var stacks: Set<String> = []
    public var links: Set<String> = []
    public var destinations: Set<String> = []

    public init(stacks: Set<String> = [], links: Set<String> = [], destinations: Set<String> = []) {
        self.stacks = stacks
        self.links = links
        self.destinations = destinations
    }

    public var isEmpty: Bool { stacks.isEmpty && links.isEmpty && destinations.isEmpty }
}

extension SwiftUINames {
    /// The run's team names: set once, before any file is read (`LintSession.load`), then only read.
    nonisolated(unsafe) public private(set) static var team = TeamNavigationNames()
    /// Whether any is set: the predicates hash a name only then.
    nonisolated(unsafe) static private(set) var hasTeamNames = false

    public static func use(_ names: TeamNavigationNames) {
        team = names
        hasTeamNames = !names.isEmpty
    }
}
