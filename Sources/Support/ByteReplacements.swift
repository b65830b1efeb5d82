/// Disjoint replacements applied to bytes in one pass, copying each stretch between them once:
/// what `--fix` does to a file and the HTML export to a note's links.
public enum ByteReplacements {
    /// `replacements` are in order and do not overlap.
    public static func apply(_ replacements: [(range: Range<Int>, text: String)], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + replacements.reduce(0) { $0 + $1.text.utf8.count })
        var copied = 0
        for replacement in replacements {
            out += bytes[copied..<replacement.range.lowerBound]
            out += replacement.text.utf8
            copied = replacement.range.upperBound
        }
        out += bytes[copied...]
        return out
    }
}
