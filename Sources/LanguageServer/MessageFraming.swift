import Foundation

/// The base protocol's framing: `Content-Length: N` headers, a blank line, then N bytes of JSON.
/// Reads from a blocking file descriptor on the caller's thread.
public final class MessageReader {
    public enum Frame {
        case message(Data)
        /// A header block without a usable `Content-Length` (none, not a number, negative or past
        /// 64 bits): answered as a parse error; reading goes on at the next header.
        case badHeader(String)
        /// A frame whose length is over `maximumBodyBytes`: answered as an error, its body never
        /// held; reading goes on at the next header.
        case overlong(Int)
        case endOfInput
    }

    /// A longer body is refused rather than held, as the MCP server refuses a longer line: a
    /// client must not make the server grow without bound.
    public static let maximumBodyBytes = 16 * 1024 * 1024
    /// A header block longer than this (no blank line) is refused the same way.
    static let maximumHeaderBytes = 64 * 1024

    private let handle: FileHandle
    private var buffer = Data()
    /// After a frame that could not be read: where its body ends is unknown, so everything up to
    /// the next `Content-Length:` is dropped. A body holding that text is the price; staying deaf
    /// to every later message was the alternative.
    private var resynchronising = false

    public init(handle: FileHandle) { self.handle = handle }

    public func next() -> Frame {
        if resynchronising {
            guard skipToNextHeader() else { return .endOfInput }
            resynchronising = false
        }
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd = buffer.range(of: separator)
        while headerEnd == nil {
            if buffer.count > Self.maximumHeaderBytes {
                let header = String(decoding: buffer.prefix(200), as: UTF8.self)
                buffer = Data()
                resynchronising = true
                return .badHeader(header)
            }
            guard fill() else { return .endOfInput }
            headerEnd = buffer.range(of: separator)
        }
        guard let headerEnd else { return .endOfInput }
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex..<headerEnd.upperBound)
        guard let length = Self.contentLength(header) else {
            resynchronising = true
            return .badHeader(header)
        }
        guard length <= Self.maximumBodyBytes else {
            resynchronising = true
            return .overlong(length)
        }
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

    /// Drops input up to the next `Content-Length:` (spelt as every client writes it), keeping
    /// only a possible start of one while reading on; false when input ends first.
    private func skipToNextHeader() -> Bool {
        let name = Data("Content-Length:".utf8)
        while true {
            if let found = buffer.range(of: name) {
                buffer.removeSubrange(buffer.startIndex..<found.lowerBound)
                return true
            }
            buffer = Data(buffer.suffix(name.count - 1))
            guard fill() else { return false }
        }
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
