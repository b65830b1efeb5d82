import Foundation
import XCTest

@testable import LanguageServer

/// A `LanguageServer` in this process, driven over pipes as an editor drives it, with every
/// message it writes kept in order. A wait ends when its message comes, when the server's output
/// ends, or after a generous timeout that only guards against a hang. `exit` is never sent (it
/// would end the test process): closing the input ends the server.
final class LSPSession: @unchecked Sendable {
    private let input = Pipe()
    private let condition = NSCondition()
    private var received: [JSON] = []
    private var outputEnded = false
    private var lastID = 0
    private let folder: String

    /// A server whose workspace is `folder`; the current folder (which `initialize` changes) is
    /// given back when the test ends.
    init(folder: URL, test: XCTestCase) {
        self.folder = folder.path
        let output = Pipe()
        let server = LanguageServer(output: output.fileHandleForWriting)
        let input = input.fileHandleForReading
        let previous = FileManager.default.currentDirectoryPath
        Thread.detachNewThread {
            _ = server.run(input: input)
            try? output.fileHandleForWriting.close()
        }
        Thread.detachNewThread { [condition] in
            let reader = MessageReader(handle: output.fileHandleForReading)
            while case .message(let body) = reader.next() {
                condition.lock()
                self.received += JSON.parse(body).map { [$0] } ?? []
                condition.broadcast()
                condition.unlock()
            }
            condition.lock()
            self.outputEnded = true
            condition.broadcast()
            condition.unlock()
        }
        test.addTeardownBlock { [self] in
            try? self.input.fileHandleForWriting.close()
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
        }
    }

    func uri(_ path: String) -> String { "file://" + folder + "/" + path }

    func send(_ message: JSON) {
        let body = message.serialized()
        send(raw: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Bytes as they are, framed or not.
    func send(raw bytes: Data) { input.fileHandleForWriting.write(bytes) }

    func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request with a fresh id and waits for its answer (nil when none came).
    @discardableResult
    func request(_ method: String, _ params: JSON) -> JSON? {
        lastID += 1
        let id = JSON.number(Double(lastID))
        send(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
        return wait { $0["id"] == id && $0["method"] == nil }?.message
    }

    /// `initialize` on the folder with the client's `capabilities`, then `initialized`; the answer.
    @discardableResult
    func start(capabilities: JSON = [:]) -> JSON? {
        let answer = request("initialize", ["rootUri": .string("file://" + folder), "capabilities": capabilities])
        notify("initialized", [:])
        return answer
    }

    /// The first message from `index` on that `matches`, and where it is.
    func wait(from index: Int = 0, timeout: TimeInterval = 30, for matches: (JSON) -> Bool) -> (
        message: JSON, index: Int
    )? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if index < received.count, let found = received[index...].firstIndex(where: matches) {
                return (received[found], found)
            }
            if outputEnded || !condition.wait(until: deadline) { return nil }
        }
    }

    /// The messages written so far.
    var messages: [JSON] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The next `textDocument/publishDiagnostics` from `index` on: how many, and where it is.
    func diagnostics(from index: Int = 0) -> (count: Int, index: Int)? {
        guard let (message, found) = wait(from: index, for: { $0["method"] == "textDocument/publishDiagnostics" })
        else { return nil }
        return (message["params"]?["diagnostics"]?.array?.count ?? 0, found)
    }
}
