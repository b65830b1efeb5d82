import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// A team rule's regex on short texts (a comment, a name, a value, a path), compiled for both
/// engines: ICU's C API where it is reachable, `NSRegularExpression` where not (the same pattern
/// and flags, the same engine, the same matches). Every scan is charged to the rule's
/// `RegexBudget`, as a `regex:` rule's whole-file scan is (`SwiftLintRegex`).
final class BoundedRegex: @unchecked Sendable {
    let compiled: NSRegularExpression
    /// Nil where ICU's C API is not reachable; `var` for tests that compare the two engines.
    var icu: ICURegex?

    /// `swiftLint`: with SwiftLint's options (`path_regex:`), else `NSRegularExpression`'s default.
    init(_ pattern: String, swiftLint: Bool = false) throws {
        compiled = try NSRegularExpression(pattern: pattern, options: swiftLint ? SwiftLintRegex.options : [])
        icu = ICURegex(pattern, flags: swiftLint ? ICURegex.swiftLintFlags : ICURegex.defaultFlags)
    }

    var pattern: String { compiled.pattern }

    /// The UTF-16 ranges of the matches in `text` (the first only, with `first`), leftmost and
    /// without overlaps; `stopped` when the scan did not finish (the budget is spent).
    func matches(in text: String, first: Bool = false, budget: RegexBudget) -> (found: [Range<Int>], stopped: Bool) {
        if let icu {
            let units = Array(text.utf16)
            let (found, stopped) = units.withUnsafeBufferPointer { icu.matches(in: $0, first: first, budget: budget) }
            return (found.map(\.range), stopped)
        }
        var found: [Range<Int>] = []
        let whole = NSRange(location: 0, length: text.utf16.count)
        let stopped = budget.enumerate(compiled, in: text, range: whole, first: first) { result in
            found.append(result.range.location..<(result.range.location + result.range.length))
        }
        return (found, stopped)
    }

    /// Whether the regex matches somewhere in `text`; nil when the scan did not finish.
    func firstMatch(in text: String, budget: RegexBudget) -> Bool? {
        let (found, stopped) = matches(in: text, first: true, budget: budget)
        return stopped ? nil : !found.isEmpty
    }
}
