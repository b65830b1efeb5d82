import SwiftLexer

/// A view built in several places that decides its own destination (`navigate(.settings)`) cannot
/// be reused elsewhere; pass the action in (a closure or a value) and let the owner navigate.
public struct HardcodedNavigationInReusableViewRule: Rule {
    public let id = "hardcoded-navigation-in-reusable-view"

    static let navigateCallees: Set<String> = ["navigate", "push"]

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        for type in s.types where s.isViewType(type) {
            guard let body = type.body else { continue }
            // Reused: built from at least two different types.
            let owners = Set((project.constructions[type.name] ?? []).compactMap(\.owner))
            guard owners.count >= 2 else { continue }
            for index in s.calls(in: body.lowerBound..<body.upperBound + 1) {
                let call = s.calls[index]
                guard Self.navigateCallees.contains(call.callee), let first = s.arguments(of: call).first,
                      s.punct(first.value.lowerBound, UInt8(ascii: ".")) else { continue }
                hits.append(Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                                message: "`\(type.name)` is reused by \(owners.sorted().joined(separator: ", ")) but hard-codes `\(call.callee)(\(s.text(first.value)))`; take the destination or an action closure as a parameter"))
            }
        }
        return hits
    }
}
