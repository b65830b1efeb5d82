extension Array {
    /// A copy without spare capacity. An array built by appending keeps up to half again its size
    /// free; for what a graph holds per note for the whole run, that spare is worth giving back.
    @inlinable
    public func withExactCapacity() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}
