import SwiftUI

@main
struct DemoApp: App {
    var body: some Scene {
        WindowGroup {
            RootView()
        }
    }
}

enum Route: Hashable, Codable {
    case message(Int)
    case settings
}
