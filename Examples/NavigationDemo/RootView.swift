import SwiftUI

/// The app's root. Deliberate problem: the TabView sits inside a NavigationStack.
struct RootView: View {
    @State private var path: [Route] = []

    var body: some View {
        NavigationStack(path: $path) {
            TabView {
                InboxView()
                    .tabItem { Label("Inbox", systemImage: "tray") }
                SettingsView()
                    .tabItem { Label("Settings", systemImage: "gear") }
            }
        }
    }
}

#Preview {
    RootView()
}
