/// ASCII case folding on bytes: names and paths compared without a lowered copy or a Foundation
/// search (slow on Linux).
extension UInt8 {
    @inlinable public var asciiLowercased: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }
}

extension StringProtocol {
    /// Whether the text holds `needle` (lowercase ASCII) in any ASCII case, byte by byte: no
    /// lowered copy, no Foundation search. The same as `lowercased().contains(needle)` for a
    /// needle without `k` (the Kelvin sign lowers to one) — no other non-ASCII letter lowers to
    /// ASCII letters side by side.
    public func containsIgnoringASCIICase(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard !pattern.isEmpty else { return true }
        func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count >= pattern.count else { return false }
            outer: for start in 0...(bytes.count - pattern.count) {
                for offset in pattern.indices where bytes[start + offset].asciiLowercased != pattern[offset] {
                    continue outer
                }
                return true
            }
            return false
        }
        if let found = utf8.withContiguousStorageIfAvailable(search) { return found }
        return Array(utf8).withUnsafeBufferPointer(search)
    }

    /// Whether the text holds `needle` byte for byte (ASCII needles: the same as `contains`).
    public func containsBytes(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        if let found = utf8.withContiguousStorageIfAvailable({ $0.containsOccurrence(of: pattern) }) { return found }
        return Array(utf8).withUnsafeBufferPointer { $0.containsOccurrence(of: pattern) }
    }
}
