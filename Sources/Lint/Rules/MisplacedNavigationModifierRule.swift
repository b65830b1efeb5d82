import SwiftLexer

/// `.navigationTitle`, `.toolbar`, `.navigationDestination` and `.navigationBarTitleDisplayMode`
/// describe a screen *inside* a stack. Applied to the `NavigationStack` itself they have no
/// screen to attach to and are ignored.
public struct MisplacedNavigationModifierRule: Rule {
    public let id = "misplaced-navigation-modifier"

    static let screenModifiers: Set<String> = ["navigationTitle", "toolbar", "navigationDestination", "navigationBarTitleDisplayMode", "toolbarBackground", "navigationSubtitle"]
    static let containers: Set<String> = ["NavigationStack", "NavigationSplitView"]

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        let ends = CallEnds(s)
        for call in s.calls where call.isMember && Self.screenModifiers.contains(call.callee) {
            guard let root = ends.chainRoot(of: call), Self.containers.contains(s.calls[root].callee) else { continue }
            hits.append(Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                            message: "`.\(call.callee)` is applied to the `\(s.calls[root].callee)` itself, where it has no screen to describe; move it onto the root view inside the stack"))
        }
        return hits
    }
}

/// Finds the call an expression ends with: by its `)` or its last closure's `}`.
struct CallEnds {
    let structure: Structure
    var byEnd: [Int: Int] = [:]

    init(_ s: Structure) {
        structure = s
        for (index, call) in s.calls.enumerated() {
            if call.lastClosureEnd >= 0 { byEnd[call.lastClosureEnd] = index } else if let parentheses = call.parentheses { byEnd[parentheses.upperBound] = index }
        }
    }

    /// The first call of a modifier chain: `NavigationStack { … }.padding().navigationTitle("x")` → NavigationStack.
    func chainRoot(of call: CallSite) -> Int? {
        var current = call
        var found: Int?
        var steps = 0
        while current.isMember, let base = current.baseToken, let previous = byEnd[base], steps < 64 {
            found = previous
            current = structure.calls[previous]
            steps += 1
        }
        guard let root = found, !structure.calls[root].isMember else { return nil }
        return root
    }
}
