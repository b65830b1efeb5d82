import Catalog
import Foundation
import Notes
import SwiftLexer
import XCTest

@testable import BuiltinRules
@testable import LintEngine
@testable import SwiftLintImport
@testable import ProjectSettings
@testable import Reporters
import Support
@testable import SwiftUIModel

/// The team-rule language: the example rule files of `docs/team-rules` (one per kind of match),
/// SwiftLint's syntax kinds from our tokens, the regex prefilter, and the errors a rule file gets.
final class TeamRuleTests: XCTestCase {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/team-rules").path

    static let catalog: RuleCatalog = {
        let vault = Vault.load(roots: [docs + "/notes"], extra: BuiltinCatalog.noteSources)
        return RuleCatalog(
            builtinFiles: BuiltinCatalog.ruleFiles, implementations: BuiltinRules.all, teamFolders: [docs],
            graph: Graph(vault: vault))
    }()

    static var teamIDs: Set<String> { Set(catalog.entries.filter { !$0.builtin }.map(\.metadata.id)) }

    func testTheExampleRuleFilesLoadAndTheirExamplesHold() {
        XCTAssertEqual(Self.catalog.problems, [])
        XCTAssertGreaterThanOrEqual(Self.teamIDs.count, 12)
        let outcome = RuleExampleRunner(catalog: Self.catalog).run(only: Self.teamIDs)
        XCTAssertEqual(outcome.failures.map(\.description), [])
        XCTAssertEqual(outcome.rulesWithoutExamples, [])
    }

    /// Each kind of match, and the context and path keys, has an example rule file.
    func testEveryKindOfMatchHasAnExampleRule() {
        let texts = Self.catalog.entries.filter { !$0.builtin }.map(\.metadata.markdown)
        for key in TeamMatcherParser.primaryKeys where key != "text" {
            XCTAssertTrue(texts.contains { $0.contains("\n  \(key):") }, "no example rule with `match.\(key)`")
        }
        for key in ["  inside:", "  not_inside:", "  has:", "  not_has:", "  report_at:", "\npaths:", "$NAME"] {
            XCTAssertTrue(texts.contains { $0.contains(key) }, "no example rule with `\(key)`")
        }
    }

    // MARK: SwiftLint kinds

    /// Each token of a snippet with the kind SwiftLint's SwiftSyntax bridge gives it.
    func testKindsFollowSwiftLintsSwiftSyntaxBridge() {
        let source = """
            /// Doc
            @MainActor final class Box<T: Equatable>: Base, P {
                weak var delegate: Delegate?
                func run(in scene: Scene, _ x: Int = 1) async -> some View {
                    let s = #"raw \\#(x)"#
                    print(label: x, self.count, y as? Int)
                    return Text("a")
                }
            }
            // note
            #if DEBUG
            let p = <#value#>
            #endif
            """
        let structure = Structure(SourceFile(path: "K.swift", text: source))
        let map = SwiftLintKindMap(structure)
        let bytes = Array(source.utf8)
        var found: [String] = []
        for index in map.kinds.indices {
            let text = String(decoding: bytes[Int(map.starts[index])..<Int(map.ends[index])], as: UTF8.self)
            found.append("\(text)=\(map.kinds[index].shortName)")
        }
        XCTAssertEqual(
            found,
            [
                "/// Doc=doccomment", "@MainActor=attribute.id", "final=keyword", "class=keyword", "Box=identifier",
                "T=identifier", "Equatable=typeidentifier", "Base=typeidentifier", "P=typeidentifier",
                "weak=keyword", "var=keyword", "delegate=identifier", "Delegate=typeidentifier", "func=keyword",
                "run=identifier", "in=argument", "scene=identifier", "Scene=typeidentifier", "x=identifier",
                "Int=typeidentifier", "1=number", "async=keyword", "some=keyword", "View=typeidentifier",
                "let=keyword", "s=identifier", "\"raw =string", "x=identifier", "\"=string", "print=identifier",
                "label=argument", "x=identifier", "self=keyword", "count=identifier", "y=identifier", "as=keyword",
                "Int=typeidentifier", "return=keyword", "Text=identifier", "\"a\"=string", "// note=comment",
                "#if=pounddirective.keyword", "DEBUG=pounddirective.keyword", "let=keyword", "p=identifier",
                "<#value#>=placeholder", "#endif=pounddirective.keyword",
            ])
    }

    /// A range's kinds worked out from its tokens alone are those the whole file's map gives,
    /// for every token, every pair of neighbours and seeded random ranges of the survey's case
    /// files and a snippet of the awkward cases (interpolations, raw strings, `#if` lines, a
    /// placeholder, a shebang, labels, keywords after `.`); and most ranges are decided locally.
    func testKindsOfOneRangeAgreeWithTheWholeFilesMap() throws {
        let fixtures = SwiftLintImportTests.fixtures + "/cases"
        var sources = try FileManager.default.subpathsOfDirectory(atPath: fixtures).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOfFile: fixtures + "/" + $0, encoding: .utf8) }
        sources.append(
            """
            #!/usr/bin/swift
            /** doc */ /// doc
            #if os(iOS) && DEBUG || 1
            fileprivate let a = "http://x \\(b) y", r = #"raw \\#(c) "q" "#, n = 0x1F
            #elseif true
            let t = f(in: 1, default: .default, .class, self.init, x.Type)
            #endif
            let p = <#value#> ; let q = "<#no#>" // http://z
            @objc func g(for value: Int) -> some View { return nil }
            """)
        var generator = SeededGenerator(seed: 23)
        var local = 0, checked = 0
        for source in sources {
            let structure = Structure(SourceFile(path: "K.swift", text: source))
            let map = SwiftLintKindMap(structure)
            let classifier = SwiftLintKindClassifier(s: structure, reserving: false)
            let count = structure.file.bytes.count
            var ranges = (structure.code + structure.file.comments).map(\.range)
            ranges += zip(structure.code, structure.code.dropFirst()).map { $0.offset..<$1.end }
            for _ in 0..<400 where count > 1 {
                let start = Int.random(in: 0..<(count - 1), using: &generator)
                ranges.append(start..<min(count, start + Int.random(in: 1...24, using: &generator)))
            }
            for range in ranges where !range.isEmpty {
                checked += 1
                guard let kinds = classifier.localKinds(touching: range) else { continue }
                local += 1
                XCTAssertEqual(kinds, map.kinds(touching: range), "\(range) in \(source.prefix(60))")
            }
        }
        XCTAssertGreaterThan(checked, 5000)
        XCTAssertGreaterThan(local, checked / 3, "most ranges decided from their tokens")
    }

    // MARK: The regex prefilter

    /// A file holding none of a regex's required texts has no match: checked for every regex of
    /// the survey against every case file, and read off a few by hand.
    func testRequiredTextsNeverSkipAFileThatMatches() throws {
        let fixtures = SwiftLintImportTests.fixtures
        let cases = try FileManager.default.subpathsOfDirectory(atPath: fixtures + "/cases").filter {
            $0.hasSuffix(".swift")
        }.map { try String(contentsOfFile: fixtures + "/cases/" + $0, encoding: .utf8) }
        var checked = 0
        for config in SwiftLintImportTests.Config.allCases {
            for rule in try SwiftLintConfigReader.read(path: fixtures + "/configs/" + config.rawValue) {
                guard let pattern = rule.regex, let lists = RequiredLiterals.all(pattern) else { continue }
                let regex = try NSRegularExpression(pattern: pattern, options: SwiftLintRegex.options)
                for text in cases where regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                {
                    for required in lists {
                        checked += 1
                        XCTAssertTrue(
                            required.contains {
                                Array(text.utf8).endsOfOccurrences(of: String(decoding: $0, as: UTF8.self)).count > 0
                            },
                            "\(rule.key): \(required.map { String(decoding: $0, as: UTF8.self) })")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 80)
        func texts(_ pattern: String) -> [String]? {
            RequiredLiterals.of(pattern)?.map { String(decoding: $0, as: UTF8.self) }
        }
        XCTAssertEqual(texts(#"NSLocalizedString\("#), ["NSLocalizedString("])
        XCTAssertEqual(texts(#"(TODO|FIXME):\ ([^\[]|\[[^#]|\[#[^1-9])"#), ["FIXME: ", "TODO: "])
        XCTAssertEqual(texts(#"([debug]*[pP]rint)\("#), ["Print", "print"], "a group ends the run")
        XCTAssertNil(texts(#"((?i)http(?!s))"#), "case-insensitive: no literal to look for")
        XCTAssertNil(texts(#"(\t+| +)//$"#).map { $0.filter { $0.count > 2 } }.flatMap { $0.isEmpty ? nil : $0 })
        XCTAssertNil(texts(#"\x41BC"#), "escapes it does not follow give nothing")
    }

    /// A rule's gate holds every list a match needs: its matcher's (all of a regex's) and each
    /// `has:` entry's (each word of a code pattern), so a file without `shared` is not searched
    /// for singletons.
    func testARulesGateHoldsItsHasEntriesTexts() throws {
        func required(_ frontMatter: String) -> [[String]] {
            let text = "---\nid: probe\nnote: \"[[Views Stay Pure]]\"\n\(frontMatter)\n---\n# probe\n"
            let catalog = RuleCatalog(builtinFiles: [("probe.md", text)], graph: Graph(vault: Vault.load(roots: [])))
            let rule = catalog.entry("probe")?.rule as? TeamRule
            return (rule?.required ?? []).map { $0.map { String(decoding: $0, as: UTF8.self) } }
        }
        let singleton = "match:\n  declaration: class\n  has: {code: 'static let shared = $NAME('}"
        XCTAssertEqual(
            required(singleton), [["static"], ["shared"]], "the class matcher needs no text; the has: entry each word")
        XCTAssertEqual(try findings(singleton, "final class A {\n    static let shared = A()\n}\n"), ["1:13"])
        XCTAssertEqual(try findings(singleton, "final class A {\n    static let main = A()\n}\n"), [])
        XCTAssertGreaterThan(required("match:\n  regex: 'let .+ = \\[\\]\\(\\)'").count, 1, "each list of the regex")
    }

    func testEveryListOfRequiredTextsMustHold() {
        let lists = RequiredLiterals.all(#"[let,var] .+ = (\[.+\]\(\))"#)?.map {
            $0.map { String(decoding: $0, as: UTF8.self) }
        }
        XCTAssertEqual(lists?.first, ["]()"], "the rarest first: ` = ` is in every file")
        XCTAssertTrue(lists?.contains([" = "]) ?? false)
        XCTAssertEqual(PathScope.searchable(#".*Test\.swift"#), #"Test\.swift"#)
        XCTAssertEqual(PathScope.searchable(".*+x"), ".*+x", "possessive: not the same")
    }

    /// A regex that backtracks without end stops at its budget and says so, instead of hanging.
    func testARunawayRegexGivesUpAtItsBudget() throws {
        let regex = try SwiftLintRegex(pattern: "(x+x+)+y")
        let source = "// y\nlet s = \"" + String(repeating: "x", count: 64) + "\"\n"
        let structure = Structure(SourceFile(path: "A.swift", text: source))
        // Nothing but the part for the characters it reads.
        let budget = RegexBudget(saves: 0)
        let (matches, gaveUp) = regex.matches(in: TeamFileIndex(structure), budget: budget)
        XCTAssertTrue(gaveUp)
        XCTAssertTrue(budget.isSpent)
        XCTAssertEqual(matches.count, 0)
    }

    /// ICU's C API (taken when reachable) and `NSRegularExpression` give the same matches: every
    /// survey regex, with its kinds and capture group, on every case file.
    func testICUAndNSRegularExpressionFindTheSameMatches() throws {
        let fixtures = SwiftLintImportTests.fixtures
        let sources = try FileManager.default.subpathsOfDirectory(atPath: fixtures + "/cases").filter {
            $0.hasSuffix(".swift")
        }.map { try String(contentsOfFile: fixtures + "/cases/" + $0, encoding: .utf8) }
        let indexes = sources.map { TeamFileIndex(Structure(SourceFile(path: "A.swift", text: $0))) }
        var compared = 0
        for config in SwiftLintImportTests.Config.allCases {
            for rule in try SwiftLintConfigReader.read(path: fixtures + "/configs/" + config.rawValue) {
                guard let pattern = rule.regex else { continue }
                let kinds = try (rule.matchKinds ?? rule.excludedMatchKinds ?? []).map {
                    try XCTUnwrap(SwiftLintKind(shortName: $0))
                }
                let excluded = SwiftLintRegex.excludedKinds(
                    matchKinds: rule.matchKinds == nil ? nil : kinds,
                    excludedMatchKinds: rule.excludedMatchKinds == nil ? nil : kinds)
                let fast = try SwiftLintRegex(pattern: pattern, excluded: excluded, captureGroup: rule.captureGroup)
                #if os(Linux)
                XCTAssertNotNil(fast.icu, "ICU's C API is reachable in a dynamic Linux build")
                #endif
                var plain = fast
                plain.icu = nil
                for index in indexes {
                    let a = fast.matches(in: index, budget: RegexBudget()).matches.map { "\($0.offset) \($0.range)" }
                    let b = plain.matches(in: index, budget: RegexBudget()).matches.map { "\($0.offset) \($0.range)" }
                    XCTAssertEqual(a, b, rule.key)
                    compared += a.count
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// The text ICU reads and its maps to bytes, made in one pass over the bytes, agree with
    /// decoding scalar by scalar; bytes that are not UTF-8 give no text (SwiftLint reads nothing).
    func testRegexTextMapsEveryUnitToItsBytes() throws {
        for source in ["a\u{FEFF}b", "\u{FEFF}let é = \"http://x\"\n", "x😀y\u{10FFFF}z", "日本語 text", ""] {
            let bytes = Array(source.utf8)
            let text = try XCTUnwrap(RegexText(bytes), source)
            XCTAssertEqual(text.utf16, Array(source.utf16), source)
            var byte = 0, unit = 0
            for scalar in source.unicodeScalars {
                for offset in 0..<UTF16.width(scalar) { XCTAssertEqual(text.byteOffset(ofUnit: unit + offset), byte) }
                for offset in 0..<UTF8.width(scalar) { XCTAssertEqual(text.unitOffset(ofByte: byte + offset), unit) }
                byte += UTF8.width(scalar)
                unit += UTF16.width(scalar)
            }
            XCTAssertEqual(text.byteOffset(ofUnit: unit), bytes.count)
            XCTAssertEqual(text.unitOffset(ofByte: bytes.count), unit)
        }
        for invalid: [UInt8] in [
            [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x61, 0xE2, 0x82],
        ] {
            XCTAssertNil(RegexText(invalid + [0xC3, 0xA9]), "\(invalid)")
        }
    }

    /// A byte-order mark is three bytes of the file: a regex finding after it stands where its
    /// text is (it was three columns early when the mark was dropped before matching).
    func testARegexFindingInAFileWithAByteOrderMarkStandsAtItsText() throws {
        let rule = "match:\n  regex: 'http://(?!localhost)'\n  match_kinds: [string]"
        XCTAssertEqual(try findings(rule, "\u{FEFF}import A\nlet é = \"http://x\"\n"), ["2:10"])
    }

    func testLiteralRegexesAreReadAsTheirTextsInOrder() {
        XCTAssertEqual(LiteralRegex.texts(of: #"print\(|debugPrint\("#), ["print(", "debugPrint("])
        XCTAssertEqual(
            LiteralRegex.texts(of: #"((assert|precondition)\(false)"#), ["assert(false", "precondition(false"])
        XCTAssertEqual(LiteralRegex.texts(of: #"(XCTAssert)\("#, captureGroup: 1), ["XCTAssert("])
        XCTAssertNil(LiteralRegex.texts(of: #"a(b)"#, captureGroup: 1), "the group starts after the match")
        XCTAssertNil(LiteralRegex.texts(of: "log.debug\\("), "`.` is any character")
        XCTAssertNil(LiteralRegex.texts(of: #"\bprint"#))
        XCTAssertEqual(LiteralRegex.texts(of: "\t"), ["\t"])
    }

    // MARK: Rule files that cannot be read

    func testARuleFileWithAMistakeIsAProblemNamingItAndTheKey() throws {
        let cases: [(String, String)] = [
            (
                "match:\n  call: VStack\n  withot_label: spacing",
                "unknown key `withot_label` in `match`; did you mean `without_label`?"
            ),
            ("match:\n  call: VStack\n  identifier: print", "`match` names 2 kinds of match"),
            ("match:\n  regex: 'a('", "`match.regex`: `a(` is not a valid regular expression"),
            ("match:\n  regex: 'a'\n  match_kinds: [coment]", "no syntax kind `coment`; did you mean `comment`?"),
            ("match:\n  regex: 'a'\n  capture_group: 2", "`capture_group: 2`: the regex has 0 capture groups"),
            (
                "match:\n  call: VStack\n  report_at: name",
                "`match.report_at` is `name`; this match can point at: start"
            ),
            ("match:\n  code: '$X = !$Y'\n  where: {Z: a}", "`$Z` is not a metavariable of the pattern"),
            ("match:\n  declaration: klass", "no declaration kind `klass`"),
            ("match:\n  line: {max_blank_lines: one}", "must be a whole number, not `one`"),
            ("paths: ['Sources/**']\nexamples: later", "`examples` takes only `todo`"),
        ]
        for (yaml, message) in cases {
            let text = "---\nid: broken\nnote: \"[[Views Stay Pure]]\"\n\(yaml)\n---\n# broken\n"
            XCTAssertThrowsError(try RuleMetadata.parse(path: "rules/broken.md", text: text), yaml) { error in
                XCTAssertTrue("\(error)".hasPrefix("rules/broken.md:1: "), "\(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    // MARK: Matching

    /// Lints one in-memory file with one rule written as front matter.
    func findings(_ frontMatter: String, _ source: String, path: String = "Sources/A.swift") throws -> [String] {
        let text = "---\nid: probe\nnote: \"[[Views Stay Pure]]\"\n\(frontMatter)\n---\n# probe\n"
        let vault = Vault.load(roots: [Self.docs + "/notes"], extra: [])
        let catalog = RuleCatalog(builtinFiles: [("probe.md", text)], graph: Graph(vault: vault))
        XCTAssertNotNil(catalog.entry("probe"), "\(catalog.problems)")
        var configuration = Configuration()
        configuration.onlyRules = ["probe"]
        let result = Linter(catalog: catalog, configuration: configuration).lint([
            LintInput(path: path) { Array(source.utf8) }
        ])
        return result.findings.map { "\($0.line):\($0.column)" }
    }

    func testCodePatternsKeepBracketsBalancedAndRepeatMetavariables() throws {
        let rule = "match:\n  code: 'DispatchQueue.main.async { $$$BODY }'"
        XCTAssertEqual(
            try findings(rule, "DispatchQueue.main.async { f(); g { h() } }\nDispatchQueue.main.async {}\n"),
            ["1:1", "2:1"])
        XCTAssertEqual(
            try findings("match:\n  code: '$A == $A'", "if x == x {}\nif x == y {}\nif a.b == a . b {}\n"),
            ["1:4", "3:4"])
        XCTAssertEqual(
            try findings(
                "match:\n  code: 'Text($S)'\n  where: {S: {literal: string}}",
                "Text(\"a\")\nText(name)\nText(\"a \\(b)\")\n"),
            ["1:1", "3:1"])
    }

    /// Several `$$$` in one call's arguments: each is tried from each token once, not every way
    /// of splitting the list (8 of them against 100 arguments never finished; 5 took seconds).
    /// Far past that cliff, the same matches: none without the `0`, the first split with it,
    /// and a wildcard that must repeat still must.
    func testManyWildcardsInOneCallTryEachPlaceOnce() throws {
        let many = Array(repeating: "$$$", count: 20).joined(separator: ", ")
        let arguments = Array(repeating: "1", count: 1_000).joined(separator: ", ")
        let nested = Array(repeating: "h(1, 2, 3)", count: 300).joined(separator: ", ")
        let rule = "match:\n  code: 'g(\(many), 0)'"
        XCTAssertEqual(try findings(rule, "g(\(arguments))\ng(\(nested))\n"), [])
        XCTAssertEqual(try findings(rule, "g(\(arguments), 0)\ng(1, 2, 0)\n"), ["1:1"])
        let inner = "match:\n  code: 'g($$$, h($$$, $$$, 3), $$$, $$$, 0)'"
        XCTAssertEqual(try findings(inner, "g(\(nested))\ng(\(nested), 1, 0)\n"), ["2:1"])
        let repeated = "match:\n  code: 'g($X, $$$, $$$, $$$, $X)'"
        XCTAssertEqual(try findings(repeated, "g(\(arguments), 2)\ng(2, \(arguments), 2)\n"), ["2:1"])
    }

    /// Lines inside a multi-line string are text, not layout: only lines of code are reported,
    /// whether a file's only candidates are text lines or it has both.
    func testLineRulesLeaveTextLinesAlone() throws {
        let trailing = "match:\n  line: {trailing_whitespace: forbidden}"
        let text = "let s = \"\"\"\n  a  \n  \"\"\"\n"
        XCTAssertEqual(try findings(trailing, text), [])
        XCTAssertEqual(try findings(trailing, text + "let b = 1  \n"), ["4:10"])
        let blank = "match:\n  line: {max_blank_lines: 1}"
        let blankText = "let s = \"\"\"\n\n\n\n  \"\"\"\n"
        XCTAssertEqual(try findings(blank, blankText), [])
        XCTAssertEqual(try findings(blank, blankText + "\n\nlet b = 1\n"), ["7:1"])
    }

    /// `max_length` counts characters, not bytes: a line of as many bytes as the limit passes
    /// uncounted, one of more bytes but no more characters passes counted, and the finding
    /// points at the first character past the limit.
    func testMaxLengthCountsCharacters() throws {
        let rule = "match:\n  line: {max_length: 10}"
        let source = "let a = 12\nlet b = 123\nlet éé = 1\nlet é = \"üü\"\n"
        XCTAssertEqual(try findings(rule, source), ["2:11", "4:11"])
    }

    /// A whole-file search starts from the file's grouped tokens (a keyword, one byte, the
    /// literals): it must find what reading every token finds.
    func testGroupedTokensFindWhatReadingEveryTokenFinds() throws {
        let fixtures = SwiftLintImportTests.fixtures + "/cases"
        let sources =
            try FileManager.default.subpathsOfDirectory(atPath: fixtures).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOfFile: fixtures + "/" + $0, encoding: .utf8) }
            + [
                "_ = x\nlet a = try! f()\nif flag { flag = !flag }\nlet n = items.count == 0\nlet v = w as! V\n"
                    + "let t = true, f = false, o: Int? = nil, s = \"\\(1) a\", d = 2.5\n"
            ]
        let patterns = try [
            "try!", "$X as! $T", "$X = !$X", "$X.count == 0", "_ = $X", "if $X {", "Text($S)", "return nil",
        ]
        .map(CodePattern.init)
        var found = 0
        for source in sources {
            let s = Structure(SourceFile(path: "A.swift", bytes: Array(source.utf8)))
            let buckets = TokenBuckets(s)
            let literals = s.code.indices.filter { index in
                [.string, .number].contains(s.code[index].kind)
                    || s.code[index].kind == .keyword && [.true, .false, .nil].contains(s.code[index].keyword)
            }
            XCTAssertEqual(buckets.literals.map(Int.init), literals)
            for pattern in patterns {
                let everyToken = pattern.matches(in: s, range: 0..<s.code.count).map(\.tokens)
                XCTAssertEqual(
                    pattern.matches(in: s, range: 0..<s.code.count, buckets: buckets).map(\.tokens), everyToken,
                    pattern.source)
                found += everyToken.count
            }
        }
        XCTAssertGreaterThan(found, 4)
        // An anchored pattern groups only its rarest literal: `$X.count == 0` the `0` three tokens
        // after its `.` (a tenth of a file's tokens), `$X = !$X` the `!`, `$X as! $T` its `as`.
        XCTAssertEqual(try CodePattern("$X.count == 0").anchorKey?.distance, 3)
        XCTAssertEqual(try CodePattern("$X = !$X").anchorKey?.distance, 1)
        XCTAssertEqual(try CodePattern("$X as! $T").anchorKey?.distance, 0)
        // A literal inside a string's interpolation is part of that string, not a literal of its own.
        let numbers = "match:\n  literal: number"
        XCTAssertEqual(try findings(numbers, "let a = \"\\(5000) b\"\nlet b = 42\n"), ["2:9"])
    }

    func testAssignmentsAreNotDeclarationsAndPathsNarrowARule() throws {
        let rule = "match:\n  assignment: 'Current.*'"
        XCTAssertEqual(
            try findings(rule, "Current.api = x\nlet api = Current.api\nif Current.api == nil {}\nCurrent.date += 1\n"),
            ["1:9"])
        let scoped = rule + "\npaths: ['Sources/**']\nexcluded_paths: ['**/Generated/**']"
        XCTAssertEqual(try findings(scoped, "Current.api = x\n", path: "Sources/App/A.swift"), ["1:9"])
        XCTAssertEqual(try findings(scoped, "Current.api = x\n", path: "Tests/A.swift"), [])
        XCTAssertEqual(try findings(scoped, "Current.api = x\n", path: "Sources/Generated/A.swift"), [])
        let regexScoped = rule + "\npath_regex: ['Sources/']"
        XCTAssertEqual(try findings(regexScoped, "Current.api = x\n", path: "Tests/A.swift"), [])
    }

    func testAPatternRuleTakesPathsToo() throws {
        let rule = "pattern:\n  callee: [ProfileView]\npaths: ['Sources/Views/**']"
        XCTAssertEqual(try findings(rule, "let v = ProfileView()\n", path: "Sources/Views/A.swift"), ["1:9"])
        XCTAssertEqual(try findings(rule, "let v = ProfileView()\n", path: "Sources/Models/A.swift"), [])
    }

    func testPreviewsAreSkippedUnlessTheRuleIncludesThem() throws {
        let source = "#Preview {\n    VStack { Text(\"a\") }\n}\nlet v = VStack { }\n"
        XCTAssertEqual(try findings("match:\n  call: VStack", source), ["4:9"])
        XCTAssertEqual(try findings("match:\n  call: VStack\n  previews: include", source), ["2:5", "4:9"])
    }
}

// MARK: What a rule's regexes may spend

extension TeamRuleTests {
    /// One rule written as front matter, its regexes given a budget of `saves` for the run (and
    /// the part for the characters they read), checked on each file in turn as a run does.
    func hitsOfOneRun(_ frontMatter: String, saves: Int = 0, _ sources: [(path: String, text: String)]) throws
        -> [[Hit]]
    {
        let text = "---\nid: probe\nnote: \"[[Views Stay Pure]]\"\n\(frontMatter)\n---\n# probe\n"
        let spec = try XCTUnwrap(TeamRuleSpec.read(path: "probe.md", text: text))
        let rule = TeamRule(
            id: "probe", spec: spec, matcher: try XCTUnwrap(spec.matcher), budget: RegexBudget(saves: saves))
        return sources.enumerated().map { index, source in
            let file = LintFile(
                index: index, path: source.path, structure: Structure(SourceFile(path: source.path, text: source.text)))
            return rule.check(file, options: RuleOptions())
        }
    }

    /// Whether the hits are the one finding that says the rule gave up.
    func isNotice(_ hits: [Hit]) -> Bool {
        hits.count == 1 && hits[0].severity == .info && hits[0].message.hasPrefix("`probe` gave up here: ")
            && hits[0].message.contains("off for the rest of the run")
    }

    /// `(a+)+$` on a run of a's that ends otherwise: one budget for the run, not one a file. The
    /// file where it runs out says so once; from there the rule is off, even in a file where it
    /// would have matched at once (10 such files cost ~4 s of CPU each, at a bound a file).
    func testARunawayRegexSpendsOneBudgetForTheRunNotOneAFile() throws {
        let runaway = "let s = \"" + String(repeating: "a", count: 40) + "!\"\n"
        let matching = "// aaa\n"
        let runs = try hitsOfOneRun(
            "match:\n  regex: '(a+)+$'", saves: 10 * RegexBudget.savesPerTick,
            [("A.swift", matching)] + Array(repeating: ("B.swift", runaway), count: 10) + [("C.swift", matching)])
        XCTAssertEqual(runs[0].map(\.offset), [3], "before it runs out, a match is a finding")
        XCTAssertTrue(isNotice(runs[1]), "\(runs[1].map(\.message))")
        XCTAssertTrue(
            runs[1].first?.message.contains("(100,000 steps, and 128 more a character read)") == true,
            "the budget it had")
        XCTAssertEqual(runs.dropFirst(2).map(\.count), Array(repeating: 0, count: 10))
    }

    /// Every kind of match that takes a regex is charged to the same budget, and gives up as a
    /// `regex:` does: a `comment:` one had no bound at all, nor had a name's, a value's, a
    /// `where:`'s or a `path_regex:`. A `!/…/` cut short is not read as a match.
    func testEveryRegexOfARuleGivesUpAtTheRulesBudget() throws {
        let a = String(repeating: "a", count: 40)
        let cases: [(rule: String, source: String, path: String)] = [
            ("match:\n  comment: '/(a+)+$/'", "// \(a)!\n", "A.swift"),
            ("match:\n  declaration: func\n  name: '/^(a+)+$/'", "func \(a)b() {}\n", "A.swift"),
            ("match:\n  declaration: func\n  name: '!/^(a+)+$/'", "func \(a)b() {}\n", "A.swift"),
            ("match:\n  literal: string\n  value: '/^(a+)+$/'", "let s = \"\(a)!\"\n", "A.swift"),
            ("match:\n  code: 'f($X)'\n  where: {X: '/^(a+)+$/'}", "f(\(a)b)\n", "A.swift"),
            ("match:\n  call: f\npath_regex: ['(a+)+$']", "f()\n", "Sources/\(a).swift"),
        ]
        for (rule, source, path) in cases {
            let runs = try hitsOfOneRun(rule, [(path, source), (path, source)])
            XCTAssertTrue(isNotice(runs[0]), "\(rule): \(runs[0].map(\.message))")
            XCTAssertEqual(runs[1].count, 0, rule)
        }
        // With the default budget, the same rules find what they name.
        XCTAssertEqual(try findings("match:\n  comment: '/(a+)+$/'", "// \(a)\n"), ["1:4"])
        XCTAssertEqual(try findings("match:\n  declaration: func\n  name: '!/^(a+)+$/'", "func b() {}\n"), ["1:6"])
    }

    /// Threads checking the same rule share its budget: one finding says it gave up, in all.
    func testThreadsShareARulesBudgetAndOneOfThemSaysItGaveUp() throws {
        let runaway = "// " + String(repeating: "a", count: 40) + "!\n"
        let text = "---\nid: probe\nnote: \"[[Views Stay Pure]]\"\nmatch:\n  regex: '(a+)+$'\n---\n# probe\n"
        let spec = try XCTUnwrap(TeamRuleSpec.read(path: "probe.md", text: text))
        let rule = TeamRule(
            id: "probe", spec: spec, matcher: try XCTUnwrap(spec.matcher), budget: RegexBudget(saves: 0))
        let hits = ConcurrentSlots<[Hit]>(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let file = LintFile(
                index: index, path: "A.swift", structure: Structure(SourceFile(path: "A.swift", text: runaway)))
            hits[index] = rule.check(file, options: RuleOptions())
        }
        let all = hits.take().compactMap { $0 }.flatMap { $0 }
        XCTAssertEqual(all.count, 1)
        XCTAssertTrue(isNotice(all))
    }

    /// A comment's or a name's regex through ICU's C API finds what `NSRegularExpression` finds
    /// (its default options: `^`, `$` and `.` do not see line breaks), and a path's with
    /// SwiftLint's options.
    func testRegexesOfCommentsNamesAndPathsFindTheSameWithEitherEngine() throws {
        let patterns = [
            "^//", "TODO$", "a.b", "(?m)^ \\*", "\\bFIXME\\b", "x*", "é", "^$", "\\s+$", "(?:TODO|FIXME)(?!\\()",
        ]
        let texts = [
            "// TODO", "/* a\nb */", "/**\n * x\n */", "// é TODO\n", "", "// FIXME(#1) FIXME", "xxaxb",
            "/Sources/a.swift",
        ]
        for swiftLint in [false, true] {
            for pattern in patterns {
                let regex = try BoundedRegex(pattern, swiftLint: swiftLint)
                #if os(Linux)
                XCTAssertNotNil(regex.icu, "ICU's C API is reachable in a dynamic Linux build")
                #endif
                for text in texts {
                    let expected = regex.compiled.matches(
                        in: text, range: NSRange(location: 0, length: text.utf16.count)
                    )
                    .map { $0.range.location..<($0.range.location + $0.range.length) }
                    XCTAssertEqual(
                        regex.matches(in: text, budget: RegexBudget()).found, expected, "/\(pattern)/ \(text)")
                    XCTAssertEqual(regex.firstMatch(in: text, budget: RegexBudget()), !expected.isEmpty)
                }
            }
        }
    }
}

extension TeamRuleTests {
    /// Regexes of character classes are decided without ICU exactly as ICU decides them, on
    /// printable ASCII texts; any other shape is left to ICU.
    func testClassSequenceRegexesAgreeWithICU() throws {
        let patterns = [
            "ViewController$", "^get[A-Z]", "^#[0-9A-Fa-f]{6}$", "^[0-9]{4,}$", "^[A-Z_]+_KEY$", "Protocol$",
            "Helper$", "^on[A-Z]\\w*", "^[a-z][a-zA-Z0-9]*$", "^_?[a-z]", "a|^b|c$", "^$", "x{2,3}y", "[^a-z]",
            "[-a]", "[a-]", "\\.", "a.b", "^\\d+\\.\\d+$", "[\\]x]", "ab*?c", "^(?:x)$", "(a|b)", "\\bword",
            "a*+", "[[:alpha:]]", "[a-z&&[^b]]", "x{,2}", "^.{3}$", "\\s", "[a-z-0]",
        ]
        var letters = Array("abcxyzABCKEY_0123456789#.- ]".utf8)
        letters += Array("[bdgetonViewControllerProtocolHelper".utf8)
        // Seeded: a failure replays.
        var generator = SeededGenerator(seed: 32)
        var decided = 0
        for pattern in patterns {
            // (A pattern ICU rejects never reaches a rule.)
            guard let icu = try? NSRegularExpression(pattern: pattern), let fast = ClassSequenceRegex(pattern) else {
                continue
            }
            var texts = [
                "", "getX", "get", "#a0F9c1", "1234", "123", "API_KEY", "MyViewController", "x", "xxy", "1.25",
            ]
            for _ in 0..<300 {
                // Past eight bytes too: the printable check reads eight at a time.
                let length = Int.random(in: 0...24, using: &generator)
                texts.append(
                    String(decoding: (0..<length).map { _ in letters.randomElement(using: &generator)! }, as: UTF8.self)
                )
            }
            for text in texts {
                let expected = icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
                var copy = text
                let found = copy.withUTF8 { fast.firstMatchExists(in: $0) }
                XCTAssertEqual(found, expected, "/\(pattern)/ on \"\(text)\"")
                decided += 1
            }
        }
        XCTAssertGreaterThan(decided, 5000)
        // A text of a length outside `textLengths` has no match, whatever its characters: past
        // ASCII (`\\d` takes `٣`, `.` takes `é`), and a line break `$` stands before.
        let wide = ["é", "٣", "\u{2028}", "\r\n", "\n", "\u{85}", "漢", "🙂", "a", "1", "#", "F", "_", " "]
        for pattern in patterns {
            guard let icu = try? NSRegularExpression(pattern: pattern), let fast = ClassSequenceRegex(pattern) else {
                continue
            }
            for _ in 0..<300 {
                let text = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
                    wide.randomElement(using: &generator)!
                }.joined()
                guard icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil else {
                    continue
                }
                XCTAssertTrue(fast.textLengths.contains(text.utf8.count), "/\(pattern)/ on \"\(text)\"")
            }
        }
        // A byte that is not printable ASCII, anywhere in a text of any length, leaves it to ICU;
        // the printable ones at both ends of the range are decided.
        let anyText = try XCTUnwrap(ClassSequenceRegex("a"))
        for length in 1...20 {
            for position in 0..<length {
                for odd: UInt8 in [0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = odd
                    XCTAssertNil(bytes.withUnsafeBufferPointer { anyText.firstMatchExists(in: $0) }, "\(bytes)")
                }
                for edge: UInt8 in [0x20, 0x7E] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = edge
                    XCTAssertEqual(
                        bytes.withUnsafeBufferPointer { anyText.firstMatchExists(in: $0) }, length > 1, "\(bytes)")
                }
            }
        }
        XCTAssertEqual(ClassSequenceRegex("^#[0-9A-Fa-f]{6}$")?.textLengths, 7...10)
        XCTAssertEqual(ClassSequenceRegex("^[0-9]{4,}$")?.textLengths, 4...Int.max)
        for unread in ["^(?:x)$", "(a|b)", "\\bword", "a*+", "[[:alpha:]]", "[a-z&&[^b]]", "[a-z-0]", "a{,2}"] {
            XCTAssertNil(ClassSequenceRegex(unread), unread)
        }
        var multiLine = "a\nb"
        XCTAssertNil(
            multiLine.withUTF8 { ClassSequenceRegex("b$")!.firstMatchExists(in: $0) }, "a line break: ICU decides")
    }
}
