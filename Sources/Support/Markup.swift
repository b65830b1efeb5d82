import Foundation

/// Escaping for HTML and XML text and attribute values.
public enum Markup {
    /// `&`, `<`, `>`, quotes escaped; line breaks and tabs as character references when
    /// `keepBreaks` is false (XML attributes); characters XML cannot carry are dropped.
    public static func escape(_ text: String, keepBreaks: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r":
                if keepBreaks { out.unicodeScalars.append(scalar) } else { out += "&#\(scalar.value);" }
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
