import XCTest

@testable import LintEngine
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

    /// Suppressions of every form at random (rules listed twice, `all`, `enable`s, several on a
    /// line): for every rule, line and directive left out, the directive that suppresses is the
    /// first region's that holds the line, as a walk over the regions finds it.
    func testTheSuppressingDirectiveIsTheFirstRegionsThatHoldsTheLine() {
        var random = SeededGenerator(seed: 11)
        let rules = ["a", "b", "all"]
        var suppressed = 0
        for _ in 0..<20 {
            var lines: [String] = []
            for _ in 0..<30 {
                let kind = ["disable", "enable", "disable:next", "disable:this", "disable:previous"].randomElement(
                    using: &random)!
                let named = (0..<Int.random(in: 0...3, using: &random)).map { _ in rules.randomElement(using: &random)!
                }
                let directive = "// patternlint:\(kind) \(named.joined(separator: " "))"
                lines.append(Bool.random(using: &random) ? directive : "let x = 1 /* patternlint:\(kind) a */")
                if Bool.random(using: &random) { lines.append("let y = 2") }
            }
            let file = SourceFile(path: "A.swift", text: lines.joined(separator: "\n"))
            let suppressions = Suppressions(file)
            let regions = Self.walkedRegions(suppressions.directives)
            for rule in ["a", "b", "c", "all"] {
                for line in 0...lines.count + 2 {
                    for except in [nil] + suppressions.directives.indices.map(Optional.some) {
                        let walked = regions.first {
                            $0.directive != except && $0.lines.contains(line)
                                && ($0.rules.contains(rule) || $0.rules.contains("all"))
                        }?.directive
                        XCTAssertEqual(suppressions.suppressor(of: rule, line: line, except: except), walked)
                        if walked != nil { suppressed += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(suppressed, 1_000)
    }

    /// The regions as a walk forward from each `disable` to its `enable` builds them.
    static func walkedRegions(_ directives: [Suppressions.Directive]) -> [(
        rules: [String], lines: ClosedRange<Int>, directive: Int
    )] {
        var regions: [(rules: [String], lines: ClosedRange<Int>, directive: Int)] = []
        for (index, directive) in directives.enumerated() {
            switch directive.kind {
            case .disableNext: regions.append((directive.rules, directive.line + 1...directive.line + 1, index))
            case .disableThis: regions.append((directive.rules, directive.line...directive.line, index))
            case .disablePrevious:
                regions.append((directive.rules, max(1, directive.line - 1)...max(1, directive.line - 1), index))
            case .enable: break
            case .disable:
                for rule in directive.rules {
                    let end = directives[(index + 1)...].first {
                        $0.kind == .enable && ($0.rules.contains(rule) || $0.rules.contains("all"))
                    }
                    let last = end.map { $0.line - 1 } ?? Int.max
                    regions.append(([rule], directive.line...max(directive.line, last), index))
                }
            }
        }
        return regions
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
