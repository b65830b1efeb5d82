import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// `.navigationDestination(…)` inside `List`/`ForEach`/`Lazy*` content is registered only for rows
/// that happen to be loaded; attach it outside the lazy container. The same holds in the `body`
/// of a row view that a `ForEach` or a data-driven `List` builds, wherever it is declared.
public struct DestinationInLazyContainerRule: ProjectRule {
    public let id = "destination-in-lazy-container"
    public let startsFrom: [Vocabulary.Word] = [.navigationDestination]

    /// A `Form`'s rows are as lazy as a list's, but a form is short and its rows are on screen
    /// whenever they are used: SwiftUI warns, and the destination works today. A warning, not an error.
    static func confidence(in container: String) -> Confidence { container == "Form" ? .medium : .high }

    /// `Form` is backed by a list on iOS: its sections' rows are built lazily as well.
    static let lazyContainers: Set<String> = [
        "List", "Form", "ForEach", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table", "OutlineGroup",
    ]

    /// Where the view member (a property or function other than `body`) holding the token is used
    /// inside lazy container content in its type's code in this file, if it is.
    static func useInLazyContainer(ofMemberHolding token: Int, in s: Structure) -> (
        member: String, container: String, token: Int
    )? {
        let placement = ViewHierarchy.placement(of: token, in: s)
        guard !placement.context.presented, let owner = placement.owner,
            let member = ViewHierarchy.memberName(placement.member, in: s), let body = s.types[owner].body
        else { return nil }
        for index in body where s.code[index].kind == .identifier && s.text(index) == member {
            // A use, not the declaration or another value's member of that name.
            if s.punct(index - 1, UInt8(ascii: ".")), !s.is(index - 2, "self") { continue }
            if s.is(index - 1, "var") || s.is(index - 1, "func") || s.is(index - 1, "let") { continue }
            if let container = s.enclosingCallees(of: index).first(where: lazyContainers.contains) {
                return (member, container, index)
            }
        }
        return nil
    }

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        // Destinations in a view's `body` outside any container: in rows if the view is built in some.
        var inBodies: [(offset: Int, owner: String, modifier: String)] = []
        for call in s.calls where call.isMember && SwiftUINames.isDestinationModifier(call.callee) {
            let callees = s.enclosingCallees(of: call.calleeToken)
            let containerCall = s.enclosingCalls(of: call.calleeToken).first {
                !s.calls[$0].isMember && Self.lazyContainers.contains(s.calls[$0].callee)
            }
            guard let container = callees.first(where: { Self.lazyContainers.contains($0) }) else {
                // A view that holds the stack around its destinations is no row.
                if !callees.contains(where: SwiftUINames.isStackName) {
                    if let owner = s.bodyOwner(of: call.calleeToken) {
                        inBodies.append((s.offset(of: call.calleeToken), owner, call.callee))
                    } else if let use = Self.useInLazyContainer(ofMemberHolding: call.calleeToken, in: s) {
                        // `var rows: some View { … .navigationDestination … }` used as `Form { rows }`.
                        hits.append(
                            Hit(
                                file: file.index, offset: s.offset(of: call.calleeToken),
                                message:
                                    "`\(call.callee)` in `\(use.member)`, which stands inside `\(use.container)` content, only exists while that row is loaded; attach it to the container or the stack's root view",
                                evidence: [
                                    .here(
                                        offset: s.offset(of: use.token),
                                        message: "`\(use.member)` is used inside the lazy `\(use.container)` here")
                                ], confidence: Self.confidence(in: use.container)))
                    }
                }
                continue
            }
            hits.append(
                Hit(
                    file: file.index, offset: s.offset(of: call.calleeToken),
                    message:
                        "`\(call.callee)` inside `\(container)` content only exists while that row is loaded; attach it to the container or the stack's root view",
                    evidence: containerCall.map {
                        [
                            .here(
                                offset: s.offset(of: s.calls[$0].calleeToken),
                                message: "the lazy `\(container)` starts here")
                        ]
                    } ?? [], confidence: Self.confidence(in: container)))
        }
        let fileIndex = file.index
        let direct = hits
        return { [inBodies] project in
            var hits = direct
            for destination in inBodies {
                guard let row = project.rowSite(of: destination.owner), let container = row.rowContainer?.rawValue
                else { continue }
                hits.append(
                    Hit(
                        file: fileIndex, offset: destination.offset,
                        message:
                            "`\(destination.owner)` is built in `\(container)` rows (\(project.paths[row.file] ?? "?"):\(row.line)), so this `\(destination.modifier)` only exists while that row is loaded; attach it to the container or the stack's root view",
                        evidence: [
                            .at(
                                project.paths[row.file] ?? "?", line: row.line, column: row.column,
                                "`\(destination.owner)` is built in `\(container)` rows here")
                        ]))
            }
            return hits.sorted { $0.offset < $1.offset }
        }
    }
}
