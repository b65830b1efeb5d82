import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A view whose every initializer needs a `Binding`, built somewhere with `.constant(…)` for a
/// binding the view writes: that caller had no honest way to create it, and the view's changes
/// go nowhere there. Points at the type and names the callers. Callers that are previews or tests
/// make it `info` (a fixture may freeze a binding on purpose); a binding the view only reads is
/// `binding-never-written`'s to report; `.constant(false)`/`.constant(nil)` ("off here") counts as
/// a preview does, since the view may never write on that caller's path.
public struct MissingStandaloneInitRule: ProjectRule {
    public let id = "missing-standalone-init"

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        // Every type declared here: one conforming to an app protocol that refines `View` (declared
        // in another file) is a view too, which only the index can tell.
        let views = s.types.enumerated().filter { $0.element.kind != .extension && $0.element.kind != .protocol }.map {
            (
                index: $0.offset, name: $0.element.name, offset: s.offset(of: $0.element.nameToken),
                declaredView: SwiftUINames.declaresView($0.element)
            )
        }
        let fileIndex = file.index
        return { [views] project in
            // Each call that freezes such a binding is `constant-binding`'s finding, which names
            // this view's missing initializer as a step: one finding per mistake, at the call.
            if project.enabledRules?.contains("constant-binding") == true { return [] }
            var hits: [Hit] = []
            for view in views {
                // Report once, at the primary declaration (first one in the run).
                // Cheapest test first: most views are never built with `.constant(…)`.
                guard let built = project.constructions[view.name], built.contains(where: \.passesConstantBinding),
                    view.declaredView || project.isView(view.name),
                    project.primaryDeclaration(of: view.name)
                        == ProjectIndex.TypeRef(file: fileIndex, type: view.index),
                    Self.everyInitializerNeedsBinding(view.name, project: project)
                else { continue }
                // The callers whose frozen binding is one the view writes (or may: an `init` that
                // takes it under another name is not followed).
                // Each caller's label is asked up to four times (frozen, real, evidence, by an action):
                // followed down the chain of views once.
                var proofs: [String: ProjectIndex.BindingProof] = [:]
                func proof(_ site: ViewConstruction, _ label: String) -> ProjectIndex.BindingProof {
                    let key = "\(site.file):\(site.call):\(site.line):\(label)"
                    if let known = proofs[key] { return known }
                    let found = project.bindingProof(
                        view.name, label, arguments: site.frozenCall?.arguments ?? [:], passed: site.frozenCall?.passed,
                        branches: site.frozenCall?.branches)
                    proofs[key] = found
                    return found
                }
                func mayWrite(_ proof: ProjectIndex.BindingProof) -> Bool {
                    switch proof {
                    case .written, .writtenBehind, .writtenElsewhere, .unknown: true
                    case .notWritten, .switchedOff: false
                    }
                }
                // A binding parameter with a default value (`focus: Binding<Bool> = .constant(false)`)
                // is one a caller can leave out: the view has a way to be built without it.
                let omittable = Set(
                    project.initializers(of: view.name).flatMap { _, function in
                        function.parameters.filter { $0.hasDefault && $0.type.contains("Binding<") }.compactMap(\.label)
                    })
                let frozen = built.filter { site in
                    site.frozenCall?.unusable != true
                        && site.constantLabels.contains { !omittable.contains($0) && mayWrite(proof(site, $0)) }
                }
                guard !frozen.isEmpty else { continue }
                // Previews, tests, demo scaffolds and "off here" (`.constant(false)`) do not count as
                // callers that need the view to work.
                let real = frozen.filter { site in
                    !site.inPreview && !(site.owner.map(SwiftUINames.isScaffold) ?? false)
                        && !(project.paths[site.file].map(SwiftUINames.isScaffoldPath) ?? false)
                        && site.constantLabels.contains { label in
                            !omittable.contains(label) && !site.frozenOffLabels.contains(label)
                                && mayWrite(proof(site, label))
                        }
                }
                // The proof: each real caller, and the write its frozen binding loses.
                var evidence: [Evidence] = []
                for site in real.prefix(3) {
                    evidence.append(
                        .at(
                            project.paths[site.file] ?? "?", line: site.constantPosition?.line ?? site.line,
                            column: site.constantPosition?.column ?? site.column,
                            "`.constant(…)` passed here"))
                    for label in site.constantLabels where !omittable.contains(label) {
                        switch proof(site, label) {
                        case .written(let chain), .writtenBehind(let chain), .writtenElsewhere(let chain):
                            if let write = chain.last { evidence.append(.elsewhere(write)) }
                        default: continue
                        }
                        break
                    }
                }
                // Without a write it can name, the view may only be suspected: `info`.
                let proven = evidence.count > real.prefix(3).count
                // A write no person's action makes (on appear, on a notification, in a coordinator)
                // may be meant for another caller: the callers that freeze it may want it so.
                let byAction = real.contains { site in
                    site.constantLabels.contains { label in
                        guard !omittable.contains(label), case .written = proof(site, label) else { return false }
                        return true
                    }
                }
                // Written in an action, but behind a condition the caller leaves open: medium.
                let behindAction = real.contains { site in
                    site.constantLabels.contains { label in
                        guard !omittable.contains(label), case .writtenBehind = proof(site, label) else { return false }
                        return true
                    }
                }
                let named = real.isEmpty ? frozen : real
                let sites = named.map { "\(project.paths[$0.file] ?? "?"):\($0.line)" }
                let listed =
                    sites.prefix(5).joined(separator: ", ") + (sites.count > 5 ? " and \(sites.count - 5) more" : "")
                let calls = sites.count == 1 ? "the call at \(listed) passes" : "the calls at \(listed) pass"
                let who = real.isEmpty ? " (previews, tests, demos or `.constant(false)` only)" : ""
                hits.append(
                    Hit(
                        file: fileIndex, offset: view.offset,
                        message:
                            "`\(view.name)` writes a binding it can only be built with, so \(calls)\(who) `.constant(…)` and its changes there go nowhere; add a standalone `init()` that keeps its own @State",
                        severity: real.isEmpty || !proven ? .info : nil, evidence: evidence,
                        confidence: byAction ? .high : behindAction ? .medium : .low))
            }
            return hits
        }
    }

    /// True when no initializer (explicit, or memberwise from `@Binding` properties) can be called
    /// without a binding.
    static func everyInitializerNeedsBinding(_ name: String, project: ProjectIndex) -> Bool {
        let initializers = project.initializers(of: name)
        if initializers.isEmpty {
            let stored = project.storedProperties(of: name)
            return stored.contains { $0.property.attributes.contains("@Binding") && !$0.property.hasInitialValue }
        }
        return initializers.allSatisfy { _, function in
            function.parameters.contains { $0.type.contains("Binding<") && !$0.type.hasSuffix("?") && !$0.hasDefault }
        }
    }
}
