import Foundation

/// Fixed-size storage that `concurrentPerform` workers fill at distinct indices.
public final class ConcurrentSlots<Value>: @unchecked Sendable {
    public private(set) var values: [Value?]
    private let lock = NSLock()

    public init(count: Int) { values = Array(repeating: nil, count: count) }

    public init(_ values: [Value?]) { self.values = values }

    /// The values, moved out: the slots are left empty.
    public func take() -> [Value?] {
        lock.withLock {
            defer { values = [] }
            return values
        }
    }

    /// The value at `index`, moved out (the slot is left empty): a value type the caller then
    /// changes is not shared with the slots, so it is not copied.
    public func take(_ index: Int) -> Value? {
        lock.withLock {
            defer { values[index] = nil }
            return values[index]
        }
    }

    public subscript(index: Int) -> Value? {
        get { lock.withLock { values[index] } }
        set { lock.withLock { values[index] = newValue } }
    }
}

/// A buffer `concurrentPerform` workers write without a lock, each at indices no other touches;
/// valid while the buffer it wraps is.
public struct DisjointSlots<Element>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Element>

    public init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    public subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }
}
