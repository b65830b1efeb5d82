import ArgumentParser
import Catalog
import Foundation
import Lint
import MCP
import Notes
import Support

/// `patternlint mcp`: the pattern notes and the linter for a coding assistant, over the Model
/// Context Protocol on standard input and output (logs go to stderr; stdout carries only protocol
/// messages).
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the pattern notes and the linter to a coding assistant (Model Context Protocol, stdio).",
        discussion: """
            Tools: search_notes, read_note, build_context, list_rules, explain_rule, lint,
            lint_snippet, check_notes. Resources: every note as note://PERMALINK.
            Reads the same configuration, built-in catalogue and team notes and rules as the
            CLI; edited, added and removed notes are picked up without a restart. Paths
            outside the workspace (default: the current folder) are refused.

            Register it with a client, e.g. in its JSON settings:
              {"mcpServers": {"patternlint": {"command": "patternlint", "args": ["mcp"]}}}
            """)

    @OptionGroup var options: LintOptions
    @Option(help: ArgumentHelp("Workspace folder; paths outside it are refused (default: here).", valueName: "dir"))
    var workspace: String?

    func run() throws {
        let root = PathKey.of(workspace ?? FileManager.default.currentDirectoryPath)
        let state = MCPState(options: options, workspace: root)
        _ = try state.environment() // a bad configuration fails now, not on the first call
        let finished = DispatchSemaphore(value: 0)
        let failure = ConcurrentSlots<String>(count: 1)
        Task {
            do { try await MCPServer(state: state).serve() } catch { failure[0] = "\(error)" }
            finished.signal()
        }
        finished.wait()
        if let message = failure[0] { throw CLIFailure(message: "mcp: \(message)") }
    }
}

/// The loaded configuration, notes and rules, reloaded when a note or rule file changes.
final class MCPState: @unchecked Sendable {
    let options: LintOptions
    let workspace: String
    private let lock = NSLock()
    private var loaded: (signature: String, environment: LintEnvironment)?

    init(options: LintOptions, workspace: String) {
        self.options = options
        self.workspace = workspace
    }

    /// The environment, loaded again when the markdown under the note and rule folders changed.
    func environment() throws -> LintEnvironment {
        lock.lock()
        defer { lock.unlock() }
        let signature = currentSignature()
        if let loaded, loaded.signature == signature { return loaded.environment }
        let environment = try LintEnvironment.load(options, warn: false)
        loaded = (signature, environment)
        return environment
    }

    /// Paths, sizes and modification times of the markdown and configuration that feed the graph.
    private func currentSignature() -> String {
        var folders = options.notes + options.rules
        if let path = options.config ?? Configuration.find(), let configuration = try? Configuration.load(path: path) {
            folders += configuration.notes.map(configuration.resolve) + configuration.rules.map(configuration.resolve)
            folders.append(path)
        }
        var parts: [String] = []
        for folder in folders {
            let url = URL(fileURLWithPath: folder)
            let walker = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey])
            var urls = [url]
            while let next = walker?.nextObject() as? URL { urls.append(next) }
            for file in urls where file.pathExtension == "md" || file.pathExtension == "yml" {
                let values = try? file.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey])
                parts.append(
                    "\(file.path)|\(values?.fileSize ?? -1)|\(values?.contentModificationDate?.timeIntervalSince1970 ?? 0)"
                )
            }
        }
        return parts.sorted().joined(separator: "\n")
    }

    /// A path the client names, inside the workspace, or an error saying it is not.
    func inside(_ path: String) throws -> String {
        let absolute = PathKey.of(path.hasPrefix("/") ? path : workspace + "/" + path)
        guard absolute == workspace || absolute.hasPrefix(workspace.hasSuffix("/") ? workspace : workspace + "/")
        else {
            throw MCPError.invalidParams("\(path) is outside the workspace \(workspace)")
        }
        return DisplayPath.of(absolute)
    }
}

/// The tools and resources.
struct MCPServer {
    let state: MCPState

    func serve() async throws {
        let server = Server(
            name: "patternlint", version: PatternLintVersion.current,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: MCPTools.all) }
        await server.withMethodHandler(CallTool.self) { params in
            let text = try MCPTools(state: state).call(params.name, params.arguments ?? [:])
            return .init(content: [.text(text)], isError: false)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            let graph = try state.environment().graph
            return .init(
                resources: graph.notes.map {
                    Resource(
                        name: $0.title, uri: "note://" + $0.permalink, description: $0.path, mimeType: "text/markdown")
                }, nextCursor: nil)
        }
        await server.withMethodHandler(ReadResource.self) { params in
            let graph = try state.environment().graph
            guard params.uri.hasPrefix("note://"),
                let note = graph.notes.first(where: { "note://" + $0.permalink == params.uri })
            else { throw MCPError.invalidParams("no note at \(params.uri)") }
            return .init(contents: [.text(note.body, uri: params.uri, mimeType: "text/markdown")])
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }
}
