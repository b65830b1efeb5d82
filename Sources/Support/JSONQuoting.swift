/// A JSON string from UTF-8 bytes, shared by the reporters and the notes graph's export: `"` and
/// `\` escaped, line breaks and tabs by letter, other control characters as `\u00XX` (backspace
/// and form feed by letter too where the output matches `JSONEncoder`'s). The bytes between are
/// copied by runs, not a scalar at a time: every reporter's output goes through here.
public enum JSONQuoting {
    public static func append(_ text: String, to out: inout [UInt8], lettersForBackspaceAndFormFeed: Bool = false) {
        var text = text
        text.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            var run = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x08 where lettersForBackspaceAndFormFeed: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x0C where lettersForBackspaceAndFormFeed: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
            out.append(UInt8(ascii: "\""))
        }
    }
}
