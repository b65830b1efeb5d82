import Foundation

/// Holds large values (parsed files, a run's result) until the process exits, so that a one-shot
/// command does not spend its last milliseconds freeing them one by one.
public final class ExitKeeper: @unchecked Sendable {
    public static let shared = ExitKeeper()
    private let lock = NSLock()
    private var kept: [Any] = []
    public func keep(_ value: Any) { lock.withLock { kept.append(value) } }
}
