import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// A regex matched with SwiftLint's `custom_rules` semantics: `NSRegularExpression` (ICU) with
/// `.anchorsMatchLines` and `.dotMatchesLineSeparators`, over the whole file, leftmost and without
/// overlaps; a match is dropped when a span of an excluded kind touches it (the whole match, not
/// only the capture group); the finding stands at the start of `capture_group`.
///
/// Speed without changing a finding: every match holds one text of each list `required` gives
/// (read from the pattern), so a file lacking one is skipped; with a kind filter, a kept match
/// lies where no excluded kind is, so a file where every occurrence of those texts touches an
/// excluded kind (a `TODO:` only in strings, for a comment rule) is skipped too. Only then does
/// the whole-file scan that decides the findings run, once, charged to the rule's budget for the
/// run (`RegexBudget`): a rule that spends it is off from there.
package struct SwiftLintRegex: @unchecked Sendable {
    let pattern: String
    let regex: NSRegularExpression
    let excluded: SwiftLintKindSet
    let captureGroup: Int
    /// Lists of texts; each match holds one text of each list.
    let required: [[[UInt8]]]
    /// The same pattern through ICU's C API, when it is reachable.
    var icu: ICURegex?
    /// The pattern's bytes when it is plain text (ASCII letters, digits, `_`, spaces): its matches
    /// are its occurrences, leftmost and without overlaps, found in the file's bytes without ICU
    /// (an ASCII byte never stands inside a multi-byte UTF-8 character, so the occurrences in
    /// UTF-8 are those ICU finds in UTF-16).
    let plainText: [UInt8]?
    /// `execution_mode: sourcekit`: the kinds inside a comment as SourceKit names them
    /// (`comment.url`, `comment.mark`, `doccomment.field`), not the comment's one kind.
    let sourceKitComments: Bool

    static let options: NSRegularExpression.Options = [.anchorsMatchLines, .dotMatchesLineSeparators]

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    package init(
        pattern: String, excluded: SwiftLintKindSet = SwiftLintKindSet(), captureGroup: Int = 0,
        sourceKitComments: Bool = false
    ) throws {
        self.sourceKitComments = sourceKitComments
        do {
            regex = try NSRegularExpression(pattern: pattern, options: Self.options)
        } catch {
            throw Problem(description: "`\(pattern)` is not a valid regular expression (ICU syntax)")
        }
        guard (0...regex.numberOfCaptureGroups).contains(captureGroup) else {
            throw Problem(
                description:
                    "`capture_group: \(captureGroup)`: the regex has \(regex.numberOfCaptureGroups) capture group\(regex.numberOfCaptureGroups == 1 ? "" : "s")"
            )
        }
        self.pattern = pattern
        self.excluded = excluded
        self.captureGroup = captureGroup
        required = RequiredLiterals.all(pattern) ?? []
        icu = ICURegex(pattern, flags: ICURegex.swiftLintFlags)
        let plain =
            !pattern.isEmpty && captureGroup == 0
            && pattern.utf8.allSatisfy { byte in
                byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ")
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            }
        plainText = plain ? Array(pattern.utf8) : nil
    }

    /// The excluded kinds `match_kinds` or `excluded_match_kinds` give, as SwiftLint computes them.
    static func excludedKinds(matchKinds: [SwiftLintKind]?, excludedMatchKinds: [SwiftLintKind]?) -> SwiftLintKindSet {
        if let matchKinds { return SwiftLintKindSet.all.subtracting(SwiftLintKindSet(matchKinds)) }
        return SwiftLintKindSet(excludedMatchKinds ?? [])
    }

    /// One kept match: where the finding stands, and the whole match's bytes.
    struct Match {
        var offset: Int
        var range: Range<Int>
    }

    /// The kept matches, and whether the scan stopped before the end of the file: `budget` is
    /// spent, or ICU gave up on this file (its backtracking stack).
    func matches(in index: TeamFileIndex, budget: RegexBudget) -> (matches: [Match], gaveUp: Bool) {
        for list in required where !list.contains(where: index.contains) { return ([], false) }
        // Plain text: its occurrences are the matches ICU would find, without a UTF-16 copy of
        // the file. (A file that is not UTF-8 has no text for ICU: nothing, as SwiftLint.)
        if let plainText, index.isASCII || index.isUTF8 { return (occurrences(of: plainText, index), false) }
        guard let text = index.regexText else { return ([], false) }
        if !excluded.isEmpty, let texts = required.first, !anyOccurrenceClear(of: texts, index) { return ([], false) }
        var kept: [Match] = []
        func keep(_ range: Range<Int>, groupStart: Int?) {
            if !excluded.isEmpty, touchesExcluded(range, index) { return }
            // A group that took no part has no place; SwiftLint's location would be empty too.
            kept.append(Match(offset: groupStart.map(text.byteOffset(ofUnit:)) ?? range.lowerBound, range: range))
        }
        if let icu {
            let (found, stopped) = text.utf16.withUnsafeBufferPointer {
                icu.matches(in: $0, group: captureGroup, budget: budget)
            }
            for match in found {
                keep(
                    text.byteOffset(ofUnit: match.range.lowerBound)..<text.byteOffset(ofUnit: match.range.upperBound),
                    groupStart: match.groupStart)
            }
            return (kept, stopped)
        }
        let whole = NSRange(location: 0, length: text.utf16Count)
        let gaveUp = budget.enumerate(regex, in: text.string, range: whole) { result in
            let group = result.range(at: captureGroup)
            keep(text.byteRange(of: result.range), groupStart: group.location == NSNotFound ? nil : group.location)
        }
        return (kept, gaveUp)
    }

    /// The occurrences of plain text, leftmost and without overlaps, less those touching an
    /// excluded kind.
    private func occurrences(of plain: [UInt8], _ index: TeamFileIndex) -> [Match] {
        let ends = index.bytes.withUnsafeBufferPointer { bytes in
            plain.withUnsafeBufferPointer { bytes.endsOfOccurrences(of: $0) }
        }
        guard !ends.isEmpty else { return [] }
        return ends.compactMap { end in
            let range = (end - plain.count)..<end
            if !excluded.isEmpty, touchesExcluded(range, index) { return nil }
            return Match(offset: range.lowerBound, range: range)
        }
    }

    /// Whether a span of an excluded kind touches `range`.
    private func touchesExcluded(_ range: Range<Int>, _ index: TeamFileIndex) -> Bool {
        let kinds = index.kinds(touching: range)
        guard sourceKitComments, kinds.contains(.comment) || kinds.contains(.docComment) else {
            return kinds.intersects(excluded)
        }
        return index.sourceKitKinds(kinds, touching: range).intersects(excluded)
    }

    /// Whether some occurrence of one of `texts` touches no excluded kind: a kept match holds one,
    /// and touches none.
    private func anyOccurrenceClear(of texts: [[UInt8]], _ index: TeamFileIndex) -> Bool {
        index.bytes.withUnsafeBufferPointer { bytes in
            texts.contains { text in
                text.withUnsafeBufferPointer { needle in
                    bytes.endsOfOccurrences(of: needle).contains { end in
                        !touchesExcluded((end - needle.count)..<end, index)
                    }
                }
            }
        }
    }
}
