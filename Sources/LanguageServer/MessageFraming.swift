import Foundation

/// The base protocol's framing: `Content-Length: N` headers, a blank line, then N bytes of JSON.
/// Reads from a blocking file descriptor on the caller's thread.
public final class MessageReader {
    public enum Frame {
        case message(Data)
        /// A header block without a usable `Content-Length`: answered as a parse error, then skipped.
        case badHeader(String)
        case endOfInput
    }

    private let handle: FileHandle
    private var buffer = Data()

    public init(handle: FileHandle) { self.handle = handle }

    public func next() -> Frame {
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd = buffer.range(of: separator)
        while headerEnd == nil {
            guard fill() else { return .endOfInput }
            headerEnd = buffer.range(of: separator)
        }
        guard let headerEnd else { return .endOfInput }
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex..<headerEnd.upperBound)
        guard let length = Self.contentLength(header) else { return .badHeader(header) }
        while buffer.count < length {
            guard fill() else { return .endOfInput }
        }
        let body = buffer.prefix(length)
        buffer.removeSubrange(buffer.startIndex..<buffer.startIndex + length)
        return .message(Data(body))
    }

    static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            if let length = Int(parts[1].trimmingCharacters(in: .whitespaces)), length >= 0 { return length }
        }
        return nil
    }

    private func fill() -> Bool {
        let chunk = handle.availableData
        guard !chunk.isEmpty else { return false }
        buffer.append(chunk)
        return true
    }
}

/// Writes framed messages to stdout, one at a time: the only thing that ever writes there.
public final class MessageWriter: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()

    public init(handle: FileHandle) { self.handle = handle }

    public func send(_ message: JSON) {
        let body = message.serialized()
        var framed = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(body)
        lock.lock()
        defer { lock.unlock() }
        handle.write(framed)
    }
}

/// Logs for the person running the editor: stderr, never stdout (stdout carries the protocol).
enum ServerLog {
    static func write(_ message: String) {
        FileHandle.standardError.write(Data("patternlint lsp: \(message)\n".utf8))
    }
}
