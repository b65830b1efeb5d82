import LintEngine
import Notes

extension MCPTools {
    /// `explain_rule` given a console line: the runtime-warnings note's entry for it, the rule
    /// that finds its cause (empty when none does) with that rule's markdown and note.
    func explainRuntimeMessage(_ message: RuntimeMessage, _ environment: LintSession) -> String {
        let graph = environment.graph
        var section = ""
        if case .resolved(let index) = graph.resolve(RuntimeMessage.noteTitle) {
            section = message.sectionText(in: graph.notes[index].body) ?? ""
        }
        let entry = message.rule.flatMap { environment.catalog.entry($0) }
        return json([
            "runtime_warning": message.section, "explanation": section, "id": entry?.metadata.id ?? "",
            "rule": entry?.metadata.markdown ?? "", "note_title": entry?.note?.title ?? RuntimeMessage.noteTitle,
            "note": entry?.noteMarkdown ?? "",
        ])
    }
}
