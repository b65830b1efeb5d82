import Foundation
import XCTest

@testable import LanguageServer

/// Positions as the editor counts them, before which an emoji (one scalar, two UTF-16 units, four
/// bytes) and a combining accent (`e` + U+0301: two scalars, one `Character`) stand, in files whose
/// lines end in `\n`, `\r\n` or a lone `\r`: diagnostics, their evidence, hover, code actions and
/// note renames, with UTF-16 (the default) and with UTF-8 when the client offers it.
final class PositionEncodingTests: XCTestCase {
    static let lines = [
        "import SwiftUI",
        "struct Home: View {",
        "    @State var page = 0",
        "    var body: some View {",
        "        Text(\"😀\").sheet(isPresented: .constant(true)) { Text(\"Topics\") }",
        "        Text(\"😀e\u{301}\").navigationBarTitle(\"Home\")",
        "    }",
        "}",
    ]

    /// Where things are on lines 5 and 6 (0-based 4 and 5), counted in each encoding.
    struct Expected {
        /// `.constant` (the finding), `sheet` (its evidence).
        var constant: ClosedRange<Int>
        var sheet: ClosedRange<Int>
        /// `navigationBarTitle`: the finding, and its fix's edit.
        var title: ClosedRange<Int>
    }

    static let expected: [PositionEncoding: Expected] = [
        .utf16: Expected(constant: 38...47, sheet: 19...24, title: 21...39),
        .utf8: Expected(constant: 40...49, sheet: 21...26, title: 24...42),
    ]

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func capabilities(_ encoding: PositionEncoding) -> JSON {
        [
            "general": ["positionEncodings": encoding == .utf8 ? ["utf-16", "utf-8"] : ["utf-16"]],
            "workspace": ["workspaceEdit": ["documentChanges": true, "resourceOperations": ["rename"]]],
        ]
    }

    func range(_ line: Int, _ characters: ClosedRange<Int>) -> JSON {
        LSPRange(
            start: LSPPosition(line: line, character: characters.lowerBound),
            end: LSPPosition(line: line, character: characters.upperBound)
        ).json
    }

    func diagnostic(_ diagnostics: JSON?, _ code: String) -> JSON? {
        diagnostics?.array?.first { $0["code"]?.string == code }
    }

    func testFindingsEvidenceHoverAndCodeActionsInEachEncodingAndLineEnding() throws {
        for encoding in [PositionEncoding.utf16, .utf8] {
            for ending in ["\n", "\r\n", "\r"] {
                let expected = try XCTUnwrap(Self.expected[encoding])
                let context = "\(encoding), \(ending.debugDescription)"
                let session = LSPSession(folder: try folder(), test: self)
                let answer = session.start(capabilities: capabilities(encoding))
                XCTAssertEqual(
                    answer?["result"]?["capabilities"]?["positionEncoding"], .string(encoding.rawValue), context)
                let uri = session.uri("Sources/Home.swift")
                let text = Self.lines.joined(separator: ending) + ending
                session.notify(
                    "textDocument/didOpen",
                    ["textDocument": ["uri": .string(uri), "languageId": "swift", "version": 1, "text": .string(text)]])
                let published = try XCTUnwrap(
                    session.wait { $0["method"] == "textDocument/publishDiagnostics" }, context
                ).message
                let diagnostics = published["params"]?["diagnostics"]

                let constant = try XCTUnwrap(diagnostic(diagnostics, "constant-binding"), context)
                XCTAssertEqual(constant["range"], range(4, expected.constant), context)
                let evidence = constant["relatedInformation"]?.array?.first?["location"]?["range"]
                XCTAssertEqual(evidence, range(4, expected.sheet), context)
                let title = try XCTUnwrap(diagnostic(diagnostics, "deprecated-navigation-modifier"), context)
                XCTAssertEqual(title["range"], range(5, expected.title), context)

                let hover = session.request(
                    "textDocument/hover",
                    [
                        "textDocument": ["uri": .string(uri)],
                        "position": ["line": 5, "character": .number(Double(expected.title.lowerBound + 1))],
                    ])
                XCTAssertEqual(hover?["result"]?["range"], range(5, expected.title), context)
                // On the `)` before the finding's word: no hover.
                let before = session.request(
                    "textDocument/hover",
                    [
                        "textDocument": ["uri": .string(uri)],
                        "position": ["line": 5, "character": .number(Double(expected.title.lowerBound - 2))],
                    ])
                XCTAssertEqual(before?["result"], .null, context)

                let actions =
                    session.request(
                        "textDocument/codeAction",
                        [
                            "textDocument": ["uri": .string(uri)], "range": range(5, 0...0),
                            "context": ["diagnostics": []],
                        ])?["result"]?.array ?? []
                let fix = try XCTUnwrap(
                    actions.first { $0["title"]?.string == "Fix deprecated-navigation-modifier" }, context)
                let edit = fix["edit"]?["changes"]?[uri]?.array?.first
                XCTAssertEqual(edit?["range"], range(5, expected.title), context)
                XCTAssertEqual(edit?["newText"], "navigationTitle", context)
                let disable = actions.first {
                    $0["title"]?.string == "Disable deprecated-navigation-modifier for this line"
                }
                XCTAssertEqual(disable?["edit"]?["changes"]?[uri]?.array?.first?["range"], range(5, 0...0), context)

                // A space typed after the emoji and the accent, at the finding: the finding moves by one.
                let at: JSON = ["line": 5, "character": .number(Double(expected.title.lowerBound))]
                session.notify(
                    "textDocument/didChange",
                    [
                        "textDocument": ["uri": .string(uri), "version": 2],
                        "contentChanges": [["range": ["start": at, "end": at], "text": " "]],
                    ])
                let moved = try XCTUnwrap(
                    session.wait {
                        $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["version"] == 2
                    }, context
                ).message
                XCTAssertEqual(
                    diagnostic(moved["params"]?["diagnostics"], "deprecated-navigation-modifier")?["range"],
                    range(5, (expected.title.lowerBound + 1)...(expected.title.upperBound + 1)), context)
            }
        }
    }

    /// A rename's edits in a note whose link stands after an emoji and an accent, in each encoding;
    /// the link's range where the rename starts, too. Not in a note of lone `\r`s: the notes'
    /// parser ends lines at `\n` only, so its rename plan finds nothing there to edit.
    func testANoteRenamesEditsInEachEncodingAndLineEnding() throws {
        for encoding in [PositionEncoding.utf16, .utf8] {
            for ending in ["\n", "\r\n"] {
                let context = "\(encoding), \(ending.debugDescription)"
                let folder = try folder()
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent("notes"), withIntermediateDirectories: true)
                try "notes: [notes]\n".write(
                    to: folder.appendingPathComponent(".patternlint.yml"), atomically: true, encoding: .utf8)
                let sheets = ["---", "title: Sheet Bindings", "---", "# Sheet Bindings", "", "Real state.", ""]
                let flow = [
                    "---", "title: Checkout Flow", "---", "# Checkout Flow", "",
                    "😀 e\u{301} See [[Sheet Bindings]] now.", "",
                ]
                try sheets.joined(separator: ending).write(
                    to: folder.appendingPathComponent("notes/sheets.md"), atomically: true, encoding: .utf8)
                try flow.joined(separator: ending).write(
                    to: folder.appendingPathComponent("notes/flow.md"), atomically: true, encoding: .utf8)
                let session = LSPSession(folder: folder, test: self)
                session.start(capabilities: capabilities(encoding))
                let flowURI = session.uri("notes/flow.md")
                session.notify(
                    "textDocument/didOpen",
                    [
                        "textDocument": [
                            "uri": .string(flowURI), "languageId": "markdown", "version": 1,
                            "text": .string(flow.joined(separator: ending)),
                        ]
                    ])
                // `[[Sheet Bindings]]`: after 10 UTF-16 units (`😀` 2), or 13 bytes (`😀` 4, U+0301 2).
                let link = encoding == .utf8 ? 13...31 : 10...28
                let prepared = session.request(
                    "textDocument/prepareRename",
                    [
                        "textDocument": ["uri": .string(flowURI)],
                        "position": ["line": 5, "character": .number(Double(link.lowerBound + 3))],
                    ])
                XCTAssertEqual(prepared?["result"]?["range"], range(5, link), context)
                let renamed = session.request(
                    "textDocument/rename",
                    [
                        "textDocument": ["uri": .string(flowURI)],
                        "position": ["line": 5, "character": .number(Double(link.lowerBound + 3))],
                        "newName": "Sheet State",
                    ])
                let changes = renamed?["result"]?["documentChanges"]?.array ?? []
                let flowEdits = changes.first { $0["textDocument"]?["uri"] == .string(flowURI) }?["edits"]?.array
                XCTAssertEqual(flowEdits?.count, 1, "\(renamed ?? .null)")
                XCTAssertEqual(
                    flowEdits?.first?["range"], range(5, (link.lowerBound + 2)...(link.upperBound - 2)), context)
                XCTAssertEqual(flowEdits?.first?["newText"], "Sheet State", context)
            }
        }
    }
}
