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
    /// Views whose declaration holds a `NavigationStack` (or `NavigationView`/`NavigationSplitView`).
    public private(set) var viewsOwningStack: [String: [CallRef]] = [:]

    /// Which views a navigation stack reaches (built once, after the other tables).
    public private(set) var hierarchy = ViewHierarchy(files: [], viewNames: [])
    /// Which view pushes which.
    public private(set) var pushGraph = PushGraph(edges: [:])

    public static let stackNames: Set<String> = ["NavigationStack", "NavigationView", "NavigationSplitView"]

    public init(files: [LintFile], count: Int? = nil) {
        var slots = [LintFile?](repeating: nil, count: count ?? (files.map(\.index).max().map { $0 + 1 } ?? 0))
        for file in files { slots[file.index] = file }
        self.slots = slots
        self.files = LintFiles(slots: slots)
        var pushEdges: [String: Set<String>] = [:]
        for file in files {
            let structure = file.structure
            for (typeIndex, type) in structure.types.enumerated() {
                typesByName[type.name, default: []].append(TypeRef(file: file.index, type: typeIndex))
                if type.inherits("View") { viewNames.insert(type.name) }
            }
            for (callIndex, call) in structure.calls.enumerated() where !call.isMember && Structure.isTypeName(call.callee) {
                let ref = CallRef(file: file.index, call: callIndex)
                callsByCallee[call.callee, default: []].append(ref)
                if Self.stackNames.contains(call.callee), let owner = structure.enclosingType(of: call.calleeToken) {
                    viewsOwningStack[structure.types[owner].name, default: []].append(ref)
                }
            }
            for callIndex in structure.calls.indices {
                let destinations = Self.destinationViews(ofCall: callIndex, in: structure)
                guard !destinations.isEmpty else { continue }
                let pusher = structure.enclosingType(of: structure.calls[callIndex].calleeToken).map { structure.types[$0].name }
                for view in destinations {
                    pushedViews[structure.calls[view].callee, default: []].append(CallRef(file: file.index, call: callIndex))
                    if let pusher { pushEdges[pusher, default: []].insert(structure.calls[view].callee) }
                }
            }
        }
        hierarchy = ViewHierarchy(files: files, viewNames: viewNames)
        var order: [String: Int] = [:]
        for file in files {
            for type in file.structure.types where order[type.name] == nil { order[type.name] = order.count }
        }
        let pushSites = pushedViews.mapValues(\.count)
        let entries = Set(callsByCallee.filter { $0.value.count > (pushSites[$0.key] ?? 0) }.keys)
        pushGraph = PushGraph(edges: pushEdges, entries: entries, order: order)
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
                if structure.enclosingCalls(of: candidate.calleeToken).first == owner { result.append(index) }
            }
        }
        return result
    }

    /// Every initializer declared for a type name, in any file (extensions included).
    public func initializers(of name: String) -> [(file: Int, function: FunctionDecl)] {
        var result: [(Int, FunctionDecl)] = []
        for ref in typesByName[name] ?? [] {
            let structure = files[ref.file].structure
            for function in structure.functions where function.isInitializer && function.owner == ref.type {
                result.append((ref.file, function))
            }
        }
        return result
    }

    /// Stored properties of a type name, from every declaration of it.
    public func storedProperties(of name: String) -> [(file: Int, property: PropertyDecl)] {
        var result: [(Int, PropertyDecl)] = []
        for ref in typesByName[name] ?? [] {
            for property in files[ref.file].structure.properties where property.owner == ref.type && property.body == nil && !property.isStatic {
                result.append((ref.file, property))
            }
        }
        return result
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
