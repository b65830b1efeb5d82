import SwiftLexer
import Support

/// One linted file: its path and structure.
public struct LintFile: Sendable {
    public let index: Int
    public let path: String
    public let structure: Structure
    public var source: SourceFile { structure.file }
    /// The names rules start from that stand in the file (`Rule.startsFrom`: a rule none of whose
    /// names stand here is skipped).
    public let vocabulary: Vocabulary
    /// What the file contributes to the project index, taken right after parsing (while the file
    /// is still in cache); rules that need the same facts read them here.
    package let summary: FileSummary
    /// What rules build of the file on first use and share (the team rules' index).
    public let scratch = FileScratch()

    public init(index: Int, path: String, structure: Structure) {
        self.index = index
        self.path = path
        self.structure = structure
        vocabulary = Vocabulary(structure)
        summary = FileSummary(index: index, path: path, structure: structure, vocabulary: vocabulary)
    }

    /// Whether the file imports a test framework (see `Structure.importsTestFramework`); the
    /// imports are read only when one of those names stands in the file.
    public var importsTestFramework: Bool { vocabulary.importsTestFramework(in: structure) }
}
