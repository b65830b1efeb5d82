import Foundation
import XCTest

/// `patternlint mcp` driven over pipes as a client drives it: each request's answer is awaited by
/// its id. A wait ends when the answer comes, when the server's output ends (a crash fails the
/// test at once) or after a generous timeout that only guards against a hang.
/// The answers and stderr are read on threads of their own and kept under `condition`.
final class MCPSession: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let condition = NSCondition()
    private var answers: [[String: Any]] = []
    private var outputEnded = false
    private var errorOutput = Data()
    private var errorEnded = false
    private var lastID = 0
    /// The server's answer to `initialize`: its name, capabilities and instructions.
    private(set) var initializeResult: [String: Any] = [:]

    struct Failure: Error {
        var message: String
    }

    init(binary: URL, arguments: [String], in folder: URL) throws {
        process.executableURL = binary
        process.arguments = ["mcp"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        startReading(output.fileHandleForReading)
        startReadingErrors(errors.fileHandleForReading)
        let initialized = request(
            "initialize",
            [
                "protocolVersion": "2025-03-26", "capabilities": [String: Any](),
                "clientInfo": ["name": "CLITests", "version": "1"],
            ])
        guard let result = initialized?["result"] as? [String: Any] else {
            stop() // no test holds it to stop it later
            throw Failure(message: "initialize: \(String(describing: initialized))")
        }
        initializeResult = result
        send(line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    }

    /// Ends a server a failed test left running.
    func stop() {
        if process.isRunning { process.terminate() }
    }

    /// Writes one line to the server (a newline is added). A server that has exited is not
    /// written to (SIGPIPE is ignored); waiting for its answer then says so.
    func send(line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends a request with a fresh numeric id and waits for its answer.
    func request(_ method: String, _ params: [String: Any]) -> [String: Any]? {
        lastID += 1
        let message: [String: Any] = ["jsonrpc": "2.0", "id": lastID, "method": method, "params": params]
        let data = try! JSONSerialization.data(withJSONObject: message)
        send(line: String(decoding: data, as: UTF8.self))
        return answer(to: lastID)
    }

    /// A `tools/call`'s result (`content`, `isError`), or nil when there was none.
    func call(_ tool: String, _ arguments: [String: Any]) -> [String: Any]? {
        request("tools/call", ["name": tool, "arguments": arguments])?["result"] as? [String: Any]
    }

    /// The answer whose id is `id` (an `Int`, a `String`, or `NSNull()` for id null).
    func answer(to id: Any, timeout: TimeInterval = 120) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = answers.first(where: { Self.id($0["id"], matches: id) }) { return found }
            if outputEnded || !condition.wait(until: deadline) { return nil }
        }
    }

    /// Closes the server's input and waits for it to exit: its status and everything it wrote to stderr.
    func finish() -> (status: Int32, stderr: String) {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        condition.lock()
        defer { condition.unlock() }
        while !errorEnded { condition.wait() }
        return (process.terminationStatus, String(decoding: errorOutput, as: UTF8.self))
    }

    /// The text of a tool result's content.
    static func text(_ result: [String: Any]?) -> String {
        let content = result?["content"] as? [[String: Any]] ?? []
        return content.compactMap { $0["text"] as? String }.joined()
    }

    /// A tool's JSON answer, parsed.
    static func json(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    static func isError(_ result: [String: Any]?) -> Bool {
        result?["isError"] as? Bool ?? false
    }

    private static func id(_ given: Any?, matches wanted: Any) -> Bool {
        switch wanted {
        case let number as Int: return (given as? Int) == number
        case let text as String: return (given as? String) == text
        default: return given is NSNull
        }
    }

    /// Answers are read as they come, one JSON object a line.
    private func startReading(_ handle: FileHandle) {
        Thread.detachNewThread { [condition] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                pending.append(chunk)
                var lines: [[String: Any]] = []
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex..<newline]
                    pending = Data(pending[(newline + 1)...])
                    if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
                        lines.append(object)
                    }
                }
                condition.lock()
                self.answers += lines
                if chunk.isEmpty { self.outputEnded = true }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    /// Stderr is drained all along, so the server never blocks writing to it.
    private func startReadingErrors(_ handle: FileHandle) {
        Thread.detachNewThread { [condition] in
            let data = handle.readDataToEndOfFile()
            condition.lock()
            self.errorOutput = data
            self.errorEnded = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
