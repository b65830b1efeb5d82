/// Byte-level character tests for the note readers, which scan UTF-8 rather than `Character`s.
extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIIUpper: Bool { self >= 0x41 && self <= 0x5A }
    var isASCIILower: Bool { self >= 0x61 && self <= 0x7A }
    var isASCIILetterOrDigit: Bool { isASCIIDigit || isASCIIUpper || isASCIILower }
    var asciiLowercased: UInt8 { isASCIIUpper ? self | 0x20 : self }
    var isSpaceOrTab: Bool { self == 0x20 || self == 0x09 }
}

extension Array where Element == UInt8 {
    /// The scalar starting at `index` of valid UTF-8, and its length in bytes.
    func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        var iterator = self[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return ("\u{FFFD}", 1) }
        return (scalar, UTF8.width(scalar))
    }
}
