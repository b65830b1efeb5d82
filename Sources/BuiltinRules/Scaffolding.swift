import LintEngine
import SwiftLexer
import SwiftUIModel

/// Code that never ships to a user: `#Preview`/`PreviewProvider` blocks, tests, `#if DEBUG`
/// branches and preview or sample files. A deprecated API there is worth a note, not a warning:
/// nothing a person uses changes when it is replaced. Asked per finding; the `#if DEBUG` ranges
/// are found once, and only in a file that mentions `DEBUG`.
final class Scaffolding {
    private let file: LintFile
    private let testFile: Bool
    private let scaffoldPath: Bool
    private var debugRanges: [Range<Int>]?

    init(_ file: LintFile) {
        self.file = file
        testFile = file.importsTestFramework
        scaffoldPath = SwiftUINames.isScaffoldPath(file.path)
    }

    /// Whether the token stands in code that never ships.
    func contains(_ token: Int) -> Bool {
        if testFile || scaffoldPath || file.structure.isInPreview(token) { return true }
        let ranges =
            debugRanges ?? (file.vocabulary.contains(.debug) ? file.structure.debugOnlyRanges() : [])
        debugRanges = ranges
        return ranges.contains { $0.contains(token) }
    }

    /// `info` for a finding there, the rule's own severity elsewhere.
    func severity(at token: Int) -> Severity? { contains(token) ? .info : nil }
}
