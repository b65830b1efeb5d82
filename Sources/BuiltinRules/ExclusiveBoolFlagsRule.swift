import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// Several `Bool` flags (`DisclosureGroup(isExpanded:)`, `sheet(isPresented:)`) kept mutually
/// exclusive by `.onChange` handlers that reset the others: one optional Hashable selection
/// (`tag`/`selection`, or an enum) says the same with no way to get out of sync.
public struct ExclusiveBoolFlagsRule: Rule {
    public let id = "exclusive-bool-flags"
    public let startsFrom: [Vocabulary.Word] = [.onChange]

    static let flagLabels: Set<String> = ["isExpanded", "isPresented"]

    /// Whether an `isExpanded:`/`isPresented:` label stands in the call's parentheses (a cheap
    /// test before splitting its arguments).
    static func hasFlagLabel(_ call: CallSite, in s: Structure) -> Bool {
        guard let parentheses = call.parentheses else { return false }
        for index in parentheses
        where s.code[index].kind == .identifier && (s.is(index, "isExpanded") || s.is(index, "isPresented")) {
            if s.punct(index + 1, UInt8(ascii: ":")) { return true }
        }
        return false
    }

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        // Cheap test first: without two flag arguments and an onChange there is nothing to find.
        var labels = 0, onChange = false
        for (index, token) in s.code.enumerated() where token.kind == .identifier {
            if (s.is(index, "isExpanded") || s.is(index, "isPresented")) && s.punct(index + 1, UInt8(ascii: ":")) {
                labels += 1
            }
            if s.is(index, "onChange") { onChange = true }
        }
        guard labels >= 2, onChange else { return [] }
        for (typeIndex, type) in s.types.enumerated() {
            guard let body = type.body else { continue }
            let region = body.lowerBound..<body.upperBound + 1
            // Flags bound as `$name` to an isExpanded:/isPresented: argument inside this type.
            var flags = Set<String>()
            for index in s.calls(in: region)
            where Self.hasFlagLabel(s.calls[index], in: s)
                && s.enclosingType(of: s.calls[index].calleeToken) == typeIndex
            {
                for argument in s.arguments(of: s.calls[index]) where Self.flagLabels.contains(argument.label ?? "") {
                    if argument.value.count == 1 {
                        let text = s.text(argument.value.lowerBound)
                        if text.hasPrefix("$"), text.count > 1 { flags.insert(String(text.dropFirst())) }
                    }
                }
            }
            guard flags.count >= 2 else { continue }
            for index in s.calls(in: region) where s.calls[index].callee == "onChange" && s.calls[index].isMember {
                let call = s.calls[index]
                guard
                    let observed = s.argument(of: call, labeled: "of").map({
                        s.text($0.value).replacingOccurrences(of: "self.", with: "")
                    }),
                    flags.contains(observed)
                else { continue }
                var handlers = s.trailingClosures(of: call).map { $0.body.lowerBound..<$0.body.upperBound + 1 }
                if let perform = s.argument(of: call, labeled: "perform") { handlers.append(perform.value) }
                let reset = handlers.contains { handler in
                    handler.contains { j in
                        guard s.code[j].kind == .identifier, j + 2 < s.code.count else { return false }
                        let name = s.text(j)
                        return name != observed && flags.contains(name) && s.code[j + 1].kind == .operator
                            && s.is(j + 1, "=") && s.is(j + 2, "false")
                    }
                }
                if reset {
                    hits.append(
                        Hit(
                            file: file.index, offset: s.offset(of: call.calleeToken),
                            message:
                                "`\(observed)` is kept exclusive with other Bool flags by resetting them in `onChange`; store one optional Hashable selection instead and bind each control to it"
                        ))
                }
            }
        }
        return hits
    }
}
