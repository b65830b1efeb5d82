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

    public init(
        ruleID: String, severity: Severity, message: String, path: String, line: Int, column: Int, note: NoteReference?,
        sourceLine: String, fix: Fix? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.note = note
        self.sourceLine = sourceLine
        self.fix = fix
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

    public init(file: Int, offset: Int, message: String, severity: Severity? = nil, fix: Fix? = nil) {
        self.file = file
        self.offset = offset
        self.message = message
        self.severity = severity
        self.fix = fix
    }
}
