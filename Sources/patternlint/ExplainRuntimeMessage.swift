import Foundation
import LintEngine
import Notes

extension ExplainCommand {
    /// A pasted runtime line: the note's entry for it, then its rule and pattern note (or, with no
    /// rule, the pattern note the entry names); with `--in`, the rule's findings in that folder.
    func explain(_ message: RuntimeMessage, _ environment: LintSession) throws {
        let color = options.color.enabled
        let renderer = TerminalRenderer(color: color)
        var out = renderer.styled("SwiftUI runtime warning: ", .bold) + message.section + "\n\n"
        let graph = environment.graph
        let note: Note? =
            if case .resolved(let index) = graph.resolve(RuntimeMessage.noteTitle) { graph.notes[index] } else { nil }
        if let note, let section = message.sectionText(in: note.body) {
            out += renderer.render(markdown: section) + "\n"
        }
        if let id = message.rule, let entry = environment.catalog.entry(id) {
            out += renderer.styled("Rule that finds the cause", .bold, .cyan) + "\n\n" + show(entry, environment)
        } else {
            out += renderer.styled("No rule finds this cause before the app runs; see the note above.", .dim) + "\n"
        }
        if let folder {
            out += "\n" + (try places(message, in: folder, environment))
        }
        Terminal.page(out)
    }

    /// Each finding of the entry's rule in the folder, one `path:line:column: message` a line.
    func places(_ message: RuntimeMessage, in folder: String, _ environment: LintSession) throws -> String {
        guard let id = message.rule else {
            return "--in: no rule finds the code behind this line, so no places can be listed\n"
        }
        guard FileManager.default.fileExists(atPath: folder) else {
            throw CLIFailure(message: "--in \(folder): no such file or folder")
        }
        let (linter, discovery) = environment.prepare(roots: [folder])
        let result: LintResult
        do {
            result = try environment.lint(
                discovery.files.map { LintInput.disk($0) }, with: linter, filters: LintSession.Filters(baseline: .none))
        } catch let problem as LintProblem {
            throw CLIFailure(message: problem.description)
        }
        let found = result.findings.filter { $0.ruleID == id }
        guard !found.isEmpty else { return "No place in \(folder) found by \(id).\n" }
        return "Places in \(folder) (\(id), \(found.count)):\n"
            + found.map { "\($0.path):\($0.line):\($0.column): \($0.message)\n" }.joined()
    }
}
