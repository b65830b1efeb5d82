import SwiftLexer
import Support
import SwiftUIModel

/// `identifier: [print, debugPrint]` — the name used in code (a call, a reference), not as a
/// member after `.`, an argument label or the name a declaration introduces; and
/// `member: UIApplication.shared` (or `.shared` after any base) — the member reached through `.`.
struct IdentifierMatcher: TeamMatcher {
    /// For `identifier:` the names; for `member:` the member names.
    let names: [[UInt8]]
    /// For `member:`: the base each name needs (`UIApplication`, `UIKit.UIApplication`), or empty.
    let bases: [[[UInt8]]]
    let isMember: Bool

    static func identifiers(_ map: inout SpecMap) throws -> IdentifierMatcher {
        let names = try map.strings("identifier") ?? []
        guard !names.isEmpty, !names.contains(where: { $0.isEmpty || $0.contains(".") }) else {
            throw map.problem("`\(map.place).identifier` needs plain names (for `A.b` write `member: A.b`)")
        }
        return IdentifierMatcher(names: names.map { Array($0.utf8) }, bases: [], isMember: false)
    }

    static func members(_ map: inout SpecMap) throws -> IdentifierMatcher {
        let specs = try map.strings("member") ?? []
        var names: [[UInt8]] = [], bases: [[[UInt8]]] = []
        for spec in specs {
            let parts = spec.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2, let last = parts.last, !last.isEmpty,
                parts.dropLast().allSatisfy({ !$0.isEmpty }) || (parts.count == 2 && parts[0].isEmpty)
            else {
                throw map.problem("`\(map.place).member`: `\(spec)` is not `Base.member` or `.member`")
            }
            names.append(Array(last.utf8))
            bases.append(parts.dropLast().filter { !$0.isEmpty }.map { Array($0.utf8) })
        }
        guard !names.isEmpty else { throw map.problem("`\(map.place).member` needs a member") }
        return IdentifierMatcher(names: names, bases: bases, isMember: true)
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let s = file.s
        var found: [TeamMatch] = []
        for index in within.map(Array.init) ?? tokensSpellingNames(in: file) {
            let token = s.code[index]
            guard token.kind == .identifier || token.kind == .keyword else { continue }
            guard let which = names.firstIndex(where: { s.spells(index, $0) }) else { continue }
            if isMember {
                guard s.punct(index - 1, UInt8(ascii: ".")), s.spellsBase(bases[which], before: index - 1) else {
                    continue
                }
                let start = bases[which].isEmpty ? index - 1 : index - 1 - 2 * bases[which].count + 1
                found.append(
                    TeamMatch(
                        offset: token.offset, token: index, extent: max(0, start)...index,
                        anchors: file.readsAnchors ? ["base": s.code[max(0, start)].offset] : [:],
                        bindings: file.readsBindings ? ["NAME": s.text(index)] : [:],
                        text: s.compactText(max(0, start)..<(index + 1))))
            } else {
                guard isReference(index, in: s) else { continue }
                found.append(
                    TeamMatch(
                        offset: token.offset, token: index, extent: index...index,
                        bindings: file.readsBindings ? ["NAME": s.text(index)] : [:], text: s.text(index)))
            }
        }
        return found
    }

    /// The code tokens spelled as one of the names, in order: where the names occur in the
    /// bytes, each a token's whole text (not inside a longer name, a comment or a string). The
    /// file holds a name (the rule's gate said so), but most of its tokens are other words.
    private func tokensSpellingNames(in file: TeamFile) -> [Int] {
        let code = file.s.code
        var tokens: [Int] = []
        file.bytes.withUnsafeBufferPointer { bytes in
            for name in names {
                name.withUnsafeBufferPointer { name in
                    for start in bytes.startsOfOccurrences(of: name) {
                        let index = file.token(at: start)
                        if index < code.count, code[index].offset == start, code[index].length == name.count {
                            tokens.append(index)
                        }
                    }
                }
            }
        }
        return names.count > 1 ? Array(Set(tokens)).sorted() : tokens
    }

    /// Not a member, a label, or a declared name.
    private func isReference(_ index: Int, in s: Structure) -> Bool {
        if s.punct(index - 1, UInt8(ascii: ".")) { return false }
        if s.punct(index + 1, UInt8(ascii: ":")),
            s.punct(index - 1, UInt8(ascii: "(")) || s.punct(index - 1, UInt8(ascii: ","))
        {
            return false
        }
        if index > 0 {
            switch s.code[index - 1].keyword {
            case .func, .var, .let, .class, .struct, .enum, .protocol, .typealias, .case, .associatedtype, .import:
                return false
            default: break
            }
            if s.is(index - 1, "actor") { return false }
        }
        return true
    }

    var anchorNames: [String] { isMember ? ["base"] : [] }

    func defaultMessage(_ match: TeamMatch) -> String { "`\(match.text)` is not to be used here" }

    var defaultMessageReadsBindings: Bool { false }

    /// A member's base, when every member names one, is rarer than the member (`UIApplication`
    /// rather than `shared`).
    var requiredTexts: [[UInt8]]? {
        if isMember, !bases.isEmpty, bases.allSatisfy({ !$0.isEmpty }) { return bases.map { $0[0] } }
        return names
    }
}
