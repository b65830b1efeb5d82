import LintEngine
import SwiftLexer
import Support
import SwiftUIModel
/// Whether a SwiftLint regex is only literal text: a string, alternatives of strings, or groups
/// of alternatives between strings (`(print|NSLog)\(`, `((assert|precondition)\(false)`). Such a
/// regex finds what the `text:` list of its strings finds, in ICU's order (the first alternative
/// that matches at a position wins, as `text:` tries its list in order), so the import can write
/// it as text with no regex to read and the same findings.
enum LiteralRegex {
    /// The texts in the order the regex tries them, or nil when the regex is more than literal
    /// text, or when `captureGroup` would not start where the match does.
    static func texts(of pattern: String, captureGroup: Int = 0) -> [String]? {
        var reader = Reader(Array(pattern.unicodeScalars))
        guard let texts = reader.alternatives(topLevel: true), reader.atEnd, !texts.isEmpty,
            !texts.contains(where: \.isEmpty), captureGroup <= reader.leadingGroups
        else { return nil }
        return texts
    }

    private static let limit = 32

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Capturing groups opened before any text: they start where the match starts.
        var leadingGroups = 0
        private var sawText = false

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func alternatives(topLevel: Bool) -> [String]? {
            var result: [String] = []
            while true {
                guard let sequence = sequence() else { return nil }
                result += sequence
                guard result.count <= limit else { return nil }
                if peek() == "|" {
                    index += 1
                    continue
                }
                if topLevel ? atEnd : peek() == ")" { return result }
                return nil
            }
        }

        /// Texts and groups one after another: every combination, first alternatives first.
        mutating func sequence() -> [String]? {
            var texts = [""]
            while let scalar = peek(), scalar != "|", scalar != ")" {
                let piece: [String]
                if scalar == "(" {
                    guard let group = group() else { return nil }
                    piece = group
                } else {
                    guard let character = literal() else { return nil }
                    sawText = true
                    piece = [character]
                }
                // A quantifier after the piece makes it more than text.
                if let next = peek(), "*+?{".unicodeScalars.contains(next) { return nil }
                var combined: [String] = []
                for text in texts { for part in piece { combined.append(text + part) } }
                guard combined.count <= limit else { return nil }
                texts = combined
            }
            return texts
        }

        mutating func group() -> [String]? {
            index += 1
            var capturing = true
            if peek() == "?" {
                // Only `(?:…)` and named groups `(?<name>…)`; lookarounds, flags and the rest are more than text.
                if peek(1) == ":" {
                    index += 2
                    capturing = false
                } else if peek(1) == "<", let third = peek(2), third != "=", third != "!" {
                    while let scalar = peek(), scalar != ">" { index += 1 }
                    index += 1
                } else {
                    return nil
                }
            }
            if capturing && !sawText { leadingGroups += 1 }
            guard let inner = alternatives(topLevel: false), peek() == ")" else { return nil }
            index += 1
            return inner
        }

        /// One literal character: a plain one, or an escaped symbol (`\(`, `\.`, `\#`), `\t`, `\n`.
        mutating func literal() -> String? {
            guard let scalar = peek() else { return nil }
            index += 1
            if scalar == "\\" {
                guard let escaped = peek() else { return nil }
                index += 1
                switch escaped {
                case "t": return "\t"
                case "n": return "\n"
                case "r": return "\r"
                default:
                    if escaped.properties.isAlphabetic || escaped.properties.numericType != nil { return nil }
                    return String(escaped)
                }
            }
            if ".^$*+?()[]{}|".unicodeScalars.contains(scalar) { return nil }
            return String(scalar)
        }
    }
}
