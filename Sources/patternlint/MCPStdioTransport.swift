import Foundation
import Logging
import MCP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// MCP over standard input and output, one JSON-RPC message a line, woken by the data itself.
///
/// The SDK's `StdioTransport` makes stdin non-blocking and, when nothing is there, sleeps 10 ms
/// before trying again: every request then waits up to 10 ms before it is even read, and answers
/// come in 10 ms steps. Here a thread blocks in `read`, so a request is read the moment it arrives.
actor MCPStdioTransport: Transport {
    nonisolated let logger = Logger(label: "patternlint.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var started = false
    /// The requests read and not answered yet: the end of input waits for them.
    private let answersOwed = PendingAnswers()

    init() {
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !started else { return }
        started = true
        let continuation = self.continuation
        let answersOwed = self.answersOwed
        let reader = Thread { [self] in
            let answers = DispatchGroup()
            func answer(_ answer: Data) {
                answers.enter()
                Task {
                    try? await self.send(answer)
                    answers.leave()
                }
            }
            Self.readLines { line in
                switch MessageScreen.screen(line) {
                case .pass(let message):
                    answersOwed.received(message)
                    continuation.yield(Data(message))
                case .refuse(let error): answer(error)
                case .ignore: break
                }
            } dropped: { lineStart in
                answer(OverlongRequest.errorAnswer(lineStart: lineStart, limit: Self.maximumMessageBytes))
            }
            // The answers to lines refused or dropped, and to every request read, go out before the server
            // hears the input has ended: it stops then, and requests still running would go unanswered.
            answers.wait()
            Self.awaitAnswers(answersOwed)
            continuation.finish()
        }
        reader.name = "patternlint.mcp.stdin"
        reader.start()
    }

    /// How long answers still owed hold the exit after input ends: generous, for a lint of a large
    /// tree on a loaded machine, yet bounded, for a request whose answer never comes.
    static let answerTimeout: TimeInterval = 60

    private static func awaitAnswers(_ answersOwed: PendingAnswers) {
        let unanswered = answersOwed.waitUntilAnswered(timeout: answerTimeout)
        guard unanswered > 0 else { return }
        FileHandle.standardError.write(
            Data(
                "patternlint mcp: input ended; \(unanswered) request(s) still unanswered after \(Int(answerTimeout)) s\n"
                    .utf8))
    }

    func disconnect() async {
        continuation.finish()
    }

    func send(_ message: Data) async throws {
        // Written, or failed for good (the client stopped reading): either way no longer owed.
        defer { answersOwed.sent(message) }
        var line = message
        line.append(UInt8(ascii: "\n"))
        try line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    // stdout was handed to us non-blocking: wait until the client reads.
                    var ready = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else {
                    throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                }
            }
        }
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> { messages }

    /// A longer line is dropped (with a note on stderr, and an error answer) rather than held: a
    /// client that never sends a newline must not make the server grow without bound.
    static let maximumMessageBytes = 16 * 1024 * 1024

    /// Blocking reads of stdin until end of file, each complete line handed to `deliver`.
    /// A line over the limit is handed to `dropped` (its start, for the id) and not read further;
    /// what either answers is sent from another thread, so that a client busy writing is never waited for here.
    private static func readLines(deliver: ([UInt8]) -> Void, dropped: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending: [UInt8] = []
        var dropping = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                break
            }
            if count == 0 { break }
            var lineStart = 0
            for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                if !dropping {
                    pending.append(contentsOf: buffer[lineStart..<index])
                    if !pending.isEmpty { deliver(pending) }
                }
                pending.removeAll(keepingCapacity: !dropping)
                dropping = false
                lineStart = index + 1
            }
            if !dropping { pending.append(contentsOf: buffer[lineStart..<count]) }
            if !dropping, pending.count > maximumMessageBytes {
                FileHandle.standardError.write(
                    Data(
                        "patternlint mcp: a message over \(maximumMessageBytes >> 20) MiB without a newline was dropped\n"
                            .utf8))
                dropped(pending[...])
                pending = []
                dropping = true
            }
        }
        if !dropping, !pending.isEmpty { deliver(pending) }
    }
}
