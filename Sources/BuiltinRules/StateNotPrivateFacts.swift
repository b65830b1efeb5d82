import SwiftLexer
import Support
import LintEngine
import SwiftUIModel

/// What `state-not-private` collects from every file (its own facts, not the shared index's):
/// which types only their file can build, what other files' extensions use, which properties
/// protocols require, and which argument labels callers pass to the run's types.
public struct StateNotPrivateFileFacts: Sendable, Equatable {
    struct ExtensionUse: Sendable, Equatable {
        var type: String
        var line: Int
        var names: [UInt64]
    }
    struct ProtocolProperties: Sendable, Equatable {
        var `protocol`: String
        var names: [String]
    }
    /// A `Type.label` hash and the first place that passes it.
    struct LabelSite: Sendable, Equatable {
        var key: UInt64
        var line: Int
        var column: Int
    }

    /// Types declared `private` or `fileprivate`.
    var filePrivateTypes: [String] = []
    /// The names each extension's body uses (`$x` and `_x` as `x`), by extended type: whether an
    /// extension in another file reaches a property that `private` would hide from it.
    var extensionUses: [ExtensionUse] = []
    /// The properties each protocol the file declares requires (`var title: String { get }`).
    var protocolProperties: [ProtocolProperties] = []
    /// Argument labels passed where the run's types are constructed, as the hash of `Type.label`
    /// (kept for every file for an editor's session: a hash, not a string), with the first line
    /// that passes each.
    var constructionLabels: [LabelSite] = []
    /// Those of them passed something other than a literal somewhere (`count: model.count`, not
    /// `count: 0`): a value that can change later, which a seeded `@State` then ignores.
    var changingSeeds: [LabelSite] = []
    /// Those passed something other than a literal outside previews and tests (`Date()` too).
    var nonLiteralSeeds: [LabelSite] = []

    init(_ file: LintFile) {
        let s = file.structure
        for type in s.types {
            if type.modifiers.contains("private") || type.modifiers.contains("fileprivate") {
                filePrivateTypes.append(type.name)
            }
            // Only extensions of the run's own types can reach a property the rule judges.
            if type.kind == .extension, let body = type.body, !SwiftUINames.platformTypes.contains(type.name),
                !SwiftUINames.viewProtocols.contains(type.name)
            {
                extensionUses.append(
                    ExtensionUse(
                        type: type.name, line: s.code[type.nameToken].line,
                        names: Self.identifierHashes(in: body, of: s)))
            }
        }
        var required: [Int: [String]] = [:]
        for property in s.properties {
            if let owner = property.owner, s.types[owner].kind == .protocol {
                required[owner, default: []].append(property.name)
            }
        }
        for (owner, names) in required {
            protocolProperties.append(ProtocolProperties(protocol: s.types[owner].name, names: names))
        }
        // Constructions are read where views are built, as the shared index reads them.
        guard file.summary.buildsViews else { return }
        var seen = Set<UInt64>()
        var changing = Set<UInt64>()
        var nonLiteral = Set<UInt64>()
        for call in s.calls where SwiftUINames.mayBuildRunType(call) {
            s.forEachArgumentLabel(of: call) {
                let key = Self.labelKey(call.callee, s.text($0))
                let line = s.code[$0].line
                let column = s.column(of: $0, line: line)
                if seen.insert(key).inserted {
                    constructionLabels.append(LabelSite(key: key, line: line, column: column))
                }
                // A preview's or a test's construction seeds nothing that ships.
                guard !changing.contains(key), !s.isInPreview(call.calleeToken), let parentheses = call.parentheses
                else { return }
                let value = Self.argumentValue(after: $0, closedBy: parentheses.upperBound, in: s)
                if !nonLiteral.contains(key), LiteralArgument.of(value, in: s) == nil {
                    nonLiteral.insert(key)
                    nonLiteralSeeds.append(LabelSite(key: key, line: line, column: column))
                }
                if Self.refersToState(value, in: s) {
                    changing.insert(key)
                    changingSeeds.append(LabelSite(key: key, line: line, column: column))
                }
            }
        }
    }

    /// The tokens of the value after an argument's label, up to the comma that ends it or the
    /// call's closing parenthesis (brackets inside are skipped whole).
    static func argumentValue(after label: Int, closedBy end: Int, in s: Structure) -> Range<Int> {
        var index = label + 2
        while index < end, !s.punct(index, UInt8(ascii: ",")) {
            index = s.closing[index] > index ? Int(s.closing[index]) + 1 : index + 1
        }
        return label + 2..<min(index, end)
    }

    /// Whether an argument passes the caller's own state or a model's (`score`, `filters.query`,
    /// `self.item?.name`): a value that can change after the first. A literal, or a value built
    /// on the spot (`Date()`, `Model(id: 1)`), is handed over once.
    static func refersToState(_ value: Range<Int>, in s: Structure) -> Bool {
        guard let first = value.first, s.code[first].kind == .identifier || s.is(first, "self") else { return false }
        if s.is(first, "true") || s.is(first, "false") || s.is(first, "nil") { return false }
        for index in value {
            let token = s.code[index]
            if token.kind == .identifier || s.is(index, "self") { continue }
            if s.punct(index, UInt8(ascii: ".")) { continue }
            if token.kind == .operator, s.is(index, "?") || s.is(index, "!") { continue }
            return false
        }
        return true
    }

    var isEmpty: Bool {
        filePrivateTypes.isEmpty && extensionUses.isEmpty && protocolProperties.isEmpty && constructionLabels.isEmpty
    }

    /// The key of `Type.label`.
    static func labelKey(_ type: String, _ label: String) -> UInt64 {
        FNV1a.hash((type + "." + label).utf8)
    }

    /// The names a range uses as its type's own (bare or after `self.`: `other.name` is someone
    /// else's member; `$x` and `_x` as `x`), as hashes of their bytes: no string per token.
    /// Sorted, each once (a set per extension, kept for the session, cost four times as much).
    static func identifierHashes(in range: ClosedRange<Int>, of s: Structure) -> [UInt64] {
        var hashes = Set<UInt64>()
        let bytes = s.file.bytes
        for index in range where s.code[index].kind == .identifier {
            if s.punct(index - 1, UInt8(ascii: ".")), !s.is(index - 2, "self") { continue }
            var start = s.code[index].offset
            if bytes[start] == UInt8(ascii: "$") || bytes[start] == UInt8(ascii: "_") { start += 1 }
            hashes.insert(FNV1a.hash(bytes[start..<s.code[index].end]))
        }
        return hashes.sorted()
    }
}

/// Every file's `StateNotPrivateFileFacts`, merged once per run for the verdicts' look-ups.
public struct StateNotPrivateFacts: Sendable {
    var filePrivateTypes: Set<String> = []
    var extensionUses: [String: [(file: Int, line: Int, names: [UInt64])]] = [:]
    var protocolProperties: [String: Set<String>] = [:]
    /// The first file and line passing each `Type.label` (by `labelKey`).
    var constructionLabelSites: [UInt64: (file: Int, line: Int, column: Int)] = [:]
    /// The first file and line passing each `Type.label` a value that is not a literal.
    var changingSeedSites: [UInt64: (file: Int, line: Int, column: Int)] = [:]
    /// The first file and line passing each `Type.label` something other than a literal.
    var nonLiteralSeedSites: [UInt64: (file: Int, line: Int, column: Int)] = [:]

    init(_ collected: Collected<StateNotPrivateFileFacts>) {
        for (file, facts) in collected.byFile.enumerated() {
            guard let facts else { continue }
            filePrivateTypes.formUnion(facts.filePrivateTypes)
            for use in facts.extensionUses { extensionUses[use.type, default: []].append((file, use.line, use.names)) }
            for required in facts.protocolProperties {
                protocolProperties[required.protocol, default: []].formUnion(required.names)
            }
            for site in facts.constructionLabels where constructionLabelSites[site.key] == nil {
                constructionLabelSites[site.key] = (file, site.line, site.column)
            }
            for site in facts.changingSeeds where changingSeedSites[site.key] == nil {
                changingSeedSites[site.key] = (file, site.line, site.column)
            }
            for site in facts.nonLiteralSeeds where nonLiteralSeedSites[site.key] == nil {
                nonLiteralSeedSites[site.key] = (file, site.line, site.column)
            }
        }
    }

    /// Whether some construction of the type passes this argument label (`Gauge(progress: 5)`).
    func isConstructed(_ type: String, passing label: String) -> Bool {
        constructionLabelSites[StateNotPrivateFileFacts.labelKey(type, label)] != nil
    }

    /// Where some construction of the type passes this argument label, as evidence.
    func constructionSite(of type: String, passing label: String, in project: ProjectIndex) -> (
        path: String, line: Int, column: Int
    )? {
        constructionLabelSites[StateNotPrivateFileFacts.labelKey(type, label)].map {
            (project.paths[$0.file] ?? "?", $0.line, $0.column)
        }
    }

    /// Where some construction of the type passes this label a value that is not a literal.
    func changingSeedSite(of type: String, passing label: String, in project: ProjectIndex) -> (
        path: String, line: Int, column: Int
    )? {
        changingSeedSites[StateNotPrivateFileFacts.labelKey(type, label)].map {
            (project.paths[$0.file] ?? "?", $0.line, $0.column)
        }
    }

    /// Where some construction outside previews and tests passes this label a non-literal.
    func nonLiteralSeedSite(of type: String, passing label: String, in project: ProjectIndex) -> (
        path: String, line: Int, column: Int
    )? {
        nonLiteralSeedSites[StateNotPrivateFileFacts.labelKey(type, label)].map {
            (project.paths[$0.file] ?? "?", $0.line, $0.column)
        }
    }

    /// An extension of the type in a file other than `file` whose code uses `name`, if any.
    func extensionUsing(_ name: String, of type: String, outside file: Int, in project: ProjectIndex) -> (
        path: String, line: Int
    )? {
        let hash = FNV1a.hash(name.utf8)
        return extensionUses[type]?.first { $0.file != file && $0.names.sortedContains(hash) }.map {
            (project.paths[$0.file] ?? "?", $0.line)
        }
    }

    /// Whether some protocol the type conforms to (as the run declares it) requires a property of this name.
    func protocolRequires(_ property: String, of type: String, in project: ProjectIndex) -> Bool {
        project.conformances[type]?.contains { protocolProperties[$0]?.contains(property) ?? false } ?? false
    }
}

extension Array where Element == UInt64 {
    /// Binary search in a sorted list.
    fileprivate func sortedContains(_ value: UInt64) -> Bool {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value
    }
}
