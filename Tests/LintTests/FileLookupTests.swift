import XCTest

@testable import SwiftLexer

/// The look-ups made once per file, which replaced walks over the whole file for every view,
/// answer as those walks did, on seeded random files: the walks are written out here.
final class FileLookupTests: XCTestCase {
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
