import XCTest
@testable import SwiftLexer

/// Table-driven tests of the tokenizer: each case lists every token as `kind text`.
final class LexerTests: XCTestCase {
    func lex(_ source: String) -> [String] {
        let file = SourceFile(path: "t.swift", text: source)
        return file.tokens.map { "\($0.kind) \(file.text($0))" }
    }

    func check(_ source: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lex(source), expected, file: file, line: line)
    }

    func testIdentifiersAndKeywords() {
        check(
            "let café = `class` + $0 + $value + _x",
            [
                "keyword let", "identifier café", "operator =", "identifier `class`", "operator +",
                "identifier $0", "operator +", "identifier $value", "operator +", "identifier _x",
            ])
        check(
            "some View; actor A; async get set",
            [
                "identifier some", "identifier View", "punctuation ;", "identifier actor", "identifier A",
                "punctuation ;", "identifier async", "identifier get", "identifier set",
            ])
        check(
            "_ = self.init(); Self.x; nil",
            [
                "keyword _", "operator =", "keyword self", "punctuation .", "keyword init", "punctuation (",
                "punctuation )", "punctuation ;", "keyword Self", "punctuation .", "identifier x", "punctuation ;",
                "keyword nil",
            ])
        check("let 🐶🐮 = 1", ["keyword let", "identifier 🐶🐮", "operator =", "number 1"])
    }

    /// A keyword found by its spelling through the lexer's table, as the lexer finds it.
    func testKeywordsFoundBySpelling() {
        for keyword in Keyword.allCases where keyword != .none {
            XCTAssertEqual(Keyword.spelled(Array(keyword.text.utf8)), keyword, keyword.text)
        }
        for text in ["", "lets", "Let", "some", "x", "🐶", "initialize"] {
            XCTAssertEqual(Keyword.spelled(Array(text.utf8)), .none, text)
        }
    }

    func testNumbers() {
        check(
            "0x1p-2 1_000 0b1010 0o17 1.5e10 3.14 0xFF.8p1 1e-3",
            [
                "number 0x1p-2", "number 1_000", "number 0b1010", "number 0o17", "number 1.5e10", "number 3.14",
                "number 0xFF.8p1", "number 1e-3",
            ])
        check("1..<2 x.0.1", ["number 1", "operator ..<", "number 2", "identifier x", "punctuation .", "number 0.1"])
        check("1.description", ["number 1", "punctuation .", "identifier description"])
    }

    func testOperatorsAndPunctuation() {
        check(
            "a ?? b && !c || d...e",
            [
                "identifier a", "operator ??", "identifier b", "operator &&", "operator !", "identifier c",
                "operator ||", "identifier d", "operator ...", "identifier e",
            ])
        check(
            "x?.y!.z",
            [
                "identifier x", "operator ?", "punctuation .", "identifier y", "operator !", "punctuation .",
                "identifier z",
            ])
        check(
            "func f() -> Int",
            ["keyword func", "identifier f", "punctuation (", "punctuation )", "punctuation ->", "identifier Int"])
        check("a <*> b ∪ c", ["identifier a", "operator <*>", "identifier b", "operator ∪", "identifier c"])
        check(
            "foo(&x) \\.name",
            [
                "identifier foo", "punctuation (", "operator &", "identifier x", "punctuation )", "punctuation \\",
                "punctuation .", "identifier name",
            ])
        check("a+/*c*/b", ["identifier a", "operator +", "comment /*c*/", "identifier b"])
    }

    func testAttributesAndDirectives() {
        check(
            "@State private var x @available(iOS 16, *) @MainActor",
            [
                "attribute @State", "keyword private", "keyword var", "identifier x", "attribute @available",
                "punctuation (", "identifier iOS", "number 16", "punctuation ,", "operator *", "punctuation )",
                "attribute @MainActor",
            ])
        check(
            "#if DEBUG\n#elseif os(iOS)\n#else\n#endif",
            [
                "directive #if", "identifier DEBUG", "directive #elseif", "identifier os", "punctuation (",
                "identifier iOS",
                "punctuation )", "directive #else", "directive #endif",
            ])
        check(
            "#Preview { } #selector(f) #available(iOS 17, *)",
            [
                "directive #Preview", "punctuation {", "punctuation }", "directive #selector", "punctuation (",
                "identifier f",
                "punctuation )", "directive #available", "punctuation (", "identifier iOS", "number 17",
                "punctuation ,",
                "operator *", "punctuation )",
            ])
    }

    func testComments() {
        check("/* a /* nested */ still */ x", ["comment /* a /* nested */ still */", "identifier x"])
        check(
            "/// doc\n/** block doc */ y // tail",
            ["comment /// doc", "comment /** block doc */", "identifier y", "comment // tail"])
        check("#!/usr/bin/swift\nx", ["comment #!/usr/bin/swift", "identifier x"])
        check(
            "let s = \"// not a comment\"",
            ["keyword let", "identifier s", "operator =", "string \"// not a comment\""])
        check("// a \"quote\" in a comment\nz", ["comment // a \"quote\" in a comment", "identifier z"])
    }

    func testStrings() {
        check(#""a \"b\" \\ c""#, [#"string "a \"b\" \\ c""#])
        check(##"#"raw "quoted" \(no)"#"##, [##"string #"raw "quoted" \(no)"#"##])
        check(###"##"two "# still"##"###, [###"string ##"two "# still"##"###])
        check(##"#"a \#(x) b"#"##, [##"string #"a \#("##, "identifier x", ##"string ) b"#"##])
        check(
            "\"\"\"\nline \"quoted\" \"\" \\(x)\n\"\"\"",
            ["string \"\"\"\nline \"quoted\" \"\" \\(", "identifier x", "string )\n\"\"\""])
        check("#\"\"\"\nraw \"\"\" inside\n\"\"\"#", ["string #\"\"\"\nraw \"\"\" inside\n\"\"\"#"])
    }

    /// A raw `#"""` opens a multi-line literal only when its line ends there (spaces aside):
    /// otherwise it is a single-line raw string that starts with a quote, and the code after it
    /// is code, not the rest of the file read as a string.
    func testRawStringsStartingWithThreeQuotesOnOneLine() {
        check(##"#"""# x"##, [##"string #"""#"##, "identifier x"])
        check(##"#""""foobar""# y"##, [##"string #""""foobar""#"##, "identifier y"])
        check(###"##"""a"""## z"###, [###"string ##"""a"""##"###, "identifier z"])
        check("#\"\"\"  \t\nraw\n\"\"\"# w", ["string #\"\"\"  \t\nraw\n\"\"\"#", "identifier w"])
        check("#\"\"\"\r\nraw\r\n\"\"\"# v", ["string #\"\"\"\r\nraw\r\n\"\"\"#", "identifier v"])
    }

    func testInterpolationNestedThreeDeep() {
        check(
            #""a \(f("b \(g("c \(h) c") + 1) b")) a""#,
            [
                #"string "a \("#, "identifier f", "punctuation (", #"string "b \("#, "identifier g", "punctuation (",
                #"string "c \("#, "identifier h", #"string ) c""#, "punctuation )", "operator +", "number 1",
                #"string ) b""#, "punctuation )", #"string ) a""#,
            ])
        // A closure with its own parentheses and braces inside an interpolation.
        check(
            #""\(items.map { ($0) }.count)""#,
            [
                #"string "\("#, "identifier items", "punctuation .", "identifier map", "punctuation {", "punctuation (",
                "identifier $0", "punctuation )", "punctuation }", "punctuation .", "identifier count", #"string )""#,
            ])
        // `.constant(` inside an interpolation is code.
        XCTAssertTrue(lex(#"Text("\(Foo(page: .constant(1)))")"#).contains("identifier constant"))
    }

    func testRegexVersusDivision() {
        check("a / b / c", ["identifier a", "operator /", "identifier b", "operator /", "identifier c"])
        check("let r = /a+b/", ["keyword let", "identifier r", "operator =", "regex /a+b/"])
        check(
            "x.split(/,\\s*/)",
            ["identifier x", "punctuation .", "identifier split", "punctuation (", "regex /,\\s*/", "punctuation )"])
        check(
            "f(a / 2, b / 3)",
            [
                "identifier f", "punctuation (", "identifier a", "operator /", "number 2", "punctuation ,",
                "identifier b", "operator /", "number 3", "punctuation )",
            ])
        check("x! / 2", ["identifier x", "operator !", "operator /", "number 2"])
        check(
            "(a) / (b)",
            [
                "punctuation (", "identifier a", "punctuation )", "operator /", "punctuation (", "identifier b",
                "punctuation )",
            ])
        check("let r = /[/]x/", ["keyword let", "identifier r", "operator =", "regex /[/]x/"])
        check("foo(/ 2)", ["identifier foo", "punctuation (", "operator /", "number 2", "punctuation )"])
        check("let e = #/a/b/#", ["keyword let", "identifier e", "operator =", "regex #/a/b/#"])
        check(
            "let m = #/\n  a+ # comment\n/#",
            ["keyword let", "identifier m", "operator =", "regex #/\n  a+ # comment\n/#"])
        check("return /x/", ["keyword return", "regex /x/"])
    }

    func testDenseFilesOutgrowTheFirstTokenBuffer() {
        // One token per byte: far past the lexer's first guess of a quarter token per byte.
        let text = String(repeating: "(", count: 5_000) + String(repeating: ")", count: 5_000) + "[{}]"
        let file = SourceFile(path: "dense.swift", text: text)
        XCTAssertEqual(file.code.count, 10_004)
        XCTAssertEqual(file.brackets.closing[0], 9_999)
        XCTAssertEqual(file.brackets.closing[4_999], 5_000)
        XCTAssertEqual(file.brackets.opening[10_003], 10_000)
        TokenInvariants.assertHold(file)
    }

    func testPositionsInBytes() {
        let file = SourceFile(path: "t.swift", text: "é = 1\n  \"\"\"\n  a\n  \"\"\" ; b")
        XCTAssertEqual(
            file.tokens.map { "\($0.line):\(file.column(of: $0))@\($0.offset)+\($0.length)" },
            [
                "1:1@0+2", "1:4@3+1", "1:6@5+1", "2:3@9+13", "4:7@23+1", "4:9@25+1",
            ])
        let crlf = SourceFile(path: "t.swift", text: "a\r\nb\rc")
        XCTAssertEqual(crlf.tokens.map(\.line), [1, 2, 3])
    }

    func testUnterminatedLiteralsRunToTheirEnd() {
        let string = SourceFile(path: "t.swift", text: "let s = \"open\nlet t = 1")
        XCTAssertEqual(
            string.tokens.map(\.kind),
            [.keyword, .identifier, .operator, .string, .keyword, .identifier, .operator, .number])
        XCTAssertEqual(string.diagnostics.map(\.message), ["unterminated string literal"])
        let comment = SourceFile(path: "t.swift", text: "x /* never /* closed */")
        XCTAssertEqual(comment.tokens.map(\.kind), [.identifier, .comment])
        XCTAssertEqual(comment.diagnostics.first?.line, 1)
        XCTAssertEqual(comment.diagnostics.first?.column, 3)
        let multi = SourceFile(path: "t.swift", text: "\"\"\"\nabc \\(x")
        XCTAssertEqual(multi.diagnostics.count, 0, "the open interpolation is code, not an unterminated string yet")
        let regex = SourceFile(path: "t.swift", text: "#/\nabc")
        XCTAssertEqual(regex.tokens.map(\.kind), [.regex])
        XCTAssertEqual(regex.diagnostics.map(\.message), ["unterminated regex literal"])
    }

    func testInvalidBytesAndNul() {
        let file = SourceFile(path: "t.swift", bytes: [0x61, 0x00, 0xFF, 0xFE, 0x20, 0x22, 0xC3])
        TokenInvariants.assertHold(file)
    }
}

/// The invariants every lexing must keep, whatever the input.
enum TokenInvariants {
    static func assertHold(_ file: SourceFile, file testFile: StaticString = #filePath, line: UInt = #line) {
        var previousEnd = 0
        var covered = [Bool](repeating: false, count: file.bytes.count)
        for token in file.tokens {
            XCTAssertGreaterThan(token.length, 0, "empty token", file: testFile, line: line)
            XCTAssertGreaterThanOrEqual(
                token.offset, previousEnd, "tokens overlap or go backwards", file: testFile, line: line)
            XCTAssertLessThanOrEqual(token.end, file.bytes.count, file: testFile, line: line)
            XCTAssertEqual(
                token.line, expectedLine(file, token.offset), "line of token at \(token.offset)", file: testFile,
                line: line)
            XCTAssertEqual(
                token.line, file.lines.line(of: token.offset), "line table agrees", file: testFile, line: line)
            previousEnd = token.end
            for index in token.range where index < covered.count { covered[index] = true }
        }
        for (index, byte) in file.bytes.enumerated() where !covered[index] {
            XCTAssertTrue(
                [0x20, 0x09, 0x0A, 0x0D, 0x00, 0x0B, 0x0C].contains(byte),
                "byte \(byte) at \(index) not covered by a token", file: testFile, line: line)
            if ![0x20, 0x09, 0x0A, 0x0D, 0x00, 0x0B, 0x0C].contains(byte) { return }
        }
        // Brackets matched while lexing agree with matching the finished tokens, and pair up.
        let reference = BracketPartners(file.code, bytes: file.bytes)
        for index in file.code.indices {
            let closer = file.brackets.closing[index], opener = file.brackets.opening[index]
            XCTAssertEqual(closer, reference.closing[index], "closer of token \(index)", file: testFile, line: line)
            XCTAssertEqual(opener, reference.opening[index], "opener of token \(index)", file: testFile, line: line)
            if closer >= 0 {
                XCTAssertEqual(
                    Int(file.brackets.opening[Int(closer)]), index, "pairs are mutual", file: testFile, line: line)
            }
            if closer != reference.closing[index] || opener != reference.opening[index] { return }
        }
    }

    /// 1 + the line breaks before `offset`: `\n`, and `\r` not followed by `\n`.
    static func expectedLine(_ file: SourceFile, _ offset: Int) -> Int {
        var count = 1
        for index in 0..<offset {
            let byte = file.bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= file.bytes.count || file.bytes[index + 1] != 0x0A)) {
                count += 1
            }
        }
        return count
    }
}
