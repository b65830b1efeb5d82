import Foundation
import SwiftLexer
import Support
import SwiftUIModel

/// What one team rule's regexes may spend over a run (`regex:`, `text:`, `comment:`, a `/…/` name
/// or value, `path_regex:`), shared by every file and thread: once it is spent the rule is off
/// for the rest of the run and says so in one finding (`bounded`). A bound a file let a runaway
/// regex cost seconds in every file that held its text.
///
/// Counted in ICU's own steps, backtracking state saves (its match callback is called every
/// `savesPerTick` of them), not in time: a run spends the same on an idle machine and a loaded
/// one, where a budget of time ran out sooner the busier the host, and a test can give a rule
/// a few ticks and know where it stops. Where ICU's C API is not reachable, `NSRegularExpression`
/// reports no steps: its scans are charged their time instead, at about what a step costs.
///
/// A fixed part, and more for each character a scan reads: a rule that backtracks a little
/// everywhere costs in proportion to the code, and a large project must not turn off a rule
/// that a small one keeps; a runaway scan spends the fixed part in the file where it starts.
final class RegexBudget: @unchecked Sendable {
    /// The state saves between two calls of ICU's match callback.
    static let savesPerTick = 10_000
    /// The fixed part: about what the time bound of one file allowed before.
    static let defaultSaves = 200_000_000
    /// The part for each UTF-16 unit a scan reads: above what the SwiftLint survey's heaviest
    /// rules spend a character of the files they read (a `.+` that backtracks from every `let`).
    static let savesPerUnit = 128
    /// What `NSRegularExpression` is charged a second: about what ICU saves in one.
    static let savesPerSecond = 100_000_000.0

    /// The fixed part.
    let saves: Int
    private let lock = NSLock()
    private var left: Int
    /// Why the rule is off (nil while it is not).
    private var why: String?
    private var told = false

    /// `saves`: the fixed part (a test gives a few ticks' worth).
    init(saves: Int = RegexBudget.defaultSaves) {
        self.saves = saves
        left = saves
    }

    /// Whether the rule is off: its budget is spent.
    var isSpent: Bool { lock.withLock { why != nil } }

    /// A scan is about to read `units` UTF-16 units: their part of the budget.
    func allow(_ units: Int) {
        lock.withLock { left += units * Self.savesPerUnit }
    }

    /// Takes `saves` state saves; false once the budget is spent (the scan stops there).
    func spend(_ saves: Int = RegexBudget.savesPerTick) -> Bool {
        lock.withLock {
            guard why == nil else { return false }
            left -= saves
            if left < 0 {
                why =
                    "its regexes backtracked past what a rule may in a run (\(Self.grouped(self.saves)) steps, and \(Self.savesPerUnit) more a character read)"
            }
            return why == nil
        }
    }

    /// The hits of one check of `rule` on `file`, or none once the budget is spent. The check
    /// during which it ran out gives one `info` finding naming the rule and why instead of its
    /// hits (they may rest on a scan cut short: a `!/…/` that did not finish reads as a match),
    /// and only the first such check, when several threads were running the rule.
    func bounded(_ rule: String, _ file: LintFile, _ check: () -> [Hit]) -> [Hit] {
        if isSpent { return [] }
        let hits = check()
        let notice: String? = lock.withLock {
            guard let why, !told else { return nil }
            told = true
            return why
        }
        if let notice {
            let message =
                "`\(rule)` gave up here: \(notice); a nested repetition like `(a+)+`, or a `.*` across the file? It is off for the rest of the run, and its findings are incomplete"
            return [Hit(file: file.index, offset: 0, message: message, severity: .info)]
        }
        return isSpent ? [] : hits
    }

    /// `NSRegularExpression`'s matches in `range` of `string` (the first only, with `first`),
    /// charged their time; true when the scan stopped short.
    func enumerate(
        _ regex: NSRegularExpression, in string: String, range: NSRange, first: Bool = false,
        _ each: (NSTextCheckingResult) -> Void
    ) -> Bool {
        if isSpent { return true }
        allow(range.length)
        var charged = Date()
        var stopped = false
        var calls = 0
        withoutActuallyEscaping(each) { each in
            regex.enumerateMatches(in: string, options: [.reportProgress], range: range) { result, _, stop in
                guard let result else {
                    // Asked often while ICU backtracks: the clock is read now and then.
                    calls &+= 1
                    guard calls & 1023 == 0 else { return }
                    let now = Date()
                    let saves = Int(now.timeIntervalSince(charged) * Self.savesPerSecond)
                    guard saves > 0 else { return }
                    charged = now
                    if !self.spend(saves) {
                        stopped = true
                        stop.pointee = true
                    }
                    return
                }
                each(result)
                if first { stop.pointee = true }
            }
        }
        return stopped
    }

    /// `number` grouped by thousands.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }
}
