import SwiftUI

/// Pushed from InboxView, yet owns a NavigationStack; and it starts work in init.
struct MessageDetail: View {
    let message: Message
    @State private var body_: String = ""

    init(message: Message) {
        self.message = message
        Task { await Prefetcher.shared.warm(message.id) }
    }

    var body: some View {
        NavigationStack {
            Text(message.subject)
                .task { body_ = await Prefetcher.shared.load(message.id) }
        }
    }
}

actor Prefetcher {
    static let shared = Prefetcher()
    func warm(_ id: Int) async {}
    func load(_ id: Int) async -> String { "" }
}
