import SwiftUI

/// Presented as a sheet from SettingsView's legacy code paths.
struct ComposeSheet: View {
    @Environment(\.presentationMode) private var presentationMode
    @Binding var draft: String

    var body: some View {
        NavigationStack {
            Text(draft)
        }
        .navigationTitle("Compose")
        .onAppear { presentationMode.wrappedValue.dismiss() }
    }
}

struct DraftsScreen: View {
    @State private var draft = ""
    @State private var composing = false

    var body: some View {
        Button("New") { composing = true }
            .navigationBarTitle("Drafts")
            .sheet(isPresented: $composing) { ComposeSheet(draft: $draft) }
    }
}
