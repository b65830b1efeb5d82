import Foundation

/// Every finding with every field, the note included, as a JSON array.
public struct JSONReporter: Reporter {
    public static let name = "json"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let records = result.findings.map(Record.init)
        let data = (try? encoder.encode(records)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct Record: Encodable {
        var rule: String
        var severity: String
        var message: String
        var path: String
        var line: Int
        var column: Int
        var note: NoteReference?

        init(_ finding: Finding) {
            rule = finding.ruleID
            severity = finding.severity.rawValue
            message = finding.message
            path = finding.path
            line = finding.line
            column = finding.column
            note = finding.note
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule, forKey: .rule)
            try container.encode(severity, forKey: .severity)
            try container.encode(message, forKey: .message)
            try container.encode(path, forKey: .path)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(note, forKey: .note)
        }

        enum CodingKeys: String, CodingKey { case rule, severity, message, path, line, column, note }
    }
}
