#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Substring search on UTF-8 bytes (Foundation's string search is slow on Linux), all through
/// `visitStarts`. Needles are short (type names, project settings, a property's name, a link's
/// `](url`) and are read in place, never copied.
extension UnsafeBufferPointer where Element == UInt8 {
    /// Where each occurrence of `needle` within `range` (all of the buffer by default) ends, at
    /// most `limit` of them, left to right; an occurrence does not overlap the one before.
    public func endsOfOccurrences(of needle: UnsafeBufferPointer<UInt8>, in range: Range<Int>? = nil, limit: Int = .max)
        -> [Int]
    {
        let range = range ?? 0..<count
        guard !needle.isEmpty, limit > 0, range.count >= needle.count else { return [] }
        var ends: [Int] = []
        // Every start, less those inside the occurrence before.
        UnsafeBufferPointer(rebasing: self[range]).visitStarts(of: needle) { start in
            let start = range.lowerBound + start
            if let end = ends.last, start < end { return true }
            ends.append(start + needle.count)
            return ends.count < limit
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
        guard !needle.isEmpty else { return true }
        var found = false
        visitStarts(of: needle) { _ in
            found = true
            return false
        }
        return found
    }

    /// Where each occurrence of `needle` starts, overlapping ones too, left to right.
    public func startsOfOccurrences(of needle: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts: [Int] = []
        visitStarts(of: needle) { start in
            starts.append(start)
            return true
        }
        return starts
    }

    /// Calls `visit` with each start of `needle` (not empty), left to right, while it returns
    /// true. A needle of one byte is `memchr`'s. A longer one is looked for sixteen starts at a
    /// time by two of its bytes at once, its two rarest in source code (the `y` and `r` of `try`):
    /// `memchr` on one byte stopped at every `t` or `A`, a call each, where two bytes at their
    /// distance stop almost only at the needle.
    @inline(__always)
    private func visitStarts(of needle: UnsafeBufferPointer<UInt8>, _ visit: (Int) -> Bool) {
        guard let needleBase = needle.baseAddress, !needle.isEmpty, let base = baseAddress, count >= needle.count
        else { return }
        let last = count - needle.count
        guard needle.count > 1 else {
            var from = 0
            while from <= last, let hit = memchr(base + from, Int32(needle[0]), last - from + 1) {
                let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if !visit(start) { return }
                from = start + 1
            }
            return
        }
        var pivot = 0
        for index in needle.indices where ByteRarity.commonness(needle[index]) < ByteRarity.commonness(needle[pivot]) {
            pivot = index
        }
        // The rarest other byte; of equally rare ones the last, farthest from a pivot at the start.
        var other = pivot == 0 ? 1 : 0
        for index in needle.indices
        where index != pivot && ByteRarity.commonness(needle[index]) <= ByteRarity.commonness(needle[other]) {
            other = index
        }
        @inline(__always) func matches(at start: Int) -> Bool {
            base[start + pivot] == needleBase[pivot] && base[start + other] == needleBase[other]
                && memcmp(base + start, needleBase, needle.count) == 0
        }
        let atPivot = UnsafeRawPointer(base + pivot), atOther = UnsafeRawPointer(base + other)
        let pivotBytes = SIMD16<UInt8>(repeating: needle[pivot])
        let otherBytes = SIMD16<UInt8>(repeating: needle[other])
        var start = 0
        // Sixteen starts a step; the loads stay within the buffer (`start + 15 <= last`).
        let lastStep = last - 15
        while start <= lastStep {
            let both =
                atPivot.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self) .== pivotBytes
                .& (atOther.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self) .== otherBytes)
            if any(both) {
                for lane in 0..<16 where both[lane] {
                    if memcmp(base + (start &+ lane), needleBase, needle.count) == 0, !visit(start &+ lane) { return }
                }
            }
            start &+= 16
        }
        while start <= last {
            if matches(at: start), !visit(start) { return }
            start += 1
        }
    }
}

extension Array where Element == UInt8 {
    public func endsOfOccurrences(of needle: String, limit: Int = .max) -> [Int] {
        withUnsafeBufferPointer { $0.endsOfOccurrences(of: needle, limit: limit) }
    }
}

/// How common a byte is in Swift source, roughly (0: rare, 4: everywhere): which byte of a
/// needle to look for first. Only a speed hint; any choice finds the same occurrences.
public enum ByteRarity {
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        let levels: [(UInt8, String)] = [
            (1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789vwybkxjqz[]!?<>-+*/&|;#@$\\"),
            (2, "lcdumhpfg_:,={}\""), (3, "etaoinsr.()"), (4, " \n\t"),
        ]
        for (level, bytes) in levels { for byte in bytes.utf8 { table[Int(byte)] = level } }
        return table
    }()

    @inline(__always) public static func commonness(_ byte: UInt8) -> UInt8 { table[Int(byte)] }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether every byte is ASCII (below 0x80): 32 bytes a step, four words or-ed and their
    /// bytes' top bits tested at once.
    public var isASCII: Bool {
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var at = 0
        while at + 32 <= count {
            let words =
                raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)
            if words & 0x8080_8080_8080_8080 != 0 { return false }
            at += 32
        }
        while at < count {
            if self[at] >= 0x80 { return false }
            at += 1
        }
        return true
    }
}
