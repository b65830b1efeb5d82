import Foundation
import Notes
import Support
import LintEngine

/// SARIF 2.1.0 for code-scanning UIs: one `rule` per rule that reported, whose `help.markdown`
/// carries the rule and its pattern note, so the note shows beside each alert; `partialFingerprints`
/// keep alerts attached to their code across edits. Rules without results are left out: code
/// scanning reads a descriptor only for the results that name it, and every descriptor carries its
/// whole note, so listing all of them made an empty run's report hundreds of kilobytes.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    /// Base for `helpUri` (the note's permalink is appended); without one there is no page to point
    /// at (the note's text is in `help` already), so `helpUri` is left out.
    public var helpBase: String?

    public init(helpBase: String? = nil) { self.helpBase = helpBase }

    public func report(_ result: LintResult) -> String {
        let reporting = Set(result.findings.map(\.ruleID))
        let rules = result.rulesRun.filter { reporting.contains($0.metadata.id) }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.metadata.id, $0) })
        let fingerprints = Fingerprint.compute(for: result.findings)
        let log = SARIF.Log(runs: [
            SARIF.Run(
                tool: SARIF.Tool(
                    driver: SARIF.Driver(
                        name: "PatternLint", version: PatternLintVersion.current, rules: rules.map(descriptor))),
                results: result.findings.enumerated().map { index, finding in
                    SARIF.Result(
                        ruleId: finding.ruleID, ruleIndex: ruleIndex[finding.ruleID],
                        level: Self.level(finding.severity),
                        message: SARIF.Text(text: finding.message),
                        locations: [
                            SARIF.Location(
                                physicalLocation: SARIF.PhysicalLocation(
                                    artifactLocation: Self.location(finding.path),
                                    region: SARIF.Region(startLine: finding.line, startColumn: finding.column)))
                        ],
                        relatedLocations: finding.related.isEmpty
                            ? nil
                            : finding.related.enumerated().map { position, related in
                                SARIF.RelatedLocation(
                                    id: position,
                                    physicalLocation: SARIF.PhysicalLocation(
                                        artifactLocation: Self.location(related.path),
                                        region: SARIF.Region(startLine: related.line, startColumn: related.column)),
                                    message: SARIF.Text(text: related.message))
                            },
                        partialFingerprints: ["patternlint/v1": fingerprints[index]],
                        fixes: finding.fix.map { [Self.fix($0, path: finding.path)] },
                        rank: Self.rank(finding.confidence),
                        properties: SARIF.ResultProperties(
                            patternNote: finding.note.map(SARIF.NoteInfo.init), precision: finding.confidence.rawValue))
                },
                // Columns count Unicode scalars (SARIF's default would be UTF-16 code units).
                columnKind: "unicodeCodePoints",
                // Results name files relative to the folder the run started in; this says which.
                originalUriBaseIds: [
                    Self.rootID: SARIF.ArtifactLocation(uri: Self.folderURI(DisplayPath.currentFolder))
                ])
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every field is a string, number or array of them: encoding cannot fail.
        return String(decoding: (try? encoder.encode(log)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// A rule's descriptor: its text, and its pattern note as `help.markdown` and `helpUri`.
    func descriptor(_ entry: RuleCatalog.Entry) -> SARIF.Rule {
        let metadata = entry.metadata
        var help = metadata.body.trimmingCharacters(in: .whitespacesAndNewlines)
        if let note = entry.note, let markdown = entry.noteMarkdown {
            help += "\n\n---\n\n**Pattern note: \(note.title)** (`\(note.permalink)`, `\(note.path)`)\n\n" + markdown
        }
        // A published notes site (`help_uri_base`) gets the exported page; a URN instead led nowhere.
        let helpUri = entry.note.flatMap { note in helpBase.map { NotePageLink.url(for: note, base: $0) } }
        return SARIF.Rule(
            id: metadata.id, name: Self.pascalCase(metadata.id), shortDescription: SARIF.Text(text: metadata.summary),
            fullDescription: SARIF.Text(text: Self.firstParagraph(metadata.body) ?? metadata.summary),
            helpUri: helpUri, help: SARIF.Help(text: help, markdown: help),
            defaultConfiguration: SARIF.Configuration(level: Self.level(metadata.severity)),
            properties: SARIF.RuleProperties(tags: metadata.tags, patternNote: entry.note.map(SARIF.NoteInfo.init)))
    }

    /// A finding's fix as a SARIF fix: byte regions replaced, and whether `--fix` applies it alone.
    static func fix(_ fix: Fix, path: String) -> SARIF.FixObject {
        SARIF.FixObject(
            description: SARIF.Text(
                text: fix.applicability == .safe
                    ? "Safe fix: applied by patternlint lint --fix" : "Unsafe fix: applied only with --unsafe-fixes"),
            artifactChanges: [
                SARIF.ArtifactChange(
                    artifactLocation: location(path),
                    replacements: fix.edits.map {
                        SARIF.Replacement(
                            deletedRegion: SARIF.ByteRegion(
                                byteOffset: $0.range.lowerBound, byteLength: $0.range.count),
                            insertedContent: SARIF.Content(text: $0.replacement))
                    })
            ])
    }

    static func rank(_ confidence: Confidence) -> Double {
        switch confidence {
        case .high: 90
        case .medium: 60
        case .low: 30
        }
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    static let rootID = "SRCROOT"

    /// A relative path is relative to `SRCROOT`; a path outside the run's folder stays absolute.
    static func location(_ path: String) -> SARIF.ArtifactLocation {
        path.hasPrefix("/")
            ? SARIF.ArtifactLocation(uri: "file://" + uri(path))
            : SARIF.ArtifactLocation(uri: uri(path), uriBaseId: rootID)
    }

    static func folderURI(_ folder: String) -> String {
        "file://" + uri(folder.hasSuffix("/") ? folder : folder + "/")
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

/// The part of SARIF 2.1.0 PatternLint writes, as types, so the log is encoded rather than spliced.
enum SARIF {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind: String
        var originalUriBaseIds: [String: ArtifactLocation]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name: String
        var version: String
        var rules: [Rule]
    }
    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var helpUri: String?
        var help: Help
        var defaultConfiguration: Configuration
        var properties: RuleProperties
    }
    struct Text: Encodable { var text: String }
    struct Help: Encodable {
        var text: String
        var markdown: String
    }
    struct Configuration: Encodable { var level: String }
    struct RuleProperties: Encodable {
        var tags: [String]
        var patternNote: NoteInfo?
    }
    struct NoteInfo: Encodable {
        var title: String
        var permalink: String
        var path: String
        init(_ note: NoteReference) {
            title = note.title
            permalink = note.permalink
            path = note.path
        }
    }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
        /// The finding's evidence (`Finding.related`).
        var relatedLocations: [RelatedLocation]?
        var partialFingerprints: [String: String]
        var fixes: [FixObject]?
        /// SARIF's 0–100 priority, from the confidence (a viewer sorts the surest first).
        var rank: Double
        var properties: ResultProperties?
    }
    /// `precision` as CodeQL names a query's confidence (`high`, `medium`, `low`).
    struct ResultProperties: Encodable {
        var patternNote: NoteInfo?
        var precision: String
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct RelatedLocation: Encodable {
        var id: Int
        var physicalLocation: PhysicalLocation
        var message: Text
    }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
    struct FixObject: Encodable {
        var description: Text
        var artifactChanges: [ArtifactChange]
    }
    struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }
    struct Replacement: Encodable {
        var deletedRegion: ByteRegion
        var insertedContent: Content
    }
    struct ByteRegion: Encodable {
        var byteOffset: Int
        var byteLength: Int
    }
    struct Content: Encodable { var text: String }
}
