import Support
/// SwiftUI's views and modifiers that write back through a binding argument, with what a person
/// sees fail when that binding is frozen (`.constant(…)`). Anything else of the platform's or a
/// package's is of unknown behaviour: whether it writes cannot be told from the call.
package enum BindingWriters {
    /// What stops working, by callee and argument label (`Toggle` + `isOn`).
    package static func effect(callee: String, label: String?, isMember: Bool) -> String? {
        guard let label else { return nil }
        if isMember {
            // A package's destination modifier (`nbNavigationDestination`) takes SwiftUI's bindings.
            switch (SwiftUINames.isDestinationModifier(callee) ? "navigationDestination" : callee, label) {
            case ("sheet", "isPresented"), ("sheet", "item"), ("fullScreenCover", "isPresented"),
                ("fullScreenCover", "item"), ("popover", "isPresented"), ("popover", "item"),
                ("inspector", "isPresented"):
                return "dismissing it (a swipe, a button, `dismiss()`) cannot reset the binding, so it cannot be closed"
            case ("alert", "isPresented"), ("alert", "item"), ("confirmationDialog", "isPresented"):
                return "its buttons cannot reset the binding, so it cannot be closed"
            case ("navigationDestination", "isPresented"), ("navigationDestination", "item"):
                return "going back cannot reset the binding, so the pushed screen comes straight back"
            case ("fileImporter", "isPresented"), ("fileExporter", "isPresented"), ("fileMover", "isPresented"):
                return "closing the file panel cannot reset the binding"
            case ("searchable", "text"):
                return "typing in the search field changes nothing"
            case ("searchable", "isPresented"):
                return "the search field cannot be opened or closed"
            default:
                return nil
            }
        }
        switch (callee, label) {
        case ("Toggle", "isOn"):
            return "the toggle cannot be switched"
        case ("TextField", "text"), ("SecureField", "text"), ("TextEditor", "text"):
            return "typing changes nothing"
        case ("Slider", "value"), ("Stepper", "value"):
            return "the value cannot be changed"
        case ("Picker", "selection"), ("DatePicker", "selection"), ("MultiDatePicker", "selection"),
            ("ColorPicker", "selection"), ("PhotosPicker", "selection"):
            return "choosing another value changes nothing"
        case ("TabView", "selection"):
            return "tapping another tab cannot change the selection"
        case ("List", "selection"), ("Table", "selection"):
            return "selecting rows changes nothing"
        case ("DisclosureGroup", "isExpanded"):
            return "it cannot be expanded or collapsed"
        case ("NavigationStack", "path"):
            return "links and the back button cannot change the path, so pushes and pops silently do nothing"
        case ("NavigationSplitView", "columnVisibility"), ("NavigationSplitView", "preferredCompactColumn"):
            return "the columns cannot be shown or hidden"
        default:
            return nil
        }
    }

    /// Presentation modifiers: a frozen `false` or `nil` never shows anything, so nothing is dropped.
    package static func isPresentation(_ callee: String) -> Bool {
        SwiftUINames.isPresentationModifier(callee) || callee == "alert" || callee == "confirmationDialog"
            || SwiftUINames.isDestinationModifier(callee) || callee == "fileImporter" || callee == "fileExporter"
    }
}
