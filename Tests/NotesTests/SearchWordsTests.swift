import Foundation
import XCTest

@testable import Notes

/// The search's word reader (eight ASCII bytes at a time, prefixes told apart before a word is
/// read) against the plain definition: runs of letters and digits, folded, kept when a prefix
/// begins them.
final class SearchWordsTests: XCTestCase {
    /// Words by scalars, folded by Foundation: what `forEachWord` must give.
    private func reference(_ text: String, prefixes: [String]?) -> (kept: [String], count: Int) {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        let folded = words.map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        let kept = folded.filter { word in prefixes.map { $0.contains(where: word.hasPrefix) } ?? true }
        return (kept, words.count)
    }

    private func read(_ text: String, prefixes: [String]?) -> (kept: [String], count: Int) {
        var kept: [String] = []
        let filter = NoteSearch.WordFilter(prefixes: prefixes.map { $0.map { Array($0.utf8) } })
        let count = NoteSearch.forEachWord(text, keeping: filter) { kept.append($0) }
        return (kept, count)
    }

    func testTextsOfEveryLengthAgainstThePlainDefinition() {
        // Pieces that cross eight-byte boundaries at every offset: words, prefixes of the
        // query words, other scripts, combining marks, punctuation and line ends.
        let pieces = [
            "stack", "Stacks", "STACK", "st", "sta", "binding", "Bindings", "b", "nav", "NavigationStack",
            "navigationstackview", "x", "42", "a1", "Straße", "École", "naïve", "e\u{301}cole", "日本語", "🙂",
            " ", "  ", "-", ".", "\n", "\t", "#", "_", "—", "’",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        let queries: [[String]?] = [
            nil, ["stack"], ["stack", "binding"], ["st"], ["navigationstack"], ["ecole"], ["日"], [""],
            ["x", "42", "a1"],
            ["s", "b", "n", "e", "x"], ["stacks", "stack"], ["b"],
        ]
        for length in 0..<40 {
            for _ in 0..<12 {
                let text = (0..<length).map { _ in pieces[next() % pieces.count] }.joined()
                for prefixes in queries {
                    let expected = reference(text, prefixes: prefixes)
                    let got = read(text, prefixes: prefixes)
                    XCTAssertEqual(got.count, expected.count, "word count of \(text.debugDescription)")
                    XCTAssertEqual(
                        got.kept, expected.kept,
                        "kept words of \(text.debugDescription) for \(String(describing: prefixes))")
                }
            }
        }
    }

    func testAWordRunningPastTheEndOfTheText() {
        XCTAssertEqual(read("NavigationStack", prefixes: ["navigationstack"]).kept, ["navigationstack"])
        XCTAssertEqual(read("zzzzzzz stac", prefixes: ["stack"]).kept, [])
        XCTAssertEqual(read("zzzzzzzz stack", prefixes: ["stack"]).kept, ["stack"])
        XCTAssertEqual(read("zzzzzzzz Stackü", prefixes: ["stack"]).kept, ["stacku"])
    }

    /// Words counted while the vault loads give the same hits, scores and matched words as an
    /// index that reads every note again; and the notes still read their text when asked.
    func testWordsCountedWhileLoadingSearchAlike() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
        for query in ["nav", "stack sheet", "link", "deja", "zzz", "how do I link notes", "queries linking"] {
            let precount = NoteSearch.Precount(query: query)
            let counted = Vault.load(roots: [root], reading: precount.reading).notes
            let plain = Vault.load(roots: [root]).notes
            XCTAssertEqual(counted.map(\.path), plain.map(\.path))
            XCTAssertEqual(counted.map(\.body), plain.map(\.body))
            let terms = NoteSearch.indexTerms(query)
            let fast = NoteSearch.search(
                query, in: counted, index: NoteSearch.Index(counted, terms: terms, precount: precount))
            let slow = NoteSearch.search(query, in: plain)
            XCTAssertEqual(fast.map(\.note), slow.map(\.note), query)
            XCTAssertEqual(fast.map(\.score), slow.map(\.score), query)
            XCTAssertEqual(fast.map(\.matched), slow.map(\.matched), query)
            XCTAssertEqual(fast.map(\.snippet), slow.map(\.snippet), query)
        }
    }
}
