import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import SwiftUIModel
import XCTest

/// Constructs common in shipping SwiftUI apps that must not produce findings (precision), and
/// the few that must (recall).
final class RealisticCodeTests: XCTestCase {
    func testIdiomaticAppCodeIsClean() {
        let source = """
            import SwiftUI

            @MainActor
            struct FeedTab: View {
                @Environment(\\.dismiss) private var dismiss
                @State private var router = FeedRouter()
                @State private var filter: FeedFilter
                @Binding var reselect: AppTab
                @AppStorage("feed.last") var lastFilter: FeedFilter = .home
                private let canFilter: Bool

                init(reselect: Binding<AppTab>, filter: FeedFilter? = nil) {
                    canFilter = filter == nil
                    _reselect = reselect
                    _filter = .init(initialValue: filter ?? .home)
                }

                var body: some View {
                    NavigationStack(path: $router.path) {
                        FeedList(filter: $filter)
                            .withDestinations()
                            .toolbar { toolbarContent }
                            #if os(iOS)
                            .toolbarBackground(.visible, for: .navigationBar)
                            #endif
                            .navigationTitle("Feed")
                    }
                    .onChange(of: $reselect.wrappedValue) { _, tab in
                        if tab == .feed { router.path = [] }
                    }
                    .environment(router)
                }

                @ToolbarContentBuilder
                private var toolbarContent: some ToolbarContent {
                    switch filter {
                    case let .list(list):
                        ToolbarItem { Button { router.sheet = .editList(list) } label: { Image(systemName: "pencil") } }
                    default:
                        ToolbarItem { EmptyView() }
                    }
                }

                @ViewBuilder
                private var preferences: some View {
                    @Bindable var settings = settings
                    Section {
                        Toggle("Sounds", isOn: $settings.sounds)
                    } header: {
                        Text("General")
                    } footer: {
                        Text("Applies to every account.")
                    }
                }
            }

            struct TabsRoot: View {
                @State private var selection: AppTab = .feed
                var body: some View {
                    TabView(selection: $selection) {
                        Tab(value: AppTab.feed) {
                            FeedTab(reselect: $selection)
                        } label: {
                            Label("Feed", systemImage: "house")
                        }
                    }
                }
            }
            """
        let result = CatalogFixture.lint([("FeedTab.swift", source)])
        XCTAssertEqual(result.findings.map { "\($0.line) \($0.ruleID)" }, [])
    }

    func testRealMistakesInTheSameIdiomsAreFound() {
        let source = """
            struct SideColumn: View {
                @State var unread = 0
                var body: some View {
                    Inbox(selectedTab: .constant(.inbox), locked: nil)
                        .frame(maxWidth: 320)
                }
            }
            """
        let result = CatalogFixture.lint([("SideColumn.swift", source)])
        XCTAssertEqual(
            result.findings.map { "\($0.line) \($0.ruleID)" }, ["2 state-not-private", "4 constant-binding"])
    }

    /// A coordinator whose builder makes the screens (shared by the tests below).
    let coordinator = """
        import SwiftUI

        final class AppCoordinator: ObservableObject {
            @Published var path: [Screen] = []

            @ViewBuilder
            func view(for screen: Screen) -> some View {
                switch screen {
                case .detail(let id): DetailScreen(id: id)
                case .compose: ComposeScreen()
                }
            }
        }
        """

    let screens = """
        import SwiftUI

        struct DetailScreen: View {
            let id: Int
            var body: some View {
                NavigationLink("Reply", value: Screen.compose)
            }
        }

        struct ComposeScreen: View {
            var body: some View {
                NavigationStack { Form { Text("To:") } }
            }
        }
        """

    /// The screens stand where the coordinator's builder is used (optional chaining and
    /// environment objects included), across files.
    func testCoordinatorBuiltScreensArePlacedWhereTheyArePushed() {
        let root = """
            import SwiftUI

            struct AppRoot: View {
                @EnvironmentObject private var coordinator: AppCoordinator
                var fallback: AppCoordinator?

                var body: some View {
                    NavigationStack(path: $coordinator.path) {
                        Inbox()
                            .navigationDestination(for: Screen.self) { screen in
                                fallback?.view(for: screen)
                            }
                    }
                }
            }
            """
        let result = CatalogFixture.lint([
            ("AppCoordinator.swift", coordinator), ("AppRoot.swift", root), ("Screens.swift", screens),
        ])
        XCTAssertEqual(
            result.findings.map { "\($0.path):\($0.line) \($0.ruleID)" }, ["Screens.swift:12 nested-navigation-stack"])
    }

    /// One builder serves pushes and a sheet reached through a value whose type the linter cannot
    /// read (a parameter): the sheet screen's own stack is not called nested.
    func testABuilderThatAlsoServesSheetsLeavesItsScreensUnplaced() {
        let root = """
            import SwiftUI

            struct AppRoot: View {
                @StateObject private var coordinator = AppCoordinator()

                var body: some View {
                    NavigationStack(path: $coordinator.path) {
                        Inbox()
                            .navigationDestination(for: Screen.self) { coordinator.view(for: $0) }
                    }
                }
            }

            struct ComposeButton: View {
                let presenter: AnyPresenter
                @State private var sheet: Screen?

                var body: some View {
                    Button("Compose") { sheet = .compose }
                        .sheet(item: $sheet) { screen in
                            presenter.coordinator.view(for: screen)
                        }
                }
            }
            """
        let result = CatalogFixture.lint([
            ("AppCoordinator.swift", coordinator), ("AppRoot.swift", root), ("Screens.swift", screens),
        ])
        XCTAssertEqual(result.findings.map { "\($0.path):\($0.line) \($0.ruleID)" }, [])
    }
}
