extension FileSummary {
    /// Whether the file may build, push or declare one of these types, as the project index would
    /// record it (a superset: constructions of names the index leaves out, ambiguous or undeclared
    /// ones, count too, and any file whose members' links may push what other files build). The
    /// editor finds from the summaries alone which closed files a change may move, without an index.
    package func mayMention(anyOf names: Set<String>) -> Bool {
        types.contains { names.contains($0.name) }
            || constructions.keys.contains { names.contains($0) }
            || pushes.contains { names.contains($0.view) }
            || modifierArgumentViews.contains { names.contains($0.view) }
            || !memberLinks.isEmpty
    }
}
