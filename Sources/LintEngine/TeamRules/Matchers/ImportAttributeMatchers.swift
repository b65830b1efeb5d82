import SwiftLexer
import Support
import SwiftUIModel

/// `import: [UIKit, Combine]` — an `import` of one of these modules (also `@testable import`,
/// `import class UIKit.UIView`, a submodule `import UIKit.UIGestureRecognizerSubclass`).
struct ImportMatcher: TeamMatcher {
    let modules: [TextPattern]

    static func parse(_ map: inout SpecMap) throws -> ImportMatcher {
        let modules = try TextPattern.list(map.strings("import"), path: map.path, place: "\(map.place).import")
        guard !modules.isEmpty else { throw map.problem("`\(map.place).import` needs a module") }
        return ImportMatcher(modules: modules)
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let s = file.s
        var found: [TeamMatch] = []
        for index in within ?? 0..<s.code.count where s.code[index].keyword == .import {
            var k = index + 1
            // `import class UIKit.UIView`: the declaration kind comes first.
            if k < s.code.count, s.code[k].kind == .keyword, s.code[k].keyword != .Any { k += 1 }
            guard s.isWord(k), s.code[k].line == s.code[index].line else { continue }
            let module = s.text(k)
            guard modules.contains(where: { $0.matches(module, budget: file.budget) }) else { continue }
            var end = k
            while s.punct(end + 1, UInt8(ascii: ".")), s.isWord(end + 2) { end += 2 }
            found.append(
                TeamMatch(
                    offset: s.code[k].offset, token: index, extent: index...end,
                    anchors: file.readsAnchors ? ["keyword": s.code[index].offset] : [:],
                    bindings: file.readsBindings ? ["MODULE": module] : [:], text: module))
        }
        return found
    }

    var anchorNames: [String] { ["keyword"] }

    func defaultMessage(_ match: TeamMatch) -> String { "`import \(match.text)` is not to be written here" }

    var defaultMessageReadsBindings: Bool { false }

    var requiredTexts: [[UInt8]]? {
        let plain = modules.compactMap(\.plainText)
        return plain.count == modules.count ? plain.map { Array($0.utf8) } : [Array("import".utf8)]
    }
}

/// `attribute: ["@objcMembers", "@UIApplicationMain"]` — the attribute anywhere in code.
struct AttributeMatcher: TeamMatcher {
    let names: [TextPattern]

    static func parse(_ map: inout SpecMap) throws -> AttributeMatcher {
        let names = try (map.strings("attribute") ?? []).map { name in
            try TextPattern(Self.withoutAt(name), path: map.path, place: "\(map.place).attribute")
        }
        guard !names.isEmpty else { throw map.problem("`\(map.place).attribute` needs an attribute") }
        return AttributeMatcher(names: names)
    }

    /// `@objc` and `objc` name the same attribute; a pattern (`/…/`, `!…`) is left as written.
    static func withoutAt(_ name: String) -> String { name.hasPrefix("@") ? String(name.dropFirst()) : name }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let s = file.s
        var found: [TeamMatch] = []
        for index in within ?? 0..<s.code.count where s.code[index].kind == .attribute {
            let name = String(s.text(index).dropFirst())
            guard names.contains(where: { $0.matches(name, budget: file.budget) }) else { continue }
            var end = index
            if s.punct(index + 1, UInt8(ascii: "(")), !s.spaced(before: index + 1), s.closing[index + 1] > index + 1 {
                end = Int(s.closing[index + 1])
            }
            found.append(
                TeamMatch(
                    offset: s.code[index].offset, token: index, extent: index...end, bindings: ["NAME": name],
                    text: "@" + name))
        }
        return found
    }

    func defaultMessage(_ match: TeamMatch) -> String { "`\(match.text)` is not to be used here" }

    var requiredTexts: [[UInt8]]? {
        let plain = names.compactMap(\.plainText)
        return plain.count == names.count ? plain.map { Array(("@" + $0).utf8) } : nil
    }
}
