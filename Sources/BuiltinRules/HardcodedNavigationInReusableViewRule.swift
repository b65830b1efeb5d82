import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A view built in several places that decides its own destination (`navigate(.settings)`) cannot
/// be reused elsewhere; pass the action in (a closure or a value) and let the owner navigate.
public struct HardcodedNavigationInReusableViewRule: ProjectRule {
    public let id = "hardcoded-navigation-in-reusable-view"
    public let startsFrom: [Vocabulary.Word] = [.navigate, .push]

    static let navigateCallees: Set<String> = ["navigate", "push"]

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        // Per view: its hard-coded navigation calls; whether it is reused is the index's to say.
        var candidates: [(view: String, calls: [(offset: Int, callee: String, argument: String)])] = []
        for type in s.types where s.isViewType(type) {
            guard let body = type.body else { continue }
            var calls: [(offset: Int, callee: String, argument: String)] = []
            for index in s.calls(in: body.lowerBound..<body.upperBound + 1) {
                let call = s.calls[index]
                guard Self.navigateCallees.contains(call.callee), let first = s.arguments(of: call).first,
                    s.punct(first.value.lowerBound, UInt8(ascii: "."))
                else { continue }
                calls.append((s.offset(of: call.calleeToken), call.callee, s.text(first.value)))
            }
            if !calls.isEmpty { candidates.append((type.name, calls)) }
        }
        let fileIndex = file.index
        return { [candidates] project in
            var hits: [Hit] = []
            for candidate in candidates {
                // Reused: built from at least two different types.
                let owners = Set((project.constructions[candidate.view] ?? []).compactMap(\.owner))
                guard owners.count >= 2 else { continue }
                for call in candidate.calls {
                    hits.append(
                        Hit(
                            file: fileIndex, offset: call.offset,
                            message:
                                "`\(candidate.view)` is reused by \(owners.sorted().joined(separator: ", ")) but hard-codes `\(call.callee)(\(call.argument))`; take the destination or an action closure as a parameter"
                        ))
                }
            }
            return hits
        }
    }
}
