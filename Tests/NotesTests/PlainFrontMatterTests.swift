import XCTest

@testable import Notes

/// PlainFrontMatter reads the common front matter without Yams; wherever it answers, it must answer
/// exactly as Yams does, and it must leave to Yams everything else.
final class PlainFrontMatterTests: XCTestCase {
    static let keys = [
        "title", "type", "permalink", "tags", "aliases", "alias", "status", "x-y", "a_b", "123", "-k", "k k",
    ]
    static let values = [
        "Note 1", "café au lait", "'quoted'", "\"dq\"", "\"a'b\"", "'a\"b'", "a:b", "a: b", "a #b", "a#b", "[a, b]",
        "[]",
        "[ a , b ]", "[a,,b]", "[a, b,]", "['x', \"y\"]", "[#a, b]", "[a b, c]", "~", "null", "yes", "2024-01-01", "-x",
        "- x", "*ref", "&a x", "!tag x", "|", ">", "%x", "@x", "`x`", "a\tb", "x y z", "http://a.b/c", "a, b, c",
        "#tag",
        "a'b", "😀 ünï", "\u{85}x", "a\u{2028}b", "a]", "a}", "{a: b}", "", "  ", "[a] b", "'it''s'", "\"a\\nb\"", "? x",
        "a:", ":a", "a :b", "[a: b]", "[a?]", "\"\"", "''", "x  ",
    ]
    static let items = ["- x", "  - y", "- 'q'", "-x", "- ", "  - [a]", "- a: b", "    - z", "- #t", "- \"d\""]

    func testAgreesWithYamsWhereverItAnswers() {
        var random = Xorshift(seed: 42)
        var answered = 0
        for _ in 0..<20_000 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                let key = Self.keys.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    lines.append(key + ":")
                    for _ in 0..<Int.random(in: 0...3, using: &random) {
                        lines.append(Self.items.randomElement(using: &random)!)
                    }
                case 1:
                    lines.append(
                        ["", "  ", "# comment", "  indented: x", "key : v", "k:v"].randomElement(using: &random)!)
                default: lines.append(key + ": " + Self.values.randomElement(using: &random)!)
                }
            }
            let yaml = lines.joined(separator: "\n")
            guard let entries = PlainFrontMatter.entries(yaml) else { continue }
            answered += 1
            switch FrontMatterParser.parseWithYams(yaml) {
            case .success(let expected):
                XCTAssertEqual(FrontMatterParser.frontMatter(entries), expected, "for:\n\(yaml)")
            case .failure(let problem):
                XCTFail("Yams refuses what PlainFrontMatter read (\(problem.message)):\n\(yaml)")
            }
        }
        // Most generated documents hold something only Yams should read; enough must not.
        XCTAssertGreaterThan(answered, 1_000)
    }

    func testLeavesToYamsWhatItCannotRead() {
        for yaml in [
            "title: a # comment", "title: \"a\\tb\"", "tags:\n  - a\n    - b", "title: &x a\nalias: *x",
            "title: |\n  text",
            "title: a\ntitle: b", "title:", "? complex\n: key", "title: [a, [b]]", "title: a\n  continued",
        ] {
            XCTAssertNil(PlainFrontMatter.entries(yaml), yaml)
        }
    }
}

/// A seeded generator, so a failure repeats.
private struct Xorshift: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
