/// The front matter most notes carry, read without a YAML library: `key: value` lines whose values
/// are plain or simply quoted scalars, `[a, b]` flow lists or `- item` block lists. Anything else
/// (comments, escapes, nesting, anchors, multi-line scalars, repeated keys) answers nil, and the
/// caller hands the text to Yams; so this only ever agrees with Yams, it never decides alone.
/// Yams costs about as much per note as libcmark's whole parse of it.
enum PlainFrontMatter {
    static func entries(_ yaml: String) -> [(key: String, value: FrontMatterValue)]? {
        var entries: [(key: String, value: FrontMatterValue)] = []
        // A front matter has a handful of keys: a look along them costs less than hashing each
        // (past 16, a set: a file with thousands of keys stays linear).
        var keys: [String] = []
        var keySet: Set<String>?
        var openList: (key: String, items: [String], indent: Int?)?

        func closeList() -> Bool {
            guard let list = openList else { return true }
            openList = nil
            // `key:` with nothing under it is a null, which Yams reads its own way.
            guard !list.items.isEmpty else { return false }
            entries.append((list.key, .sequence(list.items)))
            return true
        }

        // Lines found in the text's bytes in place (a generic split of the UTF-8 view cost more
        // than the rest of the reading).
        var yaml = yaml
        let lines: [[UInt8]] = yaml.withUTF8 { text in
            var lines: [[UInt8]] = []
            var start = 0
            while true {
                var end = start
                while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
                lines.append(Array(text[start..<end]))
                guard end < text.count else { break }
                start = end + 1
            }
            return lines
        }
        for bytes in lines {
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") }) { continue }
            guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }), !hasYAMLSpecialScalar(bytes) else { return nil }
            let indent = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") })!
            if bytes[indent] == UInt8(ascii: "-"), openList != nil {
                // `- item` under a `key:`; every item of a list at the same indentation.
                guard indent + 1 < bytes.count, bytes[indent + 1] == UInt8(ascii: " "),
                    openList!.indent == nil || openList!.indent == indent,
                    let item = scalar(bytes[(indent + 2)...], inFlow: false)
                else { return nil }
                openList!.indent = indent
                openList!.items.append(item)
                continue
            }
            guard indent == 0, closeList() else { return nil }
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, bytes[0] != UInt8(ascii: "-"),
                bytes[..<colon].allSatisfy(isKeyByte)
            else { return nil }
            let key = String(decoding: bytes[..<colon], as: UTF8.self)
            if keySet == nil, keys.count == 16 { keySet = Set(keys) }
            if keySet != nil {
                guard keySet!.insert(key).inserted else { return nil }
            } else {
                guard !keys.contains(key) else { return nil }
                keys.append(key)
            }
            let rest = bytes[(colon + 1)...]
            if rest.allSatisfy({ $0 == UInt8(ascii: " ") }) {
                openList = (key, [], nil)
                continue
            }
            guard rest.first == UInt8(ascii: " ") else { return nil }
            let value = rest.drop(while: { $0 == UInt8(ascii: " ") })
            if value.first == UInt8(ascii: "[") {
                guard let items = flowList(value) else { return nil }
                entries.append((key, .sequence(items)))
            } else {
                guard let text = scalar(value, inFlow: false) else { return nil }
                entries.append((key, .scalar(text)))
            }
        }
        guard closeList() else { return nil }
        return entries
    }

    /// Scalars libyaml reads as line breaks (NEL, LS, PS) or refuses (C1 controls, BOM, U+FFFE/FFFF).
    private static func hasYAMLSpecialScalar(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices where bytes[index] >= 0xC2 {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            switch bytes[index] {
            case 0xC2 where next < 0xA0: return true
            case 0xE2 where next == 0x80 && (third == 0xA8 || third == 0xA9): return true
            case 0xEF where (next == 0xBB && third == 0xBF) || (next == 0xBF && third >= 0xBE): return true
            default: continue
            }
        }
        return false
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// `[a, b, "c"]` on one line; an empty list is `[]`.
    private static func flowList(_ value: ArraySlice<UInt8>) -> [String]? {
        var value = value
        while value.last == UInt8(ascii: " ") { value = value.dropLast() }
        guard value.count >= 2, value.last == UInt8(ascii: "]") else { return nil }
        let inner = value.dropFirst().dropLast()
        if inner.allSatisfy({ $0 == UInt8(ascii: " ") }) { return [] }
        var items: [String] = []
        for part in inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let item = scalar(part, inFlow: true) else { return nil }
            items.append(item)
        }
        return items
    }

    /// A plain scalar, or one quoted with nothing to unescape; nil for anything YAML reads otherwise.
    private static func scalar(_ raw: ArraySlice<UInt8>, inFlow: Bool) -> String? {
        var text = raw.drop(while: { $0 == UInt8(ascii: " ") })
        while text.last == UInt8(ascii: " ") { text = text.dropLast() }
        guard let first = text.first else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let inner = text.dropFirst().dropLast()
            guard text.count >= 2, text.last == first, !inner.contains(first),
                !inner.contains(UInt8(ascii: "\\"))
            else { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
        // Indicators that start something other than a plain scalar.
        guard !"-?:,[]{}#&*!|>'\"%@`".utf8.contains(first) else { return nil }
        // `: ` would open a mapping and ` #` a comment; in a flow list these end the item.
        func forbidden(_ byte: UInt8) -> Bool {
            guard inFlow else { return false }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ":"),
                UInt8(ascii: "#"), UInt8(ascii: ","):
                return true
            default: return false
            }
        }
        for (offset, byte) in zip(text.indices, text) {
            if forbidden(byte) { return nil }
            if byte == UInt8(ascii: ":"), offset + 1 == text.endIndex || text[offset + 1] == UInt8(ascii: " ") {
                return nil
            }
            if byte == UInt8(ascii: "#"), offset > text.startIndex, text[offset - 1] == UInt8(ascii: " ") { return nil }
            if byte == UInt8(ascii: "\t") { return nil }
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// A front matter value as the note model reads it, whether PlainFrontMatter or Yams read it.
enum FrontMatterValue {
    case scalar(String)
    /// A list's items, each as text.
    case sequence([String])
    /// A mapping, rendered as `key: value` pairs.
    case mapping(String)

    var text: String {
        switch self {
        case .scalar(let text), .mapping(let text): return text
        case .sequence(let items): return items.joined(separator: ", ")
        }
    }
}
