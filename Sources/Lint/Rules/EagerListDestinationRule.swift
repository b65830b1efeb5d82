import SwiftLexer

/// `NavigationLink(destination: Detail(…))` (or its destination closure) inside the rows of a
/// `ForEach` or a data-driven `List` builds every row's destination up front. Push a value and build the destination in
/// `navigationDestination(for:)` instead.
public struct EagerListDestinationRule: Rule {
    public let id = "eager-list-destination"

    /// `ForEach(…)`, or `List(items) { item in … }`: one row per element of a collection. A
    /// static `List { … }` of a few links builds each destination once, which is fine.
    static func buildsRowPerElement(_ call: CallSite, in s: Structure) -> Bool {
        guard !call.isMember else { return false }
        if call.callee == "ForEach" { return true }
        return call.callee == "List" && s.arguments(of: call).contains { $0.label == nil }
    }

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        var seen = Set<Int>()
        // The file's summary already found each link's destination views; one finding per link.
        for push in (file.summary ?? ProjectIndex.FileSummary(file)).pushes where seen.insert(push.call).inserted {
            let call = s.calls[push.call]
            guard call.callee == "NavigationLink", !call.isMember,
                  let container = s.enclosingCalls(of: call.calleeToken).first(where: { Self.buildsRowPerElement(s.calls[$0], in: s) })
            else { continue }
            hits.append(Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                            message: "this `NavigationLink` builds `\(push.view)` for every `\(s.calls[container].callee)` row before anyone taps; link with `NavigationLink(value:)` and build the destination in `navigationDestination(for:)`"))
        }
        return hits
    }
}
