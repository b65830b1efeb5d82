import SwiftLexer
import Support

/// What SwiftUI's own names mean for navigation: which calls are stacks, which modifiers keep their
/// content in place or present it, which types are the platform's. The one place the linter keeps
/// such knowledge; the view index and the rules ask here.
public enum SwiftUINames {
    /// The names the predicates below compare against, as data: the first-byte prefilters are
    /// made from them (a test checks each predicate against its list), so none is kept by hand.
    /// Beside SwiftUI's own, the navigation packages apps use: NavigationBackport (`NBNavigationStack`,
    /// `NBNavigationLink`, `nbNavigationDestination`), TCA (`NavigationStackStore`,
    /// `NavigationLinkStore`; its `navigationDestination(store:)` and swift-navigation's
    /// `navigationDestination(item:)` keep SwiftUI's name), FlowStacks (`FlowStack`, `FlowLink`,
    /// `flowDestination`).
    public static let pathStackNames = [
        "NavigationStack", "NavigationView", "NBNavigationStack", "NavigationStackStore", "FlowStack",
    ]
    static let stackNames = pathStackNames + ["NavigationSplitView"]
    public static let linkNames = ["NavigationLink", "NBNavigationLink", "NavigationLinkStore", "FlowLink"]
    public static let destinationModifierNames = [
        "navigationDestination", "nbNavigationDestination", "flowDestination",
    ]
    static let navigationCallNames = linkNames + destinationModifierNames
    static let presentationModifierNames = ["sheet", "fullScreenCover", "popover", "inspector", "contextMenu"]

    /// First bytes of the stack and navigation-call names: one byte rules most calls out.
    package static let navigationFirstBytes = FirstBytes(stackNames + navigationCallNames)
    /// First bytes of the presentation modifiers.
    package static let presentationFirstBytes = FirstBytes(presentationModifierNames)

    /// A stack: one with a path (`isPathStackName`) or `NavigationSplitView`, compared without
    /// hashing (asked for every enclosing call of every view).
    @inline(__always) public static func isStackName(_ name: String) -> Bool {
        isPathStackName(name) || name == "NavigationSplitView"
    }

    /// A stack with one navigation path: `NavigationStack` or `NavigationView` (a
    /// `NavigationSplitView`'s columns may hold stacks of their own), a package's
    /// (`pathStackNames`), or one the team names (`team`).
    @inline(__always) public static func isPathStackName(_ name: String) -> Bool {
        name == "NavigationStack" || name == "NavigationView" || name == "NBNavigationStack"
            || name == "NavigationStackStore" || name == "FlowStack" || (hasTeamNames && team.stacks.contains(name))
    }

    /// A link that pushes onto the stack around it: `NavigationLink` or a package's (`linkNames`).
    @inline(__always) public static func isLinkName(_ name: String) -> Bool {
        name == "NavigationLink" || name == "NBNavigationLink" || name == "NavigationLinkStore" || name == "FlowLink"
            || (hasTeamNames && team.links.contains(name))
    }

    /// A modifier that registers pushed content with the stack around it: `navigationDestination`
    /// (SwiftUI's, TCA's and swift-navigation's forms) or a package's (`destinationModifierNames`).
    @inline(__always) public static func isDestinationModifier(_ name: String) -> Bool {
        name == "navigationDestination" || name == "nbNavigationDestination" || name == "flowDestination"
            || (hasTeamNames && team.destinations.contains(name))
    }

    /// A link built (not a member call) or a destination modifier: a call that pushes.
    @inline(__always) public static func isNavigationCall(_ call: CallSite) -> Bool {
        call.isMember ? isDestinationModifier(call.callee) : isLinkName(call.callee)
    }

    /// A link's or destination modifier's name, either way it is called.
    @inline(__always) public static func isNavigationCallName(_ name: String) -> Bool {
        isLinkName(name) || isDestinationModifier(name)
    }

    /// A call that may build one of the run's own types: type-named, not a member, and not one
    /// of the platform's (`VStack`, `Text`), whose constructions say nothing about the run.
    public static func mayBuildRunType(_ call: CallSite) -> Bool {
        !call.isMember && Structure.isTypeName(call.callee) && !platformTypes.contains(call.callee)
    }

    /// Modifiers whose content starts a new presentation: `sheet`, `fullScreenCover`, `popover`,
    /// `inspector`, and `contextMenu`, whose menu and preview are shown on their own, outside the
    /// screen's stack (compared without hashing).
    @inline(__always) public static func isPresentationModifier(_ name: String) -> Bool {
        name == "sheet" || name == "fullScreenCover" || name == "popover" || name == "inspector"
            || name == "contextMenu"
    }

    /// SwiftUI modifiers that never hold a navigation stack; left out of `chainedModifiers()`.
    static let everydayModifiers: Set<String> = [
        "padding", "frame", "font", "fontWeight", "foregroundColor", "foregroundStyle", "background", "overlay", "tag",
        "tabItem", "environmentObject", "environment", "onAppear", "onDisappear", "task", "navigationTitle",
        "navigationBarTitleDisplayMode", "toolbar", "sheet", "fullScreenCover", "popover", "alert",
        "confirmationDialog",
        "navigationDestination", "nbNavigationDestination", "flowDestination", "listStyle", "buttonStyle",
        "cornerRadius", "clipShape", "shadow", "opacity",
        "disabled",
        "onTapGesture", "onChange", "refreshable", "searchable", "animation", "transition", "id", "accessibilityLabel",
        "accessibilityIdentifier", "multilineTextAlignment", "lineLimit", "bold", "italic", "imageScale", "resizable",
        "scaledToFit", "scaledToFill", "aspectRatio", "ignoresSafeArea", "tint", "accentColor", "contentShape",
        "keyboardType", "textFieldStyle", "pickerStyle", "toggleStyle", "labelStyle", "listRowBackground",
        "listRowInsets", "listRowSeparator", "swipeActions", "safeAreaInset", "offset", "position",
        "zIndex", "scaleEffect", "rotationEffect", "gesture", "focused", "submitLabel", "onSubmit",
        "presentationDetents", "interactiveDismissDisabled", "toolbarBackground", "redacted", "fixedSize",
        "layoutPriority", "border", "mask", "blur", "modelContainer", "tabViewStyle", "badge", "help",
        "keyboardShortcut", "scrollContentBackground", "textCase", "monospacedDigit", "symbolRenderingMode",
        "navigationBarBackButtonHidden", "onReceive", "onOpenURL", "preferredColorScheme",
    ]

    /// SwiftUI's modifiers whose closures or arguments hold views shown where the modified view is
    /// (or no views at all): its everyday ones (`everydayModifiers`) and these. Content
    /// in any other modifier (a package's `.popup { … }` or `.bottomSheet { … }`, which may present
    /// it in a window or a sheet of its own) is of unknown place: it is marked in the wrappers as
    /// `?name` (see `ViewHierarchy.hasOpaqueWrapper`). Presentations are told apart before.
    static let sameContextModifiers: Set<String> = everydayModifiers.union([
        "searchSuggestions", "overlayPreferenceValue", "backgroundPreferenceValue", "containerBackground",
        "navigationBarItems", "navigationBarTitle", "toolbarTitleMenu", "onLongPressGesture", "simultaneousGesture",
        "highPriorityGesture", "transaction", "accessibilityActions", "accessibilityRepresentation", "dropDestination",
        "draggable", "onDrop", "onDrag", "modifier", "onHover", "sensoryFeedback", "scrollPosition",
        "matchedGeometryEffect", "popoverTip",
    ])

    /// A modifier (not SwiftUI's everyday one, nor a presentation) that may show its content
    /// somewhere else: a package's `.popup { … }`.
    @inline(__always) static func mayShowContentElsewhere(_ call: CallSite) -> Bool {
        call.isMember && !isPresentationModifier(call.callee) && !sameContextModifiers.contains(call.callee)
    }

    /// Types of the platform that views construct all the time; a run's own types are what the
    /// index is for.
    package static let platformTypes: Set<String> = [
        "Text", "Image", "Label", "Button", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid",
        "LazyHGrid", "Grid", "GridRow", "Spacer", "Divider", "Group", "Section", "List", "ForEach", "ScrollView",
        "Form", "NavigationLink", "NavigationStack", "NavigationView", "NavigationSplitView", "NavigationPath",
        "TabView", "Tab", "Toggle", "TextField", "SecureField", "TextEditor", "Picker", "DatePicker", "Slider",
        "Stepper", "ProgressView", "Menu", "Link", "ShareLink", "GeometryReader", "Color", "Font", "Circle",
        "Rectangle", "RoundedRectangle", "Capsule", "Ellipse", "Path", "LinearGradient", "RadialGradient",
        "AsyncImage", "ContentUnavailableView", "EmptyView", "AnyView", "ToolbarItem", "ToolbarItemGroup",
        "EditButton", "DisclosureGroup", "LabeledContent", "ViewThatFits", "Binding", "State", "Environment",
        "Task", "URL", "URLRequest", "Date", "Data", "UUID", "String", "Int", "Double", "Float", "Bool", "CGFloat",
        "CGSize", "CGPoint", "CGRect", "Array", "Set", "Dictionary", "Locale", "Calendar", "DateFormatter",
        "JSONDecoder", "JSONEncoder", "EdgeInsets", "Animation", "SortDescriptor", "FetchDescriptor",
    ]

    /// SwiftUI containers that show their content as it is (scenes, groups, layouts): content built
    /// inside them stands where they stand. Other containers that the run does not declare (a
    /// package's `CoordinatedNavigationStack { … }`, `RouterView { … }`) may hold a stack of their
    /// own, so what they hold is unknown (`hasOpaqueWrapper`).
    package static let passThroughContainers: Set<String> = [
        "WindowGroup", "Window", "UtilityWindow", "DocumentGroup", "Settings", "MenuBarExtra", "ImmersiveSpace",
        "GroupBox", "ControlGroup", "Table", "OutlineGroup", "TabSection", "ScrollViewReader", "TimelineView",
        "Canvas", "HSplitView", "VSplitView", "PhaseAnimator", "KeyframeAnimator", "AnyLayout", "HStackLayout",
        "VStackLayout", "ZStackLayout", "Gauge", "Chart", "Map", "MapReader", "PhotosPicker", "RealityView",
        "TupleView", "ModifiedContent", "Optional", "Popover", "ContextMenu", "SwipeActions", "Alert",
    ]

    /// The protocols whose conformers are views: `View`, and the representables that wrap UIKit and
    /// AppKit views in one (they have no `body`, but are built, bound and placed as views are).
    public static let viewProtocols: Set<String> = [
        "View", "UIViewRepresentable", "NSViewRepresentable", "UIViewControllerRepresentable",
        "NSViewControllerRepresentable",
    ]

    /// Declared (or extended) as one of them, qualified or not.
    package static func declaresView(_ type: TypeDecl) -> Bool { viewProtocols.contains { type.inherits($0) } }

    /// Test frameworks: a file importing one builds views to look at them, as previews do.
    public static let testFrameworks: Set<String> = ["XCTest", "Testing", "SnapshotTesting", "ViewInspector"]

    /// Protocols of the platform that types conform to all the time; conformances to them are not
    /// recorded (the index follows only the app's own protocols, which may refine `View`).
    public static let platformProtocols: Set<String> = [
        "View", "App", "Scene", "PreviewProvider", "Equatable", "Hashable", "Identifiable", "Codable", "Decodable",
        "Encodable", "Sendable", "CaseIterable", "Comparable", "CustomStringConvertible", "Error", "ObservableObject",
        "String", "Int", "NSObject", "UIViewController", "UIView", "ViewModifier", "ButtonStyle", "ToolbarContent",
    ]

    /// Names a demo or preview scaffold goes by (`ListPickerPreview`, `ComponentGallery`): frozen
    /// values there show a control, they do not drive one.
    static let scaffoldWords: [StaticString] = ["Preview", "Gallery", "Showcase", "Storybook", "Playground"]

    package static func isScaffold(_ name: String) -> Bool { scaffoldWords.contains { name.containsBytes($0) } }

    /// A file in a scaffold folder (`DesignSystem/Gallery/Buttons.swift`).
    package static func isScaffoldPath(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { isScaffold(String($0)) }
    }

    /// Standard value types that are not `Identifiable` (`sheet(item:)` needs a wrapper for them).
    public static let plainValueTypes: Set<String> = [
        "String", "Substring", "URL", "Int", "Double", "Float", "Bool", "Date", "Data", "UUID", "Error", "any Error",
        "CGFloat", "NSError", "Character",
    ]
}
