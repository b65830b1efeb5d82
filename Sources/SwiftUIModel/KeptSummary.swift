/// A file's summary, boxed: the editor's lint keeps one per file for its whole session, and its
/// slots, the list the index is merged from and the index's merge each hold a reference instead
/// of a copy (a summary is some 200 bytes inline, times every file).
package final class KeptSummary: Sendable {
    package let summary: FileSummary

    package init(_ summary: FileSummary) { self.summary = summary }
}
