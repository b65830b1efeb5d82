/// One object of a `project.pbxproj` as far as file membership needs it: its `isa`, its top-level
/// `key = value;` fields and `key = ( … );` lists (nested dictionaries such as `buildSettings` are
/// left out). Xcode writes file references and build files on one line
/// (`ID /* Home.swift */ = {isa = PBXFileReference; … path = Home.swift; … };`), which
/// `init(line:)` reads; `XcodeProjectSettings` fills the others line by line.
struct XcodeObject: Sendable {
    /// A list element: its value (`ID`, a path) and the comment Xcode writes after it
    /// (`/* Home.swift in Sources */`), which names a build file whose object is missing.
    struct Item: Sendable, Equatable {
        var value: String
        var comment = ""
    }

    var id: String
    var isa = ""
    var fields: [String: String] = [:]
    var lists: [String: [Item]] = [:]

    init(id: String) { self.id = id }

    /// A whole object written on one line; nil when the line is not one, or is cut or garbled
    /// (then the caller counts the project as unreadable rather than guess).
    init?(line: String) {
        let bytes = Array(line.utf8)
        var scanner = Scanner(bytes: bytes)
        guard let id = scanner.bareWord(), !id.isEmpty else { return nil }
        self.id = id
        scanner.skipSpacesAndComments()
        guard scanner.take(UInt8(ascii: "=")) else { return nil }
        scanner.skipSpacesAndComments()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        // Each field moves the scanner on, so this ends within the line's length.
        while true {
            scanner.skipSpacesAndComments()
            if scanner.take(UInt8(ascii: "}")) { break }
            guard let key = scanner.string() else { return nil }
            scanner.skipSpacesAndComments()
            guard scanner.take(UInt8(ascii: "=")) else { return nil }
            scanner.skipSpacesAndComments()
            if scanner.take(UInt8(ascii: "(")) {
                guard let items = scanner.listItems() else { return nil }
                lists[key] = items
            } else if scanner.peek == UInt8(ascii: "{") {
                guard scanner.skipDictionary() else { return nil }
            } else {
                guard let value = scanner.string() else { return nil }
                fields[key] = value
            }
            scanner.skipSpacesAndComments()
            guard scanner.take(UInt8(ascii: ";")) else { return nil }
        }
        isa = fields["isa"] ?? ""
        guard !isa.isEmpty else { return nil }
    }

    /// One element of a list written one per line: `ID /* name */,` or `"Sub Folder/File.swift",`.
    static func listItem(_ line: String) -> Item? {
        var scanner = Scanner(bytes: Array(line.utf8))
        return scanner.item()
    }

    /// `key = value;` or `key = ID /* comment */;` on a line of its own.
    static func field(_ line: String) -> (key: String, value: String)? {
        var scanner = Scanner(bytes: Array(line.utf8))
        guard let key = scanner.string() else { return nil }
        scanner.skipSpacesAndComments()
        guard scanner.take(UInt8(ascii: "=")) else { return nil }
        scanner.skipSpacesAndComments()
        guard let value = scanner.string() else { return nil }
        return (key, value)
    }

    /// The elements of a list written on one line: `(A /* a */, "B C", )`, from after its `(`.
    static func inlineList(_ text: String) -> [Item]? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.listItems()
    }

    /// A value as written: quotes removed and `\"` / `\\` unescaped.
    static func unquoted(_ value: String) -> String {
        guard value.utf8.first == UInt8(ascii: "\"") else { return value }
        var scanner = Scanner(bytes: Array(value.utf8))
        return scanner.string() ?? value
    }

    /// The old-style property list syntax Xcode writes, over one line's bytes. Every read moves on
    /// or fails, so nothing loops.
    struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        mutating func skipSpacesAndComments() {
            while let byte = peek {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "*")
                {
                    _ = comment()
                } else {
                    return
                }
            }
        }

        /// `/* text */` at the position: its text, trimmed.
        mutating func comment() -> String? {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "/"),
                bytes[position + 1] == UInt8(ascii: "*")
            else { return nil }
            let start = position + 2
            var index = start
            while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
            {
                index += 1
            }
            // An unclosed comment runs to the end of the line.
            position = min(index + 2, bytes.count)
            let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
            return text.trimmingSpaces
        }

        static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "="), UInt8(ascii: "\""):
                return false
            default: return true
            }
        }

        mutating func bareWord() -> String? {
            let start = position
            while let byte = peek, Self.isBare(byte) {
                // `/*` starts a comment, not a word (`ID /* … */`); a `/` inside a path does not.
                if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    break
                }
                position += 1
            }
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }

        /// A quoted string (unescaped) or a bare word.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return bareWord() }
            var out: [UInt8] = []
            while let byte = peek {
                position += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                if byte == UInt8(ascii: "\\"), let next = peek {
                    position += 1
                    switch next {
                    case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                    default: out.append(next)
                    }
                } else {
                    out.append(byte)
                }
            }
            return nil // unterminated
        }

        /// A list element and its comment, before an optional `,`.
        mutating func item() -> Item? {
            skipSpacesAndComments()
            guard let value = string() else { return nil }
            var item = Item(value: value)
            while peek == UInt8(ascii: " ") || peek == UInt8(ascii: "\t") { position += 1 }
            if let text = comment() { item.comment = text }
            skipSpacesAndComments()
            _ = take(UInt8(ascii: ","))
            return item
        }

        /// Elements up to the closing `)`; nil when it is missing.
        mutating func listItems() -> [Item]? {
            var items: [Item] = []
            while true {
                skipSpacesAndComments()
                if take(UInt8(ascii: ")")) { return items }
                guard let item = item() else { return nil }
                items.append(item)
            }
        }

        /// A nested `{ … }` (settings, file types), skipped whole; false when it does not close.
        mutating func skipDictionary() -> Bool {
            var depth = 0
            while let byte = peek {
                if byte == UInt8(ascii: "\"") {
                    guard string() != nil else { return false }
                    continue
                }
                position += 1
                if byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return true }
                }
            }
            return false
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (no Foundation).
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return start == 0 && end == bytes.count ? self : String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
