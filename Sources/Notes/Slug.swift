/// Slugs for permalinks and heading anchors.
public enum Slug {
    /// `Views/NavigationStack Basics.md` → `views/navigation-stack-basics`:
    /// lowercase, camelCase split, separators to `-`, repeated dashes collapsed.
    public static func permalink(fromRelativePath path: String) -> String {
        var withoutExtension = path
        if withoutExtension.lowercased().hasSuffix(".md") { withoutExtension = String(withoutExtension.dropLast(3)) }
        return withoutExtension.split(separator: "/").map { component(String($0)) }.filter { !$0.isEmpty }.joined(
            separator: "/")
    }

    /// One path component: `NavigationStackBasics` → `navigation-stack-basics`.
    public static func component(_ text: String) -> String {
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
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(scalars: scalars[first...last])
    }
}

extension String {
    /// Builds a string from scalars through UTF-8 bytes: much faster than appending to a UnicodeScalarView.
    init<S: Sequence<Unicode.Scalar>>(scalars: S) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
