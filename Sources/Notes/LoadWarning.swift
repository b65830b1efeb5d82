extension NoteDiagnostic {
    /// A problem met while loading notes, worded as the one warning a command prints when it goes
    /// on without those notes (`lint`, `notes list`): the `path:1:1: error:` form `notes check`
    /// lists would read as an error inside a warning.
    public var loadWarning: String {
        switch code {
        case "missing-path": "\(path): no such notes folder or file; no notes read from it"
        case "unreadable": (message.hasPrefix(path) ? message : "\(path): \(message)") + "; note not read"
        case "outside-workspace": "\(path): \(message)"
        default: "\(path):\(line):\(column): \(message) [\(code)]"
        }
    }
}
