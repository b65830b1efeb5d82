import Foundation

/// The requests read from the client and not answered yet. The SDK answers each request in a task
/// of its own and stops as soon as input ends; the transport holds the end of input back until
/// these are answered, so a client that writes its requests and closes stdin gets every answer.
final class PendingAnswers: @unchecked Sendable {
    /// A JSON-RPC id as the SDK reads it: a string, or a whole number.
    enum RequestID: Hashable {
        case number(Int)
        case string(String)
    }

    private let condition = NSCondition()
    /// How many requests under each id await their answer (a client may reuse an id).
    private var waiting: [RequestID: Int] = [:]

    /// Called with each message before it is handed to the server, so its answer cannot come first.
    /// A cancelled request is owed no answer (the SDK sends none), nor is a message with a
    /// `result` or an `error` (the SDK takes it for the client's answer to a request of its own).
    func received(_ message: [UInt8]) {
        var scanner = TopLevelJSONScanner(bytes: message)
        guard let members = scanner.members(named: ["id", "method", "params", "result", "error"]),
            members["result"] == nil, members["error"] == nil,
            let method = members["method"].flatMap(Self.text)
        else { return }
        if let id = members["id"].flatMap(Self.requestID) {
            change(id, by: 1)
        } else if method == "notifications/cancelled", let params = members["params"] {
            var inner = TopLevelJSONScanner(bytes: Array(params))
            if let id = inner.members(named: ["requestId"])?["requestId"].flatMap(Self.requestID) {
                change(id, by: -1)
            }
        }
    }

    /// Called with each message once it is written: an answer (an id, no method) is no longer owed.
    func sent(_ message: Data) {
        var scanner = TopLevelJSONScanner(bytes: Array(message))
        guard let members = scanner.members(named: ["id", "method"]), members["method"] == nil,
            let id = members["id"].flatMap(Self.requestID)
        else { return }
        change(id, by: -1)
    }

    /// Waits until every request read is answered, or `timeout` passes; how many are still owed.
    func waitUntilAnswered(timeout: TimeInterval) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !waiting.isEmpty, condition.wait(until: deadline) {}
        return waiting.values.reduce(0, +)
    }

    private func change(_ id: RequestID, by step: Int) {
        condition.lock()
        defer { condition.unlock() }
        let count = (waiting[id] ?? 0) + step
        // An answer to a request already counted as cancelled (it finished first) is not owed twice.
        waiting[id] = count > 0 ? count : nil
        if waiting.isEmpty { condition.broadcast() }
    }

    /// A JSON string's text, or nil for any other value.
    private static func text(_ token: ArraySlice<UInt8>) -> String? {
        guard token.first == UInt8(ascii: "\"") else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(token), options: .fragmentsAllowed) as? String
    }

    /// A string or a whole number that an `Int` holds; nil for anything else (the SDK gives such
    /// a message no answer under that id either).
    private static func requestID(_ token: ArraySlice<UInt8>) -> RequestID? {
        if let text = text(token) { return .string(text) }
        return Int(String(decoding: token, as: UTF8.self)).map(RequestID.number)
    }
}
