import SwiftLexer

/// `.constant(…)` handed to a view initializer or a navigation modifier: the binding never writes
/// back, so the child's navigation or presentation silently does nothing.
/// Inside `#Preview`/`PreviewProvider` it is reported at `info` (option `previews`: info, off,
/// warning or error).
public struct ConstantBindingRule: ProjectRule {
    public let id = "constant-binding"
    public let startsFrom: [Vocabulary.Word] = [.constant]
    public let optionSpecs = [
        RuleOptionSpec(
            "previews", allowed: ["info", "warning", "error", "off"], default: "info",
            summary: "severity inside previews, preview hosts, tests and `#if DEBUG` code (`off`: not reported)")
    ]

    /// Modifiers whose binding arguments drive presentation or navigation.
    static let bindingModifiers: Set<String> = [
        "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "navigationDestination", "inspector",
        "searchable", "fileImporter", "fileExporter", "toolbarRole",
    ]

    /// A `.constant(…)` argument found in the file; whether it is reported depends on the
    /// declared parameter type of a project view (an enum case named `constant` is not a binding).
    struct Candidate: Sendable {
        var offset: Int
        var callee: String
        var label: String?
        var isView: Bool
        /// The type whose code passes it.
        var owner: String?
        var message: String
        var severity: Severity?
    }

    /// The calls that `.disabled(true)` is chained onto.
    static func disabledViews(in s: Structure) -> Set<Int> {
        var views = Set<Int>()
        for call in s.calls where call.isMember && call.callee == "disabled" {
            guard let parentheses = call.parentheses, parentheses.count == 3, s.is(parentheses.lowerBound + 1, "true"),
                let root = s.chainRoot(of: call)
            else { continue }
            views.insert(root)
        }
        return views
    }

    static func message(label: String?, callee: String, isMember: Bool, cache: inout [String: String]) -> String {
        let name = isMember ? ".\(callee)" : callee
        let key = (label ?? "") + ":" + name
        if let known = cache[key] { return known }
        let target = label.map { "`\($0):` of " } ?? ""
        let message =
            "`.constant(…)` passed to \(target)`\(name)` ignores every write, so whatever the view changes through it (a path, a sheet, a page) silently does nothing; pass a binding to real state, or give the view a standalone initializer"
        cache[key] = message
        return message
    }

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        var candidates: [Candidate] = []
        // Tests build views with frozen bindings on purpose: treat them like previews.
        let isTestFile = file.importsTestFramework
        // Where previews count (option `previews`: info, off, warning or error); nil when off.
        let mode = options.value(of: optionSpecs[0])
        let previewSeverity: Severity? = mode == "off" ? nil : Severity(rawValue: mode)
        var disabledViews: Set<Int>?
        // A file passes `.constant` to the same few places: each message is built once.
        var messages: [String: String] = [:]
        // `#if DEBUG` code never ships: a frozen binding there is preview scaffolding.
        var debugOnly: [Range<Int>]?
        // Start from the `constant(` calls (few) and look at the call whose argument they are.
        for constant in s.calls where constant.callee == "constant" && constant.isMember && !constant.isPattern {
            let start = constant.baseToken ?? (constant.calleeToken - 1)
            guard let outer = s.innermostCall(of: start) else { continue }
            let call = s.calls[outer]
            let isView = !call.isMember && Structure.isTypeName(call.callee)
            let isModifier = call.isMember && Self.bindingModifiers.contains(call.callee)
            guard isView || isModifier, !call.isPattern, let parentheses = call.parentheses, parentheses.contains(start)
            else { continue }
            guard let argument = s.arguments(of: call).first(where: { $0.value.contains(start) }),
                let valueStart = s.constantBindingStart(in: argument.value)
            else { continue }
            // `Toggle(isOn: .constant(true)).disabled(true)`: a control shown read-only, whose
            // writes are meant to go nowhere.
            if isView {
                let disabled = disabledViews ?? Self.disabledViews(in: s)
                disabledViews = disabled
                if disabled.contains(outer) { continue }
            }
            var severity: Severity?
            let debugRanges = debugOnly ?? (file.vocabulary.contains(.debug) ? s.debugOnlyRanges() : [])
            debugOnly = debugRanges
            if isTestFile || s.isInPreview(valueStart) || debugRanges.contains(where: { $0.contains(valueStart) }) {
                guard let previewSeverity else { continue }
                severity = previewSeverity
            }
            candidates.append(
                Candidate(
                    offset: s.offset(of: valueStart), callee: call.callee, label: argument.label, isView: isView,
                    owner: s.enclosingType(of: valueStart).map { s.types[$0].name },
                    message: Self.message(
                        label: argument.label, callee: call.callee, isMember: call.isMember, cache: &messages),
                    severity: severity))
        }
        let fileIndex = file.index
        return { [candidates, previewSeverity] project in
            candidates.compactMap { candidate in
                // A project type whose parameter is not a Binding (an enum case named `constant`) is not this.
                if candidate.isView, let label = candidate.label {
                    let declared = project.parameterTypes(of: candidate.callee, label: label)
                    if !declared.isEmpty, !declared.contains(where: { $0.contains("Binding") }) { return nil }
                }
                // In a view that only previews build (a preview host), the binding is scaffolding too.
                var severity = candidate.severity
                if severity == nil, let owner = candidate.owner, let sites = project.constructions[owner],
                    !sites.isEmpty,
                    sites.allSatisfy(\.inPreview)
                {
                    guard let previewSeverity else { return nil }
                    severity = previewSeverity
                }
                return Hit(file: fileIndex, offset: candidate.offset, message: candidate.message, severity: severity)
            }
        }
    }
}
