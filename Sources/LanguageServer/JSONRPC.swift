/// JSON-RPC 2.0 messages and the error codes the server answers with.
enum JSONRPC {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let invalidAfterShutdown = -32600
    /// LSP's RequestFailed: the request was understood, and cannot be done (a rename refused).
    static let requestFailed = -32803

    static func response(id: JSON, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: JSON, code: Int, message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .number(Double(code)), "message": .string(message)]]
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    /// A request's id is a number or a string; anything else is not a request id.
    static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .number, .string: true
        default: false
        }
    }
}

/// A request the server cannot answer as asked: becomes a JSON-RPC error, the server goes on.
struct RequestError: Error {
    var code: Int
    var message: String

    static func invalidParams(_ message: String) -> RequestError {
        RequestError(code: JSONRPC.invalidParams, message: message)
    }
}
