import SwiftLexer
import LintEngine
import SwiftUIModel
import Support
import ProjectSettings

/// `NavigationLink(destination: Detail(…))` (or its destination closure) inside the rows of a
/// `ForEach` or a data-driven `List` builds every row's destination up front. Push a value and
/// build the destination in `navigationDestination(for:)` instead. A destination wrapped in a
/// lazy view (`LazyView(Detail())`, any type whose initializers take the content as a closure)
/// is already deferred and left alone, and so is a destination that is one of SwiftUI's plain
/// views (`Text(item.name)`, `EmptyView()`): building those costs nothing worth deferring.
/// A link in the `body` of a row view (`ForEach(items) { ItemRow(item: $0) }`, in any file) is
/// built with every row just the same: the view index says where the row view is built.
/// Building a destination costs something only when it does work (`ConstructionCost`: its
/// `init` or a stored property's initial value calls or allocates); one that only stores its
/// arguments is left alone, and one the run does not declare (a package's) is `info`.
public struct EagerListDestinationRule: CollectingRule {
    public let id = "eager-list-destination"
    public let startsFrom: [Vocabulary.Word] = [.navigationLink]

    /// SwiftUI's leaf views: no state, no work in their initializers.
    static let plainViews: Set<String> = [
        "Text", "EmptyView", "Image", "Label", "Color", "Spacer", "Divider", "ProgressView", "ContentUnavailableView",
        "AsyncImage",
    ]

    /// A link's destination as built at the link: the view, the argument labels of its construction
    /// (which initializer runs), and the types constructed in its arguments (built per row too).
    struct Destination: Sendable {
        var view: String
        var labels: [String]?
        /// Types constructed in its arguments, with the labels each construction passes and the
        /// destination's label it is passed under.
        var argumentTypes: [(type: String, labels: [String], passedAs: String?)]
    }

    /// One file's facts: where its types do work when built, and, per type declared here with no
    /// `init` of its own, the `@StateObject` properties without an initial value. The memberwise
    /// initializer takes those as an autoclosure, which SwiftUI runs once the view is shown:
    /// `Detail(model: Model(…))` in a row builds no `Model`.
    public struct FileFacts: Sendable, Equatable {
        var sites: [WorkSite]
        var deferredArguments: [String: Set<String>]
    }

    /// The work sites by type, in file order, and every file's deferred arguments by type.
    public struct Facts: Sendable {
        var workSites: [String: [WorkSite]]
        var deferredArguments: [String: Set<String>]
    }

    static func deferredArguments(in s: Structure) -> [String: Set<String>] {
        let withInit = s.typesWithoutMemberwiseInitializer()
        var deferred: [String: Set<String>] = [:]
        for property in s.properties where !property.hasInitialValue && !property.isStatic {
            guard let owner = property.owner, s.types[owner].kind != .extension, !withInit.contains(owner),
                property.attributes.contains(where: { $0.hasSuffix("StateObject") })
            else { continue }
            deferred[s.types[owner].name, default: []].insert(property.name)
        }
        return deferred
    }

    /// Where each file's types do work when built (`ConstructionCost`), from every file: a model
    /// declared in a file with no SwiftUI in it is built in view code all the same.
    public func collect(_ file: LintFile) -> FileFacts? {
        let sites = ConstructionCost.workSites(in: file.structure).map { site in
            var site = site
            site.file = file.index
            return site
        }
        let deferred = Self.deferredArguments(in: file.structure)
        return sites.isEmpty && deferred.isEmpty ? nil : FileFacts(sites: sites, deferredArguments: deferred)
    }

    public static func merge(_ collected: Collected<FileFacts>) -> Facts {
        var byType: [String: [WorkSite]] = [:]
        var deferred: [String: Set<String>] = [:]
        for facts in collected.all {
            for site in facts.sites { byType[site.type, default: []].append(site) }
            deferred.merge(facts.deferredArguments) { $0.union($1) }
        }
        return Facts(workSites: byType, deferredArguments: deferred)
    }

    public func validate(
        _ file: LintFile, options: RuleOptions
    ) -> @Sendable (ProjectIndex, Facts) -> [Hit] {
        let s = file.structure
        var candidates: [(offset: Int, destination: Destination, container: String)] = []
        // Links in a view's `body` outside any rows: in rows if the view itself is built in some.
        var inBodies: [(offset: Int, destination: Destination, owner: String)] = []
        var seen = Set<Int>()
        // The file's summary already found each link's destination views; one finding per link.
        for push in file.summary.pushes
        where !Self.plainViews.contains(push.view) && seen.insert(push.call).inserted {
            let call = s.calls[push.call]
            guard SwiftUINames.isLinkName(call.callee), !call.isMember else { continue }
            let destination = Self.destination(push.view, of: call, in: s)
            let enclosing = s.enclosingCalls(of: call.calleeToken)
            guard let container = enclosing.first(where: { ViewHierarchy.rowContainer(s.calls[$0], in: s) != nil })
            else {
                // A view that holds the stack around its links is no row.
                if !enclosing.contains(where: { SwiftUINames.isStackName(s.calls[$0].callee) }),
                    let owner = s.bodyOwner(of: call.calleeToken)
                {
                    inBodies.append((s.offset(of: call.calleeToken), destination, owner))
                }
                continue
            }
            // `ForEach(Demo.allCases) { switch $0 { case .a: NavigationLink { A() } … } }`: each arm
            // builds its own destination once, a static list written as a switch.
            if s.isInSwitchCase(call.calleeToken, within: s.calls[container].calleeToken) { continue }
            candidates.append((s.offset(of: call.calleeToken), destination, s.calls[container].callee))
        }
        let fileIndex = file.index
        // Before iOS 16 there is no `NavigationLink(value:)`: a lazy wrapper is the fix there.
        let fix =
            options.allows(DeploymentTargets.navigationStackAPIs)
            ? "link with `NavigationLink(value:)` and build the destination in `navigationDestination(for:)`"
            : "wrap it in a view that builds it in its own `body` (`LazyView(…)`), as `NavigationLink(value:)` needs iOS 16"
        return { [candidates, inBodies] project, facts in
            var hits = candidates.compactMap { candidate -> Hit? in
                guard !Self.buildsLazily(candidate.destination.view, project: project),
                    let cost = Self.cost(of: candidate.destination, project: project, facts: facts)
                else { return nil }
                return Hit(
                    file: fileIndex, offset: candidate.offset,
                    message:
                        "this `NavigationLink` builds `\(candidate.destination.view)` for every `\(candidate.container)` row before anyone taps (\(cost.reason)); \(fix)",
                    severity: cost.severity, evidence: cost.evidence)
            }
            for link in inBodies {
                guard let row = project.rowSite(of: link.owner), let container = row.rowContainer?.rawValue,
                    !Self.buildsLazily(link.destination.view, project: project),
                    let cost = Self.cost(of: link.destination, project: project, facts: facts)
                else { continue }
                let rowPath = project.paths[row.file] ?? "?"
                hits.append(
                    Hit(
                        file: fileIndex, offset: link.offset,
                        message:
                            "`\(link.owner)` is built for every `\(container)` row (\(rowPath):\(row.line)), so this `NavigationLink` builds `\(link.destination.view)` in each before anyone taps (\(cost.reason)); \(fix)",
                        severity: cost.severity,
                        evidence: [
                            .at(
                                rowPath, line: row.line, column: row.column,
                                "`\(link.owner)` is built once per row here")
                        ]
                            + cost.evidence))
            }
            return hits.sorted { $0.offset < $1.offset }
        }
    }

    /// The construction of `view` inside the link (its arguments or trailing closures).
    static func destination(_ view: String, of link: CallSite, in s: Structure) -> Destination {
        var ranges: [Range<Int>] = []
        if let parentheses = link.parentheses { ranges.append(parentheses.lowerBound..<parentheses.upperBound + 1) }
        for closure in s.trailingClosures(of: link) {
            ranges.append(closure.body.lowerBound..<closure.body.upperBound + 1)
        }
        for range in ranges {
            for index in s.calls(in: range) where s.calls[index].callee == view && !s.calls[index].isMember {
                let construction = s.calls[index]
                var argumentTypes: [(type: String, labels: [String], passedAs: String?)] = []
                for argument in s.arguments(of: construction) {
                    for inner in s.calls(in: argument.value)
                    where !s.calls[inner].isMember && Structure.isTypeName(s.calls[inner].callee) {
                        argumentTypes.append(
                            (
                                s.calls[inner].callee, s.arguments(of: s.calls[inner]).map { $0.label ?? "_" },
                                argument.label
                            ))
                    }
                }
                return Destination(
                    view: view, labels: s.arguments(of: construction).map { $0.label ?? "_" },
                    argumentTypes: argumentTypes)
            }
        }
        return Destination(view: view, labels: nil, argumentTypes: [])
    }

    /// What building the destination costs per row: the reason, the line that does the work (the
    /// proof), and the severity when lower than the rule's; nil when it only stores its arguments.
    /// Only the initializer the link calls counts (by its labels), and so does a model built in
    /// its arguments (`Detail(model: Model(item))`), which every row builds too.
    static func cost(of destination: Destination, project: ProjectIndex, facts: Facts) -> (
        reason: String, severity: Severity?, evidence: [Evidence]
    )? {
        func place(_ site: WorkSite, _ what: String) -> Evidence {
            .at(project.paths[site.file] ?? "?", line: site.line, "\(what): `\(site.code)`")
        }
        // The work of the initializer a call with these labels runs (a stored property's initial
        // value is paid by every initializer).
        func work(of type: String, labels: [String]?) -> WorkSite? {
            (facts.workSites[type] ?? []).first { $0.initializerLabels == nil || $0.initializerLabels == labels }
        }
        if let site = work(of: destination.view, labels: destination.labels) {
            return (
                "its initializer or a stored property's initial value does work", nil,
                [place(site, "`\(destination.view)` does work when built")]
            )
        }
        // A model handed to a `@StateObject` through the memberwise initializer is an autoclosure.
        let deferred = facts.deferredArguments[destination.view] ?? []
        for argument in destination.argumentTypes where argument.passedAs.map(deferred.contains) != true {
            if let site = work(of: argument.type, labels: argument.labels) {
                return (
                    "each row also builds `\(argument.type)`, whose initializer does work", nil,
                    [place(site, "`\(argument.type)` does work when built")]
                )
            }
        }
        guard project.typesByName[destination.view] != nil else {
            return ("it is not declared here, so what its initializer does cannot be seen", .info, [])
        }
        return nil
    }

    /// A wrapper that builds its content only when shown (`LazyView(Detail())` over an
    /// `@autoclosure` or a closure): the usual fix for eager destinations, not a case of them.
    static func buildsLazily(_ view: String, project: ProjectIndex) -> Bool {
        if view.hasPrefix("Lazy") { return true }
        // Every initializer takes just the content, as `@autoclosure` or `() -> Content` (a view
        // with a callback, `Detail(item:onDelete:)`, is not a lazy wrapper).
        let initializers = project.initializers(of: view)
        return !initializers.isEmpty
            && initializers.allSatisfy { _, function in
                guard function.parameters.count == 1, let type = function.parameters.first?.type else { return false }
                let bare = type.replacingOccurrences(of: "@escaping", with: "")
                return bare.hasPrefix("@autoclosure") || bare.hasPrefix("()->")
            }
    }
}
