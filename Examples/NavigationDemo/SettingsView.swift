import SwiftUI

/// Legacy settings screen: deprecated containers and links, state that is not private.
struct SettingsView: View {
    @State var notificationsOn = true
    @State private var showAbout = false

    var body: some View {
        NavigationView {
            Form {
                Toggle("Notifications", isOn: $notificationsOn)
                NavigationLink(destination: AboutView(), isActive: $showAbout) {
                    Text("About")
                }
            }
        }
    }
}

struct AboutView: View {
    var body: some View {
        // patternlint:disable:next navigation-view-deprecated -- kept for the macOS 12 build
        NavigationView { Text("About") }
    }
}
