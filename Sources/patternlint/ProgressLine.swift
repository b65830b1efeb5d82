import Dispatch
import Foundation
import Support

/// A line on stderr saying how far a long run has got (`Linting files: 1200 of 5000 (24%)`).
/// Only where a person watches: stderr is a terminal (never a pipe or a CI log), `TERM` is not
/// `dumb`, no `--quiet`. Cheap: the work bumps a counter and a timer draws it at most ten times a
/// second, starting after a quarter second (a quick run shows nothing); the line is erased at the
/// end, so the report that follows starts on a clean line.
final class ProgressLine: @unchecked Sendable {
    let counter = ProgressCounter()
    private let queue = DispatchQueue(label: "patternlint.progress")
    private let timer: DispatchSourceTimer
    /// Touched only on `queue`.
    private var drawn: ProgressCounter.Snapshot?
    private var finished = false

    static func start(quiet: Bool) -> ProgressLine? {
        guard !quiet, isatty(STDERR_FILENO) == 1, ProcessInfo.processInfo.environment["TERM"] != "dumb" else {
            return nil
        }
        return ProgressLine()
    }

    private init() {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// Stops drawing and erases the line, if one was drawn.
    func finish() {
        queue.sync {
            guard !finished else { return }
            finished = true
            timer.cancel()
            if drawn != nil { Self.put("\r\u{1B}[K") }
        }
    }

    private func draw() {
        let now = counter.snapshot
        guard !finished, !now.phase.isEmpty, now != drawn else { return }
        let percent = now.total > 0 ? " (\(min(100, now.done * 100 / now.total))%)" : ""
        Self.put("\r\u{1B}[K\(now.phase): \(now.done) of \(now.total)\(percent)")
        drawn = now
    }

    private static func put(_ text: String) {
        var text = text
        text.withUTF8 { Terminal.write($0, to: STDERR_FILENO) }
    }
}
