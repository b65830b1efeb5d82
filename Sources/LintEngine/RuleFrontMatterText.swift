/// The YAML between a rule file's opening `---` and its closing `---` or `...` (a BOM and CRLF
/// line ends tolerated); nil when the file has no front matter.
enum RuleFrontMatterText {
    static func yaml(in text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0] = lines[0].dropFirst() }
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(where: { $0 == "---" || $0 == "..." }) else {
            return nil
        }
        return lines[1..<end].joined(separator: "\n")
    }
}
