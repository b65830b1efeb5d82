/// A finding's message with the rule's closing words (`". See: <note title>"`, or `"."` without a
/// note) added: a message that already ends its sentence (a team's rule, an imported SwiftLint
/// message: "Use X instead.") keeps its own mark rather than gaining a second period.
enum FindingMessage {
    static func joined(_ message: String, _ suffix: String) -> String {
        guard suffix.utf8.first == UInt8(ascii: "."), let last = message.utf8.last,
            last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?")
        else { return message + suffix }
        return message + suffix.dropFirst()
    }
}
