import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// How a team rule names a piece of text (a declaration's name, a supertype, an argument's
/// value): `Foo` is exactly that text, `/^on[A-Z]/` a regular expression that must match in it,
/// and a leading `!` turns either around (`!/ViewController$/`: any name that does not end so).
struct TextPattern: @unchecked Sendable, CustomStringConvertible {
    let source: String
    private let exact: String?
    private let regex: NSRegularExpression?
    let negated: Bool

    init(_ source: String, path: String, place: String) throws {
        self.source = source
        var body = Substring(source)
        negated = body.hasPrefix("!")
        if negated { body = body.dropFirst() }
        if body.count >= 2, body.hasPrefix("/"), body.hasSuffix("/") {
            let pattern = String(body.dropFirst().dropLast())
            do {
                regex = try NSRegularExpression(pattern: pattern)
            } catch {
                throw SpecMap.problem(path, "`\(place)`: `\(pattern)` is not a valid regular expression")
            }
            exact = nil
        } else {
            exact = String(body)
            regex = nil
        }
    }

    var description: String { source }

    /// The plain text, when the pattern is one (no regex, not negated).
    var plainText: String? { negated ? nil : exact }

    /// For a regex that is not negated: texts of which every matching name holds one.
    var requiredTexts: [[UInt8]]? {
        guard !negated, let regex else { return nil }
        return RequiredLiterals.of(regex.pattern)
    }

    func matches(_ text: String) -> Bool {
        let found: Bool
        if let exact {
            found = text == exact
        } else if let regex {
            found = regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
        } else {
            found = false
        }
        return found != negated
    }

    static func list(_ sources: [String]?, path: String, place: String) throws -> [TextPattern] {
        try (sources ?? []).map { try TextPattern($0, path: path, place: place) }
    }
}

extension Array where Element == TextPattern {
    /// Whether any of the patterns matches (an empty list matches everything).
    func anyMatches(_ text: String) -> Bool { isEmpty || contains { $0.matches(text) } }
}
