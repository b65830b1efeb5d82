import Foundation

/// A note about to be written (`notes new`, the MCP `write_note`): its front matter in the
/// catalogue's form (title, type, permalink, tags) and its text, from a template or not.
///
/// A template is a markdown file whose `{{title}}`, `{{permalink}}`, `{{date}}` and `{{tags}}` are
/// filled in (`{{ title }}` too). In its front matter a placeholder that is a whole value is
/// written as YAML reads it back (`title: {{title}}` with `Sheets: the basics` is quoted, `tags:
/// {{tags}}` is a list); elsewhere the text goes in as it is (tags as `a, b`). Keys of the
/// catalogue's form that the template leaves out are added; a template without front matter
/// gets all of them.
public struct NoteDraft: Sendable {
    public var title: String
    public var permalink: String
    public var type: String
    public var tags: [String]
    /// `2025-01-31`.
    public var date: String

    public init(title: String, permalink: String, type: String = "note", tags: [String] = [], date: String) {
        self.title = title
        self.permalink = permalink
        self.type = type
        self.tags = tags
        self.date = date
    }

    /// Today as `yyyy-MM-dd`, in the local time zone.
    public static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    /// `Checkout Flow` → `checkout-flow.md`, as the catalogue names its files; nil when the title
    /// has no letter or digit to make a name of.
    public static func fileName(for title: String) -> String? {
        let slug = Slug.component(title)
        return slug.isEmpty ? nil : slug + ".md"
    }

    /// The note's text: the template filled in, or, without one, the front matter and `# Title`.
    public func text(template: String? = nil) -> String {
        guard let template else { return frontMatter([]) + "\n# \(title)\n" }
        return compose(template, fill: true)
    }

    /// The note's text around markdown someone wrote (the MCP `write_note`): its own front
    /// matter, if it has one, is kept and completed; placeholders are not filled.
    public func text(content: String) -> String {
        let text = compose(content, fill: false)
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// What is wrong with the text as a note: its front matter does not read, or does not give
    /// the title asked for. Empty when it is right.
    public func problems(in text: String, path: String) -> [String] {
        let note = NoteParser.parse(path: path, relativePath: path, text: text)
        var problems = note.diagnostics.filter { $0.severity == .error }.map(\.description)
        if problems.isEmpty, note.title != title {
            problems.append("\(path): the title reads back as \"\(note.title)\", not \"\(title)\"")
        }
        return problems
    }

    // MARK: Composing

    private static let catalogueKeys = ["title", "type", "permalink", "tags"]

    private func compose(_ source: String, fill: Bool) -> String {
        var source = source
        if source.hasPrefix("\u{FEFF}") { source.removeFirst() }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let isFence: (String) -> Bool = { $0.trimmingCharacters(in: .whitespaces) == "---" }
        guard let first = lines.first, isFence(first),
            let close = lines.dropFirst().firstIndex(where: {
                isFence($0) || $0.trimmingCharacters(in: .whitespaces) == "..."
            })
        else {
            return frontMatter([]) + "\n" + (fill ? filledBody(source) : source)
        }
        let yaml = lines[1..<close].map { fill ? filledFrontMatterLine($0) : $0 }
        let body = lines[(close + 1)...].joined(separator: "\n")
        return frontMatter(yaml) + (fill ? filledBody(body) : body)
    }

    /// `---`, the given lines, the catalogue's keys they lack, `---`.
    private func frontMatter(_ lines: [String]) -> String {
        let present = Set(lines.compactMap(Self.topLevelKey))
        var out = ["---"] + lines
        for key in Self.catalogueKeys where !present.contains(key) { out.append(key + ": " + yamlValue(key)) }
        return (out + ["---"]).joined(separator: "\n") + "\n"
    }

    /// `title` in `title: x`; nil for an indented, comment or list line.
    private static func topLevelKey(_ line: String) -> String? {
        guard let first = line.first, first != " ", first != "\t", first != "#", first != "-",
            let colon = line.firstIndex(of: ":")
        else { return nil }
        return String(line[..<colon]).trimmingCharacters(in: .whitespaces)
    }

    private func yamlValue(_ key: String) -> String {
        switch key {
        case "title": YAMLText.scalar(title)
        case "type": YAMLText.scalar(type)
        case "permalink": YAMLText.scalar(permalink)
        case "tags": YAMLText.flowList(tags)
        default: YAMLText.scalar(placeholderValue(key) ?? "")
        }
    }

    private func placeholderValue(_ name: String) -> String? {
        switch name {
        case "title": title
        case "permalink": permalink
        case "date": date
        case "tags": tags.joined(separator: ", ")
        default: nil
        }
    }

    /// `key: {{name}}` becomes `key: ` and the value as YAML; a placeholder among other text, or
    /// inside quotes, is filled with text escaped for where it stands.
    private func filledFrontMatterLine(_ line: String) -> String {
        if let colon = line.range(of: ": "), let name = Self.placeholder(line[colon.upperBound...].trimmed),
            placeholderValue(name) != nil
        {
            return line[..<colon.upperBound] + yamlValue(name)
        }
        return replacePlaceholders(in: line) { name, before in
            guard let value = self.placeholderValue(name) else { return nil }
            switch Self.openQuote(before) {
            case "\"": return String(YAMLText.quoted(value).dropFirst().dropLast())
            case "'": return value.replacingOccurrences(of: "'", with: "''")
            default: return value
            }
        }
    }

    /// The quote a line's text leaves open (`"` or `'`), if any: what a placeholder after it is inside.
    private static func openQuote(_ text: Substring) -> Character? {
        var open: Character?
        var escaped = false
        for character in text {
            if open == "\"", escaped {
                escaped = false
            } else if open == "\"", character == "\\" {
                escaped = true
            } else if character == open {
                open = nil
            } else if open == nil, character == "\"" || character == "'" {
                open = character
            }
        }
        return open
    }

    private func filledBody(_ body: String) -> String {
        replacePlaceholders(in: body) { name, _ in self.placeholderValue(name) }
    }

    /// `title` for `{{title}}` or `{{ title }}`.
    private static func placeholder(_ text: String) -> String? {
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 else { return nil }
        let name = text.dropFirst(2).dropLast(2).trimmed
        return name.isEmpty || name.contains("{") || name.contains("}") ? nil : name
    }

    /// Each `{{name}}` replaced by what `value` gives (given the text before it); one it gives
    /// nothing for stays as written.
    private func replacePlaceholders(in text: String, _ value: (String, Substring) -> String?) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let whole = rest[open.lowerBound..<close.upperBound]
            out += rest[..<open.lowerBound]
            if let name = Self.placeholder(String(whole)), let filled = value(name, text[..<open.lowerBound]) {
                out += filled
            } else {
                out += whole
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
