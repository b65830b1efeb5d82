import SwiftLexer
import Support
import SwiftUIModel
/// Reads the one kind of match a `match:` (or a `has:` entry) names.
enum TeamMatcherParser {
    /// The keys that name a kind of match, in the order the README documents them.
    static let primaryKeys = [
        "identifier", "member", "call", "import", "attribute", "assignment", "literal", "declaration", "code",
        "comment", "line", "text", "regex",
    ]

    static func primary(_ map: inout SpecMap) throws -> any TeamMatcher {
        let given = primaryKeys.filter(map.has)
        guard given.count == 1, let key = given.first else {
            let what =
                given.isEmpty
                ? "names no kind of match" : "names \(given.count) kinds of match (\(given.joined(separator: ", ")))"
            throw map.problem("`\(map.place)` \(what); it takes one of: \(primaryKeys.joined(separator: ", "))")
        }
        switch key {
        case "identifier": return try IdentifierMatcher.identifiers(&map)
        case "member": return try IdentifierMatcher.members(&map)
        case "call": return try CallMatcher.parse(&map)
        case "import": return try ImportMatcher.parse(&map)
        case "attribute": return try AttributeMatcher.parse(&map)
        case "assignment": return try AssignmentMatcher.parse(&map)
        case "literal": return try LiteralMatcher.parse(&map)
        case "declaration": return try DeclarationMatcher.parse(&map)
        case "code": return try CodeMatcher.parse(&map)
        case "comment": return try CommentMatcher.parse(&map)
        case "line": return try LineMatcher.parse(&map)
        case "text": return try RegexMatcher.text(&map)
        default: return try RegexMatcher.regex(&map)
        }
    }
}
