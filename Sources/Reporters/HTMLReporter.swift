import Support
import LintEngine

/// One self-contained HTML page for people (a CI artifact opened in a browser, no network): the
/// counts per rule and severity as bars, then the findings grouped by file in `<details>` (folded
/// when there are many, so 10,000 findings load without laying out every one), each with the
/// code around it, its evidence and its pattern note, and filters by rule, folder and severity.
/// Every text from a file or a message is escaped; the markup is also well-formed XML.
public struct HTMLReporter: Reporter {
    public static let name = "html"
    /// `help_uri_base`: where the notes are published (`notes export --html`); notes link there.
    public var helpBase: String?
    /// Files with more findings than this start folded.
    static let openUpTo = 500

    public init(helpBase: String? = nil) { self.helpBase = helpBase }

    public func report(_ result: LintResult) -> String {
        let files = Self.byFile(result.findings)
        var out = ""
        out.reserveCapacity(result.findings.count * 1_200 + 16_384)
        out += head(result)
        out += chart(result)
        out += filters(result, files: files)
        out += "<main id=\"files\">\n"
        let excerpts = CodeExcerpts()
        let evidence = EvidenceLines()
        let groups = Dictionary(files.enumerated().map { ($1.path, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        let open = result.findings.count <= Self.openUpTo
        if !open {
            out +=
                "<p class=\"muted\">\(Self.plural(files.count, "file")) with findings, folded: pick a rule or a folder above (a narrow choice opens), or open a file.</p>\n"
        }
        for (index, file) in files.enumerated() {
            out += fileGroup(
                file, index: index + 1, open: open, excerpts: excerpts, evidence: evidence, groups: groups)
        }
        if files.isEmpty { out += "<p>\(Markup.escape(Self.nothingShown(result)))</p>\n" }
        out += "</main>\n"
        out += "<footer>PatternLint \(Markup.escape(PatternLintVersion.current)). "
        out +=
            "Each finding links its pattern note; <code>patternlint explain RULE</code> prints the rule and the note.</footer>\n"
        out += "<script>\n\(HTMLReportAssets.script)\n</script>\n</body>\n</html>\n"
        return out
    }

    /// The findings of each file, files in the order their first finding comes.
    static func byFile(_ findings: [Finding]) -> [(path: String, findings: [Finding])] {
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for finding in findings {
            if groups[finding.path] == nil { order.append(finding.path) }
            groups[finding.path, default: []].append(finding)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// `Sources/App` for `Sources/App/Home.swift`; `.` for a file at the top.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    func head(_ result: LintResult) -> String {
        let count = result.findings.count
        let title = "PatternLint: \(Self.plural(count, "finding")) in \(Self.plural(result.filesLinted, "file"))"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"/>
            <title>\(Markup.escape(title))</title>
            <style>
            \(HTMLReportAssets.style)
            </style>
            </head>
            <body>
            <header>
            <h1>PatternLint report</h1>
            <p class="totals">\(severityTotals(result.findings))<span class="muted">\(Self.plural(count, "finding")) in \(Self.plural(result.filesLinted, "file")) linted, \(Self.plural(result.rulesRun.count, "rule")) run\(Markup.escape(Self.hiddenNote(result)))</span></p>
            </header>

            """
    }

    /// `, 45 hidden by the baseline .patternlint-baseline.json`; empty when none are hidden.
    static func hiddenNote(_ result: LintResult) -> String {
        guard let hidden = result.hiddenByBaseline, hidden > 0 else { return "" }
        return ", \(plural(hidden, "finding")) hidden by the baseline" + (result.baselinePath.map { " \($0)" } ?? "")
    }

    /// What an empty report says: a clean run, or one whose findings a baseline hides (a page that
    /// said "No findings" then misled whoever opened it).
    static func nothingShown(_ result: LintResult) -> String {
        guard let hidden = result.hiddenByBaseline, hidden > 0 else { return "No findings." }
        return "No new findings: \(plural(hidden, "finding")) \(hidden == 1 ? "is" : "are") hidden by the baseline"
            + (result.baselinePath.map { " \($0)" } ?? "") + "; patternlint lint --no-baseline shows them."
    }

    func severityTotals(_ findings: [Finding]) -> String {
        Severity.allCases.reversed().map { severity in
            let count = findings.lazy.filter { $0.severity == severity }.count
            return "<span class=\"s-\(severity.rawValue)\">\(Self.plural(count, severity.rawValue))</span>"
        }.joined()
    }

    /// A bar per rule with findings, its parts the rule's errors, warnings and infos, scaled to
    /// the rule with the most; the rule's name picks it in the filter.
    func chart(_ result: LintResult) -> String {
        var counts: [String: [Severity: Int]] = [:]
        for finding in result.findings { counts[finding.ruleID, default: [:]][finding.severity, default: 0] += 1 }
        guard !counts.isEmpty else { return "" }
        let totals = counts.mapValues { $0.values.reduce(0, +) }
        let most = max(1, totals.values.max() ?? 1)
        var out = "<section id=\"chart\">\n<h2>Findings per rule</h2>\n<table class=\"chart\">\n"
        for rule in counts.keys.sorted(by: { (totals[$1]!, $0) < (totals[$0]!, $1) }) {
            let id = Markup.escape(rule)
            let parts = Severity.allCases.reversed().compactMap { severity -> (Severity, Int)? in
                counts[rule]![severity].map { (severity, $0) }
            }
            let bars = parts.map { severity, count in
                let hundredths = count * 10_000 / most
                let width = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)%"
                return
                    "<span class=\"\(severity.rawValue)\" style=\"width:\(width)\" title=\"\(Self.plural(count, severity.rawValue))\"></span>"
            }.joined()
            let words = parts.map { Self.plural($1, $0.rawValue) }.joined(separator: ", ")
            out +=
                "<tr><th scope=\"row\"><button type=\"button\" class=\"pick\" data-rule=\"\(id)\">\(id)</button></th>"
                + "<td><div class=\"bar\" role=\"img\" aria-label=\"\(id): \(words)\">\(bars)</div></td>"
                + "<td class=\"n\">\(words)</td></tr>\n"
        }
        out += "</table>\n<p class=\"legend muted\">"
        for severity in Severity.allCases.reversed() {
            out +=
                "<span><i class=\"bar-key\" style=\"background:var(--\(severity.rawValue))\"></i>\(severity.rawValue)</span>"
        }
        let quiet = result.rulesRun.count - counts.count
        if quiet > 0 { out += "<span>\(Self.plural(quiet, "other rule")) ran with no findings</span>" }
        out += "</p>\n</section>\n"
        return out
    }

    /// Rule, folder (a folder takes in its subfolders) and severity; shown once the script runs.
    func filters(_ result: LintResult, files: [(path: String, findings: [Finding])]) -> String {
        let rules = Set(result.findings.map(\.ruleID)).sorted()
        var folders = Set<String>()
        for file in files {
            var folder = Self.folder(of: file.path)
            while folder != "." && folder != "/" && !folder.isEmpty && folders.insert(folder).inserted {
                folder = Self.folder(of: folder)
            }
            if folder == "." { folders.insert(".") }
        }
        var out = "<nav class=\"filters\" id=\"filters\" hidden=\"\">\n"
        out += "<label>Rule <select id=\"rule\"><option value=\"\">all rules</option>"
        for rule in rules { out += "<option>\(Markup.escape(rule))</option>" }
        out += "</select></label>\n<label>Folder <select id=\"folder\"><option value=\"\">all folders</option>"
        for folder in folders.sorted() {
            out +=
                "<option value=\"\(Markup.escape(folder))\">\(folder == "." ? "(top folder)" : Markup.escape(folder))</option>"
        }
        out += "</select></label>\n"
        for severity in Severity.allCases.reversed() {
            out +=
                "<label><input type=\"checkbox\" name=\"severity\" value=\"\(severity.rawValue)\" checked=\"checked\"/> \(severity.rawValue)</label>"
        }
        out +=
            "\n<button type=\"button\" id=\"expand\">Expand all</button> <button type=\"button\" id=\"collapse\">Collapse all</button>"
        out +=
            " <span id=\"shown\" class=\"muted\">\(Self.plural(result.findings.count, "finding")) shown</span>\n</nav>\n"
        return out
    }

    func fileGroup(
        _ file: (path: String, findings: [Finding]), index: Int, open: Bool, excerpts: CodeExcerpts,
        evidence: EvidenceLines, groups: [String: Int]
    ) -> String {
        let rules = " " + Set(file.findings.map(\.ruleID)).sorted().joined(separator: " ") + " "
        var out =
            "<details class=\"file\" id=\"file-\(index)\" data-dir=\"\(Markup.escape(Self.folder(of: file.path)))\" data-rules=\"\(Markup.escape(rules))\"\(open ? " open=\"\"" : "")>\n"
        out +=
            "<summary><code>\(Markup.escape(file.path))</code> <span class=\"count\">\(file.findings.count)</span></summary>\n<ol class=\"findings\">\n"
        let lines = CodeExcerpts.FileLines(path: file.path)
        for (position, finding) in file.findings.enumerated() {
            out += item(finding, id: "f-\(index)-\(position + 1)", excerpt: excerpts.excerpt(finding, in: lines))
            out += related(finding, ownLines: lines, evidence: evidence, groups: groups)
            out += note(finding) + "</li>\n"
        }
        out += "</ol>\n</details>\n"
        return out
    }

    func item(_ finding: Finding, id: String, excerpt: [CodeExcerpts.Line]) -> String {
        let severity = finding.severity.rawValue
        let rule = Markup.escape(finding.ruleID)
        let name = finding.path.split(separator: "/").last.map(String.init) ?? finding.path
        var out =
            "<li class=\"f\" id=\"\(id)\" data-rule=\"\(rule)\" data-severity=\"\(severity)\" data-confidence=\"\(finding.confidence.rawValue)\">\n"
        out +=
            "<p class=\"head\"><span class=\"sev s-\(severity)\">\(severity)</span><a class=\"loc\" href=\"#\(id)\">\(Markup.escape(name)):\(finding.line):\(finding.column)</a> <code>\(rule)</code>\(finding.confidenceLabel.map { " <span class=\"conf\">\($0)</span>" } ?? "")</p>\n"
        out += "<p class=\"msg\">\(Self.withCode(finding.message))</p>\n"
        out += code(excerpt, line: finding.line, column: finding.column)
        return out
    }

    /// The finding's evidence (`Finding.related`): each place, linked to its file's group when
    /// that file has findings too, its message, and the line there when it can be read.
    func related(
        _ finding: Finding, ownLines: CodeExcerpts.FileLines?, evidence: EvidenceLines, groups: [String: Int]
    ) -> String {
        guard !finding.related.isEmpty else { return "" }
        var out = "<ul class=\"related\">\n"
        for place in finding.related {
            let location = Markup.escape("\(place.path):\(place.line):\(place.column)")
            let shown =
                groups[place.path].map { "<a href=\"#file-\($0)\">\(location)</a>" } ?? "<code>\(location)</code>"
            out += "<li><span class=\"ev\">evidence</span> \(shown): \(Self.withCode(place.message))"
            let text =
                place.path == finding.path
                ? ownLines?.text(of: place.line) : evidence.text(of: place.line, in: place.path)
            if let text {
                // Column 1 says only the line is known: the line is shown, nothing in it marked.
                out += code(
                    [CodeExcerpts.Line(number: place.line, text: CodeExcerpts.shown(text))], line: place.line,
                    column: place.column > 1 ? place.column : 0)
            }
            out += "</li>\n"
        }
        out += "</ul>\n"
        return out
    }

    /// The excerpt, the finding's line marked and, on it, the word at its column.
    func code(_ lines: [CodeExcerpts.Line], line: Int, column: Int) -> String {
        var out = "<pre class=\"code\">"
        for shown in lines {
            let hit = shown.number == line
            out += "<span class=\"l\(hit ? " hit" : "")\"><span class=\"ln\">\(shown.number)</span>"
            out += hit ? Self.marked(shown.text, column: column) : Markup.escape(shown.text)
            out += "</span>"
        }
        out += "</pre>\n"
        return out
    }

    /// The line with the word starting at `column` (counted in Unicode scalars) in `<mark>`.
    static func marked(_ text: String, column: Int) -> String {
        let scalars = text.unicodeScalars
        guard column >= 1, column <= scalars.count,
            let start = scalars.index(scalars.startIndex, offsetBy: column - 1, limitedBy: scalars.endIndex)
        else { return Markup.escape(text) }
        func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        // The name there, with the `.`, `@`, `#` or `$` it may start with (`.constant`, `@State`).
        var end = scalars.index(after: start)
        if isWordPart(scalars[start]) || ".@#$".unicodeScalars.contains(scalars[start]) {
            while end < scalars.endIndex, isWordPart(scalars[end]) { end = scalars.index(after: end) }
        }
        return Markup.escape(String(scalars[..<start])) + "<mark>" + Markup.escape(String(scalars[start..<end]))
            + "</mark>" + Markup.escape(String(scalars[end...]))
    }

    /// A message with its `backticked` names as code (when the backticks pair up).
    static func withCode(_ message: String) -> String {
        let parts = message.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.count % 2 == 1 else { return Markup.escape(message) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? "<code>" + Markup.escape(String(part)) + "</code>" : Markup.escape(String(part))
        }.joined()
    }

    /// The pattern note: a link to its published page with `help_uri_base`, else its title and
    /// the command that prints it.
    func note(_ finding: Finding) -> String {
        guard let note = finding.note else { return "" }
        let title = Markup.escape(note.title)
        let explain = "<code>patternlint explain \(Markup.escape(finding.ruleID))</code>"
        guard let helpBase else { return "<p class=\"note\">Pattern note: \(title) — \(explain)</p>\n" }
        let url = Markup.escape(NotePageLink.url(for: note, base: helpBase))
        return "<p class=\"note\">Pattern note: <a href=\"\(url)\">\(title)</a> — \(explain)</p>\n"
    }

    /// `1 finding`, `10,000 findings`.
    static func plural(_ count: Int, _ word: String) -> String {
        var digits = String(count)
        var at = digits.count - 3
        while at > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: at))
            at -= 3
        }
        return "\(digits) \(word)\(count == 1 ? "" : "s")"
    }
}
