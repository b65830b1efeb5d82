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
        var seen = Set<Int>()
        // The file's summary already found each link's destination views; one finding per link.
        for push in (file.summary ?? ProjectIndex.FileSummary(file)).pushes where seen.insert(push.call).inserted {
            let call = s.calls[push.call]
            guard call.callee == "NavigationLink", !call.isMember,
                  let container = s.enclosingCallees(of: call.calleeToken).first(where: { Self.rowContainers.contains($0) }) else { continue }
            hits.append(Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                            message: "this `NavigationLink` builds `\(push.view)` for every `\(container)` row before anyone taps; link with `NavigationLink(value:)` and build the destination in `navigationDestination(for:)`"))
        }
        return hits
    }
}
