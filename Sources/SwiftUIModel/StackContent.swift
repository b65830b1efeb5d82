import SwiftLexer
import Support

/// What a stack's own content shows of navigating: a link, a destination modifier or a path
/// bound to the stack, in its content or in the members of its view that the content names. A
/// stack inside another that shows none of these (only content, a sheet, a dismiss button) does
/// not show two paths competing. The views and the app's modifiers the content builds may
/// navigate in turn: the index answers for those (`ProjectIndex.mayNavigate`).
public struct StackContent: Sendable {
    /// The content itself navigates (or the stack drives a path: `path:`, TCA's store, FlowStacks' routes).
    public var navigates = false
    /// Views the content builds (`Settings`) and the app's modifiers it applies (`.routed`).
    public var builds: [String] = []

    public init(stack callIndex: Int, in s: Structure) {
        let stack = s.calls[callIndex]
        // A stack bound to a path, a store or routes is driven by them.
        if stack.callee == "NavigationStackStore" || stack.callee == "FlowStack"
            || s.arguments(of: stack).contains(where: { $0.label == "path" })
        {
            navigates = true
            return
        }
        var regions = Self.contentRegions(of: stack, in: s)
        // Members of the view named in the content (`NavigationStack { content }` with
        // `var content: some View { … }`): their bodies are the content too (one level down).
        if let owner = s.enclosingType(of: stack.calleeToken) {
            var members: [String: ClosedRange<Int>] = [:]
            for property in s.properties(of: owner) {
                if let body = s.properties[property].body { members[s.properties[property].name] = body }
            }
            for function in s.functions(of: owner) {
                if let body = s.functions[function].body { members[s.functions[function].name] = body }
            }
            if !members.isEmpty {
                for region in regions {
                    for index in region where s.code[index].kind == .identifier {
                        if let body = members.removeValue(forKey: s.text(index)) {
                            regions.append(body.lowerBound..<body.upperBound + 1)
                        }
                    }
                }
            }
        }
        for region in regions {
            for index in s.calls(in: region) {
                let call = s.calls[index]
                if Self.isPresented(index, below: callIndex, in: s) { continue }
                if SwiftUINames.isNavigationCall(call) {
                    navigates = true
                    return
                }
                if SwiftUINames.mayBuildRunType(call) {
                    builds.append(call.callee)
                } else if call.isMember, !SwiftUINames.everydayModifiers.contains(call.callee),
                    !SwiftUINames.isPresentationModifier(call.callee),
                    call.callee.utf8.first.map({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) == true
                {
                    builds.append("." + call.callee)
                }
            }
        }
    }

    /// The stack call's arguments and trailing closures.
    static func contentRegions(of call: CallSite, in s: Structure) -> [Range<Int>] {
        var regions = s.trailingClosures(of: call).map { $0.body.lowerBound..<$0.body.upperBound + 1 }
        if let parentheses = call.parentheses { regions.append(parentheses.lowerBound..<parentheses.upperBound + 1) }
        return regions
    }

    /// Inside presentation content (a sheet's) within the stack: pushes there are not the stack's.
    static func isPresented(_ callIndex: Int, below stack: Int, in s: Structure) -> Bool {
        for outer in s.enclosingCalls(of: s.calls[callIndex].calleeToken) {
            if outer == stack { return false }
            if s.calls[outer].isMember, SwiftUINames.isPresentationModifier(s.calls[outer].callee) { return true }
        }
        return false
    }
}
