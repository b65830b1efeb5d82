import Support

/// Byte-level character tests for the note readers, which scan UTF-8 rather than `Character`s.
extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIIUpper: Bool { self >= 0x41 && self <= 0x5A }
    var isASCIILower: Bool { self >= 0x61 && self <= 0x7A }
    var isASCIILetterOrDigit: Bool { isASCIIDigit || isASCIIUpper || isASCIILower }
    var isSpaceOrTab: Bool { self == 0x20 || self == 0x09 }
}

extension Unicode.Scalar {
    /// A letter or digit of any script: what a search's word is made of.
    var isLetterOrNumber: Bool { properties.isAlphabetic || properties.numericType != nil }
}

extension Collection where Element == UInt8, Index == Int {
    /// The scalar starting at `index` of valid UTF-8, and its length in bytes.
    func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        var iterator = self[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return ("\u{FFFD}", 1) }
        return (scalar, UTF8.width(scalar))
    }
}

extension StringProtocol {
    /// Whether the text ends in `suffix` (lowercase ASCII) in any ASCII case: `.md`, `.MD`, `.Md`.
    func hasSuffixIgnoringASCIICase(_ suffix: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        // The last bytes read forwards: a generic `reversed()` of the view made an array of the whole text.
        let bytes = utf8
        let count = bytes.count
        guard count >= pattern.count else { return false }
        return zip(bytes[bytes.index(bytes.startIndex, offsetBy: count - pattern.count)...], pattern).allSatisfy {
            $0.asciiLowercased == $1
        }
    }

    /// The text without a final `.md` in any case: `Views/Sheets.MD` → `Views/Sheets`.
    var withoutMarkdownExtension: String {
        // By bytes: dropping three characters walked grapheme clusters.
        hasSuffixIgnoringASCIICase(".md") ? String(decoding: utf8.dropLast(3), as: UTF8.self) : String(self)
    }

    /// Whether the text starts with `prefix` (lowercase ASCII) in any ASCII case.
    func hasPrefixIgnoringASCIICase(_ prefix: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        var bytes = utf8.makeIterator()
        for expected in pattern {
            guard let byte = bytes.next(), byte.asciiLowercased == expected else { return false }
        }
        return true
    }
}
