import ArgumentParser
import Catalog
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
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
            Tools: search_notes, read_note, build_context, list_rules, explain_rule, lint, \
            lint_snippet, check_notes, recent_activity; write_note, edit_note and move_note only with \
            --allow-writes or `mcp: { writes: true }` in .patternlint.yml, and only inside the note \
            folders. Resources: every note as note://PERMALINK. It reads the same \
            configuration, built-in catalogue and team notes and rules as the CLI, from the workspace \
            (--workspace, default: the current folder); edited, added and removed notes are picked up \
            without a restart; paths outside the workspace are refused.

            Register it with a client (Claude Desktop, Cursor and others take this JSON; the README \
            has VS Code and Claude Code):
              {"mcpServers": {"patternlint": {"command": "patternlint",
                "args": ["mcp", "--workspace", "/path/to/app"]}}}
            """)

    @OptionGroup var options: LintOptions
    @Option(help: ArgumentHelp("Workspace folder; paths outside it are refused (default: here).", valueName: "dir"))
    var workspace: String?
    @Flag(
        name: .customLong("allow-writes"),
        help: "Turn on write_note, edit_note and move_note (else `mcp: { writes: true }` in .patternlint.yml).")
    var allowWrites = false

    func run() throws {
        // Clients start servers in a folder of their own: the workspace becomes the current folder,
        // so the configuration is found and relative paths resolve as if started there.
        if let workspace, !FileManager.default.changeCurrentDirectoryPath(workspace) {
            throw CLIFailure(message: "mcp: --workspace \(workspace): not a folder that can be entered")
        }
        let root = PathKey.of(FileManager.default.currentDirectoryPath)
        guard let boundary = RealPathBoundary(folder: root) else {
            throw CLIFailure(message: "mcp: the workspace \(root) has no real path that can be read")
        }
        let state = MCPState(options: options, workspace: root, boundary: boundary, allowWrites: allowWrites)
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
    /// The workspace by its real path: nothing whose real path leaves it is read.
    let boundary: RealPathBoundary
    private let lock = NSLock()
    private var loaded: (signature: UInt64, environment: LintSession)?
    /// When the files were last looked at: at most twice a second, however many calls come.
    private var checked = Date.distantPast
    /// Told of changes under the folders (Linux): a call then looks at the files only after one.
    /// They are looked at every ten seconds all the same, for file systems that send no notices.
    private var watch: FolderWatch?
    /// The search index of the loaded notes, made on the first search after a load.
    private var searchIndex: NoteSearch.Index?
    /// The last reload's error (a broken configuration), answered until the files change again:
    /// serving the notes from before the break would hide it.
    private var failure: (signature: UInt64, error: Error)?
    /// The ignored folders last warned about.
    private var warnedIgnored: [String] = []

    /// `--allow-writes`: the write tools are on whatever the configuration says.
    let allowWrites: Bool

    init(options: LintOptions, workspace: String, boundary: RealPathBoundary, allowWrites: Bool = false) {
        self.options = options
        self.workspace = workspace
        self.boundary = boundary
        self.allowWrites = allowWrites
    }

    /// After a write: the next call loads the notes again, so the graph and the search index see
    /// it at once (a file system notice may come later, or not at all).
    func forget() {
        lock.lock()
        defer { lock.unlock() }
        checked = .distantPast
        watch = nil
    }

    /// The environment, loaded again when the markdown under the note and rule folders changed.
    func environment() throws -> LintSession {
        lock.lock()
        defer { lock.unlock() }
        if let loaded {
            let since = Date().timeIntervalSince(checked)
            let unchanged = watch.map { since < 10 && !$0.changed() } ?? (since < 0.5)
            if unchanged {
                if let failure { throw failure.error }
                return loaded.environment
            }
        }
        // Watching starts before looking, so that a change made while looking is not missed.
        let (folders, configuration, ignored) = watchedPaths()
        // The workspace itself too, alone: a configuration made there later is seen.
        watch = FolderWatch(
            trees: folders,
            folders: [workspace] + (configuration.map { [PathText.parent($0)] } ?? []))
        let signature = currentSignature(folders: folders, configuration: configuration)
        checked = Date()
        if let failure, failure.signature == signature { throw failure.error }
        if let loaded, loaded.signature == signature, failure == nil { return loaded.environment }
        do {
            var environment = try LintSession.load(options, warn: false, within: boundary)
            environment.ignoredPaths = ignored
            warn(ignoring: ignored)
            loaded = (signature, environment)
            failure = nil
            searchIndex = nil
            return environment
        } catch {
            // At start the command reports it and exits; while serving, the client is told why.
            guard loaded != nil else { throw error }
            let reason = (error as? CLIFailure)?.message ?? "\(error)"
            let reported = MCPError.internalError("cannot load the notes and rules again: \(reason)")
            failure = (signature, reported)
            throw reported
        }
    }

    /// Warns on stderr of the folders left out when they change: a reload follows every note edit.
    private func warn(ignoring ignored: [String]) {
        guard ignored != warnedIgnored else { return }
        for path in ignored { FileHandle.standardError.write(Data("patternlint mcp: warning: \(path)\n".utf8)) }
        warnedIgnored = ignored
    }

    /// The environment and the search index of its notes.
    func searchable() throws -> (LintSession, NoteSearch.Index) {
        let environment = try self.environment()
        lock.lock()
        defer { lock.unlock() }
        if let searchIndex { return (environment, searchIndex) }
        let index = NoteSearch.Index(environment.graph.notes)
        searchIndex = index
        return (environment, index)
    }

    /// Paths, sizes and modification times of the markdown and configuration that feed the graph,
    /// folded into one number: this runs on a call every half second, so it neither sorts nor joins
    /// the lines, which would cost more than the call it guards.
    private func currentSignature(folders: [String], configuration: String?) -> UInt64 {
        // `readdir` and `stat`: Foundation's enumerator and resource values build an object per file.
        var signature: UInt64 = 0
        func add(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return }
            #if os(Linux)
            let modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
            #else
            let modified = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
            #endif
            // FNV-1a over the path, size and time; summed, so the order files are listed in does not matter.
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            for byte in path.utf8 { mix(byte) }
            for value in [Int(info.st_size), modified.0, modified.1] {
                for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: value >> shift)) }
            }
            signature &+= hash
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
        if let configuration { add(configuration) }
        return signature
    }

    /// The note and rule folders, and the configuration file: one that fails to load is still
    /// watched, so that fixing it is seen (its error is what calls answer meanwhile). Folders
    /// outside the workspace are left out, each named in `ignored` (the load skips them too).
    private func watchedPaths() -> (folders: [String], configuration: String?, ignored: [String]) {
        var folders = options.notes + options.rules
        let path = options.config ?? Configuration.find()
        if let path, let configuration = try? Configuration.load(path: path) {
            folders += configuration.notes.map(configuration.resolve) + configuration.rules.map(configuration.resolve)
        }
        var admitted: [String] = []
        var ignored: [String] = []
        for folder in folders {
            if let reason = outsideReason(folder) {
                ignored.append(reason + ", ignored")
            } else {
                admitted.append(folder)
            }
        }
        return (admitted, path, ignored)
    }

    /// A path the client names, inside the workspace, or an error saying it is not.
    func inside(_ path: String) throws -> String {
        if let reason = outsideReason(path) { throw MCPError.invalidParams(reason) }
        return shown(path)
    }

    /// A path as the tools give it: relative to the workspace when inside it.
    func shown(_ path: String) -> String {
        DisplayPath.of(absolute(path))
    }

    /// Why a path is not in the workspace (spelt outside it, or leading out of it through a
    /// symbolic link), or nil when it is.
    func outsideReason(_ path: String) -> String? {
        let absolute = absolute(path)
        guard absolute == workspace || absolute.hasPrefix(workspace.hasSuffix("/") ? workspace : workspace + "/")
        else { return "\(path): outside the workspace \(workspace)" }
        guard boundary.contains(absolute) else {
            return "\(path): leads outside the workspace \(workspace) (through a symbolic link)"
        }
        return nil
    }

    private func absolute(_ path: String) -> String {
        PathKey.of(path.hasPrefix("/") ? path : workspace + "/" + path)
    }
}

/// `tools/call` with its params read by the handler: the SDK's own decoding answers params that
/// are not its type (`arguments: [1, 2]`) with -32603 "The data isn't in the correct format",
/// naming nothing, where a bad argument is the tool's error.
enum CallToolAsSent: MCP.Method {
    static let name = CallTool.name
    typealias Parameters = Value
    typealias Result = CallTool.Result
}

/// The tools and resources.
struct MCPServer {
    let state: MCPState

    func serve() async throws {
        let server = Server(
            name: "patternlint", version: PatternLintVersion.current, instructions: MCPTools.instructions,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: MCPTools.all) }
        await server.withMethodHandler(CallToolAsSent.self) { params in
            guard let name = params.objectValue?["name"]?.stringValue else {
                throw MCPError.invalidParams("`name` must be the tool's name, a string")
            }
            let arguments = params.objectValue?["arguments"] ?? .null
            do {
                // A tool's own error, once the tool is known (an unknown one is said first, below).
                if arguments.objectValue == nil, !arguments.isNull, MCPTools.all.contains(where: { $0.name == name }) {
                    throw MCPError.invalidParams("`arguments` must be an object: each argument by its name")
                }
                let text = try MCPTools(state: state).call(name, arguments.objectValue ?? [:])
                return .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
            } catch MCPError.methodNotFound(let reason) {
                throw MCPError.methodNotFound(reason)
            } catch {
                // A bad argument, a name not found or a broken configuration is the tool's answer, as
                // MCP asks: the model reads why and can try again. Only an unknown tool is a JSON-RPC error.
                let text = Self.reason(error)
                return .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: true)
            }
        }
        await server.withMethodHandler(ListResources.self) { params in
            let graph = try state.environment().graph
            // Pages of 1,000 notes, the cursor being where the next page starts.
            let pageSize = 1_000
            let start =
                try params.cursor.map { cursor -> Int in
                    guard let start = Int(cursor), (0...graph.notes.count).contains(start) else {
                        throw MCPError.invalidParams("cursor \(cursor.clipped(to: 40)) is not one this server gave")
                    }
                    return start
                } ?? 0
            let end = min(start + pageSize, graph.notes.count)
            return .init(
                resources: graph.notes[start..<end].map {
                    Resource(
                        name: $0.title, uri: "note://" + $0.permalink, description: $0.path, mimeType: "text/markdown")
                }, nextCursor: end < graph.notes.count ? String(end) : nil)
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

    /// What went wrong, as the tool's answer says it.
    static func reason(_ error: Error) -> String {
        switch error {
        case MCPError.invalidParams(let reason), MCPError.internalError(let reason): return reason ?? "\(error)"
        case let failure as CLIFailure: return failure.message
        default: return "\(error)"
        }
    }
}
