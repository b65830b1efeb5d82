import Foundation
import Support
import SwiftLexer
import Yams
import SwiftUIModel
import ProjectSettings

/// A rule a team writes in a rule file's front matter, with no Swift:
///
/// ```yaml
/// pattern:
///   callee: [ProfileView, .sheet]   # type names, or `.modifier` for member calls
///   label: isPresented              # optional: the argument label that must be present
///   argument: .constant(            # optional: the argument's text (spaces removed) starts with this
///   inside: [List, ForEach]         # optional: only inside these calls
///   previews: skip                  # skip (default) or include
///   message: Say what is wrong and what to do
/// ```
public struct DeclarativePattern: Sendable, Equatable {
    public var callees: [String]
    public var label: String?
    public var argumentPrefix: String?
    public var inside: [String]
    public var includePreviews: Bool
    public var message: String?

    static func parse(_ value: Any, path: String) throws -> DeclarativePattern {
        guard let map = value as? [String: Any] else {
            throw RuleMetadata.LoadError.problem(
                path: path, line: 1,
                message: "`pattern` must be a mapping (callee, label, argument, inside, previews, message)")
        }
        func list(_ key: String) -> [String] {
            if let items = map[key] as? [Any] { return items.map { "\($0)" } }
            if let item = map[key] { return ["\(item)"] }
            return []
        }
        let known: Set<String> = ["callee", "label", "argument", "inside", "previews", "message"]
        if let unknown = map.keys.first(where: { !known.contains($0) }) {
            throw RuleMetadata.LoadError.problem(
                path: path, line: 1,
                message: "unknown key `\(unknown)` in `pattern` (known: \(known.sorted().joined(separator: ", ")))")
        }
        let callees = list("callee")
        guard !callees.isEmpty else {
            throw RuleMetadata.LoadError.problem(path: path, line: 1, message: "`pattern` needs a `callee`")
        }
        return DeclarativePattern(
            callees: callees, label: map["label"].map { "\($0)" },
            argumentPrefix: map["argument"].map { "\($0)".filter { !$0.isWhitespace } },
            inside: list("inside"), includePreviews: "\(map["previews"] ?? "skip")" == "include",
            message: map["message"].map { "\($0)" })
    }

    /// The raw `pattern:` value from a rule file's front matter, if any.
    static func rawPattern(in text: String) -> Any? {
        guard let yaml = RuleFrontMatterText.yaml(in: text) else { return nil }
        // A rule file may come from an unreviewed pull request: bound its aliases before `Any`.
        guard (try? BoundedYAML.compose(yaml)) != nil else { return nil }
        return ((try? Yams.load(yaml: yaml, .basic, .default, .utf8)) as? [String: Any])?["pattern"]
    }
}

/// Runs a `DeclarativePattern`.
public struct DeclarativeRule: Rule {
    public let id: String
    public let pattern: DeclarativePattern

    public init(id: String, pattern: DeclarativePattern) {
        self.id = id
        self.pattern = pattern
    }

    /// A `pattern:` reads no OS versions.
    public var readsDeploymentTargets: Bool { false }
    /// A team's rule means what its file says, in previews too.
    public var softensScaffolding: Bool { false }

    public func check(_ file: LintFile, options: RuleOptions) -> [Hit] {
        let s = file.structure
        var hits: [Hit] = []
        for call in s.calls where !call.isPattern && matches(call) {
            if !pattern.inside.isEmpty,
                !s.enclosingCallees(of: call.calleeToken).contains(where: pattern.inside.contains)
            {
                continue
            }
            var at: Int?
            if pattern.label != nil || pattern.argumentPrefix != nil {
                for argument in s.arguments(of: call) {
                    if let label = pattern.label, argument.label != label { continue }
                    if let prefix = pattern.argumentPrefix,
                        !s.text(argument.value).filter({ !$0.isWhitespace }).hasPrefix(prefix)
                    {
                        continue
                    }
                    at = argument.value.first ?? argument.labelToken
                    break
                }
            } else {
                at = call.calleeToken
            }
            guard let token = at else { continue }
            if !pattern.includePreviews, s.isInPreview(token) { continue }
            let name = call.isMember ? ".\(call.callee)" : call.callee
            hits.append(
                Hit(
                    file: file.index, offset: s.offset(of: token),
                    message: pattern.message ?? "`\(name)` matches the `\(id)` pattern"))
        }
        return hits
    }

    func matches(_ call: CallSite) -> Bool {
        pattern.callees.contains { callee in
            callee.hasPrefix(".")
                ? call.isMember && call.callee == String(callee.dropFirst()) : !call.isMember && call.callee == callee
        }
    }
}
