import SwiftLexer
import Support
import SwiftUIModel

/// `call:` — calls by name: `VStack` (a type or function), `.font` (a member call, on any base
/// or none), `DispatchQueue.main.asyncAfter` (a member call on that base). Refined by
/// `label: spacing` (the call passes it; the finding points at its value), `without_label:
/// spacing` (it does not; the finding points at the callee) and `value:` (the labelled
/// argument's value, or any argument's without `label`).
struct CallMatcher: TeamMatcher {
    struct Callee: Sendable {
        let name: [UInt8]
        let isMember: Bool
        let base: [[UInt8]]
    }

    let callees: [Callee]
    let label: String?
    let withoutLabels: [String]
    let value: ValuePattern?

    static func parse(_ map: inout SpecMap) throws -> CallMatcher {
        let specs = try map.strings("call") ?? []
        guard !specs.isEmpty else { throw map.problem("`\(map.place).call` needs a callee") }
        let callees = try specs.map { spec -> Callee in
            var parts = spec.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let name = parts.popLast(), !name.isEmpty else {
                throw map.problem("`\(map.place).call`: `\(spec)` is not a callee (`Name`, `.member`, `Base.member`)")
            }
            let isMember = !parts.isEmpty
            return Callee(
                name: Array(name.utf8), isMember: isMember, base: parts.filter { !$0.isEmpty }.map { Array($0.utf8) })
        }
        let value = try map.raw("value").map { try ValuePattern.parse($0, path: map.path, place: "\(map.place).value") }
        return CallMatcher(
            callees: callees, label: try map.string("label"), withoutLabels: try map.strings("without_label") ?? [],
            value: value)
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let s = file.s
        var found: [TeamMatch] = []
        // By index: a call is copied (a retain of its callee's text) only once it is accepted.
        for index in s.calls.indices {
            let callee = s.calls[index].calleeToken
            if let within, !within.contains(callee) { continue }
            let isMember = s.calls[index].isMember
            guard !s.calls[index].isPattern, callees.contains(where: { accepts($0, callee, isMember, s) }) else {
                continue
            }
            let call = s.calls[index]
            let arguments = s.arguments(of: call)
            if withoutLabels.contains(where: { label in arguments.contains { $0.label == label } }) { continue }
            // Anchors only for a rule that reports at one (a dictionary a match otherwise).
            var anchors: [String: Int] = [:]
            if file.readsAnchors {
                anchors["callee"] = s.code[callee].offset
                if let open = call.parentheses?.lowerBound { anchors["arguments"] = s.code[open].offset }
            }
            var offset = s.code[callee].offset
            if label != nil || value != nil {
                let candidates = arguments.filter { argument in
                    (label == nil || argument.label == label)
                        && (value == nil || value!.matches(argument.value, in: s, budget: file.budget))
                }
                guard let argument = candidates.first else { continue }
                if file.readsAnchors, let labelToken = argument.labelToken {
                    anchors["label"] = s.code[labelToken].offset
                }
                if let first = argument.value.first {
                    if file.readsAnchors { anchors["value"] = s.code[first].offset }
                    offset = s.code[first].offset
                } else if let labelToken = argument.labelToken {
                    offset = s.code[labelToken].offset
                }
            }
            let extent = call.extent
            let name = (call.isMember ? "." : "") + s.text(callee)
            found.append(
                TeamMatch(
                    offset: offset, token: callee, extent: extent, anchors: anchors,
                    bindings: file.readsBindings ? ["CALLEE": s.text(callee)] : [:], text: name))
        }
        return found
    }

    /// Whether the call has one of the callees.
    func matches(callSite call: CallSite, _ s: Structure) -> Bool {
        callees.contains { accepts($0, call.calleeToken, call.isMember, s) }
    }

    private func accepts(_ wanted: Callee, _ callee: Int, _ isMember: Bool, _ s: Structure) -> Bool {
        guard wanted.isMember == isMember, s.spells(callee, wanted.name) else { return false }
        guard !wanted.base.isEmpty else { return true }
        // `Base.member(…)`: the tokens before the `.` spell the base.
        return s.spellsBase(wanted.base, before: callee - 1)
    }

    var anchorNames: [String] { ["callee", "arguments", "label", "value"] }

    func defaultMessage(_ match: TeamMatch) -> String {
        if let label { return "`\(match.text)` passes `\(label):` here" }
        if let missing = withoutLabels.first { return "`\(match.text)` does not say `\(missing):`" }
        return "`\(match.text)` is not to be called here"
    }

    var defaultMessageReadsBindings: Bool { false }

    var requiredTexts: [[UInt8]]? { callees.map(\.name) }
}
