import LintEngine
import Support

/// The lines evidence points at in files other than the finding's own (the write a frozen binding
/// loses, in the view that does it): each such file is read once and kept while all those kept
/// stay under a budget; past it, evidence is shown by place and message alone, so a report's
/// reading stays bounded whatever the findings point at.
final class EvidenceLines {
    static let budget = 64 << 20
    private var files: [String: CodeExcerpts.FileLines?] = [:]
    private var kept = 0

    func text(of line: Int, in path: String) -> String? {
        if let file = files[path] { return file?.text(of: line) }
        guard kept < Self.budget else { return nil }
        let file = CodeExcerpts.FileLines(path: path)
        kept += file?.byteCount ?? 0
        files[path] = file
        return file?.text(of: line)
    }
}
