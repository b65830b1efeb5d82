/// Slugs for permalinks and heading anchors.
public enum Slug {
    /// `Views/NavigationStack Basics.md` → `views/navigation-stack-basics`:
    /// lowercase, camelCase split, separators to `-`, repeated dashes collapsed.
    public static func permalink(fromRelativePath path: String) -> String {
        var withoutExtension = path
        if withoutExtension.lowercased().hasSuffix(".md") { withoutExtension = String(withoutExtension.dropLast(3)) }
        return withoutExtension.split(separator: "/").map { component(String($0)) }.filter { !$0.isEmpty }.joined(separator: "/")
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
                    if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
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
