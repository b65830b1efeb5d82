import Foundation

/// The answer to a request line too long to read: JSON-RPC's Invalid Request, with the request's
/// id when the start of the line shows it, so the client waiting on that id is told rather than
/// left hanging; with id null when it does not, as JSON-RPC 2.0 says for an id that cannot be read.
enum OverlongRequest {
    /// How much of the line's start is searched for the id: one read's worth.
    static let scannedBytes = 64 * 1024

    static func errorAnswer(lineStart: ArraySlice<UInt8>, limit: Int) -> Data {
        MessageScreen.errorAnswer(
            id: requestID(in: Array(lineStart.prefix(scannedBytes))), code: -32600,
            message: "Invalid Request: the request line is over \(limit >> 20) MiB, the most this server reads; "
                + "it was dropped")
    }

    /// The top-level `"id"` (a string, or a whole number an `Int` holds) of the JSON object the
    /// bytes begin, or nil when they end first or it is something else. An `"id"` nested in
    /// `params` is not the request's.
    static func requestID(in bytes: [UInt8]) -> Any? {
        var scanner = TopLevelJSONScanner(bytes: bytes)
        return scanner.requestID()
    }
}
