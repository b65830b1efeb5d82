import SwiftLexer

/// `.navigationDestination(…)` inside `List`/`ForEach`/`Lazy*` content is registered only for rows
/// that happen to be loaded; attach it outside the lazy container.
public struct DestinationInLazyContainerRule: Rule {
    public let id = "destination-in-lazy-container"
    public let startsFrom: [Vocabulary.Word] = [.navigationDestination]

    static let lazyContainers: Set<String> = ["List", "ForEach", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table", "OutlineGroup"]

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        for call in s.calls where call.callee == "navigationDestination" && call.isMember {
            guard let container = s.enclosingCallees(of: call.calleeToken).first(where: { Self.lazyContainers.contains($0) }) else { continue }
            hits.append(Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                            message: "`navigationDestination` inside `\(container)` content only exists while that row is loaded; attach it to the container or the stack's root view"))
        }
        return hits
    }
}
