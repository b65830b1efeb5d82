import Foundation

/// Fixed-size storage that `concurrentPerform` workers fill at distinct indices.
public final class ConcurrentSlots<Value>: @unchecked Sendable {
    public private(set) var values: [Value?]
    private let lock = NSLock()

    public init(count: Int) { values = Array(repeating: nil, count: count) }

    public subscript(index: Int) -> Value? {
        get { lock.withLock { values[index] } }
        set { lock.withLock { values[index] = newValue } }
    }
}
