import Dispatch
import Foundation
import Notes
import SwiftLexer

/// Facts across every file of a run, built once before the rules run: where each type is
/// declared, where each type is constructed, which views are pushed as navigation destinations
/// and which views own a navigation stack. Cross-file rules (`missing-standalone-init`,
/// `nested-navigation-stack`, `hardcoded-navigation-in-reusable-view`) read it.
public struct ProjectIndex: Sendable {
    public struct TypeRef: Sendable, Hashable {
        public var file: Int
        public var type: Int
    }

    public struct CallRef: Sendable, Hashable {
        public var file: Int
        public var call: Int
    }

    /// Files by their input index (`files[ref.file]`); unreadable inputs hold no file.
    private let slots: [LintFile?]
    public let files: LintFiles
    /// Every declaration of a type name, extensions included.
    public private(set) var typesByName: [String: [TypeRef]] = [:]
    /// Types declared (or extended) as `View`.
    public private(set) var viewNames: Set<String> = []
    /// Construction sites of type-named callees (`ChildView(…)`, `NavigationStack {…}`).
    public private(set) var callsByCallee: [String: [CallRef]] = [:]
    /// View names built as a pushed destination, with the pushing call
    /// (`NavigationLink(destination:)`, `NavigationLink { … } label:`, `.navigationDestination { … }`).
    public private(set) var pushedViews: [String: [CallRef]] = [:]
    /// Per file, for each of its types: the indices of its initializers and stored properties,
    /// grouped once so lookups do not scan every declaration of a file.
    private var declarations: [Int: (initializers: [[Int]], storedProperties: [[Int]])] = [:]
    /// Push sites per file: the navigation call, the view it pushes, and the view type pushing it.
    public private(set) var pushesByFile: [Int: [(call: Int, view: String, pusher: String?)]] = [:]
    /// Views whose declaration holds a `NavigationStack` (or `NavigationView`/`NavigationSplitView`).
    public private(set) var viewsOwningStack: [String: [CallRef]] = [:]

    /// Which views a navigation stack reaches; built on first use (only one rule needs it).
    public var hierarchy: ViewHierarchy { lazyHierarchy.value }
    private let lazyHierarchy: LazyBox<ViewHierarchy>
    /// Which view pushes which; built on first use.
    public var pushGraph: PushGraph { lazyPushGraph.value }
    private let lazyPushGraph: LazyBox<PushGraph>

    public static let stackNames: Set<String> = ["NavigationStack", "NavigationView", "NavigationSplitView"]

    public init(files: [LintFile], count: Int? = nil) {
        var slots = [LintFile?](repeating: nil, count: count ?? (files.map(\.index).max().map { $0 + 1 } ?? 0))
        for file in files { slots[file.index] = file }
        self.slots = slots
        self.files = LintFiles(slots: slots)
        // The per-file work runs in parallel; merging the summaries is cheap and in file order.
        let summaries = ConcurrentSlots<FileSummary>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
            summaries[position] = files[position].summary ?? FileSummary(files[position])
        }
        var pushEdges: [String: Set<String>] = [:]
        var order: [String: Int] = [:]
        let all = summaries.values.compactMap { $0 }
        for summary in all {
            for (typeIndex, name, isView) in summary.types {
                typesByName[name, default: []].append(TypeRef(file: summary.file, type: typeIndex))
                if isView { viewNames.insert(name) }
                if order[name] == nil { order[name] = order.count }
            }
        }
        for summary in all { declarations[summary.file] = (summary.initializers, summary.storedProperties) }
        for summary in all {
            let file = summary.file
            // Only types declared in the run: SwiftUI's own (`Text`, `VStack`) tell the rules nothing.
            for (callee, call) in summary.constructions where typesByName[callee] != nil {
                callsByCallee[callee, default: []].append(CallRef(file: file, call: call))
            }
            for (owner, call) in summary.stacks { viewsOwningStack[owner, default: []].append(CallRef(file: file, call: call)) }
            if !summary.pushes.isEmpty { pushesByFile[file] = summary.pushes.map { ($0.call, $0.view, $0.pusher) } }
            for push in summary.pushes {
                pushedViews[push.view, default: []].append(CallRef(file: file, call: push.call))
                if let pusher = push.pusher { pushEdges[pusher, default: []].insert(push.view) }
            }
        }
        let views = viewNames
        lazyHierarchy = LazyBox { ViewHierarchy(files: files, viewNames: views) }
        let pushed = pushedViews, constructed = callsByCallee
        lazyPushGraph = LazyBox { [pushEdges, order] in
            let pushSites = pushed.mapValues(\.count)
            let entries = Set(constructed.filter { $0.value.count > (pushSites[$0.key] ?? 0) }.keys)
            return PushGraph(edges: pushEdges, entries: entries, order: order)
        }
    }

    /// What one file contributes to the index.
    struct FileSummary: Sendable {
        var file: Int
        var types: [(index: Int, name: String, isView: Bool)] = []
        var constructions: [(callee: String, call: Int)] = []
        var stacks: [(owner: String, call: Int)] = []
        var pushes: [(view: String, call: Int, pusher: String?)] = []
        /// Indexed by type: that type's initializer and stored-property indices.
        var initializers: [[Int]] = []
        var storedProperties: [[Int]] = []

        init(_ lintFile: LintFile) {
            file = lintFile.index
            let s = lintFile.structure
            for (typeIndex, type) in s.types.enumerated() { types.append((typeIndex, type.name, type.inherits("View"))) }
            initializers = Array(repeating: [], count: s.types.count)
            storedProperties = Array(repeating: [], count: s.types.count)
            for (index, function) in s.functions.enumerated() where function.isInitializer {
                if let owner = function.owner { initializers[owner].append(index) }
            }
            for (index, property) in s.properties.enumerated() where property.body == nil && !property.isStatic {
                if let owner = property.owner { storedProperties[owner].append(index) }
            }
            for (callIndex, call) in s.calls.enumerated() {
                if !call.isMember, Structure.isTypeName(call.callee) {
                    constructions.append((call.callee, callIndex))
                    if ProjectIndex.stackNames.contains(call.callee), let owner = s.enclosingType(of: call.calleeToken) {
                        stacks.append((s.types[owner].name, callIndex))
                    }
                }
                let destinations = ProjectIndex.destinationViews(ofCall: callIndex, in: s)
                guard !destinations.isEmpty else { continue }
                let pusher = s.enclosingType(of: call.calleeToken).map { s.types[$0].name }
                for view in destinations { pushes.append((s.calls[view].callee, callIndex, pusher)) }
            }
        }
    }

    /// Calls of type-named views that a navigation call pushes: the `destination:` argument of a
    /// `NavigationLink`, its destination closure, or the content of `.navigationDestination`.
    public static func destinationViews(ofCall callIndex: Int, in structure: Structure) -> [Int] {
        let call = structure.calls[callIndex]
        guard call.callee == "NavigationLink" || call.callee == "navigationDestination" else { return [] }
        var regions: [Range<Int>] = []
        let closures = structure.trailingClosures(of: call)
        if call.callee == "NavigationLink", !call.isMember {
            let arguments = structure.arguments(of: call)
            if let destination = arguments.first(where: { $0.label == "destination" }) {
                regions.append(destination.value)
            } else if !arguments.contains(where: { $0.label == "value" }), let first = closures.first, first.label == nil {
                // `NavigationLink { Destination() } label: { … }` or `NavigationLink("Title") { Destination() }`.
                let hasLabelClosure = closures.contains { $0.label == "label" }
                let hasTitle = arguments.contains { $0.label == nil }
                if hasLabelClosure || hasTitle { regions.append(first.body.lowerBound..<first.body.upperBound + 1) }
            }
        } else if call.callee == "navigationDestination", call.isMember {
            regions += closures.map { $0.body.lowerBound..<$0.body.upperBound + 1 }
            if let destination = structure.arguments(of: call).first(where: { $0.label == "destination" }) { regions.append(destination.value) }
        }
        return directViewCalls(inside: regions, of: callIndex, in: structure)
    }

    /// Type-named calls in `regions` whose nearest enclosing call is `owner` (the views it builds directly).
    public static func directViewCalls(inside regions: [Range<Int>], of owner: Int, in structure: Structure) -> [Int] {
        var result: [Int] = []
        for region in regions {
            for index in structure.calls(in: region) {
                let candidate = structure.calls[index]
                guard !candidate.isMember, Structure.isTypeName(candidate.callee) else { continue }
                if structure.innermostCall(of: candidate.calleeToken) == owner { result.append(index) }
            }
        }
        return result
    }

    /// Every initializer declared for a type name, in any file (extensions included).
    public func initializers(of name: String) -> [(file: Int, function: FunctionDecl)] {
        (typesByName[name] ?? []).flatMap { ref in
            (declarations[ref.file]?.initializers[ref.type] ?? []).map { (ref.file, files[ref.file].structure.functions[$0]) }
        }
    }

    /// Stored properties of a type name, from every declaration of it.
    public func storedProperties(of name: String) -> [(file: Int, property: PropertyDecl)] {
        (typesByName[name] ?? []).flatMap { ref in
            (declarations[ref.file]?.storedProperties[ref.type] ?? []).map { (ref.file, files[ref.file].structure.properties[$0]) }
        }
    }

    /// The declared parameter type for an argument label, when every known initializer that has the
    /// label agrees (memberwise initializers count: stored properties without a value).
    public func parameterTypes(of name: String, label: String) -> [String] {
        var types: [String] = []
        for (_, function) in initializers(of: name) {
            for parameter in function.parameters where parameter.label == label { types.append(parameter.type) }
        }
        if initializers(of: name).isEmpty {
            for (_, property) in storedProperties(of: name) where property.name == label {
                if property.attributes.contains("@Binding") {
                    types.append("Binding<\(property.type ?? "_")>")
                } else if let type = property.type {
                    types.append(type)
                }
            }
        }
        return types
    }
}

/// Read-only access to the run's files by input index.
public struct LintFiles: Sendable {
    let slots: [LintFile?]

    public subscript(index: Int) -> LintFile { slots[index]! }
    public var all: [LintFile] { slots.compactMap { $0 } }
}

/// A value computed once, on first use, safely from any thread.
final class LazyBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        lock.withLock {
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
