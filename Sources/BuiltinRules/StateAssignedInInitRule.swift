import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// `@State var count = 0` then `self.count = start` in the view's `init`: the `State` already
/// holds its initial value, and setting it before SwiftUI installs the view changes nothing, so
/// the view starts at `0`. Seed it with `_count = State(initialValue: start)`. (Without an initial
/// value on the declaration, the first `self.count = …` initializes the storage and works.)
public struct StateAssignedInInitRule: Rule {
    public let id = "state-assigned-in-init"
    public let startsFrom: [Vocabulary.Word] = [.view]

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var reported = Set<Int>()
        return ViewStateInInit.mentions(in: s).compactMap { mention -> Hit? in
            guard mention.use == .assigned, mention.wrapper.hasSuffix("State"), mention.property.hasInitialValue,
                reported.insert(mention.token).inserted
            else { return nil }
            let name = mention.property.name
            return Hit(
                file: file.index, offset: s.offset(of: mention.token),
                message:
                    "`\(name)` is `@State` with an initial value, so assigning it in `\(mention.typeName).init` has no effect: the view starts with the declared value. Write `_\(name) = State(initialValue: …)`"
            )
        }
    }
}
