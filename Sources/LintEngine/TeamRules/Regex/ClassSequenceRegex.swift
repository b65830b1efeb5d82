/// The regexes team rules write for names and values (`/ViewController$/`, `/^get[A-Z]/`,
/// `/^#[0-9A-Fa-f]{6}$/`, `/^[0-9]{4,}$/`): a sequence of character classes, each repeated, with
/// optional `^` and `$`, and alternatives of those. Such a regex finds a match in a short text of
/// printable ASCII exactly when ICU does, decided here without ICU: a rule's names and literals
/// are tested by the tens of thousands, and a call to `NSRegularExpression` costs thousands of
/// instructions (a lookup of a remembered verdict, hundreds).
///
/// Whether a match exists does not depend on greedy or lazy repetition, so both are taken; a
/// possessive one (`a*+`), a group, a look-around, a back-reference, a flag, a property or a
/// POSIX class is not read (`init` fails and the caller asks ICU).
struct ClassSequenceRegex: Sendable {
    /// One element: a set of ASCII bytes, repeated `least...most` times.
    struct Step: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var least = 1
        var most = 1
        /// Whether ICU matches characters past ASCII here (`.`, `\\d`, `\\w`, `\\s`, `[^…]`): up to
        /// four bytes each.
        var unicode = false

        func holds(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        mutating func insert(_ range: ClosedRange<UInt8>) { for byte in range { insert(byte) } }

        mutating func invert() {
            low = ~low
            high = ~high
        }
    }

    private struct Alternative {
        var anchoredStart = false
        var anchoredEnd = false
        var steps: [Step] = []
    }

    /// The alternatives as matching reads them: every step in one array, each alternative its
    /// anchors and span of it (an array per alternative was a retain per alternative per text).
    private let steps: [Step]
    private let spans: [Span]

    private struct Span {
        let anchoredStart: Bool
        let anchoredEnd: Bool
        let steps: Range<Int>
    }

    /// Whether every alternative starts with `^`: a text is then decided by its first bytes,
    /// sooner than a search for the regex's required texts.
    var anchoredAtStart: Bool { spans.allSatisfy(\.anchoredStart) }
    /// The UTF-8 lengths of the texts ICU can find a match in, for every text (not only those
    /// decided here): each step takes its least count of characters, a byte or more each, and an
    /// alternative anchored at both ends takes at most its most, plus a line break `$` may stand
    /// before (three bytes at most). A hard-coded `#RRGGBB` is seven bytes: most literals are
    /// told apart by their length alone.
    let textLengths: ClosedRange<Int>

    /// The longest text decided here; a longer one is left to ICU (the search is quadratic).
    static let longestText = 256

    /// Nil when the pattern is not of this shape.
    init?(_ pattern: String) {
        var alternatives: [Alternative] = []
        var current = Alternative()
        let bytes = Array(pattern.utf8)
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var at = 0
        while at < bytes.count {
            let byte = bytes[at]
            switch byte {
            case UInt8(ascii: "|"):
                alternatives.append(current)
                current = Alternative()
                at += 1
                continue
            case UInt8(ascii: "^"):
                // Only at an alternative's start.
                guard current.steps.isEmpty, !current.anchoredStart else { return nil }
                current.anchoredStart = true
                at += 1
                continue
            case UInt8(ascii: "$"):
                // Only at an alternative's end.
                guard at + 1 == bytes.count || bytes[at + 1] == UInt8(ascii: "|") else { return nil }
                current.anchoredEnd = true
                at += 1
                continue
            default:
                break
            }
            guard var step = Self.atom(bytes, &at) else { return nil }
            guard Self.quantifier(bytes, &at, &step) else { return nil }
            current.steps.append(step)
        }
        alternatives.append(current)
        steps = alternatives.flatMap(\.steps)
        var start = 0
        spans = alternatives.map { alternative in
            defer { start += alternative.steps.count }
            return Span(
                anchoredStart: alternative.anchoredStart, anchoredEnd: alternative.anchoredEnd,
                steps: start..<(start + alternative.steps.count))
        }
        textLengths = Self.lengths(alternatives)
    }

    private static func lengths(_ alternatives: [Alternative]) -> ClosedRange<Int> {
        var fewest = Int.max, most = 0
        for alternative in alternatives {
            fewest = min(fewest, alternative.steps.reduce(0) { $0 + $1.least })
            var longest: Int? = 3
            if alternative.anchoredStart, alternative.anchoredEnd {
                for step in alternative.steps {
                    let (bytes, over) = step.most.multipliedReportingOverflow(by: step.unicode ? 4 : 1)
                    let (sum, overSum) = (longest ?? 0).addingReportingOverflow(bytes)
                    longest = over || overSum || step.most == .max ? nil : sum
                    if longest == nil { break }
                }
            } else {
                longest = nil
            }
            most = max(most, longest ?? .max)
        }
        return fewest...max(fewest, most)
    }

    /// Whether the regex finds a match in `text` (printable ASCII, at most `longestText` bytes);
    /// nil when the text is not one it decides.
    func firstMatchExists(in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard text.count <= Self.longestText, Self.isPrintableASCII(text) else { return nil }
        return steps.withUnsafeBufferPointer { steps in
            spans.withUnsafeBufferPointer { spans in
                spans.contains { Self.matches($0, UnsafeBufferPointer(rebasing: steps[$0.steps]), text) }
            }
        }
    }

    /// Whether every byte is printable ASCII (0x20 to 0x7E): eight bytes a step, a byte below
    /// 0x20 found by the borrow it takes, one of 0x7F or more by its top bit after adding one.
    private static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, tops: UInt64 = 0x8080_8080_8080_8080
        var at = 0
        while at + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            let low = (word &- ones &* 0x20) & ~word & tops
            let high = (word | (word &+ ones)) & tops
            if low | high != 0 { return false }
            at += 8
        }
        while at < text.count {
            if text[at] < 0x20 || text[at] >= 0x7F { return false }
            at += 1
        }
        return true
    }

    /// Whether the steps lead from a start (any position, or only 0 after `^`) to an end (any
    /// position, or only the text's end before `$`): the positions reached after each step, in
    /// two rows on the stack. Only the span of positions a step can reach is cleared and read:
    /// after `^`, a few positions near the start, not the whole text per step (a literal
    /// tested against `/^https?:/` is decided by its first bytes).
    private static func matches(
        _ alternative: Span, _ steps: UnsafeBufferPointer<Step>, _ text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let count = text.count
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * (count + 1)) { rows in
            var reached = UnsafeMutableBufferPointer(rebasing: rows[0...count])
            var next = UnsafeMutableBufferPointer(rebasing: rows[(count + 1)...])
            // The positions reached lie in `low...high`; entries outside it are not read.
            var low = 0
            var high = alternative.anchoredStart ? 0 : count
            reached[low...high].initialize(repeating: true)
            for step in steps {
                let nextLow = low + step.least
                guard nextLow <= count else { return false }
                let nextHigh = step.most >= count - high ? count : high + step.most
                next[nextLow...nextHigh].initialize(repeating: false)
                var (reachedLow, reachedHigh) = (Int.max, -1)
                for start in low...high where reached[start] {
                    if step.least == 0 {
                        next[start] = true
                        (reachedLow, reachedHigh) = (min(reachedLow, start), max(reachedHigh, start))
                    }
                    var length = 0
                    while length < step.most, start + length < count, step.holds(text[start + length]) {
                        length += 1
                        if length >= step.least {
                            next[start + length] = true
                            (reachedLow, reachedHigh) = (
                                min(reachedLow, start + length), max(reachedHigh, start + length)
                            )
                        }
                    }
                }
                guard reachedHigh >= 0 else { return false }
                swap(&reached, &next)
                (low, high) = (reachedLow, reachedHigh)
            }
            return alternative.anchoredEnd ? high == count && reached[count] : true
        }
    }

    // MARK: Reading the pattern

    private static let special: Set<UInt8> = Set("\\^$.|?*+()[]{}".utf8)

    /// One element at `at`: a byte, `.`, an escape or a bracketed class.
    private static func atom(_ bytes: [UInt8], _ at: inout Int) -> Step? {
        var step = Step()
        let byte = bytes[at]
        switch byte {
        case UInt8(ascii: "."):
            // Any character but a line break; the texts decided here have none.
            step.insert(0x20...0x7E)
            step.unicode = true
            at += 1
        case UInt8(ascii: "\\"):
            guard at + 1 < bytes.count, escape(bytes[at + 1], into: &step) else { return nil }
            at += 2
        case UInt8(ascii: "["):
            guard bracket(bytes, &at, into: &step) else { return nil }
        default:
            guard !special.contains(byte), byte >= 0x20, byte < 0x7F else { return nil }
            step.insert(byte)
            at += 1
        }
        return step
    }

    /// `\d`, `\w`, `\s` and an escaped punctuation byte; other escapes are not read.
    private static func escape(_ byte: UInt8, into step: inout Step) -> Bool {
        if byte == UInt8(ascii: "d") || byte == UInt8(ascii: "w") || byte == UInt8(ascii: "s") { step.unicode = true }
        switch byte {
        case UInt8(ascii: "d"): step.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
        case UInt8(ascii: "w"):
            step.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
            step.insert(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            step.insert(UInt8(ascii: "a")...UInt8(ascii: "z"))
            step.insert(UInt8(ascii: "_"))
        case UInt8(ascii: "s"): step.insert(UInt8(ascii: " "))
        default:
            // A letter or digit after `\` has a meaning of its own (`\b`, `\p`, `\1`).
            let isAlphanumeric =
                (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            guard !isAlphanumeric, byte >= 0x20, byte < 0x7F else { return false }
            step.insert(byte)
        }
        return true
    }

    /// `[…]` with ranges, escapes and a leading `^`; not nested sets, `&&`, `--` or POSIX names.
    private static func bracket(_ bytes: [UInt8], _ at: inout Int, into step: inout Step) -> Bool {
        var k = at + 1
        var negated = false
        if k < bytes.count, bytes[k] == UInt8(ascii: "^") {
            negated = true
            k += 1
        }
        var first = true
        while k < bytes.count {
            var byte = bytes[k]
            if byte == UInt8(ascii: "]"), !first { break }
            first = false
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "&") { return false }
            // A `-` stands for itself only first or last (ICU reads it otherwise as an operator).
            if byte == UInt8(ascii: "-"), k != at + 1 + (negated ? 1 : 0),
                k + 1 >= bytes.count || bytes[k + 1] != UInt8(ascii: "]")
            {
                return false
            }
            if byte == UInt8(ascii: "\\") {
                guard k + 1 < bytes.count else { return false }
                let escaped = bytes[k + 1]
                if escaped == UInt8(ascii: "d") || escaped == UInt8(ascii: "w") || escaped == UInt8(ascii: "s") {
                    guard escape(escaped, into: &step) else { return false }
                    k += 2
                    continue
                }
                var single = Step()
                guard escape(escaped, into: &single) else { return false }
                byte = escaped
                k += 2
            } else {
                guard byte >= 0x20, byte < 0x7F else { return false }
                k += 1
            }
            // A range `a-z` (a `-` first, last or after a range is itself).
            if k + 1 < bytes.count, bytes[k] == UInt8(ascii: "-"), bytes[k + 1] != UInt8(ascii: "]") {
                var upper = bytes[k + 1]
                if upper == UInt8(ascii: "\\") {
                    guard k + 2 < bytes.count else { return false }
                    upper = bytes[k + 2]
                    var single = Step()
                    guard escape(upper, into: &single), single.holds(upper) else { return false }
                    k += 3
                } else {
                    guard upper != UInt8(ascii: "["), upper >= 0x20, upper < 0x7F else { return false }
                    k += 2
                }
                guard byte <= upper else { return false }
                step.insert(byte...upper)
            } else {
                step.insert(byte)
            }
        }
        guard k < bytes.count, bytes[k] == UInt8(ascii: "]") else { return false }
        if negated {
            step.unicode = true
            step.invert()
            // Only printable ASCII is ever tested; keep the inverted set to it.
            var printable = Step()
            printable.insert(0x20...0x7E)
            step.low &= printable.low
            step.high &= printable.high
        }
        at = k + 1
        return true
    }

    /// `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`, each possibly lazy (`?` after it); false for a
    /// possessive one or a brace that is not a count.
    private static func quantifier(_ bytes: [UInt8], _ at: inout Int, _ step: inout Step) -> Bool {
        guard at < bytes.count else { return true }
        switch bytes[at] {
        case UInt8(ascii: "?"): (step.least, step.most) = (0, 1)
        case UInt8(ascii: "*"): (step.least, step.most) = (0, .max)
        case UInt8(ascii: "+"): (step.least, step.most) = (1, .max)
        case UInt8(ascii: "{"):
            guard let close = bytes[at...].firstIndex(of: UInt8(ascii: "}")) else { return false }
            let inside = String(decoding: bytes[(at + 1)..<close], as: UTF8.self)
            let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= 2, let least = Int(parts[0]), least <= 1000 else { return false }
            let most: Int
            if parts.count == 1 {
                most = least
            } else if parts[1].isEmpty {
                most = .max
            } else {
                guard let given = Int(parts[1]), given >= least, given <= 1000 else { return false }
                most = given
            }
            (step.least, step.most) = (least, most)
            at = close
        default:
            return true
        }
        at += 1
        if at < bytes.count {
            if bytes[at] == UInt8(ascii: "+") { return false }
            if bytes[at] == UInt8(ascii: "?") { at += 1 }
            // A quantifier after a quantifier is not read.
            if at < bytes.count, "?*+{".utf8.contains(bytes[at]) { return false }
        }
        return true
    }
}
