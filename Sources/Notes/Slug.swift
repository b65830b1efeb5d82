/// Slugs for permalinks and heading anchors.
public enum Slug {
    /// `Views/NavigationStack Basics.md` → `views/navigation-stack-basics`:
    /// lowercase, camelCase split, separators to `-`, repeated dashes collapsed.
    public static func permalink(fromRelativePath path: String) -> String {
        var stem = path.withoutMarkdownExtension
        // ASCII (nearly every path): one pass over the bytes into one buffer.
        if let ascii = stem.withUTF8({ bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8)
            for part in bytes.split(separator: UInt8(ascii: "/")) {
                let separator = out.count
                if !out.isEmpty { out.append(UInt8(ascii: "/")) }
                let start = out.count
                appendASCIISlug(of: UnsafeBufferPointer(rebasing: part), to: &out)
                // A part with nothing to slug leaves no separator behind.
                if out.count == start { out.removeSubrange(separator...) }
            }
            return String(decoding: out, as: UTF8.self)
        }) {
            return ascii
        }
        return stem.utf8.split(separator: UInt8(ascii: "/"))
            .map { component(String(decoding: $0, as: UTF8.self)) }.filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// One path component: `NavigationStackBasics` → `navigation-stack-basics`.
    public static func component(_ text: String) -> String {
        if let ascii = asciiComponent(text) { return ascii }
        var out = ""
        var previous: Character?
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isLetter || character.isNumber {
                if character.isUppercase, let previous {
                    let next = index + 1 < characters.count ? characters[index + 1] : nil
                    // aB → a-b, and the B of ABc (an acronym ending) → a-bc.
                    if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true)
                    {
                        out.append("-")
                    }
                }
                out.append(contentsOf: character.lowercased())
            } else {
                out.append("-")
            }
            previous = character
        }
        return collapseDashes(out)
    }

    /// GitHub-style heading anchor: lowercase, punctuation dropped, spaces to `-`.
    public static func heading(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                if byte.isASCIILetterOrDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                    out.append(byte.asciiLowercased)
                } else if byte == UInt8(ascii: " ") {
                    out.append(UInt8(ascii: "-"))
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        var out = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                out.append(character)
            } else if character == " " {
                out.append("-")
            }
        }
        return out
    }

    /// ASCII text, the usual case, slugged byte by byte with the same result as the `Character` path.
    private static func asciiComponent(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 4)
            appendASCIISlug(of: bytes, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Appends the slug of ASCII `bytes` to `out`: camelCase split, other bytes to one `-`, no
    /// `-` at either end of what it appends.
    private static func appendASCIISlug(of bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let start = out.count
        for (index, byte) in bytes.enumerated() {
            if byte.isASCIILetterOrDigit {
                if byte.isASCIIUpper, index > 0 {
                    let previous = bytes[index - 1]
                    let nextIsLower = index + 1 < bytes.count && bytes[index + 1].isASCIILower
                    if previous.isASCIILower || previous.isASCIIDigit || (previous.isASCIIUpper && nextIsLower) {
                        out.append(UInt8(ascii: "-"))
                    }
                }
                out.append(byte.asciiLowercased)
            } else if out.count == start || out.last != UInt8(ascii: "-") {
                out.append(UInt8(ascii: "-"))
            }
        }
        // Dashes collapsed on the way; trimmed at both ends as collapseDashes does.
        while out.count > start, out.last == UInt8(ascii: "-") { out.removeLast() }
        var leading = start
        while leading < out.count, out[leading] == UInt8(ascii: "-") { leading += 1 }
        out.removeSubrange(start..<leading)
    }

    static func collapseDashes(_ text: String) -> String {
        var out = ""
        for character in text where !(character == "-" && out.last == "-") { out.append(character) }
        while out.hasPrefix("-") { out.removeFirst() }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}

extension StringProtocol {
    /// Spaces and tabs trimmed from both ends, without Foundation's slower NSString path.
    public var trimmed: String {
        let bytes = Substring(self).utf8
        guard let first = bytes.firstIndex(where: { !$0.isSpaceOrTab }) else { return "" }
        let last = bytes.lastIndex(where: { !$0.isSpaceOrTab })!
        // Both ends sit next to a space, a tab or an end, so the bytes between are whole scalars.
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

extension String {
    /// `trimmed`; a string with nothing to trim (most names) is returned as it is, not made again from its bytes.
    public var trimmed: String {
        // The ends read from the contiguous bytes (the UTF-8 view's generic `last` cost more than
        // the lookup a trimmed name is for).
        let untouched =
            utf8.withContiguousStorageIfAvailable { bytes in
                guard let first = bytes.first, let last = bytes.last else { return false }
                return !first.isSpaceOrTab && !last.isSpaceOrTab
            } ?? false
        if untouched { return self }
        return Substring(self).trimmed
    }
}
