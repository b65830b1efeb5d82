import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A view's `init` reads its own `@StateObject` or `@State` (`model.load()`, `items.count`):
/// SwiftUI installs the storage only after `init` returns, so the read reaches a storage no view
/// holds. For a `@StateObject` that builds a throwaway object each time ("Accessing StateObject's
/// object without being installed on a View. This will create a new instance each time."); for a
/// `@State` it reads the initial value and warns. Writing `_model = StateObject(wrappedValue: …)`
/// is the way to seed it, and a `.task`/`.onAppear` the place to use it.
public struct StateReadInInitRule: Rule {
    public let id = "state-read-in-init"
    public let startsFrom: [Vocabulary.Word] = [.view]

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        let s = file.structure
        // One finding per property and `init`: the first read is the place to look.
        var reported = Set<String>()
        return ViewStateInInit.mentions(in: s).compactMap { mention -> Hit? in
            guard mention.use == .read else { return nil }
            let isObject = mention.wrapper.hasSuffix("StateObject")
            guard reported.insert("\(mention.function) \(mention.property.name)").inserted else { return nil }
            let name = mention.property.name
            return Hit(
                file: file.index, offset: s.offset(of: mention.token),
                message: isObject
                    ? "`\(mention.typeName).init` reads its `@StateObject var \(name)` before SwiftUI installs it, which creates a new instance each time; seed it with `_\(name) = StateObject(wrappedValue: …)` and use it in `.task` or `.onAppear`"
                    : "`\(mention.typeName).init` reads its `@State var \(name)` before SwiftUI installs it: it gets the initial value, not the live state; use the value you seed it with, or read it in `body`",
                // A state value read there is the initial one, which is often what the code
                // meant: said at info. An object read there is always a throwaway.
                severity: isObject ? nil : .info, confidence: isObject ? .high : .medium)
        }
    }
}
