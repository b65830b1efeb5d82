import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import BuiltinRules
@testable import LintEngine
@testable import ProjectSettings
@testable import Reporters
@testable import SwiftUIModel
import Support
import XCTest

/// Issue 27, item 7: the HTML report is one page that escapes what files and messages hold,
/// fetches nothing, links only what exists, and stays cheap with many findings.
final class HTMLReporterTests: XCTestCase {
    let hostile = #"<script>alert("x")</script> & 'quotes'"#

    func finding(_ path: String, line: Int, rule: String = "constant-binding", severity: Severity = .error)
        -> Finding
    {
        Finding(
            ruleID: rule, severity: severity, message: "message \(hostile)", path: path, line: line, column: 5,
            note: NoteReference(
                title: "Dual <Initializer> & Pattern", permalink: "swiftui/navigation/dual-initializer", path: "n.md"),
            sourceLine: "let x = \(hostile)")
    }

    func parse(_ html: String) throws -> XMLDocument {
        try XMLDocument(data: Data(html.utf8), options: [])
    }

    func nodes(_ document: XMLDocument, _ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    func testEscapedSelfContainedAndGroupedByFile() throws {
        let weird = #"Sources/<My & "App">/View's.swift"#
        let findings = [
            finding(weird, line: 1), finding(weird, line: 2, rule: "state-not-private", severity: .warning),
            finding("Top.swift", line: 3, rule: "navigation-view-deprecated", severity: .info),
        ]
        let result = LintResult(findings: findings, problems: [], filesLinted: 4, rulesRun: [])
        let html = HTMLReporter().report(result)
        // Nothing from a file or a message reaches the page as markup.
        XCTAssertFalse(html.contains("<script>alert"), "a message became markup")
        XCTAssertTrue(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos;"))
        XCTAssertTrue(html.contains("Sources/&lt;My &amp; &quot;App&quot;&gt;/View&apos;s.swift"))
        // Well-formed: it parses as XML, so every element closes and every attribute is quoted.
        let document = try parse(html)
        XCTAssertEqual(try nodes(document, "//script").count, 1)
        XCTAssertEqual(try nodes(document, "//style").count, 1)
        // No network: nothing is fetched, and the policy forbids it anyway.
        for attribute in ["src", "srcset", "action"] {
            XCTAssertEqual(try document.nodes(forXPath: "//@\(attribute)").count, 0, attribute)
        }
        XCTAssertFalse(html.contains("url("), "no CSS fetch")
        XCTAssertFalse(html.contains("@import"))
        XCTAssertTrue(html.contains("default-src 'none'"))
        // One folded-or-open group per file, one item per finding, in a file's group.
        let groups = try nodes(document, "//details[@class='file']")
        XCTAssertEqual(groups.count, 2)
        XCTAssertEqual(groups[0].attribute(forName: "data-dir")?.stringValue, #"Sources/<My & "App">"#)
        XCTAssertEqual(groups[1].attribute(forName: "data-dir")?.stringValue, ".")
        XCTAssertEqual(groups[0].attribute(forName: "data-rules")?.stringValue, " constant-binding state-not-private ")
        let items = try nodes(document, "//li[@class='f']")
        XCTAssertEqual(items.map { $0.attribute(forName: "data-severity")?.stringValue }, ["error", "warning", "info"])
        // Every id is unique and every in-page link lands on one.
        let ids = try document.nodes(forXPath: "//@id").compactMap(\.stringValue)
        XCTAssertEqual(Set(ids).count, ids.count, "duplicate ids")
        for link in try document.nodes(forXPath: "//a/@href").compactMap(\.stringValue) {
            XCTAssertTrue(link.hasPrefix("#") && ids.contains(String(link.dropFirst())), link)
        }
        // The chart: a bar per rule, split by severity; the filters list every rule and folder.
        XCTAssertEqual(try nodes(document, "//table[@class='chart']//tr").count, 3)
        let folders = try nodes(document, "//select[@id='folder']/option").compactMap {
            $0.attribute(forName: "value")?.stringValue
        }
        XCTAssertEqual(folders, ["", ".", "Sources", #"Sources/<My & "App">"#])
        let rules = try nodes(document, "//select[@id='rule']/option").compactMap(\.stringValue)
        XCTAssertEqual(rules, ["all rules", "constant-binding", "navigation-view-deprecated", "state-not-private"])
        // Without help_uri_base the note is named with the command that prints it.
        XCTAssertTrue(
            html.contains(
                "Pattern note: Dual &lt;Initializer&gt; &amp; Pattern — <code>patternlint explain constant-binding</code>"
            ))
    }

    func testNotesLinkToThePublishedPagesAndExcerptsComeFromDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Home.swift").path
        let lines = (1...9).map { "line \($0) <\($0)>" }
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        var onDisk = finding(path, line: 5)
        onDisk.sourceLine = "line 5 <5>"
        onDisk.column = 6
        var changed = finding(path, line: 8)
        changed.sourceLine = "what the index held"
        let result = LintResult(findings: [onDisk, changed], problems: [], filesLinted: 1, rulesRun: [])
        let html = HTMLReporter(helpBase: "https://docs.example.com/patterns").report(result)
        let document = try parse(html)
        let excerpts = try nodes(document, "//pre[@class='code']")
        XCTAssertEqual(excerpts.count, 2)
        // Two lines each side, the finding's line marked and, in it, the word at its column.
        XCTAssertEqual(
            excerpts[0].stringValue, "3line 3 <3>4line 4 <4>5line 5 <5>6line 6 <6>7line 7 <7>")
        XCTAssertEqual(try nodes(document, "//pre[@class='code']/span[@class='l hit']/mark").first?.stringValue, "5")
        // The disk no longer has the line the lint saw: only that line is shown.
        XCTAssertEqual(excerpts[1].stringValue, "8what the index held")
        let links = try document.nodes(forXPath: "//a/@href").compactMap(\.stringValue).filter { !$0.hasPrefix("#") }
        XCTAssertEqual(Set(links), ["https://docs.example.com/patterns/swiftui/navigation/dual-initializer.html"])
    }

    func testEvidenceIsListedWithItsLineAndLinksToItsFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("Home.swift").path
        let pager = folder.appendingPathComponent("Pager <1>.swift").path
        try Data("struct Home {\n    var body: Pager(page: .constant(0))\n}\n".utf8).write(
            to: URL(fileURLWithPath: home))
        try Data("struct Pager {\n    func next() { page += 1 }\n}\n".utf8).write(to: URL(fileURLWithPath: pager))
        var frozen = finding(home, line: 2)
        frozen.sourceLine = "    var body: Pager(page: .constant(0))"
        frozen.related = [
            RelatedLocation(path: pager, line: 2, column: 19, message: "`Pager` writes `page` <here>"),
            RelatedLocation(path: home, line: 1, message: "the view"),
            RelatedLocation(path: "/nowhere/Gone.swift", line: 9, message: "gone"),
        ]
        var other = finding(pager, line: 1, rule: "state-not-private", severity: .warning)
        other.sourceLine = "struct Pager {"
        let result = LintResult(findings: [frozen, other], problems: [], filesLinted: 2, rulesRun: [])
        let html = HTMLReporter().report(result)
        let document = try parse(html)
        let evidence = try nodes(document, "//li[@id='f-1-1']/ul[@class='related']/li")
        XCTAssertEqual(evidence.count, 3)
        // Another file with findings: linked to its group; its line shown with the column marked.
        XCTAssertEqual(try evidence[0].nodes(forXPath: "a/@href").first?.stringValue, "#file-2")
        XCTAssertTrue(html.contains("<code>Pager</code> writes <code>page</code> &lt;here&gt;"), html)
        XCTAssertEqual(try evidence[0].nodes(forXPath: ".//mark").first?.stringValue, "page")
        // The finding's own file: its line, nothing marked (column 1: only the line is known).
        XCTAssertEqual(try evidence[1].nodes(forXPath: ".//span[@class='l hit']").first?.stringValue, "1struct Home {")
        XCTAssertEqual(try evidence[1].nodes(forXPath: ".//mark").count, 0)
        // A file that cannot be read: place and message only.
        XCTAssertEqual(try evidence[2].nodes(forXPath: ".//pre").count, 0)
        XCTAssertEqual(try evidence[2].nodes(forXPath: "code").first?.stringValue, "/nowhere/Gone.swift:9:1")
    }

    func testTenThousandFindingsStayFoldedAndQuick() throws {
        let findings = (0..<10_000).map {
            finding("Sources/Folder\($0 / 4 % 40)/File\($0 / 4).swift", line: $0 % 4 + 1)
        }
        let result = LintResult(findings: findings, problems: [], filesLinted: 2_500, rulesRun: [])
        let started = Date()
        let html = HTMLReporter().report(result)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertLessThan(seconds, 10, "10,000 findings took \(seconds) s")
        let document = try parse(html)
        XCTAssertEqual(try nodes(document, "//details[@class='file']").count, 2_500)
        XCTAssertEqual(try nodes(document, "//details[@open]").count, 0, "many findings start folded")
        XCTAssertEqual(try nodes(document, "//li[@class='f']").count, 10_000)
        XCTAssertLessThan(html.utf8.count, 20_000_000)
    }

    func testBacktickedNamesShowAsCodeAndTheWordAtTheColumnIsMarked() {
        XCTAssertEqual(HTMLReporter.withCode("`a<b>` & `c`"), "<code>a&lt;b&gt;</code> &amp; <code>c</code>")
        XCTAssertEqual(HTMLReporter.withCode("one ` alone <"), "one ` alone &lt;", "unpaired: left as text")
        XCTAssertEqual(HTMLReporter.marked("f(x: .constant(1))", column: 6), "f(x: <mark>.constant</mark>(1))")
        XCTAssertEqual(HTMLReporter.marked("a <é> b", column: 4), "a &lt;<mark>é</mark>&gt; b", "columns count scalars")
        XCTAssertEqual(HTMLReporter.marked("short", column: 40), "short", "a column past the shown text marks nothing")
    }

    func testTheReporterIsReachableByName() {
        XCTAssertTrue(Reporters.names.contains("html"))
        XCTAssertTrue(Reporters.make("html", helpURIBase: "https://x.example/") is HTMLReporter)
    }
}

extension HTMLReporterTests {
    /// Issue 46, item 5: a report whose findings a baseline hides says so, and by which file.
    func testAnEmptyReportSaysWhatTheBaselineHides() {
        var result = LintResult(findings: [], problems: [], filesLinted: 3, rulesRun: [])
        XCTAssertTrue(HTMLReporter().report(result).contains("<p>No findings.</p>"))
        result.hiddenByBaseline = 45
        result.baselinePath = ".patternlint-baseline.json"
        let html = HTMLReporter().report(result)
        XCTAssertFalse(html.contains("<p>No findings.</p>"), html)
        XCTAssertTrue(
            html.contains("No new findings: 45 findings are hidden by the baseline .patternlint-baseline.json"), html)
        XCTAssertTrue(html.contains("45 findings hidden by the baseline .patternlint-baseline.json</span>"), html)
    }
}
