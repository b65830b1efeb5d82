import SwiftLexer

/// A `TabView` inside a `NavigationStack` pushes the whole tab bar with every destination and
/// shares one path between tabs. Give each tab its own stack inside the `TabView`.
public struct TabViewInNavigationStackRule: Rule {
    public let id = "tabview-in-navigation-stack"

    public func check(_ file: LintFile, project: ProjectIndex, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        for call in s.calls where call.callee == "TabView" && !call.isMember {
            guard let stack = s.enclosingCallees(of: call.calleeToken).first(where: { ProjectIndex.stackNames.contains($0) }) else { continue }
            hits.append(Hit(file: file.index, offset: s.offset(of: call.calleeToken),
                            message: "`TabView` inside `\(stack)` shares one navigation path between tabs and hides the tab bar on push; put a `NavigationStack` inside each tab instead"))
        }
        return hits
    }
}
