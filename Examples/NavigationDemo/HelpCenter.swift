import SwiftUI

/// Two flags kept exclusive by hand.
struct HelpCenter: View {
    @State private var billingOpen = false
    @State private var privacyOpen = false

    var body: some View {
        VStack {
            DisclosureGroup("Billing", isExpanded: $billingOpen) { Text("Monthly.") }
            DisclosureGroup("Privacy", isExpanded: $privacyOpen) { Text("Never sold.") }
        }
        .onChange(of: billingOpen) { _, open in
            if open { privacyOpen = false }
        }
    }
}
