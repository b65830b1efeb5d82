import SwiftLexer
import Support

/// Which of the names rules start from stand in a file, found in one pass over its identifiers.
/// A rule whose names (`Rule.startsFrom`) are all absent has nothing to look at and the engine
/// skips it: in a large repo most files build no navigation at all (as linters gate rules on a
/// quick look at the text).
public struct Vocabulary: Sendable, Equatable {
    public enum Word: Int, CaseIterable, Sendable {
        case navigationLink, navigationStack, navigationView, navigationSplitView, navigationDestination, tabView
        case tabViewStyle
        case constant, isPresented, onChange, presentationMode
        case navigationBarTitle, navigationBarItems, navigationViewStyle, navigationBarHidden
        case navigate, push
        /// `some View`, `: View`, `AnyView`, `some Scene`: the file builds or declares views.
        case view, anyView, scene
        /// Work an initializer should not start: `Task { … }`, `URLSession…`, `Data(contentsOf:)`,
        /// `String(contentsOfFile:)`, `FileManager.default.contents(atPath:)`.
        case task, urlSession, contentsOf, contentsOfFile, atPath
        /// `#if DEBUG`: code that never ships.
        case debug
        /// Test frameworks (`Structure.testFrameworks`): a file that imports one builds views to test them.
        case xcTest, testing, snapshotTesting, viewInspector

        /// The names that stand for the word: a package's links, stacks and destination modifiers
        /// count as SwiftUI's, so the rules that start from those wake for them too.
        var texts: [String] {
            switch self {
            case .navigationLink: SwiftUINames.linkNames
            case .navigationStack: SwiftUINames.pathStackNames.filter { $0 != "NavigationView" }
            case .navigationDestination: SwiftUINames.destinationModifierNames
            default: [text]
            }
        }

        var text: String {
            switch self {
            case .navigationLink: "NavigationLink"
            case .navigationStack: "NavigationStack"
            case .navigationView: "NavigationView"
            case .navigationSplitView: "NavigationSplitView"
            case .navigationDestination: "navigationDestination"
            case .tabView: "TabView"
            case .tabViewStyle: "tabViewStyle"
            case .constant: "constant"
            case .isPresented: "isPresented"
            case .onChange: "onChange"
            case .presentationMode: "presentationMode"
            case .navigationBarTitle: "navigationBarTitle"
            case .navigationBarItems: "navigationBarItems"
            case .navigationViewStyle: "navigationViewStyle"
            case .navigationBarHidden: "navigationBarHidden"
            case .navigate: "navigate"
            case .push: "push"
            case .view: "View"
            case .anyView: "AnyView"
            case .scene: "Scene"
            case .task: "Task"
            case .urlSession: "URLSession"
            case .contentsOf: "contentsOf"
            case .contentsOfFile: "contentsOfFile"
            case .atPath: "atPath"
            case .debug: "DEBUG"
            case .xcTest: "XCTest"
            case .testing: "Testing"
            case .snapshotTesting: "SnapshotTesting"
            case .viewInspector: "ViewInspector"
            }
        }
    }

    private var bits: UInt64 = 0

    /// The words, by byte length, as bytes.
    private static let byLength: [[(word: Word, bytes: [UInt8])]] = {
        var table = [[(word: Word, bytes: [UInt8])]](repeating: [], count: 32)
        for word in Word.allCases {
            for text in word.texts { table[text.utf8.count].append((word, Array(text.utf8))) }
        }
        return table
    }()

    public init(_ s: Structure) {
        let table = Self.byLength
        let all = Word.allCases.count
        var found = 0
        s.code.withUnsafeBufferPointer { code in
            s.file.bytes.withUnsafeBufferPointer { bytes in
                for token in code where token.kind == .identifier && token.length < 32 {
                    for candidate in table[token.length] where bits & (1 << candidate.word.rawValue) == 0 {
                        if bytes[token.offset] == candidate.bytes[0],
                            UnsafeBufferPointer(rebasing: bytes[token.offset..<token.end]).elementsEqual(
                                candidate.bytes)
                        {
                            bits |= 1 << candidate.word.rawValue
                            found += 1
                        }
                    }
                    if found == all { return }
                }
            }
        }
        if SwiftUINames.hasTeamNames { readTeamNames(s) }
    }

    /// The team's own stacks, links and destinations (`SwiftUINames.team`) stand for SwiftUI's.
    private mutating func readTeamNames(_ s: Structure) {
        let team = SwiftUINames.team
        for token in s.code.indices where s.code[token].kind == .identifier {
            let name = s.text(token)
            if team.stacks.contains(name) { bits |= 1 << Word.navigationStack.rawValue }
            if team.links.contains(name) { bits |= 1 << Word.navigationLink.rawValue }
            if team.destinations.contains(name) { bits |= 1 << Word.navigationDestination.rawValue }
        }
    }

    public func contains(_ word: Word) -> Bool { bits & (1 << word.rawValue) != 0 }

    /// `words` as one mask, for `containsAny(mask:)` (a rule's words, read once per run).
    public static func mask(_ words: [Word]) -> UInt64 { words.reduce(0) { $0 | 1 << UInt64($1.rawValue) } }

    public func containsAny(mask: UInt64) -> Bool { bits & mask != 0 }

    public func containsAny(_ words: Word...) -> Bool { containsAny(words) }

    public func containsAny(_ words: [Word]) -> Bool { words.contains(where: contains) }

    /// Whether the file imports a test framework (`Structure.importsTestFramework`); the imports
    /// are read only when one of those names stands in the file.
    public func importsTestFramework(in structure: Structure) -> Bool {
        containsAny(.xcTest, .testing, .snapshotTesting, .viewInspector) && structure.importsTestFramework()
    }
}
