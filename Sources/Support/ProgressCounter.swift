import Foundation

/// How far a long phase has got (files linted, notes read, pages written), counted from any
/// thread. The work only bumps the count; whoever shows progress (the CLI's terminal line) reads
/// it a few times a second.
public final class ProgressCounter: @unchecked Sendable {
    public struct Snapshot: Sendable, Equatable {
        public var phase: String
        public var done: Int
        public var total: Int
    }

    private let lock = NSLock()
    private var current = Snapshot(phase: "", done: 0, total: 0)

    public init() {}

    /// A new phase (`Linting files`) of `total` items, none done yet.
    public func begin(_ phase: String, total: Int) {
        lock.withLock { current = Snapshot(phase: phase, done: 0, total: total) }
    }

    public func advance(by count: Int = 1) { lock.withLock { current.done += count } }

    public var snapshot: Snapshot { lock.withLock { current } }
}
