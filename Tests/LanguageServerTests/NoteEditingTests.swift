import struct LintEngine.RuleCatalog
import Notes
import XCTest

@testable import LanguageServer

/// Completion, outline and problem ranges in a pattern note, on a graph made in memory.
final class NoteEditingTests: XCTestCase {
    let graph = Graph(
        vault: Vault(notes: [
            NoteParser.parse(
                path: "/vault/sheets.md", relativePath: "sheets.md",
                text:
                    "---\ntitle: Sheet Bindings\npermalink: team/sheets\n---\n# Sheet Bindings\n\n## Closing\n\n### Swipe\n\n## Reopening\n"
            ),
            NoteParser.parse(
                path: "/vault/flow.md", relativePath: "flow.md",
                text:
                    "---\ntitle: Checkout Flow\naliases: [Payment Flow]\n---\n# Checkout\n\nSee [[Sheet Bindings#Closing]].\n"
            ),
        ]))

    /// The cursor on the only line of `line`, at a UTF-16 column (its end when none).
    func cursor(_ line: String, at character: Int? = nil) -> TextCursor {
        TextCursor(
            DocumentPositions(Array(line.utf8), encoding: .utf16),
            at: LSPPosition(line: 0, character: character ?? line.utf16.count))
    }

    func labels(_ line: String, at character: Int? = nil) -> [String] {
        let answer = NoteNavigation(graph: graph).completions(at: cursor(line, at: character))
        return answer?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    }

    func testNamesAliasesAndPermalinksAfterDoubleBracket() {
        XCTAssertTrue(
            Set(labels("See [[Sh")).isSuperset(of: ["Sheet Bindings", "team/sheets", "Checkout Flow", "Payment Flow"]))
        XCTAssertEqual(labels("See [[Sheet Bindings]] "), [])
    }

    func testHeadingsAfterANameAndHash() {
        XCTAssertEqual(labels("See [[Sheet Bindings#Cl"), ["Sheet Bindings", "Closing", "Swipe", "Reopening"])
        XCTAssertEqual(labels("See [[Nowhere#"), [])
    }

    func testARuleFilesNoteFieldCompletesAsALink() throws {
        let answer = try XCTUnwrap(NoteNavigation(graph: graph).completions(at: cursor("note: \"[[Sh", at: 11)))
        // Inside `[[` already: the plain names.
        XCTAssertTrue(answer["items"]?.array?.contains { $0["label"] == "Sheet Bindings" } ?? false)
        let field = try XCTUnwrap(NoteNavigation(graph: graph).completions(at: cursor("note: ", at: 6)))
        let item = try XCTUnwrap(field["items"]?.array?.first { $0["label"] == "Sheet Bindings" })
        XCTAssertEqual(item["textEdit"]?["newText"], "\"[[Sheet Bindings]]\"")
        XCTAssertNil(NoteNavigation(graph: graph).completions(at: cursor("summary: x", at: 10)))
    }

    func testHeadingsNestAsTheOutline() throws {
        let links = NoteLinks(graph: graph, catalog: RuleCatalog(builtinFiles: [], graph: graph), encoding: .utf16)
        let text = DocumentPositions(
            Array(
                "---\ntitle: Sheet Bindings\npermalink: team/sheets\n---\n# Sheet Bindings\n\n## Closing\n\n### Swipe\n\n## Reopening\n"
                    .utf8), encoding: .utf16)
        let outline = links.symbols(of: 0, text: text)
        func tree(_ symbols: JSON) -> [String] {
            symbols.array?.map { symbol in
                let children = tree(symbol["children"] ?? [])
                return (symbol["name"]?.string ?? "")
                    + (children.isEmpty ? "" : "(" + children.joined(separator: ",") + ")")
            } ?? []
        }
        XCTAssertEqual(tree(outline), ["Sheet Bindings(Closing(Swipe),Reopening)"])
        XCTAssertEqual(outline.array?.first?["range"]?["start"]?["line"], 4)
    }

    func testARenameStartsOnTheTitleLineOrTheFirstHeading() throws {
        XCTAssertEqual(NoteRenaming.titleRange(at: cursor("title: Sheet Bindings"), title: "Sheet Bindings"), 7..<21)
        XCTAssertEqual(NoteRenaming.titleRange(at: cursor("# Sheet Bindings"), title: "Sheet Bindings"), 2..<16)
        XCTAssertNil(NoteRenaming.titleRange(at: cursor("Sheet Bindings are state"), title: "Sheet Bindings"))
        XCTAssertNil(NoteRenaming.titleRange(at: cursor("## Closing"), title: "Sheet Bindings"))
    }

    func testProseTypedKeepsTheGraphsFactsALinkOrHeadingDoesNot() {
        let text = "---\ntitle: Flow\n---\n# Flow\n\nSee [[Sheet Bindings]].\n\nSome prose.\n"
        func note(_ text: String) -> Note {
            NoteParser.parse(path: "/vault/flow.md", relativePath: "flow.md", text: text)
        }
        let before = note(text)
        XCTAssertTrue(
            NoteBuffers.sameFacts(before, note(text.replacingOccurrences(of: "Some prose.", with: "Some more prose."))))
        XCTAssertFalse(NoteBuffers.sameFacts(before, note(text + "[[Checkout Flow]]\n")))
        XCTAssertFalse(NoteBuffers.sameFacts(before, note(text + "## Closing\n")))
        // A line added above the link moves it: its place is a fact (problems are reported there).
        XCTAssertFalse(
            NoteBuffers.sameFacts(before, note(text.replacingOccurrences(of: "# Flow\n", with: "# Flow\n\n"))))
        XCTAssertFalse(
            NoteBuffers.sameFacts(before, note(text.replacingOccurrences(of: "title: Flow", with: "title: Flows"))))
        // A block id or a tag typed in the prose is a fact too.
        XCTAssertFalse(
            NoteBuffers.sameFacts(before, note(text.replacingOccurrences(of: "Some prose.", with: "Some prose. ^step")))
        )
        XCTAssertFalse(
            NoteBuffers.sameFacts(before, note(text.replacingOccurrences(of: "Some prose.", with: "Some #ios prose."))))
    }

    func testAProblemOnALinkMarksTheWholeLink() {
        for encoding in [PositionEncoding.utf16, .utf8] {
            let text = DocumentPositions(Array("é [[No Such Note|x]] after\n[a](b.md) z\n".utf8), encoding: encoding)
            let wiki = text.range(of: NoteDiagnostics.range(line: 1, column: 3, in: text))
            let shift = encoding == .utf8 ? 1 : 0 // é is two bytes
            XCTAssertEqual(
                wiki,
                LSPRange(
                    start: LSPPosition(line: 0, character: 2 + shift), end: LSPPosition(line: 0, character: 20 + shift))
            )
            let markdown = text.range(of: NoteDiagnostics.range(line: 2, column: 1, in: text))
            XCTAssertEqual(
                markdown, LSPRange(start: LSPPosition(line: 1, character: 0), end: LSPPosition(line: 1, character: 9)))
        }
    }
}
