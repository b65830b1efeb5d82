import Foundation

/// A regex matched with SwiftLint's `custom_rules` semantics: `NSRegularExpression` (ICU) with
/// `.anchorsMatchLines` and `.dotMatchesLineSeparators`, over the whole file, leftmost and without
/// overlaps; a match is dropped when a span of an excluded kind touches it (the whole match, not
/// only the capture group); the finding stands at the start of `capture_group`.
///
/// Speed without changing a finding: a file holding none of the regex's required texts is
/// skipped; with a kind filter that allows only sparse kinds (comments, strings), the regex first
/// runs over just the regions where a kept match could lie, once per region, and the whole-file
/// scan that decides the findings runs only where one of them matched.
struct SwiftLintRegex: @unchecked Sendable {
    let pattern: String
    let regex: NSRegularExpression
    let excluded: SwiftLintKindSet
    let captureGroup: Int
    let required: [[UInt8]]?

    static let options: NSRegularExpression.Options = [.anchorsMatchLines, .dotMatchesLineSeparators]

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    init(pattern: String, excluded: SwiftLintKindSet = SwiftLintKindSet(), captureGroup: Int = 0) throws {
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
        required = RequiredLiterals.of(pattern)
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

    func matches(in index: TeamFileIndex) -> [Match] {
        if let required, !required.contains(where: index.contains) { return [] }
        guard let text = index.regexText else { return [] }
        if !excluded.isEmpty, !SwiftLintKindSet.all.subtracting(excluded).intersects(SwiftLintKindSet.dense) {
            guard anyRegionMatches(index, text) else { return [] }
        }
        let whole = NSRange(location: 0, length: text.utf16Count)
        var kept: [Match] = []
        let kinds = excluded.isEmpty ? nil : index.kinds
        for result in regex.matches(in: text.string, options: [], range: whole) {
            let range = text.byteRange(of: result.range)
            if let kinds, kinds.kinds(touching: range).intersects(excluded) { continue }
            let group = result.range(at: captureGroup)
            // A group that took no part has no place; SwiftLint's location would be empty too.
            let offset = group.location == NSNotFound ? range.lowerBound : text.byteOffset(ofUnit: group.location)
            kept.append(Match(offset: offset, range: range))
        }
        return kept
    }

    /// Whether the regex matches inside some region that touches no excluded kind. A kept match
    /// lies in one such region, and with transparent, non-anchoring bounds the regex sees the
    /// same text around a region as in the whole file: no region match, no kept match.
    private func anyRegionMatches(_ index: TeamFileIndex, _ text: RegexText) -> Bool {
        let regions = index.kinds.regions(avoiding: excluded, length: index.bytes.count)
        for region in regions {
            let range = text.unitRange(ofBytes: region)
            if regex.firstMatch(
                in: text.string, options: [.withTransparentBounds, .withoutAnchoringBounds], range: range) != nil
            {
                return true
            }
        }
        return false
    }
}
