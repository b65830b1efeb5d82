/// The set of first bytes of some names, as a 256-bit mask: a prefilter that rules a name out
/// with one load before any string comparison.
package struct FirstBytes: Sendable {
    private var mask: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    package init(_ names: [String]) {
        for name in names { if let byte = name.utf8.first { insert(byte) } }
    }

    private mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: mask.0 |= bit
        case 1: mask.1 |= bit
        case 2: mask.2 |= bit
        default: mask.3 |= bit
        }
    }

    @inline(__always) package func admits(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return mask.0 & bit != 0
        case 1: return mask.1 & bit != 0
        case 2: return mask.2 & bit != 0
        default: return mask.3 & bit != 0
        }
    }
}
