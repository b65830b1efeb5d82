struct NotesApp: View {
    var body: some View {
        NavigationStack {
            NoteList()
                .navigationTitle("Notes")
                .navigationDestination(