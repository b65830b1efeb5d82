import Foundation

/// A value computed once, on first use, safely from any thread.
public final class LazyBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    private let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// Whether the value was computed already.
    public var isMade: Bool { lock.withLock { stored != nil } }

    public var value: Value {
        lock.withLock {
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
