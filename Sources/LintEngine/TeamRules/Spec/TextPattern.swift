import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// How a team rule names a piece of text (a declaration's name, a supertype, an argument's
/// value): `Foo` is exactly that text, `/^on[A-Z]/` a regular expression that must match in it,
/// and a leading `!` turns either around (`!/ViewController$/`: any name that does not end so).
struct TextPattern: Sendable, CustomStringConvertible {
    let source: String
    private let exact: String?
    /// The regex and what speeds it up, in one object: reading it is one retain, where three
    /// optionals were three generic copies per tested text.
    private let regex: Regex?
    let negated: Bool

    private final class Regex: @unchecked Sendable {
        /// Charged to the rule's budget, as a `regex:` rule's scans are.
        let compiled: BoundedRegex
        /// The same regex decided without ICU, when it is a sequence of classes (most names are).
        let classes: ClassSequenceRegex?
        /// Texts every match holds one of: a text without one is decided without the regex.
        let needs: [[UInt8]]?
        /// `classes`' `textLengths` (any length without them), read without copying `classes`.
        let lengths: ClosedRange<Int>
        /// `classes` anchored at the start (`^https?:`): tried before the required texts.
        let anchoredClasses: Bool
        /// The regex's verdicts on texts already seen (numbers and names repeat across a run).
        let verdicts = RegexVerdicts()

        init(_ compiled: BoundedRegex, pattern: String) {
            self.compiled = compiled
            classes = ClassSequenceRegex(pattern)
            needs = RequiredLiterals.of(pattern)
            lengths = classes?.textLengths ?? 0...Int.max
            anchoredClasses = classes?.anchoredAtStart ?? false
        }

        /// Whether the regex finds a match in the UTF-8 `text`, when that is decided without a `String`.
        func quickVerdict(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
            if !lengths.contains(text.count) { return false }
            if anchoredClasses, let verdict = classes?.firstMatchExists(in: text) { return verdict }
            if let needs,
                !needs.contains(where: { needle in
                    needle.withUnsafeBufferPointer { text.containsOccurrence(of: $0) }
                })
            {
                return false
            }
            return anchoredClasses ? nil : classes?.firstMatchExists(in: text)
        }

        /// Whether the regex finds a match in `text`; nil when its scan was cut short (the
        /// budget is spent: the rule is off, and the verdict is not kept).
        func finds(_ text: String, budget: RegexBudget) -> Bool? {
            var text = text
            if let verdict = text.withUTF8(quickVerdict) { return verdict }
            return verdicts.verdict(text) { compiled.firstMatch(in: text, budget: budget) }
        }
    }

    init(_ source: String, path: String, place: String) throws {
        self.source = source
        var body = Substring(source)
        negated = body.hasPrefix("!")
        if negated { body = body.dropFirst() }
        if body.count >= 2, body.hasPrefix("/"), body.hasSuffix("/") {
            let pattern = String(body.dropFirst().dropLast())
            do {
                regex = Regex(try BoundedRegex(pattern), pattern: pattern)
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
        negated ? nil : regex?.needs
    }

    /// Whether `text` is what the pattern names; a regex's scan is charged to `budget` (one cut
    /// short reads as no match: the rule is off from there, and this check's hits are dropped).
    func matches(_ text: String, budget: RegexBudget) -> Bool {
        if let exact { return (text == exact) != negated }
        return (regex!.finds(text, budget: budget) ?? false) != negated
    }

    /// The UTF-8 lengths of the texts the pattern can match (any length when it cannot tell):
    /// a text of another length is decided by its length alone.
    var textLengths: ClosedRange<Int>? {
        negated ? nil : regex?.lengths
    }

    /// The verdict when the UTF-8 `text` decides it without a `String` (a regex
    /// whose required texts are all missing there, or one decided without ICU). Nil when it
    /// takes the text.
    func verdictWithoutText(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let regex else { return nil }
        return regex.quickVerdict(text).map { $0 != negated }
    }

    static func list(_ sources: [String]?, path: String, place: String) throws -> [TextPattern] {
        try (sources ?? []).map { try TextPattern($0, path: path, place: place) }
    }
}

extension Array where Element == TextPattern {
    /// Whether any of the patterns matches (an empty list matches everything).
    func anyMatches(_ text: String, budget: RegexBudget) -> Bool {
        isEmpty || contains { $0.matches(text, budget: budget) }
    }
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

    /// The verdict on `text`, computed when not known; one that could not be computed (nil) is
    /// not kept.
    func verdict(_ text: String, compute: () -> Bool?) -> Bool? {
        let cacheable = text.utf8.count <= Self.longest && text.utf8.allSatisfy { $0 < 0x80 }
        if cacheable, let known = lock.withLock({ known[text] }) { return known }
        guard let made = compute() else { return nil }
        if cacheable { lock.withLock { if known.count < Self.most { known[text] = made } } }
        return made
    }
}
