import LintEngine
import SwiftLexer
import Notes
import Support
import SwiftUIModel
/// Front matter values written so YAML reads back exactly the text (regexes are full of `\`,
/// quotes, `#` and `:`): single-quoted (`'` doubled), or double-quoted with escapes when the
/// text holds a control character such as a tab.
enum YAMLWriter {
    static func scalar(_ text: String) -> String {
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return YAMLText.quoted(text)
        }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    static func list(_ items: [String]) -> String { "[" + items.map(scalar).joined(separator: ", ") + "]" }

    /// A nested mapping, one key a line, indented under its parent key.
    static func mapping(_ pairs: [(String, String)]) -> String {
        pairs.map { "\n  \($0.0): \($0.1)" }.joined()
    }
}

/// A structural rule close to a literal SwiftLint regex, offered in the imported rule's text
/// (not used: it differs by design, reading code only and whole names).
enum StructuralSuggestion {
    static func `for`(pattern: String, kinds: [String], matchKinds: Bool) -> String? {
        guard let texts = LiteralRegex.texts(of: pattern) else { return nil }
        func isName(_ text: Substring) -> Bool {
            guard let first = text.first, first.isLetter || first == "_" else { return false }
            return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        if texts.allSatisfy({ $0.hasSuffix("(") && isName($0.dropLast()) }) {
            return "  call: " + YAMLWriter.list(texts.map { String($0.dropLast()) })
        }
        if texts.allSatisfy({ $0.hasPrefix("@") && isName($0.dropFirst()) }) {
            return "  attribute: " + YAMLWriter.list(texts)
        }
        if texts.allSatisfy({ $0.hasPrefix("import ") && isName($0.dropFirst(7)) }) {
            return "  import: " + YAMLWriter.list(texts.map { String($0.dropFirst(7)) })
        }
        if texts.allSatisfy({ text in
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count >= 2 && parts.allSatisfy(isName)
        }) {
            return "  member: " + YAMLWriter.list(texts)
        }
        if texts.allSatisfy({ isName(Substring($0)) }) {
            return "  identifier: " + YAMLWriter.list(texts)
        }
        return nil
    }
}
