import SwiftLexer

extension Structure {
    /// The views no person can use, by call index, with why: `.disabled(true)`,
    /// `.allowsHitTesting(false)` (no touch reaches the controls inside) or `.hidden()` chained
    /// onto them. A control inside one, or the view itself, takes no action.
    public func unusableViews() -> [Int: String] {
        var views: [Int: String] = [:]
        for call in calls where call.isMember {
            let reason: String
            switch call.callee {
            case "disabled":
                guard let parentheses = call.parentheses, parentheses.count == 3,
                    text(parentheses.lowerBound + 1) == "true"
                else { continue }
                reason = "is disabled (`.disabled(true)`)"
            case "allowsHitTesting":
                guard let parentheses = call.parentheses, parentheses.count == 3,
                    text(parentheses.lowerBound + 1) == "false"
                else { continue }
                reason = "no touch reaches (`.allowsHitTesting(false)`)"
            case "hidden":
                guard call.parentheses?.count == 2 else { continue }
                reason = "is hidden (`.hidden()`)"
            default:
                continue
            }
            guard let root = chainRoot(of: call) else { continue }
            views[root] = views[root] ?? reason
        }
        return views
    }
}

extension Structure {
    /// The views whose use a condition decides, by call index: `.disabled(x)` (usable when `x`
    /// fails) and `.allowsHitTesting(x)` (usable when `x` holds), `x` not a literal.
    public func conditionallyUsableViews() -> [Int: (condition: Range<Int>, negated: Bool)] {
        var views: [Int: (condition: Range<Int>, negated: Bool)] = [:]
        for call in calls where call.isMember && (call.callee == "disabled" || call.callee == "allowsHitTesting") {
            guard let parentheses = call.parentheses, parentheses.count > 2 else { continue }
            let condition = parentheses.lowerBound + 1..<parentheses.upperBound
            if condition.count == 1, self.is(condition.lowerBound, "true") || self.is(condition.lowerBound, "false") {
                continue
            }
            guard let root = chainRoot(of: call), views[root] == nil else { continue }
            views[root] = (condition, call.callee == "disabled")
        }
        return views
    }
}

/// What a write site's surroundings in its file say, worked out once per file on first need:
/// the `#if` branches it is compiled in, and whether it stands in a view no one can use.
final class SiteSurroundings {
    let s: Structure
    lazy var table = CompileBranchTable(s)
    lazy var unusableViews = s.unusableViews()
    lazy var conditionallyUsable = s.conditionallyUsableViews()

    init(_ s: Structure) { self.s = s }

    func branches(of index: Int) -> [String] {
        table.isEmpty ? [] : table.branches(of: index)
    }

    /// The conditions under which the views around the token can be used (`.disabled(isLocked)`
    /// reads as `!isLocked`): a write in them runs only then.
    func usabilityGates(_ index: Int) -> [BindingGate] {
        guard !conditionallyUsable.isEmpty else { return [] }
        var gates: [BindingGate] = []
        for call in s.enclosingCalls(of: index) {
            guard let (condition, negated) = conditionallyUsable[call],
                var gate = BindingWrites.atomGate(condition, in: s)
            else { continue }
            if negated {
                if gate.kind == .opaque { gate.name = "!(" + gate.name + ")" } else { gate.negated.toggle() }
            }
            gates.append(gate)
        }
        return gates
    }

    /// Why no one can use the views around the token, if so.
    func unusable(_ index: Int) -> String? {
        guard !unusableViews.isEmpty else { return nil }
        for call in s.enclosingCalls(of: index) {
            if let reason = unusableViews[call] { return reason }
        }
        return nil
    }
}

/// Whether two sets of `#if` branches can never be compiled together.
package enum CompileBranches {
    /// `os(tvOS)` against `!os(tvOS)`, or against `os(iOS)` (`os(iOS) || os(visionOS)` against
    /// `os(macOS)`); any other condition may hold with anything, and excludes nothing.
    package static func exclude(_ a: [String], _ b: [String]) -> Bool {
        if Structure.branchesExclude(a, b) { return true }
        let first = a.compactMap(platforms), second = b.compactMap(platforms)
        return first.contains { one in second.contains { one.isDisjoint(with: $0) } }
    }

    /// The platforms of a condition that is `os(X)` or several joined by `||`; nil otherwise.
    static func platforms(_ condition: String) -> Set<String>? {
        var found: Set<String> = []
        for part in condition.split(separator: "||", omittingEmptySubsequences: false) {
            guard part.hasPrefix("os("), part.hasSuffix(")") else { return nil }
            found.insert(String(part.dropFirst(3).dropLast()))
        }
        return found.isEmpty ? nil : found
    }
}
