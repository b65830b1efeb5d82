import LintEngine
import Foundation
import Yams
import SwiftLexer
import Support
import SwiftUIModel

/// Turns SwiftLint `custom_rules` into PatternLint rule files, each citing a stub pattern note:
/// as `text:` when the regex is only literal text (the same findings by construction), through
/// `regex:` otherwise, with its kinds, capture group and paths kept as SwiftLint applies them.
public struct SwiftLintImporter: Sendable {
    /// How one rule was brought over.
    public struct Imported: Sendable {
        public enum Form: String, Sendable { case text, regex }

        public var key: String
        public var id: String
        public var form: Form
        /// What the import kept, dropped or changed, in words.
        public var notes: [String]
        public var ruleFile: String
        public var ruleText: String
        public var noteFile: String
        public var noteText: String
    }

    /// A rule SwiftLint itself would refuse: not imported.
    public struct Skipped: Error, Sendable {
        public var key: String
        public var reason: String
    }

    public var imported: [Imported] = []
    public var skipped: [Skipped] = []
    /// The configuration's top-level `included` / `excluded` as the globs each rule keeps.
    public var paths: SwiftLintPaths

    /// Converts `rules` read from `sourcePath`; `taken` are rule ids already in use (built-in);
    /// `paths`: the configuration's top-level `included` / `excluded`.
    public init(
        rules: [SwiftLintCustomRule], sourcePath: String, taken: Set<String> = [], paths: SwiftLintPaths = .init()
    ) {
        var ids = taken
        var titles = Set<String>()
        self.paths = SwiftLintPaths(
            included: paths.included.compactMap(Self.glob), excluded: paths.excluded.compactMap(Self.glob))
        for rule in rules {
            switch Self.convert(rule, sourcePath: sourcePath, paths: self.paths, ids: &ids, titles: &titles) {
            case .success(let done): imported.append(done)
            case .failure(let skip): skipped.append(skip)
            }
        }
    }

    public var textCount: Int { imported.filter { $0.form == .text }.count }
    public var regexCount: Int { imported.filter { $0.form == .regex }.count }

    // MARK: One rule

    /// A top-level `included` / `excluded` entry as a glob from the configuration's folder
    /// (`./Tests/` → `Tests`); nil for an absolute path, which names no folder of the project.
    static func glob(_ entry: String) -> String? {
        var glob = entry.trimmingCharacters(in: .whitespaces)
        while glob.hasPrefix("./") { glob.removeFirst(2) }
        while glob.count > 1, glob.hasSuffix("/") { glob.removeLast() }
        guard !glob.isEmpty, !glob.hasPrefix("/"), glob != "." else { return nil }
        return glob
    }

    static func convert(
        _ rule: SwiftLintCustomRule, sourcePath: String, paths: SwiftLintPaths = .init(), ids: inout Set<String>,
        titles: inout Set<String>
    ) -> Result<Imported, Skipped> {
        func skip(_ reason: String) -> Result<Imported, Skipped> { .failure(Skipped(key: rule.key, reason: reason)) }
        guard let pattern = rule.regex, !pattern.isEmpty else { return skip("no `regex`; SwiftLint ignores it too") }
        // The id names two files; a file system takes names of up to 255 bytes.
        guard RuleIDs.kebab(rule.key).utf8.count <= 200 else {
            return skip("its id is over 200 bytes long, too long to name a file after")
        }
        if rule.matchKinds != nil, rule.excludedMatchKinds != nil {
            return skip("both `match_kinds` and `excluded_match_kinds`; SwiftLint refuses the rule")
        }
        var notes: [String] = []
        var kinds: [String] = []
        for name in rule.matchKinds ?? rule.excludedMatchKinds ?? [] {
            guard let kind = SwiftLintKind(shortName: name) else {
                return skip("`\(name)` is not a syntax kind; SwiftLint refuses the rule")
            }
            kinds.append(kind.shortName)
        }
        do {
            _ = try SwiftLintRegex(pattern: pattern, captureGroup: rule.captureGroup)
        } catch {
            return skip("\(error); SwiftLint refuses the rule")
        }
        var severity = "warning"
        if let written = rule.severity {
            guard ["warning", "error"].contains(written.lowercased()) else {
                return skip("severity `\(written)` is not warning or error; SwiftLint refuses the rule")
            }
            severity = written.lowercased()
        }
        notes += rule.quirks
        // SwiftLint's default SwiftSyntax mode gives a comment one kind whole; its SourceKit mode
        // names a URL, a marker and a doc field inside one apart. The rule keeps the mode.
        let sourceKit = rule.executionMode == "sourcekit"
        let finerCommentKinds = ["comment.url", "comment.mark", "doccomment.field"]
        if sourceKit {
            notes.append(
                kinds.isEmpty
                    ? "`execution_mode: sourcekit` changes nothing without kinds: left out"
                    : "`execution_mode: sourcekit` kept: a URL, a marker and a doc field inside a comment have their own kinds"
            )
        } else if kinds.contains(where: finerCommentKinds.contains) {
            notes.append(
                "kinds as SwiftLint's default SwiftSyntax mode gives them, where `comment.url`, `comment.mark` and `doccomment.field` match nothing; if the team's SwiftLint runs custom rules through SourceKit (before its SwiftSyntax mode), add `execution_mode: sourcekit` under `match`"
            )
        }
        if !rule.otherKeys.isEmpty {
            notes.append("left out: \(rule.otherKeys.map { "`\($0)`" }.joined(separator: ", ")) (no meaning here)")
        }

        // Paths: SwiftLint searches each regex anywhere in the absolute path.
        var includedRegex: [String] = []
        var includedGlobs: [String] = []
        if let every = rule.included.first(where: {
            if case .everySwiftFile = PathRegex.read($0) { true } else { false }
        }) {
            // One pattern of the list matching every Swift file makes the list match them all.
            notes.append("`included: \(every)` covers every Swift file: dropped")
        } else {
            for path in rule.included {
                switch PathRegex.read(path) {
                case .glob(let glob, let why):
                    notes.append(why)
                    includedGlobs.append(glob)
                case .regex, .everySwiftFile:
                    includedRegex.append(path)
                }
            }
        }
        var excluded: [String] = []
        var excludedGlobs: [String] = []
        for path in rule.excluded {
            switch PathRegex.read(path) {
            case .everySwiftFile:
                notes.append("`excluded: \(path)` excludes every Swift file: the rule never runs, as in SwiftLint")
                excluded.append(path)
            case .glob(let glob, let why):
                notes.append(why)
                excludedGlobs.append(glob)
            case .regex:
                excluded.append(path)
            }
        }
        if !includedRegex.isEmpty || !excluded.isEmpty {
            notes.append("paths kept as SwiftLint regexes, searched anywhere in the absolute path")
        }
        // SwiftLint lints nothing outside the configuration's own `included` / `excluded`: the
        // rule keeps them, from the folder of the .swiftlint.yml (which .patternlint.yml shares).
        if !paths.included.isEmpty {
            if includedGlobs.isEmpty {
                includedGlobs = paths.included
                notes.append("the configuration's `included` kept as `paths`")
            } else {
                notes.append("the configuration's `included` left out: the rule's own `included` globs stand instead")
            }
        }
        if !paths.excluded.isEmpty {
            excludedGlobs += paths.excluded.filter { !excludedGlobs.contains($0) }
            notes.append("the configuration's `excluded` kept as `excluded_paths`")
        }

        // The form.
        let form: Imported.Form
        var match: [(String, String)] = []
        if let texts = LiteralRegex.texts(of: pattern, captureGroup: rule.captureGroup) {
            form = .text
            match.append(("text", YAMLWriter.list(texts)))
            if !kinds.isEmpty {
                match.append((rule.matchKinds != nil ? "kinds" : "excluded_kinds", YAMLWriter.list(kinds)))
            }
            notes.append("literal text: `text:` finds what the regex finds")
        } else {
            form = .regex
            match.append(("regex", YAMLWriter.scalar(pattern)))
            if !kinds.isEmpty {
                match.append((rule.matchKinds != nil ? "match_kinds" : "excluded_match_kinds", YAMLWriter.list(kinds)))
            }
            if rule.captureGroup != 0 { match.append(("capture_group", String(rule.captureGroup))) }
        }
        if sourceKit, !kinds.isEmpty { match.append(("execution_mode", "sourcekit")) }
        if kinds.isEmpty {
            notes.append("no kinds: it also matches in comments and strings, as in SwiftLint")
        } else {
            notes.append(
                "\(rule.matchKinds != nil ? "match_kinds" : "excluded_match_kinds") \(kinds.joined(separator: ", ")) kept"
            )
        }
        if rule.captureGroup != 0 { notes.append("capture group \(rule.captureGroup): the finding points at it") }
        // Written into markdown prose: a line break in the config stays a space there, so no line of
        // the note or rule is the config's to choose.
        let message = (rule.message ?? "Regex matched").oneLine
        match.append(("message", YAMLWriter.scalar(message)))

        let id = uniqueID(RuleIDs.kebab(rule.key), &ids)
        let title = uniqueTitle((rule.name ?? rule.key).oneLine, id: id, &titles)
        var front: [(String, String)] = [
            ("id", id), ("severity", severity), ("note", YAMLWriter.scalar("[[\(title)]]")),
            ("summary", YAMLWriter.scalar(message)), ("tags", "[\(RuleMetadata.swiftLintImportTag)]"),
            // `// swiftlint:disable <key>` comments name the rule by this id.
            ("swiftlint_id", YAMLWriter.scalar(rule.key)),
        ]
        front.append(("match", YAMLWriter.mapping(match)))
        if !includedGlobs.isEmpty { front.append(("paths", YAMLWriter.list(includedGlobs))) }
        if !excludedGlobs.isEmpty { front.append(("excluded_paths", YAMLWriter.list(excludedGlobs))) }
        if !includedRegex.isEmpty { front.append(("path_regex", YAMLWriter.list(includedRegex))) }
        if !excluded.isEmpty { front.append(("excluded_path_regex", YAMLWriter.list(excluded))) }
        front.append(("examples", "todo"))

        let source = URL(fileURLWithPath: sourcePath).lastPathComponent
        let key = rule.key.oneLine
        var body = "# \(title)\n\nImported from the SwiftLint custom rule `\(key)` in `\(source)`"
        body += form == .text ? " as literal text.\n" : " through `regex`.\n"
        body += "\n" + notes.map { "- \($0)\n" }.joined()
        if let suggestion = StructuralSuggestion.for(pattern: pattern, kinds: kinds, matchKinds: rule.matchKinds != nil)
        {
            body += "\nA structural form to consider (it reads code only, never comments or strings, and"
            body += " matches whole names):\n\n```yaml\nmatch:\n\(suggestion)\n```\n"
        }
        body +=
            "\nThe SwiftLint entry:\n\n" + Markdown.fenced(rule.source.trimmingCharacters(in: .newlines), info: "yaml")
        body += "\nTo do: add `## Triggering` and `## Non-triggering` examples (`↓` before each finding), then"
        body += " remove `examples: todo`.\n"
        let ruleText =
            "---\n"
            + front.map { $0.1.hasPrefix("\n") ? "\($0.0):\($0.1)" : "\($0.0): \($0.1)" }.joined(separator: "\n")
            + "\n---\n\n" + body

        var note = "---\ntitle: \(YAMLWriter.scalar(title))\ntags: [swiftlint-import]\n---\n\n# \(title)\n\n"
        note += "What the team's SwiftLint rule `\(key)` stood for; the rule `\(id)` cites this note.\n\n"
        note += "SwiftLint's message and the regex it matched:\n\n"
        note += Markdown.fenced(
            "message: \(YAMLWriter.scalar(message))\nregex: \(YAMLWriter.scalar(pattern))", info: "yaml")
        note += "\n"
        note += "To do: say why the team wants this, what to write instead, and link the notes it belongs with.\n"
        return .success(
            Imported(
                key: rule.key, id: id, form: form, notes: notes, ruleFile: id + ".md", ruleText: ruleText,
                noteFile: "notes/" + id + ".md", noteText: note))
    }

    static func uniqueID(_ base: String, _ ids: inout Set<String>) -> String {
        let base = base.oneLine
        var id = base
        var number = 2
        while ids.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        ids.insert(id)
        return id
    }

    static func uniqueTitle(_ base: String, id: String, _ titles: inout Set<String>) -> String {
        // A wiki link cannot hold `[`, `]`, `|` or `#`.
        var title = String(base.map { "[]|#".contains($0) ? " " : $0 }).trimmingCharacters(in: .whitespaces)
        if title.isEmpty { title = id }
        if titles.contains(title.lowercased()) { title += " (\(id))" }
        titles.insert(title.lowercased())
        return title
    }
}

/// Rule ids as PatternLint writes them: lowercase words joined by hyphens.
enum RuleIDs {
    static func kebab(_ key: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in key {
            if character.isLetter || character.isNumber, character.isASCII {
                // `objcMembers` → `objc-members`; `URLSession` stays one word until a lowercase follows.
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(Character(character.lowercased()))
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.isEmpty ? "custom-rule" : words.joined(separator: "-")
    }
}

/// What an `included` / `excluded` regex means for a Swift file's absolute path.
enum PathRegex {
    case everySwiftFile
    /// Not a valid regex, read as the glob its author wrote (`*.swift`).
    case glob(String, String)
    case regex

    static func read(_ pattern: String) -> PathRegex {
        var body = Substring(pattern)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasPrefix(".*") { body = body.dropFirst(2) }
        if ["", ".swift", "\\.swift", "swift", ".swift$", "\\.swift$", "swift$", ".*"].contains(String(body)) {
            return .everySwiftFile
        }
        if (try? NSRegularExpression(pattern: pattern)) == nil {
            let glob = pattern.hasPrefix("*") || pattern.hasPrefix("/") ? "**/" + pattern : pattern
            return .glob(
                glob,
                "`\(pattern)` is a glob, not a regex: SwiftLint refuses it (and with it the rule); read as the glob `\(glob)`"
            )
        }
        return .regex
    }

    static func isGlob(_ text: String) -> Bool { text.hasPrefix("**/") }
}

extension String {
    /// The text on one line: each line break and other control character a space.
    var oneLine: String {
        guard
            unicodeScalars.contains(where: {
                $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}"
            })
        else { return self }
        return String(
            String.UnicodeScalarView(
                unicodeScalars.map {
                    $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}"
                        ? " " : $0
                }))
    }
}

/// Markdown written around text a config chose.
enum Markdown {
    /// A fenced code block that the text cannot close: its fence is longer than any run of
    /// backticks in it.
    static func fenced(_ text: String, info: String) -> String {
        var longest = 0, run = 0
        for character in text.utf8 {
            run = character == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + info + "\n" + text + "\n" + fence + "\n"
    }
}
