import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A pushed screen that pushes, directly or through others, a screen already below it on the
/// stack: the path grows with every round trip and "back" walks through copies. Pop instead
/// (`dismiss`, or remove from the path).
public struct NavigationLoopRule: ProjectRule {
    public let id = "navigation-loop"
    public let needs: Set<IndexFact> = [.pushGraph]
    public let startsFrom: [Vocabulary.Word] = [.navigationLink, .navigationDestination]

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        let pushes = file.summary.pushes.compactMap {
            push -> (offset: Int, view: String, from: String)? in
            guard let from = push.pusher, !Self.pushesWithData(push.view, at: push.call, in: s) else { return nil }
            return (s.offset(of: s.calls[push.call].calleeToken), push.view, from)
        }
        let fileIndex = file.index
        return { [pushes] project in
            guard !pushes.isEmpty else { return [] }
            let graph = project.pushGraph
            return pushes.compactMap { push in
                guard push.view != push.from, graph.reaches(from: push.view, to: push.from),
                    graph.isBackEdge(from: push.from, to: push.view)
                else { return nil }
                return Hit(
                    file: fileIndex, offset: push.offset,
                    message:
                        "`\(push.from)` pushes `\(push.view)`, which is already on the path below it; pop back to it (`dismiss()` or trim the path) instead of pushing a copy"
                )
            }
        }
    }
}

extension NavigationLoopRule {
    /// `ProfileView(user: follower)`: a screen built for other data is a new screen, not a copy of
    /// one below it (profile → followers → profile is how social apps work). Only pushes of a
    /// screen built with no arguments (`Authors()`) can close a loop.
    static func pushesWithData(_ view: String, at call: Int, in s: Structure) -> Bool {
        s.destinationViews(ofCall: call).contains { index in
            guard s.calls[index].callee == view, let parentheses = s.calls[index].parentheses else { return false }
            return parentheses.upperBound > parentheses.lowerBound + 1
        }
    }
}
