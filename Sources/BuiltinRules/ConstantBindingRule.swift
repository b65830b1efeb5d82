import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// `.constant(…)` handed to something that writes through the binding: the writes go nowhere, so
/// what the person does there silently does nothing. Reported where the callee is known to write:
/// a view of the run that writes that binding (`BindingWrites`), or SwiftUI's own controls,
/// presentations and navigation (`BindingWriters`), unless the control is disabled or the
/// presentation is kept up on purpose. A package's view, whose behaviour is unknown, is `info`;
/// a view that only reads the binding is left to `binding-never-written`.
/// Inside `#Preview`/`PreviewProvider`, tests and `#if DEBUG` it is reported at `info` (option
/// `previews`: info, off, warning or error).
public struct ConstantBindingRule: ProjectRule {
    public let id = "constant-binding"
    public let startsFrom: [Vocabulary.Word] = [.constant]
    public let optionSpecs = [
        RuleOptionSpec(
            "previews", allowed: ["info", "warning", "error", "off"], default: "info",
            summary: "severity inside previews, preview hosts, tests and `#if DEBUG` code (`off`: not reported)")
    ]

    /// Modifiers whose binding arguments drive presentation, navigation or search.
    static let bindingModifiers = Set(
        [
            "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "inspector", "searchable",
            "fileImporter", "fileExporter", "fileMover",
        ] + SwiftUINames.destinationModifierNames)

    /// A `.constant(…)` argument found in the file; its verdict waits for the index when the
    /// callee may be a view of the run.
    struct Candidate: Sendable {
        var offset: Int
        var callee: String
        var label: String?
        /// What fails, when SwiftUI's own callee is known to write (nil: a view of the run or unknown).
        var effect: String?
        /// The type whose code passes it.
        var owner: String?
        var severity: Severity?
        /// `.constant(false)` or `.constant(nil)`: "off here", whose writes may never happen.
        var frozenOff = false
        /// The call's literal arguments (the frozen value included) and every label it passes:
        /// what decides the callee's conditional writes.
        var frozenCall: FrozenCall
        /// Where the callee's name stands (SwiftUI's own callees: the proof is the call itself).
        var calleeOffset = 0
        /// Built inside a `Menu`'s content.
        var inMenu = false
    }

    /// SwiftUI's text inputs: frozen, they show text read-only (selectable, copyable), which is
    /// often the point. So is a `Toggle` frozen inside a `Menu`: a checkmark.
    static let textInputs: Set<String> = ["TextField", "SecureField", "TextEditor"]

    /// `missing-standalone-init`'s fix, as a step of this finding: the view's every initializer
    /// needs the binding this call freezes (none is defaulted), so the caller had no other way
    /// to build it. Only when that rule runs (it leaves these calls to this one).
    static func standaloneInitStep(_ candidate: Candidate, project: ProjectIndex) -> Evidence? {
        guard project.enabledRules?.contains("missing-standalone-init") == true,
            MissingStandaloneInitRule.everyInitializerNeedsBinding(candidate.callee, project: project),
            !project.initializers(of: candidate.callee).contains(where: { _, function in
                function.parameters.contains { $0.label == candidate.label && $0.hasDefault }
            }),
            let site = project.declarationSite(of: candidate.callee)
        else { return nil }
        return .at(
            site.path, line: site.line,
            "`\(candidate.callee)` can only be built with a binding (missing-standalone-init): a standalone `init()` that keeps its own `@State` lets this call drop `.constant(…)`"
        )
    }

    static func message(_ candidate: Candidate, effect: String, advice: String) -> String {
        let target = candidate.label.map { "`\($0):` of " } ?? ""
        return "`.constant(…)` passed to \(target)`\(candidate.callee)` drops every write: \(effect); \(advice)"
    }

    static let viewAdvice = "pass a binding to real state, or give the view a standalone initializer"
    static let presentationAdvice = "drive it from real state (`@State private var isShown = false`)"
    static let controlAdvice = "pass a binding to real state (`$value`)"

    /// Whether a presentation's content opts out of interactive dismissal (kept up on purpose).
    static func disablesDismissal(_ call: CallSite, in s: Structure) -> Bool {
        for closure in s.trailingClosures(of: call) {
            for index in s.calls(in: closure.body.lowerBound..<closure.body.upperBound + 1)
            where s.calls[index].callee == "interactiveDismissDisabled" {
                let parentheses = s.calls[index].parentheses
                if parentheses == nil || parentheses?.count == 2 || s.is(parentheses!.lowerBound + 1, "true") {
                    return true
                }
            }
        }
        return false
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
        var branchTable: CompileBranchTable?
        // `#if DEBUG` code never ships: a frozen binding there is preview scaffolding.
        var debugOnly: [Range<Int>]?
        let scaffoldFile = SwiftUINames.isScaffoldPath(file.path)
        // Start from the `constant(` calls (few) and look at the call whose argument they are.
        for constant in s.calls where constant.callee == "constant" && constant.isMember && !constant.isPattern {
            let start = constant.baseToken ?? (constant.calleeToken - 1)
            guard let outer = s.innermostCall(of: start) else { continue }
            let call = s.calls[outer]
            let isView = !call.isMember && Structure.isTypeName(call.callee)
            let isModifier = Self.bindingModifiers.contains(call.callee) && s.isModifierCall(call)
            guard isView || isModifier, !call.isPattern, let parentheses = call.parentheses, parentheses.contains(start)
            else { continue }
            guard let argument = s.arguments(of: call).first(where: { $0.value.contains(start) }),
                let valueStart = s.constantBindingStart(in: argument.value)
            else { continue }
            let effect = BindingWriters.effect(callee: call.callee, label: argument.label, isMember: isModifier)
            if isView {
                // `Toggle(isOn: .constant(true)).disabled(true)`, or a disabled, hidden or untouchable
                // container around it: a control shown read-only, whose writes are meant to go nowhere.
                let disabled = disabledViews ?? Set(s.unusableViews().keys)
                disabledViews = disabled
                if disabled.contains(outer) || s.enclosingCalls(of: call.calleeToken).contains(where: disabled.contains)
                {
                    continue
                }
            } else {
                // A modifier SwiftUI does not write through, a presentation that never shows
                // (`.constant(false)`), or one kept up on purpose: nothing is dropped.
                guard effect != nil else { continue }
                if BindingWriters.isPresentation(call.callee),
                    s.isFrozenOff(valueStart) || Self.disablesDismissal(call, in: s)
                        // `.constant(item != nil)`: bool-binding-from-optional's finding (its `item:`
                        // advice fits, and the presentation's buttons may well clear the optional).
                        || s.nilComparison(in: argument.value) != nil
                {
                    continue
                }
            }
            var severity: Severity?
            let debugRanges = debugOnly ?? (file.vocabulary.contains(.debug) ? s.debugOnlyRanges() : [])
            debugOnly = debugRanges
            let owner = s.enclosingType(of: valueStart).map { s.types[$0].name }
            if isTestFile || s.isInPreview(valueStart) || debugRanges.contains(where: { $0.contains(valueStart) })
                || owner.map(SwiftUINames.isScaffold) == true || scaffoldFile
            {
                guard let previewSeverity else { continue }
                severity = previewSeverity
            }
            var frozenCall = FrozenCall(of: call, in: s)
            let table = branchTable ?? CompileBranchTable(s)
            branchTable = table
            if !table.isEmpty { frozenCall.branches = s.compileBranches(of: call.calleeToken, table: table) }
            candidates.append(
                Candidate(
                    offset: s.offset(of: valueStart), callee: isModifier ? "." + call.callee : call.callee,
                    label: argument.label, effect: effect, owner: owner, severity: severity,
                    frozenOff: s.isFrozenOff(valueStart), frozenCall: frozenCall,
                    calleeOffset: s.offset(of: call.calleeToken),
                    inMenu: s.enclosingCalls(of: call.calleeToken).contains { s.calls[$0].callee == "Menu" }))
        }
        guard !candidates.isEmpty else { return { _ in [] } }
        let fileIndex = file.index
        return { [candidates, previewSeverity] project in
            candidates.compactMap { candidate in
                var severity = candidate.severity
                // Its option `previews` sets the severity in code that never ships, not the engine.
                var weighsScaffolding = candidate.severity != nil
                var confidence = Confidence.high
                var effect = candidate.effect
                var evidence: [Evidence] = []
                var advice = Self.viewAdvice
                // Whether the call loses a write (or may): where `missing-standalone-init` would report the view.
                var losesWrite = true
                if let known = effect {
                    // SwiftUI's own control or presentation: what it writes is the proof.
                    let swiftUI =
                        candidate.callee.hasPrefix(".") ? "`\(candidate.callee)`" : "SwiftUI's `\(candidate.callee)`"
                    evidence = [
                        .here(
                            offset: candidate.calleeOffset,
                            message: "\(swiftUI) writes `\(candidate.label ?? "")` back (frozen: \(known))")
                    ]
                    if candidate.callee.hasPrefix(".") {
                        advice = Self.presentationAdvice
                    } else if Self.textInputs.contains(candidate.callee)
                        || candidate.callee == "Toggle" && candidate.inMenu
                    {
                        // Frozen on purpose as often as not: a read-only field, a checkmark.
                        advice = "if it is shown read-only on purpose, say so with `Text` or `.disabled(true)`"
                        severity = .info
                    } else {
                        advice = Self.controlAdvice
                    }
                } else {
                    guard project.typesByName[candidate.callee] != nil else {
                        // A package's view: whether it writes the binding cannot be seen.
                        return Hit(
                            file: fileIndex, offset: candidate.offset,
                            message:
                                "`.constant(…)` passed to \(candidate.label.map { "`\($0):` of " } ?? "")`\(candidate.callee)` drops every write \(candidate.callee) makes through it (it is not declared here, so whether it writes cannot be told); pass a binding to real state if it does",
                            severity: .info)
                    }
                    // A type of the run whose parameter is not a Binding (an enum case named `constant`).
                    if let label = candidate.label {
                        let declared = project.parameterTypes(of: candidate.callee, label: label)
                        if !declared.isEmpty, !declared.contains(where: { $0.contains("Binding") }) { return nil }
                    }
                    let proof = candidate.label.map {
                        project.bindingProof(
                            candidate.callee, $0, arguments: candidate.frozenCall.arguments,
                            passed: candidate.frozenCall.passed, branches: candidate.frozenCall.branches)
                    }
                    switch proof {
                    case .notWritten?:
                        // Only read, down every view it reaches: a `let` is the fix (`binding-never-written`).
                        return nil
                    case .switchedOff(let places)?:
                        losesWrite = false
                        // Written only on paths this call switches off (`canEdit: false`): nothing is lost here.
                        effect =
                            "`\(candidate.callee)` writes `\(candidate.label ?? "")` only where this call loses nothing (on paths its arguments switch off, or as an output it does not take)"
                        severity = .info
                        advice = "pass a binding to real state if this call ever turns them on"
                        evidence = places.map { .elsewhere($0) }
                    case .writtenElsewhere(let chain)? where candidate.frozenOff,
                        .written(let chain)? where candidate.frozenOff,
                        .writtenBehind(let chain)? where candidate.frozenOff:
                        // "Off here" (`.constant(false)`): the write may sit on a path this caller never takes.
                        effect =
                            "if `\(candidate.callee)` writes `\(candidate.label ?? "")` on this call's path (it can: see the write), that change silently does nothing"
                        severity = severity ?? .info
                        evidence = chain.map { .elsewhere($0) }
                    case .written(let chain)?:
                        effect =
                            "`\(candidate.callee)` writes `\(candidate.label ?? "")`, and those changes silently do nothing"
                        evidence = chain.map { .elsewhere($0) }
                    case .writtenBehind(let chain)?:
                        // The write stands in an action, behind a condition the call leaves open
                        // (a variable, a model's property): it may be the caller's point that it never runs.
                        effect =
                            "`\(candidate.callee)` writes `\(candidate.label ?? "")` behind a condition this call may never meet (see the write), and those changes silently do nothing"
                        evidence = chain.map { .elsewhere($0) }
                        confidence = .medium
                    case .writtenElsewhere(let chain)?:
                        // A write no person's action makes (on appear, on a notification, in a
                        // method): often meant for another caller, or a reset the caller does not need.
                        effect =
                            "`\(candidate.callee)` writes `\(candidate.label ?? "")` where no action of the person's is seen to (see the write), and those changes silently do nothing"
                        evidence = chain.map { .elsewhere($0) }
                        // Read blind on 41 apps, every such write was a pinned tab ignoring a
                        // command meant for another, or a request's acknowledgement: a note.
                        confidence = .low
                    case .unknown?, nil:
                        // An `init` takes the binding under another name, or hands it to a view
                        // whose code is not here: where it goes is not followed.
                        effect = "whatever `\(candidate.callee)` changes through it silently does nothing"
                        severity = .info
                    }
                }
                // In a view that only previews build (a preview host), the binding is scaffolding too.
                if severity == nil, let owner = candidate.owner, let sites = project.constructions[owner],
                    !sites.isEmpty, sites.allSatisfy(\.inPreview)
                {
                    guard let previewSeverity else { return nil }
                    severity = previewSeverity
                    weighsScaffolding = true
                }
                if candidate.effect == nil, losesWrite, let step = Self.standaloneInitStep(candidate, project: project)
                {
                    evidence.append(step)
                }
                var hit = Hit(
                    file: fileIndex, offset: candidate.offset,
                    message: Self.message(candidate, effect: effect ?? "", advice: advice),
                    severity: severity, evidence: evidence, confidence: confidence)
                hit.weighsScaffolding = weighsScaffolding
                return hit
            }
        }
    }
}
