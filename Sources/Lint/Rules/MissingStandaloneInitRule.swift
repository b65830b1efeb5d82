import SwiftLexer

/// A view whose every initializer needs a `Binding`, built somewhere with `.constant(…)` for it:
/// the call sites had no honest way to create it. Points at the type and names the call sites.
public struct MissingStandaloneInitRule: ProjectRule {
    public let id = "missing-standalone-init"

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        let views = s.types.enumerated().filter { s.isViewType($0.element) }.map {
            (index: $0.offset, name: $0.element.name, offset: s.offset(of: $0.element.nameToken))
        }
        let fileIndex = file.index
        return { [views] project in
            var hits: [Hit] = []
            for view in views {
                // Report once, at the primary declaration (first one in the run).
                // Cheapest test first: most views are never built with `.constant(…)`.
                guard let built = project.constructions[view.name], built.contains(where: \.passesConstantBinding),
                    project.primaryDeclaration(of: view.name)
                        == ProjectIndex.TypeRef(file: fileIndex, type: view.index),
                    everyInitializerNeedsBinding(view.name, project: project)
                else { continue }
                let sites = built.filter(\.passesConstantBinding).map { site in
                    "\(project.paths[site.file] ?? "?"):\(site.line)"
                }
                let listed =
                    sites.prefix(5).joined(separator: ", ") + (sites.count > 5 ? " and \(sites.count - 5) more" : "")
                let calls = sites.count == 1 ? "the call at \(listed) passes" : "the calls at \(listed) pass"
                hits.append(
                    Hit(
                        file: fileIndex, offset: view.offset,
                        message:
                            "`\(view.name)` can only be built with a Binding, so \(calls) `.constant(…)`; add a standalone `init()` that keeps its own @State"
                    ))
            }
            return hits
        }
    }

    /// True when no initializer (explicit, or memberwise from `@Binding` properties) can be called
    /// without a binding.
    func everyInitializerNeedsBinding(_ name: String, project: ProjectIndex) -> Bool {
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
