import XCTest

@testable import SwiftLexer
@testable import SwiftUIModel

/// The look-ups made once per file, which replaced walks over the whole file for every view,
/// answer as those walks did, on seeded random files: the walks are written out here.
final class FileLookupTests: XCTestCase {
    /// `#if`/`#elseif`/`#else`/`#endif` nested at random, with `DEBUG` conditions and directives
    /// that open no branch: every token's branches are those the directives before it leave open.
    func testCompileBranchesAreThoseTheDirectivesBeforeTheTokenLeaveOpen() {
        var random = SeededGenerator(seed: 44)
        for _ in 0..<40 {
            var lines: [String] = []
            var depth = 0
            for _ in 0..<60 {
                switch Int.random(in: 0..<7, using: &random) {
                case 0:
                    lines.append(
                        ["#if os(iOS)", "#if DEBUG", "#if canImport(UIKit) && !os(tvOS)"].randomElement(using: &random)!
                    )
                    depth += 1
                case 1 where depth > 0: lines.append("#elseif os(macOS)")
                case 2 where depth > 0: lines.append("#else")
                case 3 where depth > 0:
                    lines.append("#endif")
                    depth -= 1
                case 4: lines.append("if #available(iOS 16, *) { Text(\"a\") }")
                default: lines.append("Text(\"x\")")
                }
            }
            let s = Structure(SourceFile(path: "A.swift", text: lines.joined(separator: "\n")))
            let table = CompileBranchTable(s)
            for token in s.code.indices {
                XCTAssertEqual(s.compileBranches(of: token, table: table), Self.walkedBranches(of: token, in: s))
            }
        }
    }

    /// The walk the table replaced: every directive before the token, each time.
    static func walkedBranches(of token: Int, in s: Structure) -> [String] {
        var open: [(condition: String, branch: String)] = []
        for index in s.directiveTokens() {
            if index >= token { break }
            if s.is(index, "#if") {
                let condition = s.directiveCondition(at: index)
                open.append((condition, condition))
            } else if s.is(index, "#elseif"), !open.isEmpty {
                open[open.count - 1].branch = s.directiveCondition(at: index)
            } else if s.is(index, "#else"), !open.isEmpty {
                open[open.count - 1].branch = "!" + open[open.count - 1].condition
            } else if s.is(index, "#endif") {
                _ = open.popLast()
            }
        }
        return open.map(\.branch).filter { !$0.contains("DEBUG") }
    }

    /// Types nested and extended under one name, members at file scope: a type's properties and
    /// functions, and the declarations of a name, are those a filter over every declaration finds.
    func testDeclarationsByOwnerAndByNameAreThoseOfEveryDeclaration() {
        var random = SeededGenerator(seed: 7)
        var text = "var loose = 0\nfunc free() {}\n"
        for index in 0..<200 {
            let name = ["A", "B", "View", "A.Inner"][Int.random(in: 0..<4, using: &random)]
            let keyword = name == "View" || name == "A.Inner" ? "extension" : "struct"
            text += "\(keyword) \(name) {\n    var p\(index) = 0\n    init() {}\n"
            if Bool.random(using: &random) { text += "    struct Inner { let q\(index): Int; func f() {} }\n" }
            text += "    func g\(index)() -> some View { Text(\"x\") }\n}\n"
        }
        let s = Structure(SourceFile(path: "A.swift", text: text))
        for type in s.types.indices {
            XCTAssertEqual(
                Array(s.properties(of: type)), s.properties.indices.filter { s.properties[$0].owner == type })
            XCTAssertEqual(Array(s.functions(of: type)), s.functions.indices.filter { s.functions[$0].owner == type })
            let name = s.types[type].name
            XCTAssertEqual(Array(s.types(named: name)), s.types.indices.filter { s.types[$0].name == name })
        }
        XCTAssertEqual(Array(s.types(named: "Missing")), [])
        XCTAssertEqual(Array(s.properties(of: s.types.count)), [])
    }
}
