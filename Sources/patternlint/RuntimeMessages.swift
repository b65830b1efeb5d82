/// The lines SwiftUI prints at run time for navigation and state mistakes, each with the section of
/// the "SwiftUI Runtime Warnings" note that explains it and the rule that finds its cause, if one
/// does. A pasted line is matched on the message's fixed words, compared without case, spaces or
/// punctuation, so type names, quotes and the console's prefix do not matter.
struct RuntimeMessage: Sendable {
    /// The heading of the entry's section in the note.
    var section: String
    /// Each entry is matched when every fragment of any one of these sets stands in the line.
    var fragments: [[String]]
    var rule: String?

    static let noteTitle = "SwiftUI Runtime Warnings"

    static let all: [RuntimeMessage] = [
        RuntimeMessage(
            section: "No destination for a value link",
            fragments: [["no matching navigationDestination declaration"], ["The link cannot be activated"]],
            rule: "value-link-without-destination"),
        RuntimeMessage(
            section: "The same destination type twice on a stack",
            fragments: [
                ["was declared earlier on the stack"],
                ["Only the destination declared closest to the root view of the stack will be used"],
            ],
            rule: "duplicate-navigation-destination"),
        RuntimeMessage(
            section: "A value link in a NavigationView",
            fragments: [["must appear inside a NavigationContent-based NavigationView"], ["Link will be disabled"]],
            rule: "navigation-view-deprecated"),
        RuntimeMessage(
            section: "A destination in a lazy container",
            fragments: [["Do not put a navigation destination modifier inside a", "lazy"]],
            rule: "destination-in-lazy-container"),
        RuntimeMessage(
            section: "Two presented destinations at once",
            fragments: [["NavigationAuthority"], ["tried to update multiple times per frame"]],
            rule: "exclusive-bool-flags"),
        RuntimeMessage(
            section: "State changed while the body is computed",
            fragments: [["Modifying state during view update"], ["Publishing changes from within view updates"]],
            rule: "state-modified-in-body"),
        RuntimeMessage(
            section: "A state object read in init",
            fragments: [["without being installed on a View"], ["outside of being installed on a View"]],
            rule: "state-read-in-init"),
        // The silent rows have no console line: a description of the code finds them.
        RuntimeMessage(
            section: "State assigned in init",
            fragments: [["State", "assigned in", "init"], ["State", "init", "no effect"]],
            rule: "state-assigned-in-init"),
        RuntimeMessage(
            section: "A state object wrapping a shared instance",
            fragments: [["StateObject", ".shared"], ["StateObject", "singleton"]],
            rule: "state-object-singleton"),
        RuntimeMessage(
            section: "An observed object the view creates",
            fragments: [
                ["ObservedObject", "()"], ["ObservedObject", "recreated"], ["ObservedObject", "created by the view"],
            ],
            rule: "observed-object-created-by-view"),
    ]

    /// The entry whose matched words are the longest, so a line naming both `StateObject` and
    /// "without being installed" goes to the installed-view entry.
    static func match(_ line: String) -> RuntimeMessage? {
        let text = folded(line)
        guard !text.isEmpty else { return nil }
        var best: (entry: RuntimeMessage, length: Int)?
        for entry in all {
            for set in entry.fragments {
                let words = set.map(folded)
                guard words.allSatisfy({ !$0.isEmpty && text.contains($0) }) else { continue }
                let length = words.reduce(0) { $0 + $1.count }
                if length > best?.length ?? 0 { best = (entry, length) }
            }
        }
        return best?.entry
    }

    /// Letters and digits only, lower-cased: `"Foo"`, `` `Foo` `` and `Foo` compare the same.
    static func folded(_ text: String) -> String {
        String(
            decoding: text.utf8.compactMap { byte -> UInt8? in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
                // `()` and `.shared` are written in the silent rows' descriptions.
                case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "."): byte
                default: nil
                }
            }, as: UTF8.self)
    }

    /// The entry's section of the note's markdown: from its `###` heading to the next heading.
    func sectionText(in noteBody: String) -> String? {
        let lines = noteBody.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == "### \(section)" }) else { return nil }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }
}
