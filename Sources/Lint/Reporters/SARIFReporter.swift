import Foundation
import Notes

/// SARIF 2.1.0 for code-scanning UIs: one `rule` per rule run, whose `help.markdown` carries the
/// rule and its pattern note, so the note shows beside each alert; `partialFingerprints` keep
/// alerts attached to their code across edits.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    /// Base for `helpUri` (the note's permalink is appended); a `urn:` when none is configured.
    public var helpBase: String?

    public init(helpBase: String? = nil) { self.helpBase = helpBase }

    public func report(_ result: LintResult) -> String {
        let rules = result.rulesRun
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.metadata.id, $0) })
        var out = """
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [
                {
                  "tool": {
                    "driver": {
                      "name": "PatternLint",
                      "version": "\(PatternLintVersion.current)",
                      "rules": [

            """
        for (index, entry) in rules.enumerated() {
            let metadata = entry.metadata
            var help = metadata.body.trimmingCharacters(in: .whitespacesAndNewlines)
            if let note = entry.note, let markdown = entry.noteMarkdown {
                help +=
                    "\n\n---\n\n**Pattern note: \(note.title)** (`\(note.permalink)`, `\(note.path)`)\n\n" + markdown
            }
            // A published notes site (`help_uri_base`) gets the exported page; otherwise a URN names the note.
            let helpUri =
                entry.note.map { note in
                    helpBase.map {
                        ($0.hasSuffix("/") ? $0 : $0 + "/")
                            + HTMLExport.pageNames(for: [Note.placeholder(permalink: note.permalink)])[0]
                    }
                        ?? "urn:patternlint:note:\(note.permalink)"
                }
                ?? "urn:patternlint:rule:\(metadata.id)"
            out +=
                "            {\"id\": \(JSON.quote(metadata.id)), \"name\": \(JSON.quote(Self.pascalCase(metadata.id))), "
            out += "\"shortDescription\": {\"text\": \(JSON.quote(metadata.summary))}, "
            out +=
                "\"fullDescription\": {\"text\": \(JSON.quote(Self.firstParagraph(metadata.body) ?? metadata.summary))}, "
            out += "\"helpUri\": \(JSON.quote(helpUri)), "
            out += "\"help\": {\"text\": \(JSON.quote(help)), \"markdown\": \(JSON.quote(help))}, "
            out += "\"defaultConfiguration\": {\"level\": \(JSON.quote(Self.level(metadata.severity)))}, "
            out += "\"properties\": {\"tags\": [\(metadata.tags.map(JSON.quote).joined(separator: ", "))]"
            if let note = entry.note {
                out +=
                    ", \"patternNote\": {\"title\": \(JSON.quote(note.title)), \"permalink\": \(JSON.quote(note.permalink)), \"path\": \(JSON.quote(note.path))}"
            }
            out += "}}" + (index == rules.count - 1 ? "\n" : ",\n")
        }
        out += "          ]\n        }\n      },\n      \"results\": [\n"
        let fingerprints = Fingerprint.compute(for: result.findings)
        for (index, finding) in result.findings.enumerated() {
            out += "        {\"ruleId\": \(JSON.quote(finding.ruleID)), "
            if let position = ruleIndex[finding.ruleID] { out += "\"ruleIndex\": \(position), " }
            out += "\"level\": \(JSON.quote(Self.level(finding.severity))), "
            out += "\"message\": {\"text\": \(JSON.quote(finding.message))}, "
            out +=
                "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSON.quote(Self.uri(finding.path)))}, "
            out += "\"region\": {\"startLine\": \(finding.line), \"startColumn\": \(finding.column)}}}], "
            out += "\"partialFingerprints\": {\"patternlint/v1\": \(JSON.quote(fingerprints[index]))}"
            if let note = finding.note {
                out +=
                    ", \"properties\": {\"patternNote\": {\"title\": \(JSON.quote(note.title)), \"permalink\": \(JSON.quote(note.permalink)), \"path\": \(JSON.quote(note.path))}}"
            }
            out += "}" + (index == result.findings.count - 1 ? "\n" : ",\n")
        }
        // Columns count Unicode scalars (SARIF's default would be UTF-16 code units).
        out += "      ],\n      \"columnKind\": \"unicodeCodePoints\"\n    }\n  ]\n}\n"
        return out
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative URI reference: `./` dropped, spaces and other specials percent-encoded.
    static func uri(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isLetter && byte < 0x80 || c.isNumber && byte < 0x80 || "/-._~".contains(c) {
                out.append(c)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func firstParagraph(_ markdown: String) -> String? {
        let paragraphs = markdown.components(separatedBy: "\n\n").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return paragraphs.first { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("```") }?.replacingOccurrences(
            of: "\n", with: " ")
    }
}

public enum PatternLintVersion {
    public static let current = "0.1.0"
}
