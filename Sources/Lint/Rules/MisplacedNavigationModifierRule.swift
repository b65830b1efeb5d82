import SwiftLexer

/// `.navigationTitle`, `.toolbar`, `.navigationDestination`, `.navigationBarTitleDisplayMode` (and
/// the older `.navigationBarTitle`, `.navigationBarItems`, `.navigationBarHidden`) describe a
/// screen *inside* a stack. Applied to the `NavigationStack` or `NavigationView` itself they have
/// no screen to attach to and are ignored.
public struct MisplacedNavigationModifierRule: Rule {
    public let id = "misplaced-navigation-modifier"
    public let startsFrom: [Vocabulary.Word] = [.navigationStack, .navigationView, .navigationSplitView]

    /// The screen modifiers, matched without hashing every member call's name; all start with
    /// `n` or `t`, which rules out most member calls with one byte.
    static func isScreenModifier(_ name: String) -> Bool {
        let first = name.utf8.first
        guard first == UInt8(ascii: "n") || first == UInt8(ascii: "t") else { return false }
        switch name {
        case "navigationTitle", "toolbar", "navigationDestination", "navigationBarTitleDisplayMode",
            "toolbarBackground",
            "navigationBarTitle", "navigationBarItems", "navigationBarHidden", "navigationBarBackButtonHidden":
            return true
        default: return false
        }
    }

    /// On a `NavigationSplitView` (or a `NavigationView` given columns) a title or toolbar is the
    /// window's (macOS) and may be right there; a destination or an iOS navigation bar setting is not.
    static func misplacedOnSplitView(_ name: String) -> Bool {
        name != "navigationTitle" && name != "toolbar" && name != "toolbarBackground"
    }

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        for call in s.calls where call.isMember && Self.isScreenModifier(call.callee) {
            guard let root = s.chainRoot(of: call), !s.calls[root].isMember else { continue }
            let container = s.calls[root].callee
            let isStack =
                container == "NavigationStack" || (container == "NavigationView" && !Self.hasColumns(root, in: s))
            let isSplit = container == "NavigationSplitView" || container == "NavigationView"
            guard isStack || (isSplit && Self.misplacedOnSplitView(call.callee)) else { continue }
            // `.toolbarBackground(…, for: .tabBar)` and `.toolbar(.hidden, for: .tabBar)` style the tab
            // bar around the stack: the stack is the right place for them.
            if let placement = s.argument(of: call, labeled: "for"), s.text(placement.value).contains("tabBar") {
                continue
            }
            hits.append(
                Hit(
                    file: file.index, offset: s.offset(of: call.calleeToken),
                    message:
                        "`.\(call.callee)` is applied to the `\(container)` itself, where it has no screen to describe; move it onto the root view inside the stack"
                ))
        }
        return hits
    }

    /// `NavigationView { Sidebar(); Detail() }`: more than one view at the top of its content makes
    /// columns (a split view on iPad and macOS), not one stack.
    static func hasColumns(_ navigationView: Int, in s: Structure) -> Bool {
        guard let content = s.trailingClosures(of: s.calls[navigationView]).first else { return false }
        var views = 0
        for index in s.calls(in: content.body.lowerBound..<content.body.upperBound + 1) {
            let call = s.calls[index]
            guard !call.isMember, s.innermostCall(of: call.calleeToken) == navigationView else { continue }
            views += 1
            if views > 1 { return true }
        }
        return false
    }
}

extension Structure {
    /// The call an expression ends with, found from its last `)` or `}` through the scopes.
    public func callEnding(at token: Int) -> Int? {
        guard token >= 0, token < code.count, opening[token] >= 0 else { return nil }
        switch scopes[Int(scopeOf[Int(opening[token])])].kind {
        case .arguments(let call), .closure(let call?):
            let found = calls[call]
            let end = found.lastClosureEnd >= 0 ? found.lastClosureEnd : found.parentheses?.upperBound
            return end == token ? call : nil
        default:
            return nil
        }
    }

    /// The app's own modifiers chained onto each call that starts a chain, by that call's index:
    /// `Catalog().embeddedInNavigation()` → `[".embeddedInNavigation"]`, `.modifier(Framed())` →
    /// `["Framed"]`. SwiftUI's everyday modifiers are left out; what is left may wrap the view in
    /// a stack, which the project index knows (`ProjectIndex.wrapsInStack`).
    public func chainedModifiers() -> [Int: [String]] {
        var chained: [Int: [String]] = [:]
        for call in calls where call.isMember && !ProjectIndex.everydayModifiers.contains(call.callee) {
            guard let root = chainRoot(of: call) else { continue }
            if call.callee == "modifier" {
                guard let value = arguments(of: call).first?.value, let first = value.first,
                    code[first].kind == .identifier, Structure.isTypeName(text(first))
                else { continue }
                chained[root, default: []].append(text(first))
            } else {
                chained[root, default: []].append("." + call.callee)
            }
        }
        return chained
    }

    /// The first call of a modifier chain: `NavigationStack { … }.padding().navigationTitle("x")` → NavigationStack.
    public func chainRoot(of call: CallSite) -> Int? {
        var current = call
        var found: Int?
        var steps = 0
        while current.isMember, let base = current.baseToken, let previous = callEnding(at: base), steps < 64 {
            found = previous
            current = calls[previous]
            steps += 1
        }
        guard let root = found, !calls[root].isMember else { return nil }
        return root
    }
}
