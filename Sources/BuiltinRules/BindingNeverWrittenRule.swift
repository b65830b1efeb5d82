import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A `@Binding` the view never assigns, mutates or passes on as `$name` only reads its value:
/// it should be a `let`. Such bindings are the usual reason callers reach for `.constant(…)`.
/// A method called on it (`settings.reset()`) writes it when the run declares a `mutating func`
/// of that name: the one thing the verdict waits for the project index to know. The reading of
/// writes is the SwiftUI layer's (`BindingWrites`), shared with `constant-binding`.
public struct BindingNeverWrittenRule: ProjectRule {
    public let id = "binding-never-written"

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let unwritten = file.summary.bindings.filter { $0.isWrapper && !$0.written }
        guard !unwritten.isEmpty else { return { _ in [] } }
        let fileIndex = file.index
        return { project in
            unwritten.compactMap { binding in
                guard binding.calls.isDisjoint(with: project.mutatingFunctions) else { return nil }
                let name = binding.name
                return Hit(
                    file: fileIndex, offset: binding.offset,
                    message:
                        "`@Binding var \(name)` is never written nor passed on as `$\(name)`; make it `let \(name)` so callers pass a value, not a binding"
                )
            }
        }
    }
}
