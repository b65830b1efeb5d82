/// Which runs of three letters or digits (ASCII, ignoring case) a file holds, as 4,096 bits: a
/// rename's second pass reads again only the files whose bits hold every three-letter run of a
/// word of the note's names. A word a file holds has all its runs there, so no file that
/// `NameWords.mayName` would let through is left out; a file let through is read and tested as
/// before. (Reading all 10,000 files of a vault a second time was most of a rename's system time.)
struct NameTrigrams: Sendable {
    private var bits = [UInt64](repeating: 0, count: 64)

    init(_ bytes: [UInt8]) {
        // Unchecked buffers: this runs over every byte of every light note of the vault.
        Self.codes.withUnsafeBufferPointer { codes in
            bits.withUnsafeMutableBufferPointer { bits in
                bytes.withUnsafeBufferPointer { buffer in
                    var previous = 0, beforePrevious = 0
                    for byte in buffer {
                        let code = codes[Int(byte)]
                        if code != 0, previous != 0, beforePrevious != 0 {
                            let bit = Self.bit(beforePrevious, previous, code)
                            bits[bit >> 6] |= 1 << UInt64(bit & 63)
                        }
                        beforePrevious = previous
                        previous = code
                    }
                }
            }
        }
    }

    /// Whether the file may hold the word (letters and digits, lowered): always for one shorter
    /// than three bytes.
    func mayHold(_ word: [UInt8]) -> Bool {
        guard word.count >= 3 else { return true }
        for index in 2..<word.count {
            let codes = (
                Self.codes[Int(word[index - 2])], Self.codes[Int(word[index - 1])], Self.codes[Int(word[index])]
            )
            guard codes.0 != 0, codes.1 != 0, codes.2 != 0 else { return true }
            let bit = Self.bit(codes.0, codes.1, codes.2)
            if bits[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        }
        return true
    }

    private static func bit(_ first: Int, _ second: Int, _ third: Int) -> Int {
        let run = UInt32((first * 37 + second) * 37 + third)
        return Int((run &* 0x9E37_79B1) >> 20)
    }

    /// 1–36 for a letter (either case) or digit, 0 for anything else.
    private static let codes: [Int] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - Int(UInt8(ascii: "0")) + 1
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - Int(UInt8(ascii: "a")) + 11
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - Int(UInt8(ascii: "A")) + 11
        default: return 0
        }
    }
}
