/// Values written into front matter: plain where YAML reads them back as the same string,
/// double-quoted otherwise (a title `Sheets: the basics`, `yes`, `#1`, `[draft]`).
public enum YAMLText {
    public static func scalar(_ value: String) -> String {
        isPlainSafe(value) ? value : quoted(value)
    }

    /// `[a, b]`, each item as `scalar` writes it (an item with `,` or a bracket is quoted).
    public static func flowList(_ values: [String]) -> String {
        "[" + values.map { isPlainSafe($0) && !$0.contains(",") ? $0 : quoted($0) }.joined(separator: ", ") + "]"
    }

    public static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Words YAML 1.1 or 1.2 read as something other than a string.
    private static let special: Set<String> = [
        "", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n",
    ]

    static func isPlainSafe(_ value: String) -> Bool {
        guard !special.contains(value.lowercased()), value.trimmed == value, let first = value.unicodeScalars.first
        else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if value.contains(": ") || value.contains(" #") || value.hasSuffix(":") { return false }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return false }
        // A number would come back as text here (the basic resolver), but other readers differ.
        if Double(value) != nil { return false }
        return true
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
