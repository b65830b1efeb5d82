import SwiftLexer

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
public struct EagerListDestinationRule: ProjectRule {
    public let id = "eager-list-destination"
    public let startsFrom: [Vocabulary.Word] = [.navigationLink]

    /// SwiftUI's leaf views: no state, no work in their initializers.
    static let plainViews: Set<String> = [
        "Text", "EmptyView", "Image", "Label", "Color", "Spacer", "Divider", "ProgressView", "ContentUnavailableView",
        "AsyncImage",
    ]

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        var candidates: [(offset: Int, view: String, container: String)] = []
        // Links in a view's `body` outside any rows: in rows if the view itself is built in some.
        var inBodies: [(offset: Int, view: String, owner: String)] = []
        var seen = Set<Int>()
        // The file's summary already found each link's destination views; one finding per link.
        for push in file.summary.pushes
        where !Self.plainViews.contains(push.view) && seen.insert(push.call).inserted {
            let call = s.calls[push.call]
            guard call.callee == "NavigationLink", !call.isMember else { continue }
            let enclosing = s.enclosingCalls(of: call.calleeToken)
            guard let container = enclosing.first(where: { ViewHierarchy.rowContainer(s.calls[$0], in: s) != nil })
            else {
                // A view that holds the stack around its links is no row.
                if !enclosing.contains(where: { SwiftUINames.isStackName(s.calls[$0].callee) }),
                    let owner = s.bodyOwner(of: call.calleeToken)
                {
                    inBodies.append((s.offset(of: call.calleeToken), push.view, owner))
                }
                continue
            }
            candidates.append((s.offset(of: call.calleeToken), push.view, s.calls[container].callee))
        }
        let fileIndex = file.index
        // Before iOS 16 there is no `NavigationLink(value:)`: a lazy wrapper is the fix there.
        let fix =
            options.allows(DeploymentTargets.navigationStackAPIs)
            ? "link with `NavigationLink(value:)` and build the destination in `navigationDestination(for:)`"
            : "wrap it in a view that builds it in its own `body` (`LazyView(…)`), as `NavigationLink(value:)` needs iOS 16"
        return { [candidates, inBodies] project in
            var hits = candidates.compactMap { candidate -> Hit? in
                guard !Self.buildsLazily(candidate.view, project: project),
                    let (cost, severity) = Self.cost(of: candidate.view, project: project)
                else { return nil }
                return Hit(
                    file: fileIndex, offset: candidate.offset,
                    message:
                        "this `NavigationLink` builds `\(candidate.view)` for every `\(candidate.container)` row before anyone taps (\(cost)); \(fix)",
                    severity: severity)
            }
            for link in inBodies {
                guard let row = project.rowSite(of: link.owner), let container = row.rowContainer?.rawValue,
                    !Self.buildsLazily(link.view, project: project),
                    let (cost, severity) = Self.cost(of: link.view, project: project)
                else { continue }
                hits.append(
                    Hit(
                        file: fileIndex, offset: link.offset,
                        message:
                            "`\(link.owner)` is built for every `\(container)` row (\(project.paths[row.file] ?? "?"):\(row.line)), so this `NavigationLink` builds `\(link.view)` in each before anyone taps (\(cost)); \(fix)",
                        severity: severity))
            }
            return hits.sorted { $0.offset < $1.offset }
        }
    }

    /// What building the destination costs, for the message, and the severity when lower than the
    /// rule's; nil when it only stores its arguments (nothing worth deferring).
    static func cost(of view: String, project: ProjectIndex) -> (String, Severity?)? {
        guard project.typesByName[view] != nil else {
            return ("it is not declared here, so what its initializer does cannot be seen", .info)
        }
        guard project.workingTypes.contains(view) else { return nil }
        return ("its initializer or a stored property's initial value does work", nil)
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
