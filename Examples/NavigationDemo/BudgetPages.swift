import SwiftUI

enum BudgetPage: Hashable { case overview, expenses }

/// Only a binding initializer: the deep link below has no state to give it.
struct ExpensesPage: View {
    @Binding var page: BudgetPage

    var body: some View {
        Picker("Page", selection: $page) {
            Text("Overview").tag(BudgetPage.overview)
            Text("Expenses").tag(BudgetPage.expenses)
        }
    }
}

/// The dual initializer: embedded with a binding, or standalone with its own state.
struct OverviewPage: View {
    private let external: Binding<BudgetPage>?
    @State private var own: BudgetPage = .overview

    init(page: Binding<BudgetPage>) { external = page }
    init() { external = nil }

    private var page: Binding<BudgetPage> { external ?? $own }

    var body: some View {
        Picker("Page", selection: page) {
            Text("Overview").tag(BudgetPage.overview)
        }
    }
}

enum Rounding { case constant(Int), none }

struct Amount: View {
    let rounding: Rounding
    var body: some View { Text("12.00") }
}

struct DeepLinkRouter: View {
    let target: BudgetPage

    var body: some View {
        switch target {
        case .overview: OverviewPage()
        case .expenses: ExpensesPage(page: .constant(.expenses))
        }
        Amount(rounding: .constant(2))
    }
}

#Preview {
    ExpensesPage(page: .constant(.overview))
}
