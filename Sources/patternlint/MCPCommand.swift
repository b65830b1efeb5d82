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
        _ = try state.searchable() // a bad configuration fails now, and the first search is quick
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
    /// When the files were last looked at: at most twice a second, however many calls come.
    private var checked = Date.distantPast
    /// The search index of the loaded notes, made on the first search after a load.
    private var searchIndex: NoteSearch.Index?

    init(options: LintOptions, workspace: String) {
        self.options = options
        self.workspace = workspace
    }

    /// The environment, loaded again when the markdown under the note and rule folders changed.
    func environment() throws -> LintEnvironment {
        lock.lock()
        defer { lock.unlock() }
        if let loaded, Date().timeIntervalSince(checked) < 0.5 { return loaded.environment }
        let signature = currentSignature()
        checked = Date()
        if let loaded, loaded.signature == signature { return loaded.environment }
        let environment = try LintEnvironment.load(options, warn: false)
        loaded = (signature, environment)
        searchIndex = nil
        return environment
    }

    /// The environment and the search index of its notes.
    func searchable() throws -> (LintEnvironment, NoteSearch.Index) {
        let environment = try self.environment()
        lock.lock()
        defer { lock.unlock() }
        if let searchIndex { return (environment, searchIndex) }
        let index = NoteSearch.Index(environment.graph.notes)
        searchIndex = index
        return (environment, index)
    }

    /// Paths, sizes and modification times of the markdown and configuration that feed the graph.
    private func currentSignature() -> String {
        var folders = options.notes + options.rules
        if let path = options.config ?? Configuration.find(), let configuration = try? Configuration.load(path: path) {
            folders += configuration.notes.map(configuration.resolve) + configuration.rules.map(configuration.resolve)
            folders.append(path)
        }
        // `readdir` and `stat`: Foundation's enumerator and resource values cost a hundred times
        // more, and this runs on every call (10,000 notes: a few milliseconds).
        var parts: [String] = []
        func add(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return }
            #if os(Linux)
            let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            #else
            let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
            #endif
            parts.append("\(path)|\(info.st_size)|\(modified)")
        }
        func walk(_ folder: String, depth: Int) {
            guard depth < 32, let entries = FolderListing.entries(folder) else { return }
            for (name, kind) in entries where !name.hasPrefix(".") {
                let path = folder + "/" + name
                if kind == .folder {
                    walk(path, depth: depth + 1)
                } else if name.hasSuffix(".md") {
                    add(path)
                }
            }
        }
        for folder in folders {
            add(folder)
            walk(folder, depth: 0)
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
            return .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
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
        try await server.start(transport: MCPStdioTransport())
        await server.waitUntilCompleted()
    }
}
