import SwiftLexer

/// `NavigationLink(destination: Detail(…))` (or its destination closure) inside `List`/`ForEach`
/// rows builds every row's destination up front. Push a value and build the destination in
/// `navigationDestination(for:)` instead.
public struct EagerListDestinationRule: Rule {
    public let id = "eager-list-destination"

    static let rowContainers: Set<String> = ["List", "ForEach"]

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        for (index, call) in s.calls.enumerated() where call.callee == "NavigationLink" && !call.isMember {
            let destinations = ProjectIndex.destinationViews(ofCall: index, in: s)
            guard let first = destinations.first else { continue }
            let container = s.enclosingCallees(of: call.calleeToken).first { Self.rowContainers.contains($0) }
            guard let container else { continue }
            hits.append(Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                            message: "this `NavigationLink` builds `\(s.calls[first].callee)` for every `\(container)` row before anyone taps; link with `NavigationLink(value:)` and build the destination in `navigationDestination(for:)`"))
        }
        return hits
    }
}
