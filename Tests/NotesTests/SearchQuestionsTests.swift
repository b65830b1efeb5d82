import Foundation
import XCTest
@testable import Notes

/// Search as a reader uses it: questions in words, stop words and one letter that match only
/// themselves, English word forms, BM25 over title, aliases, headings and body, the passage shown.
final class SearchQuestionsTests: XCTestCase {
    /// Questions a developer would ask of the shipped notes, each with the note that answers it:
    /// it must be among the first three hits.
    func testQuestionsFindTheirNoteInTheTopThree() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("notes").path
        let notes = Vault.load(roots: [root]).notes
        let questions: [(question: String, note: String)] = [
            ("how do I pass a binding to a child view for previews", "Dual Initializer Pattern"),
            ("why does my list build every destination view up front", "Value-Based List Navigation"),
            ("how do I open a screen from a URL", "Deep Links into a NavigationStack"),
            ("where should I put sheets and alerts", "Modals Outside the Navigation Path"),
            ("how do I keep a separate navigation history for each tab", "One Navigation Stack per Tab"),
            ("how do I silence a finding on one line", "Suppressing Findings"),
            ("restore the navigation path after the app relaunches", "Navigation State Restoration"),
            ("how can a reusable view navigate without knowing the destination", "Decoupled Reusable Views"),
            ("why is a new StateObject created each time my view init runs", "State Before the View Is Installed"),
            ("replace several bool flags with one enum selection", "Hashable Selection Binding"),
            ("NavigationView is deprecated, what do I use instead?", "NavigationStack Essentials"),
            ("navigate from deep in the view hierarchy without passing closures down", "Router in the Environment"),
        ]
        for (question, expected) in questions {
            let top = NoteSearch.search(question, in: notes, limit: 3).map { notes[$0.note].title }
            XCTAssertTrue(top.contains(expected), "\"\(question)\": \(top), not \(expected)")
        }
    }

    private func notes(_ texts: [(String, String)]) -> [Note] {
        texts.map { NoteParser.parse(path: $0.0, relativePath: $0.0, text: $0.1) }
    }

    /// `embed a note`: the `a` is a stop word and matches no "a…" word; a one-letter word that
    /// is the whole query matches only itself.
    func testStopWordsAndSingleLettersAreNotPrefixes() {
        let vault = notes([
            ("style.md", "# Style guide\n\nAlways avoid adverbs, add an article, and argue about apostrophes.\n"),
            ("embeds.md", "# Embedding notes\n\nEmbed a note with `![[Note]]`.\n"),
            ("x.md", "# Axes\n\nThe x axis and the y axis.\n"),
        ])
        XCTAssertEqual(NoteSearch.search("embed a note", in: vault).map(\.note), [1])
        XCTAssertEqual(NoteSearch.search("how to embed the note", in: vault).first?.note, 1)
        XCTAssertEqual(NoteSearch.search("x", in: vault).map(\.note), [2])
        XCTAssertEqual(NoteSearch.search("x", in: vault).first?.matched, ["x"])
        XCTAssertEqual(NoteSearch.queryTerms("the a of").map(\.word), ["the", "a", "of"], "only stop words: kept")
        XCTAssertEqual(NoteSearch.search("a", in: vault).map(\.note), [1], "`a` is not the start of `always`")
    }

    /// Plural `-s`, `-ing`, `-ed`: another form of a query word counts as the word.
    func testEnglishFormsMatchEachOther() {
        XCTAssertEqual(NoteSearch.stem("previews"), "preview")
        XCTAssertEqual(NoteSearch.stem("binding"), NoteSearch.stem("binds"))
        XCTAssertEqual(NoteSearch.stem("passed"), NoteSearch.stem("passing"))
        XCTAssertEqual(NoteSearch.stem("stopped"), "stop")
        XCTAssertEqual(NoteSearch.stem("queries"), "query")
        XCTAssertEqual(NoteSearch.stem("caching"), NoteSearch.stem("cache"))
        XCTAssertEqual(NoteSearch.stem("class"), "class")
        XCTAssertEqual(NoteSearch.stem("équipes"), "équipes", "other scripts are left alone")
        let vault = notes([
            ("a.md", "# Routing\n\nThe router binds each route to a screen.\n"),
            ("b.md", "# Queries\n\nSaved query results.\n"),
        ])
        XCTAssertEqual(NoteSearch.search("binding", in: vault).map(\.note), [0])
        XCTAssertEqual(NoteSearch.search("routes", in: vault).first?.matched, ["route", "routing"])
        XCTAssertEqual(NoteSearch.search("queries", in: vault).first?.matched, ["queries", "query"])
    }

    /// Any word by default, every word with `allWords`; the line holding most matched words shown.
    func testAnyWordRanksAndAllWordsFilters() {
        let vault = notes([
            ("tabs.md", "# Tabs\n\nEach tab keeps its own stack.\n\nA stack per tab keeps history apart.\n"),
            ("sheets.md", "# Sheets\n\nA sheet sits outside the stack.\n"),
            ("colors.md", "# Colors\n\nNothing about it.\n"),
        ])
        let any = NoteSearch.search("tab stack history", in: vault)
        XCTAssertEqual(any.map(\.note), [0, 1])
        XCTAssertEqual(any.first?.snippet, "A stack per tab keeps history apart.")
        XCTAssertEqual(NoteSearch.search("tab stack history", in: vault, allWords: true).map(\.note), [0])
        XCTAssertTrue(NoteSearch.search("tab colors", in: vault, allWords: true).isEmpty)
    }

    /// BM25's fields: the same word in a title outranks it in a body of the same length.
    func testTitleAliasHeadingOutrankBody() {
        let vault = notes([
            ("body.md", "# Other\n\nsome words about caching here\n"),
            ("heading.md", "# Other\n\n## Caching\n\nsome words about nothing here\n"),
            ("alias.md", "---\naliases: [Caching]\n---\n# Other\n\nsome words about nothing here\n"),
            ("title.md", "# Caching tips\n\nsome words about nothing here\n"),
        ])
        XCTAssertEqual(
            NoteSearch.search("cache", in: vault).map { vault[$0.note].path },
            ["title.md", "alias.md", "heading.md", "body.md"])
    }
}
