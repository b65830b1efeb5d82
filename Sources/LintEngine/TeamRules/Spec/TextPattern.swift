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
    /// Texts every match of the regex holds one of (negated or not): a text without one is
    /// decided without running the regex.
    private let regexNeeds: [[UInt8]]?
    /// The regex's verdicts on texts already seen (numbers and names repeat across a run).
    private let verdicts: RegexVerdicts?

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
            regexNeeds = RequiredLiterals.of(pattern)
            verdicts = RegexVerdicts()
        } else {
            exact = String(body)
            regex = nil
            regexNeeds = nil
            verdicts = nil
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
        } else if let regex, let verdicts {
            var text = text
            if let regexNeeds, !text.withUTF8({ Self.holdsOne(of: regexNeeds, in: $0) }) {
                found = false
            } else {
                found = verdicts.verdict(text) {
                    regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
                }
            }
        } else {
            found = false
        }
        return found != negated
    }

    /// The verdict when the UTF-8 text `bytes[range]` decides it without a `String`: a regex
    /// whose required texts are all missing finds nothing there. Nil when it takes the text.
    func verdictWithoutText(_ bytes: [UInt8], _ range: Range<Int>) -> Bool? {
        guard regex != nil, let regexNeeds else { return nil }
        let holds = bytes.withUnsafeBufferPointer { Self.holdsOne(of: regexNeeds, in: .init(rebasing: $0[range])) }
        return holds ? nil : negated
    }

    private static func holdsOne(of needles: [[UInt8]], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        needles.contains { needle in needle.withUnsafeBufferPointer { haystack.containsOccurrence(of: $0) } }
    }

    static func list(_ sources: [String]?, path: String, place: String) throws -> [TextPattern] {
        try (sources ?? []).map { try TextPattern($0, path: path, place: place) }
    }
}

extension Array where Element == TextPattern {
    /// Whether any of the patterns matches (an empty list matches everything).
    func anyMatches(_ text: String) -> Bool { isEmpty || contains { $0.matches(text) } }
}

/// A regex's verdicts by text, shared by the threads of a run: a lookup costs a hash where
/// `NSRegularExpression` costs microseconds (it bridges the text for each call). Only ASCII texts
/// are kept: `String` keys compare by canonical equivalence, ICU compares code units, and two
/// spellings of `é` must not share a verdict. Bounded, so a run over many distinct texts keeps
/// only the first ones.
final class RegexVerdicts: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: Bool] = [:]
    private static let most = 20_000
    private static let longest = 128

    func verdict(_ text: String, compute: () -> Bool) -> Bool {
        let cacheable = text.utf8.count <= Self.longest && text.utf8.allSatisfy { $0 < 0x80 }
        if cacheable, let known = lock.withLock({ known[text] }) { return known }
        let made = compute()
        if cacheable { lock.withLock { if known.count < Self.most { known[text] = made } } }
        return made
    }
}
