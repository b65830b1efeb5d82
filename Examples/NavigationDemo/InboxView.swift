import SwiftUI

struct Message: Identifiable, Hashable {
    let id: Int
    let subject: String
}

/// A list whose rows build their destination eagerly.
struct InboxView: View {
    let messages: [Message] = []
    @State private var query = ""

    var body: some View {
        List(messages) { message in
            NavigationLink(destination: MessageDetail(message: message)) {
                Text(message.subject)
            }
        }
        .searchable(text: $query)
        // A look-alike: `.constant(` in a comment and in a string is not code.
        .navigationTitle("Inbox .constant(true)")
    }

    /// Division and a regex literal must lex correctly around the rules.
    private func unreadRatio(unread: Int, total: Int) -> Double {
        let pattern = /NavigationView\(isActive:/
        _ = pattern
        return Double(unread) / Double(total) / 1.0
    }
}
