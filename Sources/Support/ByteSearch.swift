#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Substring search on UTF-8 bytes (Foundation's string search is slow on Linux): `memchr` finds
/// each candidate first byte, then the rest is compared. Needles are short (type names, project
/// settings, a property's name, a link's `](url`) and are read in place, never copied.
extension UnsafeBufferPointer where Element == UInt8 {
    /// Where each occurrence of `needle` within `range` (all of the buffer by default) ends, at
    /// most `limit` of them, left to right; an occurrence does not overlap the one before.
    public func endsOfOccurrences(of needle: UnsafeBufferPointer<UInt8>, in range: Range<Int>? = nil, limit: Int = .max)
        -> [Int]
    {
        let range = range ?? 0..<count
        guard let first = needle.first, let base = baseAddress, range.count >= needle.count else { return [] }
        var ends: [Int] = []
        var from = range.lowerBound
        let last = range.upperBound - needle.count
        while from <= last, ends.count < limit, let hit = memchr(base + from, Int32(first), last - from + 1) {
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if needle.indices.allSatisfy({ self[offset + $0] == needle[$0] }) {
                ends.append(offset + needle.count)
                from = offset + needle.count
            } else {
                from = offset + 1
            }
        }
        return ends
    }

    public func endsOfOccurrences(of needle: String, in range: Range<Int>? = nil, limit: Int = .max) -> [Int] {
        var needle = needle
        return needle.withUTF8 { endsOfOccurrences(of: $0, in: range, limit: limit) }
    }

    /// Whether `needle` occurs at all, with no array made: the quick "cannot match in this file"
    /// test asked once per rule and file.
    public func containsOccurrence(of needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, let needleBase = needle.baseAddress else { return true }
        guard let base = baseAddress, count >= needle.count else { return false }
        var from = 0
        let last = count - needle.count
        while from <= last, let hit = memchr(base + from, Int32(first), last - from + 1) {
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            // The second byte first, in place: most first-byte hits end there, without a call.
            if needle.count == 1
                || base[offset + 1] == needleBase[1]
                    && memcmp(base + offset + 2, needleBase + 2, needle.count - 2) == 0
            {
                return true
            }
            from = offset + 1
        }
        return false
    }
}

extension Array where Element == UInt8 {
    public func endsOfOccurrences(of needle: String, limit: Int = .max) -> [Int] {
        withUnsafeBufferPointer { $0.endsOfOccurrences(of: needle, limit: limit) }
    }
}
