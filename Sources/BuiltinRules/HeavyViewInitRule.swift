import SwiftLexer
import LintEngine
import SwiftUIModel
import Support

/// SwiftUI may create a view value many times (every time its parent's body runs, and eagerly for
/// navigation destinations): an `init` that starts network, file or async work repeats it.
/// Start the work in `.task {}` instead.
public struct HeavyViewInitRule: ProjectRule {
    public let id = "heavy-view-init"
    /// An `await` outside an async initializer only stands in a `Task`: these names cover every
    /// case `heavyWork` finds.
    public let startsFrom: [Vocabulary.Word] = [.task, .urlSession, .contentsOf, .contentsOfFile, .atPath]

    public func prepare(_ file: LintFile, options: RuleOptions) -> @Sendable (ProjectIndex) -> [Hit] {
        let s = file.structure
        // Hits of initializers in types declared as views here, and of types that may be views
        // through a declaration elsewhere (`extension Foo: View`), decided by the index.
        var sure: [Hit] = []
        var ifView: [(type: String, hit: Hit)] = []
        for function in s.functions where function.isInitializer {
            guard let owner = function.owner, let body = function.body else { continue }
            let type = s.types[owner]
            let isView = s.isViewType(type)
            var j = body.lowerBound + 1
            var reportedLines = Set<Int>()
            while j < body.upperBound {
                // One finding per line: `await URLSession…` is one piece of work.
                if let what = heavyWork(at: j, in: s), !s.isDeferred(j, within: body) {
                    if reportedLines.insert(s.code[j].line).inserted {
                        let hit = Hit(
                            file: file.index, offset: s.offset(of: j),
                            message:
                                "`\(type.name).init` \(what); SwiftUI recreates view values often, so move this work into `.task {}` or a model object"
                        )
                        if isView { sure.append(hit) } else { ifView.append((type.name, hit)) }
                    }
                    // What a reported `Task` awaits is the same piece of work.
                    if s.is(j, "Task"), let end = Self.taskClosureEnd(after: j, in: s) { j = end }
                }
                j += 1
            }
        }
        return { [sure, ifView] project in
            guard !ifView.isEmpty else { return sure }
            return (sure + ifView.filter { project.viewNames.contains($0.type) }.map(\.hit)).sorted {
                $0.offset < $1.offset
            }
        }
    }

    /// The closing brace of `Task { … }` or `Task(priority: …) { … }`.
    static func taskClosureEnd(after task: Int, in s: Structure) -> Int? {
        var k = task + 1
        if s.punct(k, UInt8(ascii: "(")), s.closing[k] >= 0 { k = Int(s.closing[k]) + 1 }
        guard s.punct(k, UInt8(ascii: "{")), s.closing[k] >= 0 else { return nil }
        return Int(s.closing[k])
    }

    /// Types whose `init(contentsOf:)`/`init(contentsOfFile:)` reads a file (or a URL) at once.
    static let fileReadingTypes: Set<String> = [
        "Data", "String", "NSData", "NSString", "UIImage", "NSImage", "NSDictionary", "NSArray",
    ]

    static let requestMethods: Set<String> = [
        "data", "dataTask", "download", "downloadTask", "upload", "uploadTask", "bytes", "webSocketTask", "streamTask",
    ]

    func heavyWork(at j: Int, in s: Structure) -> String? {
        let token = s.code[j]
        if token.keyword == .await { return "awaits async work" }
        guard token.kind == .identifier, !s.punct(j - 1, UInt8(ascii: ".")) else { return nil }
        // `URLSession.shared.data(…)`, `URLSession(configuration:).dataTask(…)`: a request, not a stored reference.
        if s.is(j, "URLSession") {
            var k = j + 1
            if s.punct(k, UInt8(ascii: "(")), s.closing[k] >= 0 { k = Int(s.closing[k]) + 1 }
            while s.punct(k, UInt8(ascii: ".")), k + 1 < s.code.count {
                if Self.requestMethods.contains(s.text(k + 1)), s.punct(k + 2, UInt8(ascii: "(")) {
                    return "starts a `URLSession` request"
                }
                k += 2
            }
            return nil
        }
        if s.is(j, "Task"), s.punct(j + 1, UInt8(ascii: "{")) || s.punct(j + 1, UInt8(ascii: "(")) {
            return "starts a `Task`"
        }
        if Self.fileReadingTypes.contains(s.text(j)), s.punct(j + 1, UInt8(ascii: "(")),
            s.is(j + 2, "contentsOf") || s.is(j + 2, "contentsOfFile")
        {
            return "reads a file with `\(s.text(j))(\(s.text(j + 2)):)`"
        }
        // `FileManager.default.contents(atPath:)`.
        if s.is(j, "FileManager"), s.punct(j + 1, UInt8(ascii: ".")), s.is(j + 2, "default"),
            s.punct(j + 3, UInt8(ascii: ".")),
            s.is(j + 4, "contents"), s.punct(j + 5, UInt8(ascii: "(")), s.is(j + 6, "atPath")
        {
            return "reads a file with `FileManager.contents(atPath:)`"
        }
        return nil
    }
}
