import SwiftUIModel
import ProjectSettings
import Support

/// How much a finding matters; `info` never fails a run.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case info, warning, error

    var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// How sure a finding is, from the kinds of step its evidence takes (as CodeQL gives a query's
/// precision beside its severity): `high` when every step is one the rule can prove (SwiftUI's own
/// control writes the binding; an assignment that always runs), `medium` when a step rests on
/// what the tool cannot decide (a write behind a condition it cannot evaluate, a view it cannot
/// see, an unknown deployment target), `low` when the claim is a guess. Only a high-confidence
/// error fails a run: a medium one is reported at warning, a low one at info, with the same evidence.
public enum Confidence: String, Sendable, Codable, Comparable, CaseIterable {
    case low, medium, high

    var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }

    public static func < (a: Confidence, b: Confidence) -> Bool { a.rank < b.rank }
}

extension Severity {
    /// The severity a finding of this confidence is reported at: a medium one at most a warning,
    /// a low one an info.
    public func capped(by confidence: Confidence) -> Severity {
        switch confidence {
        case .high: self
        case .medium: min(self, .warning)
        case .low: .info
        }
    }
}

/// The pattern note a finding links to.
public struct NoteReference: Sendable, Codable, Equatable, Hashable {
    public var title: String
    public var permalink: String
    public var path: String

    public init(title: String, permalink: String, path: String) {
        self.title = title
        self.permalink = permalink
        self.path = path
    }
}

/// One problem in one file, with the note that explains the fix.
public struct Finding: Sendable, Codable, Equatable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var path: String
    public var line: Int
    /// 1-based, counted in characters.
    public var column: Int
    public var note: NoteReference?
    /// The source line the finding is on, without its line break (for baselines and reports).
    public var sourceLine: String
    /// How to fix it, when the rule knows (`--fix`).
    public var fix: Fix?
    /// The code that proves it (the write that is lost, the outer stack and the push): a finding
    /// at warning or error that depends on other code names that code here.
    public var related: [RelatedLocation] = []
    /// How sure it is; `severity` is already capped by it (`Severity.capped(by:)`).
    public var confidence: Confidence = .high

    public init(
        ruleID: String, severity: Severity, message: String, path: String, line: Int, column: Int, note: NoteReference?,
        sourceLine: String, fix: Fix? = nil, related: [RelatedLocation] = [], confidence: Confidence = .high
    ) {
        self.confidence = confidence
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.note = note
        self.sourceLine = sourceLine
        self.fix = fix
        self.related = related
    }
}

extension Finding {
    /// The order of one file's findings in every run: by line, column, rule, then message.
    static func inFileOrder(_ a: Finding, _ b: Finding) -> Bool {
        (a.line, a.column, a.ruleID, a.message) < (b.line, b.column, b.ruleID, b.message)
    }

    /// The message and the evidence as one more sentence, for reporters whose format has no place
    /// for locations (`… Evidence: Sources/Pager.swift:42:9: writes page; …`).
    public var messageWithEvidence: String {
        guard !related.isEmpty else { return message }
        return message + (message.hasSuffix(".") ? " " : ". ") + "Evidence: "
            + related.map { "\($0.path):\($0.line):\($0.column): \($0.message)" }.joined(separator: "; ") + "."
    }
}

/// What a rule names as a finding's proof: a byte offset in the finding's own file (the engine
/// turns it into line and column), or a place in another file the index knows.
public enum Evidence: Sendable, Hashable {
    case here(offset: Int, message: String)
    case elsewhere(RelatedLocation)

    public static func at(_ path: String, line: Int, column: Int = 1, _ message: String) -> Evidence {
        .elsewhere(RelatedLocation(path: path, line: line, column: column, message: message))
    }
}

/// What a rule reports before the engine attaches severity, position and note.
public struct Hit: Sendable {
    public var file: Int
    /// Byte offset in the file.
    public var offset: Int
    public var message: String
    /// A severity other than the rule's (e.g. `info` inside previews).
    public var severity: Severity?
    /// Its fix, if the rule has one.
    public var fix: Fix?
    /// The code the verdict rests on (see `Finding.related`).
    public var evidence: [Evidence]
    /// How sure the rule is of it, from that evidence; the rule's severity is capped by it.
    public var confidence: Confidence
    /// The rule has already weighed that the hit stands in code that never ships (an option of
    /// its own sets the severity there): the engine does not lower it to `info` (`ScaffoldCode`).
    public var weighsScaffolding = false

    public init(
        file: Int, offset: Int, message: String, severity: Severity? = nil, fix: Fix? = nil, evidence: [Evidence] = [],
        confidence: Confidence = .high
    ) {
        self.confidence = confidence
        self.file = file
        self.offset = offset
        self.message = message
        self.severity = severity
        self.fix = fix
        self.evidence = evidence
    }
}
