import Support
import LintEngine

/// XML text escaping shared by the XML reporters (line breaks kept as character references).
enum XML {
    static func escape(_ text: String) -> String { Markup.escape(text, keepBreaks: false) }
}
