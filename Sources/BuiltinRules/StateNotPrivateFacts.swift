import SwiftLexer
import Support
import LintEngine
import SwiftUIModel

/// What `state-not-private` collects from every file (its own facts, not the shared index's):
/// which types only their file can build, what other files' extensions use, which properties
/// protocols require, and which argument labels callers pass to the run's types.
public struct StateNotPrivateFileFacts: Sendable {
    /// Types declared `private` or `fileprivate`.
    var filePrivateTypes: [String] = []
    /// The names each extension's body uses (`$x` and `_x` as `x`), by extended type: whether an
    /// extension in another file reaches a property that `private` would hide from it.
    var extensionUses: [(type: String, line: Int, names: [UInt64])] = []
    /// The properties each protocol the file declares requires (`var title: String { get }`).
    var protocolProperties: [(protocol: String, names: [String])] = []
    /// Argument labels passed where the run's types are constructed, as the hash of `Type.label`
    /// (kept for every file for an editor's session: a hash, not a string), with the first line
    /// that passes each.
    var constructionLabels: [(key: UInt64, line: Int)] = []

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
                extensionUses.append((type.name, s.code[type.nameToken].line, Self.identifierHashes(in: body, of: s)))
            }
        }
        var required: [Int: [String]] = [:]
        for property in s.properties {
            if let owner = property.owner, s.types[owner].kind == .protocol {
                required[owner, default: []].append(property.name)
            }
        }
        for (owner, names) in required { protocolProperties.append((s.types[owner].name, names)) }
        // Constructions are read where views are built, as the shared index reads them.
        guard file.summary.buildsViews else { return }
        var seen = Set<UInt64>()
        for call in s.calls where SwiftUINames.mayBuildRunType(call) {
            s.forEachArgumentLabel(of: call) {
                let key = Self.labelKey(call.callee, s.text($0))
                if seen.insert(key).inserted { constructionLabels.append((key, s.code[call.calleeToken].line)) }
            }
        }
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
    var constructionLabelSites: [UInt64: (file: Int, line: Int)] = [:]

    init(_ collected: Collected<StateNotPrivateFileFacts>) {
        for (file, facts) in collected.byFile.enumerated() {
            guard let facts else { continue }
            filePrivateTypes.formUnion(facts.filePrivateTypes)
            for use in facts.extensionUses { extensionUses[use.type, default: []].append((file, use.line, use.names)) }
            for (name, names) in facts.protocolProperties { protocolProperties[name, default: []].formUnion(names) }
            for (key, line) in facts.constructionLabels where constructionLabelSites[key] == nil {
                constructionLabelSites[key] = (file, line)
            }
        }
    }

    /// Whether some construction of the type passes this argument label (`Gauge(progress: 5)`).
    func isConstructed(_ type: String, passing label: String) -> Bool {
        constructionLabelSites[StateNotPrivateFileFacts.labelKey(type, label)] != nil
    }

    /// Where some construction of the type passes this argument label, as evidence.
    func constructionSite(of type: String, passing label: String, in project: ProjectIndex) -> (
        path: String, line: Int
    )? {
        constructionLabelSites[StateNotPrivateFileFacts.labelKey(type, label)].map {
            (project.paths[$0.file] ?? "?", $0.line)
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
