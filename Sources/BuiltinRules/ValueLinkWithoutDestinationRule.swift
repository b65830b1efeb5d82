import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// A value link (`NavigationLink(value:)`, a value appended to a stack's path) whose value's type
/// no `navigationDestination(for:)` in the whole run covers: SwiftUI prints "A NavigationLink is
/// presenting a value of type … but there is no matching navigationDestination declaration
/// visible from the location of the link. The link cannot be activated." Only what the run
/// proves is said: the value's type as the code writes it, and no destination for it anywhere
/// (nor any destination at all, for a value whose type is not written). A type a package outside
/// the run could register, a generic router (`T.self` handed to the app's own function), a
/// destination whose type cannot be read, or links driving a `List(selection:)` say less or nothing.
public struct ValueLinkWithoutDestinationRule: CollectingRule {
    public let id = "value-link-without-destination"

    public func collect(_ file: LintFile) -> ValueLinkFacts? {
        let s = file.structure
        var facts = ValueLinkFacts()
        for destination in TypedDestination.all(in: file) {
            let call = s.calls[destination.call]
            let line = s.code[call.calleeToken].line
            let site = ValueLinkFacts.Site(
                type: destination.type ?? ".\(call.callee)", line: line,
                column: s.column(of: call.calleeToken, line: line))
            if destination.type == nil {
                facts.opaqueDestinations.append(site)
            } else {
                facts.destinations.append(site)
            }
        }
        for type in s.types where type.kind != .extension && type.kind != .protocol {
            facts.declaredTypes.append(type.name.lastComponent(separatedBy: UInt8(ascii: ".")))
        }
        let bytes = s.file.bytes
        facts.imports = s.importedModules()
        // A router handed `Route.self` is called from view code, which imports SwiftUI.
        let readsMentions = facts.imports.isEmpty || facts.imports.contains("SwiftUI")
        // The tokens that can start an alias or a mention, found in one tight pass.
        var candidates: [Int] = []
        s.code.withUnsafeBufferPointer { code in
            for index in code.indices {
                let token = code[index]
                if token.kind == .keyword {
                    if token.keyword == .typealias || (readsMentions && token.keyword == .self) {
                        candidates.append(index)
                    }
                } else if readsMentions, token.kind == .operator, token.length == 1,
                    bytes[token.offset] == UInt8(ascii: "<")
                {
                    candidates.append(index)
                }
            }
        }
        for index in candidates {
            let token = s.code[index]
            if token.keyword == .typealias, index + 3 < s.code.count, s.code[index + 1].kind == .identifier,
                s.code[index + 2].kind == .operator, s.is(index + 2, "="), s.code[index + 3].kind == .identifier
            {
                facts.aliases.append(.init(name: s.text(index + 1), target: s.text(index + 3)))
            }
            // `T.self` handed to the app's own code (`.routes(for: Route.self)`), or `Router<Route>`:
            // a generic helper may register the destination where the run cannot see.
            guard readsMentions else { continue }
            if token.keyword == .self, s.punct(index - 1, UInt8(ascii: ".")), index >= 2,
                s.code[index - 2].kind == .identifier, !Self.readsTypeForData(at: index, in: s)
            {
                facts.typeMentions.append(s.text(index - 2))
            } else if token.kind == .operator, token.length == 1, bytes[token.offset] == UInt8(ascii: "<"),
                index >= 1, s.code[index - 1].kind == .identifier, index + 1 < s.code.count,
                s.code[index + 1].kind == .identifier, !Self.plainGenerics.contains(s.text(index - 1))
            {
                facts.typeMentions.append(s.text(index + 1))
            }
        }
        if let slash = file.path.utf8.lastIndex(of: UInt8(ascii: "/")) { facts.folder = String(file.path[..<slash]) }
        for call in s.calls.indices where !s.calls[call].isMember && s.calls[call].callee == "List" {
            if s.arguments(of: s.calls[call]).contains(where: { $0.label == "selection" }) {
                facts.selectionLists = true
            }
        }
        facts.splitViews =
            file.vocabulary.contains(.navigationSplitView)
            && s.calls.contains { !$0.isMember && $0.callee == "NavigationSplitView" }
        Self.readPaths(file, into: &facts)
        facts.destinations = facts.destinations.filter { !$0.type.isEmpty }
        return facts == ValueLinkFacts() ? nil : facts
    }

    /// `decode(Item.self, from:)`, `modelContainer(for: Item.self)`: a type handed on for its data,
    /// not to a router.
    static func readsTypeForData(at token: Int, in s: Structure) -> Bool {
        guard let call = s.innermostCall(of: token) else { return false }
        return Self.dataCallees.contains(s.calls[call].callee)
    }

    static let dataCallees: Set<String> = [
        "decode", "modelContainer", "ModelContainer", "Schema", "register", "environment", "environmentObject",
        "fetch", "FetchDescriptor", "contains", "first", "isKind", "sheet", "fullScreenCover", "popover",
    ]

    /// Generic types whose arguments say nothing of navigation (`Binding<Item>`, `Set<Item>`).
    static let plainGenerics: Set<String> = [
        "Array", "Set", "Dictionary", "Optional", "Binding", "State", "Published", "ObservedObject", "StateObject",
        "Environment", "EnvironmentObject", "Query", "FetchRequest", "FetchedResults", "NSFetchRequest",
        "PassthroughSubject", "CurrentValueSubject", "AnyPublisher", "Result", "Task", "ForEach", "Bindable",
        "ObservableObjectPublisher", "AsyncStream", "KeyPath", "WritableKeyPath", "FetchDescriptor", "SortDescriptor",
        "Predicate",
    ]

    /// Properties typed `NavigationPath` or `[Item]`, and the names handed to a stack as its path
    /// (`NavigationStack(path: $router.path)` → `path`).
    static func readPaths(_ file: LintFile, into facts: inout ValueLinkFacts) {
        let s = file.structure
        for position in s.properties.indices {
            var type = s.properties[position].type
            let nameToken = s.properties[position].nameToken
            if type == nil, s.properties[position].hasInitialValue, nameToken + 3 < s.code.count,
                s.is(nameToken + 1, "="), s.is(nameToken + 2, "NavigationPath")
            {
                type = "NavigationPath"
            }
            guard let type, !s.properties[position].isStatic else { continue }
            if type == "NavigationPath" {
                facts.pathProperties.append(.init(name: s.properties[position].name, element: nil))
            } else if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":"),
                let element = LexicalValueType.plain(String(type.dropFirst().dropLast()))
            {
                facts.pathProperties.append(.init(name: s.properties[position].name, element: element))
            }
        }
        // A stack's name stands in the file's vocabulary (`NavigationView` has a word of its own).
        guard file.vocabulary.containsAny(.navigationStack, .navigationView) else { return }
        for call in s.calls where !call.isMember && SwiftUINames.isPathStackName(call.callee) {
            guard let path = s.argument(of: call, labeled: "path"), let last = path.value.last,
                s.code[last].kind == .identifier
            else { continue }
            facts.boundPaths.append(s.text(last).hasPrefix("$") ? String(s.text(last).dropFirst()) : s.text(last))
        }
    }

    public static func merge(_ collected: Collected<ValueLinkFacts>) -> ValueLinkProject {
        var project = ValueLinkProject()
        var directories = Set<String>()
        var imports = Set<String>()
        var pathKinds: [String: Set<String>] = [:]
        for (file, facts) in collected.byFile.enumerated() {
            guard let facts else { continue }
            for site in facts.destinations {
                project.destinations[site.type, default: []].append((file, site.line, site.column))
                project.destinationCount += 1
            }
            for site in facts.opaqueDestinations { project.opaque.append((file, site.line, site.column, site.type)) }
            project.declared.formUnion(facts.declaredTypes)
            for alias in facts.aliases { project.aliases[alias.name] = alias.target }
            project.mentions.formUnion(facts.typeMentions)
            imports.formUnion(facts.imports)
            directories.insert(facts.folder)
            project.selectionLists = project.selectionLists || facts.selectionLists
            project.splitViews = project.splitViews || facts.splitViews
            for path in facts.pathProperties { pathKinds[path.name, default: []].insert(path.element ?? "") }
            project.boundPaths.formUnion(facts.boundPaths)
        }
        // An alias names the same type: a destination for either covers both.
        for (name, target) in project.aliases {
            if let sites = project.destinations[target], project.destinations[name] == nil {
                project.destinations[name] = sites
            }
            if let sites = project.destinations[name], project.destinations[target] == nil {
                project.destinations[target] = sites
            }
        }
        // A module named like one of the run's folders is the run's own (a package's target).
        let folders = Set(directories.flatMap { $0.components(separatedBy: UInt8(ascii: "/")) })
        project.foreignImports = imports.subtracting(folders).subtracting(Self.platformModules).sorted()
        for (name, kinds) in pathKinds where kinds.count == 1 && project.boundPaths.contains(name) {
            project.pathElements[name] = kinds.first!
        }
        return project
    }

    /// Apple's frameworks: none of them registers a destination on the app's stacks.
    static let platformModules: Set<String> = [
        "SwiftUI", "Foundation", "UIKit", "AppKit", "Combine", "SwiftData", "CoreData", "MapKit", "Charts",
        "PhotosUI", "Photos", "os", "OSLog", "Observation", "WidgetKit", "StoreKit", "AVFoundation", "AVKit",
        "CoreLocation", "CloudKit", "UserNotifications", "WebKit", "Security", "CryptoKit", "LocalAuthentication",
        "GameKit", "HealthKit", "Intents", "IntentsUI", "AppIntents", "ActivityKit", "QuickLook", "SafariServices",
        "MessageUI", "Contacts", "ContactsUI", "EventKit", "EventKitUI", "CoreImage", "CoreGraphics", "CoreML",
        "Vision", "NaturalLanguage", "Network", "RealityKit", "ARKit", "SceneKit", "SpriteKit", "CoreMotion",
        "CoreBluetooth", "MultipeerConnectivity", "UniformTypeIdentifiers", "TipKit", "XCTest", "Testing",
        "Darwin", "Dispatch", "Accessibility", "AuthenticationServices", "BackgroundTasks", "CoreSpotlight",
        "CoreTransferable", "LinkPresentation", "MediaPlayer", "PDFKit", "QuartzCore", "Social", "SystemConfiguration",
        "UserNotificationsUI", "VisionKit", "WatchKit", "WatchConnectivity", "ClockKit", "Cocoa", "CoreText",
        "CoreFoundation", "Metal", "MetalKit", "GameController", "AudioToolbox", "CoreAudio", "CoreMedia",
        "CoreVideo", "ImageIO", "MobileCoreServices", "NotificationCenter", "ServiceManagement", "Speech",
        "StoreKitTest", "SwiftUICore", "RegexBuilder", "Synchronization", "_Concurrency", "Glibc", "GroupActivities",
        "DeveloperToolsSupport", "ExtensionFoundation", "ExtensionKit", "FoundationModels", "Translation",
        "CarPlay", "MusicKit", "ShazamKit", "WeatherKit", "PassKit", "SharedWithYou", "DeviceActivity",
        "FamilyControls", "ManagedSettings", "HomeKit", "CoreNFC", "NetworkExtension", "CoreHaptics",
    ]

    public func validate(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex, ValueLinkProject) -> [Hit]
    {
        let s = file.structure
        var links: [ValueLink] = []
        // A link's name (a package's or the team's too) stands in the file's vocabulary.
        let readsLinks = file.vocabulary.contains(.navigationLink)
        for index in s.calls.indices {
            let call = s.calls[index]
            if readsLinks, !call.isMember, SwiftUINames.isLinkName(call.callee) {
                guard let value = s.argument(of: call, labeled: "value"), !s.isInPreview(call.calleeToken) else {
                    continue
                }
                // A link inside `List(selection:)` sets the selection; it needs no destination.
                if s.enclosingCalls(of: call.calleeToken).contains(where: { outer in
                    s.calls[outer].callee == "List" && s.argument(of: s.calls[outer], labeled: "selection") != nil
                }) {
                    continue
                }
                links.append(
                    ValueLink(
                        offset: s.offset(of: call.calleeToken), valueOffset: s.offset(of: value.value.lowerBound),
                        form: "`\(call.callee)(value:)`", type: LexicalValueType.of(value.value, in: s), path: nil))
            } else if call.isMember, call.callee == "append", let receiver = call.baseToken,
                s.code[receiver].kind == .identifier, let argument = s.arguments(of: call).first, argument.label == nil,
                !s.isInPreview(call.calleeToken)
            {
                links.append(
                    ValueLink(
                        offset: s.offset(of: call.calleeToken), valueOffset: s.offset(of: argument.value.lowerBound),
                        form: "`\(s.text(receiver)).append(…)`", type: LexicalValueType.of(argument.value, in: s),
                        path: s.text(receiver)))
            }
        }
        let fileIndex = file.index
        return { [links] project, facts in
            links.compactMap { Self.verdict(on: $0, file: fileIndex, project: project, facts: facts) }
        }
    }

    static func verdict(on link: ValueLink, file: Int, project: ProjectIndex, facts: ValueLinkProject) -> Hit? {
        var link = link
        if let path = link.path {
            // Only an append to a stack's path (a property handed to `NavigationStack(path:)`).
            guard let element = facts.pathElements[path] else { return nil }
            if !element.isEmpty {
                link.type = LexicalValueType(name: element, how: "the path `\(path)` holds `[\(element)]`")
            }
        }
        // A destination whose type cannot be read may register any type.
        guard facts.opaque.isEmpty else { return nil }
        let sites = facts.destinations.values.joined().sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        func location(_ site: (file: Int, line: Int, column: Int)) -> String {
            "\(project.paths[site.file] ?? "?"):\(site.line)"
        }
        if let type = link.type {
            let name = facts.aliases[type.name] ?? type.name
            guard facts.destinations[type.name] == nil, facts.destinations[name] == nil,
                !facts.mentions.contains(type.name), !facts.mentions.contains(name)
            else { return nil }
            let declared = facts.declared.contains(type.name)
            // A type the run declares no package can name; any other one a package's stack could cover.
            let sure = (declared || facts.foreignImports.isEmpty) && !facts.selectionLists
            var evidence: [Evidence] = [
                .here(offset: link.valueOffset, message: "the value is of type `\(type.name)`: \(type.how)")
            ]
            for (destination, sites) in facts.destinations.sorted(by: { $0.key < $1.key }).prefix(3) {
                if let site = sites.first {
                    evidence.append(
                        .at(
                            project.paths[site.file] ?? "?", line: site.line, column: site.column,
                            "a destination for `\(destination)` is declared here, none for `\(type.name)`"))
                }
            }
            var message =
                "\(link.form) presents a value of type `\(type.name)`, but no `navigationDestination(for: \(type.name).self)` is declared anywhere in the project, so the link cannot be activated; declare one on the stack that shows it"
            if !sure {
                message += Self.caveat(facts)
            }
            return Hit(
                file: file, offset: link.offset, message: message, evidence: evidence, confidence: sure ? .medium : .low
            )
        }
        // A value of unwritten type: provable only when the project declares no typed destination at all.
        guard sites.isEmpty else { return nil }
        let sure = facts.foreignImports.isEmpty && !facts.selectionLists && !facts.splitViews
        var message =
            "\(link.form) presents a value, but the project declares no `navigationDestination(for:)` at all, so the link cannot be activated; declare one for the value's type on the stack that shows it"
        if !sure { message += Self.caveat(facts) }
        return Hit(file: file, offset: link.offset, message: message, confidence: sure ? .medium : .low)
    }

    /// Why a finding is only suspected: where a destination might be that the run does not show.
    static func caveat(_ facts: ValueLinkProject) -> String {
        if facts.selectionLists {
            return
                " (the project has a `List(selection:)`: if this link's list drives a split view's selection, ignore this)"
        }
        if facts.splitViews {
            return " (the project has a `NavigationSplitView`: if this link sets a column's selection, ignore this)"
        }
        let modules = facts.foreignImports.prefix(3).map { "`\($0)`" }.joined(separator: ", ")
        return " (unless a package the lint does not see registers it: the project imports \(modules))"
    }
}

/// One file's facts for `value-link-without-destination`.
public struct ValueLinkFacts: Sendable, Equatable {
    struct Site: Sendable, Equatable {
        var type: String
        var line: Int
        var column: Int
    }
    struct Alias: Sendable, Equatable {
        var name: String
        var target: String
    }
    struct PathProperty: Sendable, Equatable {
        var name: String
        /// nil for a `NavigationPath`.
        var element: String?
    }
    var destinations: [Site] = []
    var opaqueDestinations: [Site] = []
    var declaredTypes: [String] = []
    var aliases: [Alias] = []
    var typeMentions: [String] = []
    var imports: [String] = []
    /// The file's folder (its path without the file's name).
    var folder = ""
    var selectionLists = false
    var splitViews = false
    var pathProperties: [PathProperty] = []
    var boundPaths: [String] = []
}

/// The run's facts for `value-link-without-destination`, merged once.
public struct ValueLinkProject: Sendable {
    var destinations: [String: [(file: Int, line: Int, column: Int)]] = [:]
    var destinationCount = 0
    var opaque: [(file: Int, line: Int, column: Int, modifier: String)] = []
    var declared = Set<String>()
    var aliases: [String: String] = [:]
    var mentions = Set<String>()
    var foreignImports: [String] = []
    var selectionLists = false
    var splitViews = false
    var boundPaths = Set<String>()
    /// The element type of each path bound to a stack ("" for a `NavigationPath`).
    var pathElements: [String: String] = [:]
}

struct ValueLink: Sendable {
    var offset: Int
    var valueOffset: Int
    var form: String
    var type: LexicalValueType?
    var path: String?
}
