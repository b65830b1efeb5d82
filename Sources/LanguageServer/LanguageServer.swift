import Foundation
import BuiltinRules
import LintEngine
import Notes
import Reporters
import Support
import SwiftUIModel

/// `patternlint lsp`: findings where the code is written. Reads framed JSON-RPC from stdin on the
/// calling thread and handles every message, one at a time, on one queue: no state is shared.
public final class LanguageServer: @unchecked Sendable {
    let writer: MessageWriter
    let queue = DispatchQueue(label: "patternlint.lsp")
    /// How long typing must pause before the buffer is linted. None by default: a lint waits only
    /// for the messages already read (see `scheduleLint`), as one edit costs a few milliseconds.
    private let debounce: Double
    private var root = FileManager.default.currentDirectoryPath
    var workspace: WorkspaceLinter?
    private var initialized = false
    private var shutdownRequested = false
    private var watchesFiles = false
    /// Whether the editor applies workspace edits that rename files (a note's rename does).
    var editorRenamesFiles = false
    /// How positions count a line's characters, as `initialize` agreed with the client.
    var encoding = PositionEncoding.utf16
    var documents: [String: OpenDocument] = [:]
    /// The notes graph with the open note buffers in place of their files, and its notes' keys;
    /// nil when one changed.
    var bufferedNotes: (graph: Graph, keys: NoteKeys)?
    /// What was last published for each open note or rule file.
    var checkedNotes: [String: [JSON]] = [:]
    /// The problems of `bufferedNotes`, worked out once for it.
    var checkedGraph: NoteDiagnostics?
    var noteCheckGeneration = 0
    /// What was last published for each open Swift file, and the text it was computed on.
    private var linted: [String: LintedDocument] = [:]
    /// A lint freed memory (files read, an index replaced) not yet given back to the system.
    private var freedSinceTrim = false
    /// Files whose diagnostics are published after the next lint even if they did not change.
    private var mustPublish: Set<String> = []
    private var lintGeneration = 0
    private var outgoingRequests = 0

    struct LintedDocument {
        var bytes: [UInt8]
        var findings: [Finding]
        var diagnostics: [JSON]
    }

    public init(output: FileHandle = .standardOutput, debounce: Double = 0) {
        writer = MessageWriter(handle: output)
        self.debounce = debounce
    }

    /// Serves until `exit` or the end of input; returns the exit code (0 after `shutdown`).
    public func run(input: FileHandle = .standardInput) -> Int32 {
        let reader = MessageReader(handle: input)
        while true {
            switch reader.next() {
            case .endOfInput:
                return queue.sync { shutdownRequested ? 0 : 1 }
            case .badHeader(let header):
                ServerLog.write("a message without a usable Content-Length: \(header.prefix(200))")
                answerOnQueue(
                    JSONRPC.error(
                        id: .null, code: JSONRPC.parseError,
                        message: "no usable Content-Length header; the message was skipped"))
            case .overlong(let length):
                let limit = "\(MessageReader.maximumBodyBytes >> 20) MiB"
                ServerLog.write("a message of \(length) bytes, over \(limit), was skipped")
                answerOnQueue(
                    JSONRPC.error(
                        id: .null, code: JSONRPC.invalidRequest,
                        message: "the message is over \(limit), the most this server reads; it was skipped"))
            case .message(let body):
                guard let message = JSON.parse(body) else {
                    answerOnQueue(JSONRPC.error(id: .null, code: JSONRPC.parseError, message: "the body is not JSON"))
                    continue
                }
                queue.async { self.handle(message) }
            }
        }
    }

    /// Answers go out in the order their messages came in, so a framing error is queued too.
    private func answerOnQueue(_ answer: JSON) {
        queue.async { self.writer.send(answer) }
    }

    // MARK: Dispatch

    private func handle(_ message: JSON) {
        guard message.isObject else {
            return writer.send(JSONRPC.error(id: .null, code: JSONRPC.invalidRequest, message: "not a JSON object"))
        }
        let id = message["id"]
        guard let method = message["method"]?.string else {
            // Answers to the server's own requests (registering watchers) need nothing more.
            if id != nil, message["result"] != nil || message["error"] != nil { return }
            return writer.send(
                JSONRPC.error(id: id ?? .null, code: JSONRPC.invalidRequest, message: "no `method` string"))
        }
        let params = message["params"] ?? .null
        guard let id else { return notification(method, params) }
        guard JSONRPC.isValidID(id) else {
            return writer.send(
                JSONRPC.error(id: .null, code: JSONRPC.invalidRequest, message: "`id` must be a number or a string"))
        }
        do {
            writer.send(JSONRPC.response(id: id, result: try request(method, params)))
        } catch let error as RequestError {
            writer.send(JSONRPC.error(id: id, code: error.code, message: error.message))
        } catch {
            writer.send(JSONRPC.error(id: id, code: JSONRPC.invalidRequest, message: "\(error)"))
        }
    }

    private func request(_ method: String, _ params: JSON) throws -> JSON {
        if method == "initialize" { return initialize(params) }
        guard initialized else {
            throw RequestError(code: JSONRPC.serverNotInitialized, message: "initialize first")
        }
        guard !shutdownRequested else {
            throw RequestError(code: JSONRPC.invalidAfterShutdown, message: "the server is shutting down")
        }
        switch method {
        case "shutdown":
            shutdownRequested = true
            // Lints and note checks still pending would publish after it: they are dropped.
            lintGeneration += 1
            noteCheckGeneration += 1
            return .null
        case "textDocument/hover": return try hover(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "workspace/executeCommand": return try executeCommand(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        default: throw RequestError(code: JSONRPC.methodNotFound, message: "unknown method \(method)")
        }
    }

    private func notification(_ method: String, _ params: JSON) {
        // After `shutdown` only `exit` counts: an edit then must not be linted and published.
        guard !shutdownRequested || method == "exit" else { return }
        do {
            switch method {
            case "exit": exit(shutdownRequested ? 0 : 1)
            case "initialized":
                // Once: a registration id may be registered only once.
                if watchesFiles { registerWatchers() }
                loadWorkspace()
            case "textDocument/didOpen": try didOpen(params)
            case "textDocument/didChange": try didChange(params)
            case "textDocument/didSave": try didSave(params)
            case "textDocument/didClose": try didClose(params)
            case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
            default: break // `$/cancelRequest`, `$/setTrace` and the like: nothing to do
            }
        } catch {
            // A notification gets no answer: the person running the editor reads why in the log.
            ServerLog.write("\(method): \((error as? RequestError)?.message ?? "\(error)")")
        }
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON) -> JSON {
        let rootURI = params["rootUri"]?.string ?? params["workspaceFolders"]?.array?.first?["uri"]?.string
        if let path = rootURI.flatMap(DocumentURI.path) ?? params["rootPath"]?.string {
            root = path
        }
        // Relative paths in the configuration and in findings resolve from the workspace root.
        if !FileManager.default.changeCurrentDirectoryPath(root) { ServerLog.write("cannot enter \(root)") }
        watchesFiles =
            params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
        let workspaceEdit = params["capabilities"]?["workspace"]?["workspaceEdit"]
        editorRenamesFiles =
            workspaceEdit?["documentChanges"] == .bool(true)
            && (workspaceEdit?["resourceOperations"]?.array ?? []).contains("rename")
        encoding = PositionEncoding.negotiated(
            offered: (params["capabilities"]?["general"]?["positionEncodings"]?.array ?? []).compactMap(\.string))
        initialized = true
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "hoverProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "executeCommandProvider": ["commands": [.string(FindingCodeActions.openNoteCommand)]],
                // In the pattern notes: links lead to their note, complete after `[[` (and `#`), the
                // backlinks are the references, the headings the outline.
                "definitionProvider": true,
                "completionProvider": ["triggerCharacters": ["[", "#"]],
                "referencesProvider": true,
                "documentSymbolProvider": true,
                // A note, on its title or a link to it: every link and rule `note:` follows.
                "renameProvider": ["prepareProvider": true],
            ],
            "serverInfo": ["name": "patternlint", "version": .string(PatternLintVersion.current)],
        ]
    }

    /// Loads the session; a configuration that cannot be read is shown to the user, naming the
    /// file, and the server goes on without findings until it is saved again.
    private func loadWorkspace() {
        do {
            let loaded = try WorkspaceLinter(root: root, reusing: workspace)
            for warning in loaded.session.warnings { ServerLog.write(warning) }
            workspace = loaded
        } catch {
            workspace = nil
            let configuration = Configuration.find(from: root) ?? ".patternlint.yml"
            var reason = "\(error)"
            if !reason.contains(configuration) { reason = "\(configuration): \(reason)" }
            showError("patternlint: the configuration cannot be read: \(reason)")
            for key in linted.keys { publish(key, diagnostics: []) }
            linted = [:]
        }
        mustPublish.formUnion(documents.keys)
        scheduleLint(after: 0)
        notesChanged()
    }

    /// Asks the editor to say when the configuration, notes, rules, Swift files or Xcode projects
    /// change on disk.
    private func registerWatchers() {
        outgoingRequests += 1
        let watchers: [JSON] = ["**/.patternlint.yml", "**/*.md", "**/*.swift", "**/*.pbxproj"].map {
            ["globPattern": $0]
        }
        writer.send([
            "jsonrpc": "2.0", "id": .string("patternlint-\(outgoingRequests)"), "method": "client/registerCapability",
            "params": [
                "registrations": [
                    [
                        "id": "patternlint-watch", "method": "workspace/didChangeWatchedFiles",
                        "registerOptions": ["watchers": .array(watchers)],
                    ]
                ]
            ],
        ])
    }

    private func showError(_ message: String) {
        ServerLog.write(message)
        writer.send(JSONRPC.notification("window/showMessage", ["type": 1, "message": .string(message)]))
    }

    /// For the editor's log of this server, not a message shown to the user.
    private func logError(_ message: String) {
        ServerLog.write(message)
        writer.send(JSONRPC.notification("window/logMessage", ["type": 1, "message": .string(message)]))
    }

    // MARK: Documents

    func document(_ params: JSON) throws -> (key: String, uri: String) {
        guard let uri = params["textDocument"]?["uri"]?.string, let key = DocumentURI.path(of: uri) else {
            throw RequestError.invalidParams("`textDocument.uri` must be a file URI")
        }
        return (key, uri)
    }

    private func didOpen(_ params: JSON) throws {
        let (key, uri) = try document(params)
        guard let text = params["textDocument"]?["text"]?.string else {
            throw RequestError.invalidParams("`textDocument.text` is missing")
        }
        documents[key] = OpenDocument(
            uri: uri, version: params["textDocument"]?["version"]?.int, bytes: Array(text.utf8))
        if key.hasSuffix(".md") { return notesChanged() }
        guard key.hasSuffix(".swift") else { return }
        mustPublish.insert(key)
        scheduleLint(after: 0)
    }

    private func didChange(_ params: JSON) throws {
        let (key, _) = try document(params)
        guard var document = documents[key] else { throw RequestError.invalidParams("\(key) is not open") }
        let refused = document.apply(params["contentChanges"]?.array ?? [], encoding: encoding)
        document.version = params["textDocument"]?["version"]?.int
        documents[key] = document
        if let refused {
            logError(
                "\(key): \(refused); no diagnostics for it until the editor sends its whole text (reopening it does)")
        }
        // Out of sync: the editor keeps what was last published, from the last text known.
        guard document.inSync else { return }
        if key.hasSuffix(".md") { return notesChanged(key) }
        guard key.hasSuffix(".swift") else { return }
        mustPublish.insert(key)
        scheduleLint(after: debounce)
    }

    private func didSave(_ params: JSON) throws {
        let (key, _) = try document(params)
        if Self.changesSession(key) { return loadWorkspace() }
        // Saved: the disk now holds the buffer, and the file may be the baseline; files other
        // programs wrote since they were read are read again.
        workspace?.saved(key)
        guard key.hasSuffix(".swift") else { return }
        mustPublish.insert(key)
        scheduleLint(after: 0)
    }

    private func didClose(_ params: JSON) throws {
        let (key, _) = try document(params)
        let closed = documents.removeValue(forKey: key)
        if key.hasSuffix(".md"), let closed {
            if checkedNotes.removeValue(forKey: key) != nil { publish(uri: closed.uri, version: nil, diagnostics: []) }
            // The note on disk counts again.
            return notesChanged()
        }
        guard linted.removeValue(forKey: key) != nil, let closed else { return }
        publish(uri: closed.uri, version: nil, diagnostics: [])
        // Its unsaved text no longer counts: the other files are linted against the disk again.
        scheduleLint(after: 0)
    }

    private func didChangeWatchedFiles(_ params: JSON) {
        let changes = params["changes"]?.array ?? []
        let paths = changes.compactMap { $0["uri"]?.string.flatMap(DocumentURI.path) }
        if paths.contains(where: Self.changesSession) { return loadWorkspace() }
        // A Swift file created (1) or deleted (3): the list of files to read changes. A project
        // file changed: its targets, and which files they build, are read again.
        if paths.contains(where: Self.changesProjects) {
            workspace?.projectsChanged()
        } else if changes.contains(where: { $0["type"]?.int != 2 }) {
            workspace?.rediscover()
        }
        workspace?.changedOnDisk(paths)
        scheduleLint(after: 0)
    }

    /// An Xcode project or a package manifest: what the deployment targets and file membership come from.
    private static func changesProjects(_ path: String) -> Bool {
        path.hasSuffix(".pbxproj") || path.hasSuffix("/Package.swift")
    }

    /// The configuration, a note or a rule file: what the session is loaded from.
    private static func changesSession(_ path: String) -> Bool {
        path.hasSuffix("/.patternlint.yml") || path.hasSuffix(".md")
    }

    // MARK: Diagnostics

    /// Lints once the messages already read are handled (and after `delay`): each call supersedes
    /// the ones before it, so edits that came in while a lint ran are linted once, together.
    private func scheduleLint(after delay: Double) {
        lintGeneration += 1
        let generation = lintGeneration
        let lint: @Sendable () -> Void = {
            guard generation == self.lintGeneration else { return }
            self.lintOpenDocuments()
        }
        // Queued behind the messages already read: a burst of edits is linted once.
        if delay > 0 { queue.asyncAfter(deadline: .now() + delay, execute: lint) } else { queue.async(execute: lint) }
    }

    private func lintOpenDocuments() {
        guard let workspace else { return }
        let started = DispatchTime.now()
        // One out of sync is read from disk as context, and nothing is published for it.
        let swiftDocuments = documents.filter { $0.key.hasSuffix(".swift") && $0.value.inSync }
        let findings: [String: [Finding]]
        do {
            findings = try workspace.lint(buffers: swiftDocuments.mapValues(\.bytes))
        } catch {
            return showError("patternlint: \(error)") // a baseline that cannot be read
        }
        let presenter = self.presenter(workspace)
        for (key, document) in swiftDocuments {
            let text = positions(document.bytes)
            let fileFindings = findings[key] ?? []
            let diagnostics = fileFindings.map { presenter.diagnostic($0, in: text) }
            let changed = linted[key]?.diagnostics != diagnostics
            linted[key] = LintedDocument(bytes: document.bytes, findings: fileFindings, diagnostics: diagnostics)
            // The edited file always; another open file only when its findings changed.
            if changed || mustPublish.contains(key) { publish(key, diagnostics: diagnostics) }
        }
        mustPublish = []
        // Once typing pauses (no lint scheduled for 50 ms): the closed files the edits moved.
        let generation = lintGeneration
        queue.asyncAfter(deadline: .now() + 0.05) {
            guard generation == self.lintGeneration, let workspace = self.workspace else { return }
            self.publishAffected(
                besides: Array(self.documents.keys.filter { $0.hasSuffix(".swift") }),
                presenter: self.presenter(workspace))
            if self.freedSinceTrim {
                self.freedSinceTrim = false
                ReturnFreedMemory.now()
            }
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
        let work = workspace.lastWork
        // Files read or an index replaced: what they freed goes back once typing pauses.
        if work.merged || work.summarised > 1 { freedSinceTrim = true }
        ServerLog.write(
            "linted \(work.judged) open file(s) in \(Int(milliseconds)) ms (\(work.summarised) file(s) read"
                + (work.merged ? ", index merged)" : work.summaryKept > 0 ? ", summary unchanged)" : ")"))
    }

    /// Closed files whose findings the edit moved (a caller of a view that stopped writing its
    /// binding), after the open ones: published from the disk's text, and kept up to date after.
    private func publishAffected(besides open: [String], presenter: FindingDiagnostics) {
        guard let workspace else { return }
        for (key, findings) in workspace.affectedByLastChange(besides: open) {
            guard let bytes = try? FileContents.read(key, regularOnly: true) else { continue }
            let text = positions(bytes)
            publish(
                uri: DocumentURI.from(path: key), version: nil,
                diagnostics: findings.map { presenter.diagnostic($0, in: text) })
        }
    }

    /// A buffer's positions in the encoding agreed.
    func positions(_ bytes: [UInt8]) -> DocumentPositions { DocumentPositions(bytes, encoding: encoding) }

    /// Findings as diagnostics, evidence in other files placed on the open buffers' text or the disk's.
    private func presenter(_ workspace: WorkspaceLinter) -> FindingDiagnostics {
        FindingDiagnostics(
            notes: NoteLookup(session: workspace.session),
            evidence: EvidenceTexts(buffers: documents.mapValues(\.bytes), encoding: encoding))
    }

    private func publish(_ key: String, diagnostics: [JSON]) {
        guard let document = documents[key] else { return }
        publish(uri: document.uri, version: document.version, diagnostics: diagnostics)
    }

    func publish(uri: String, version: Int?, diagnostics: [JSON]) {
        var params: [String: JSON] = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let version { params["version"] = .number(Double(version)) }
        writer.send(JSONRPC.notification("textDocument/publishDiagnostics", .object(params)))
    }

    // MARK: Hover and code actions

    /// The findings computed on the document's current text (none while a lint is pending).
    private func currentFindings(_ params: JSON) throws -> (uri: String, linted: LintedDocument)? {
        let (key, uri) = try document(params)
        guard let document = documents[key], document.inSync, let linted = linted[key], linted.bytes == document.bytes
        else { return nil }
        return (uri, linted)
    }

    private func hover(_ params: JSON) throws -> JSON {
        guard let position = LSPPosition(params["position"]) else {
            throw RequestError.invalidParams("`position` must have a line and a character")
        }
        if let note = try noteHover(params) { return note }
        guard let (_, document) = try currentFindings(params), let workspace else { return .null }
        let text = positions(document.bytes)
        let hits = document.findings.filter { text.range(line: $0.line, column: $0.column).contains(position) }
        guard let first = hits.first else { return .null }
        let markdown = FindingHover(notes: NoteLookup(session: workspace.session)).markdown(for: hits)
        return [
            "contents": ["kind": "markdown", "value": .string(markdown)],
            "range": text.range(line: first.line, column: first.column).json,
        ]
    }

    private func codeActions(_ params: JSON) throws -> JSON {
        guard let first = params["range"]?["start"]?["line"]?.int, let last = params["range"]?["end"]?["line"]?.int
        else {
            throw RequestError.invalidParams("`range` must have a start and an end line")
        }
        guard let (uri, document) = try currentFindings(params), let workspace else { return [] }
        let actions = FindingCodeActions(uri: uri, text: positions(document.bytes), diagnostics: presenter(workspace))
        let lines = min(first, last)...max(first, last)
        return .array(document.findings.filter { lines.contains($0.line - 1) }.flatMap(actions.actions))
    }

    /// "Open pattern note": the editor shows the note's file, or its published page in a browser.
    private func executeCommand(_ params: JSON) throws -> JSON {
        guard params["command"]?.string == FindingCodeActions.openNoteCommand,
            let address = params["arguments"]?.array?.first?.string
        else {
            throw RequestError.invalidParams("unknown command \(params["command"]?.string ?? "(none)")")
        }
        outgoingRequests += 1
        writer.send([
            "jsonrpc": "2.0", "id": .string("patternlint-\(outgoingRequests)"), "method": "window/showDocument",
            "params": ["uri": .string(address), "external": .bool(!address.hasPrefix("file:")), "takeFocus": true],
        ])
        return .null
    }
}
