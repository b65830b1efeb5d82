import SwiftLexer
import LintEngine
import SwiftUIModel
import Support
import ProjectSettings

/// `isPresented: .constant(x != nil)` or a hand-made `Binding(get: { x != nil }, …)` turns an
/// optional into a Bool only to present something for it. `sheet(item:)` and
/// `navigationDestination(item:)` take the optional directly and clear it on dismiss.
/// `alert` and `confirmationDialog` have no such variant (they take `presenting:` beside the Bool),
/// so the hand-made binding is the idiom there; a `.constant` there is `constant-binding`'s.
public struct BoolBindingFromOptionalRule: CollectingRule {
    public let id = "bool-binding-from-optional"
    public let startsFrom: [Vocabulary.Word] = [.isPresented]

    /// The presentations that have an `item:` variant.
    static let itemVariants: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination"]

    /// Names of the file's stored optional properties, by whether their type is a standard one
    /// that is not `Identifiable` (`String?`, `URL?`): `item:` needs a wrapper for those.
    /// A file's stored optional properties, by whether their type is a standard one.
    public struct OptionalProperties: Sendable, Equatable {
        var plain: Set<String>
        var other: Set<String>
    }

    public func collect(_ file: LintFile) -> OptionalProperties? {
        var plain = Set<String>()
        var other = Set<String>()
        for property in file.structure.properties where property.body == nil && !property.isStatic {
            guard let type = property.type, type.hasSuffix("?") else { continue }
            if SwiftUINames.plainValueTypes.contains(String(type.dropLast())) {
                plain.insert(property.name)
            } else {
                other.insert(property.name)
            }
        }
        return plain.isEmpty && other.isEmpty ? nil : OptionalProperties(plain: plain, other: other)
    }

    /// The names whose every declaration in the run has a plain optional type.
    public static func merge(_ collected: Collected<OptionalProperties>) -> Set<String> {
        let all = collected.all
        return Set(all.flatMap(\.plain)).subtracting(all.flatMap(\.other))
    }

    public func validate(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex, Set<String>) -> [Hit] {
        let s = file.structure
        var hits: [(hit: Hit, compared: String?)] = []
        // Start from `isPresented:` labels (few) rather than from every call.
        for label in s.code.indices
        where s.code[label].kind == .identifier && s.is(label, "isPresented") && s.punct(label + 1, UInt8(ascii: ":")) {
            guard let outer = s.innermostCall(of: label),
                let argument = s.argument(of: s.calls[outer], labeled: "isPresented"),
                argument.labelToken == label, let first = argument.value.first
            else { continue }
            let call = s.calls[outer]
            guard Self.itemVariants.contains(call.callee), s.isModifierCall(call) else { continue }
            // `navigationDestination(item:)` is iOS 17: before it, the Bool binding is the way.
            if call.callee == "navigationDestination",
                !options.allows(DeploymentTargets.navigationDestinationItemAPI) || s.isInAvailabilityFallback(label)
            {
                continue
            }
            if let start = s.constantBindingStart(in: argument.value),
                let comparison = s.nilComparison(in: start..<argument.value.upperBound)
            {
                hits.append(
                    (hit(file, s, at: start, kind: "`.constant(… != nil)`", call: call), compared(s, comparison)))
            } else if s.is(first, "Binding"), s.punct(first + 1, UInt8(ascii: "(")),
                let inner = s.calls(in: first..<first + 1).first,
                let getter = s.argument(of: s.calls[inner], labeled: "get"),
                let comparison = s.nilComparison(in: getter.value)
            {
                hits.append(
                    (
                        hit(file, s, at: first, kind: "a `Binding(get: { … != nil })`", call: call),
                        compared(s, comparison)
                    ))
            }
        }
        guard !hits.isEmpty else { return { _, _ in [] } }
        return { [hits] _, plainOptionalNames in
            hits.map { hit, compared in
                // `item:` takes an `Identifiable` value: a `String?` or `URL?` needs a small wrapper
                // first, which the hand-made binding may be avoiding on purpose.
                guard let compared, plainOptionalNames.contains(compared) else { return hit }
                var unsure = hit
                unsure.severity = .info
                unsure.message += " (wrapped in an `Identifiable` type, as `\(compared)` is not one)"
                return unsure
            }
        }
    }

    /// The name compared with `nil` (`errorMessage` in `viewModel.errorMessage != nil`).
    func compared(_ s: Structure, _ comparison: Int) -> String? {
        comparison >= 1 && s.code[comparison - 1].kind == .identifier ? s.text(comparison - 1) : nil
    }

    func hit(_ file: LintFile, _ s: Structure, at token: Int, kind: String, call: CallSite) -> Hit {
        let name = ".\(call.callee)"
        return Hit(
            file: file.index, offset: s.offset(of: token),
            message:
                "\(kind) turns an optional into a Bool for `\(name)(isPresented:)`; pass the optional to `\(name)(item:)` instead, which presents while it has a value and clears it on dismiss"
        )
    }
}
