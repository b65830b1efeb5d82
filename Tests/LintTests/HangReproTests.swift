import Foundation
import SwiftLexer
import XCTest

@testable import BuiltinRules
@testable import LintEngine
@testable import ProjectSettings
@testable import Reporters
@testable import SwiftUIModel

/// Inputs that once made `patternlint lint` run forever (Fixtures/repro, from shared/repro) or crash
/// (`crash-*`, found by scripts/fuzz): each is
/// linted through the whole pipeline. A regression hangs the test, and CI's time limit fails it;
/// no wall-clock assertion here. The generated forms are far past the old cliff (200 tokens), so an
/// algorithm that is not linear in them could not finish either.
final class HangReproTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/repro")

    func lint(_ name: String, _ text: String) -> LintResult {
        CatalogFixture.lint([(name, text)])
    }

    func testEveryReproInputFinishes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".swift")
        }.sorted()
        XCTAssertEqual(
            names,
            [
                "crash-unclosed-closure.swift", "crash-unclosed-destination.swift", "crash-unclosed-init.swift",
                "hang-1.swift", "hang-2.swift", "hang-3.swift", "hang-4.swift", "hang-valid.swift",
            ])
        var configuration = Configuration()
        configuration.optInRules = CatalogFixture.catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: configuration)
        for name in names {
            // Two of them are not valid UTF-8: read as bytes, as the CLI does.
            let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent(name)))
            let result = linter.lint([LintInput(path: name) { bytes }])
            XCTAssertEqual(result.filesLinted, 1, name)
            XCTAssertEqual(result.problems, [], name)
        }
    }

    /// Valid Swift: a generic base whose argument is a long tuple is read whole, so the class
    /// still names its base.
    func testLongGenericArgumentsAreSkippedWhole() {
        let tuple = Array(repeating: "Int", count: 5_000).joined(separator: ", ")
        let text = "class Base<T> {}\nfinal class C: Base<(\(tuple))>, Sendable {\n    var x = 0\n}\n"
        let structure = Structure(SourceFile(path: "C.swift", bytes: Array(text.utf8)))
        let c = structure.types.first { $0.name == "C" }
        XCTAssertEqual(c?.inheritance.count, 2)
        XCTAssertEqual(c?.inheritance.last, "Sendable")
        XCTAssertTrue(c?.inheritance.first?.hasPrefix("Base<(Int,Int") == true)
        XCTAssertEqual(structure.properties.map(\.name), ["x"])
        XCTAssertEqual(lint("C.swift", text).filesLinted, 1)
    }

    /// Broken Swift: an unclosed `<` in an inheritance clause, then names, commas, strings and
    /// interpolations, far longer than any bound.
    func testUnclosedGenericInAnInheritanceClauseEnds() {
        let names = (0..<5_000).map { "x\($0)" }.joined(separator: " ")
        let commas = String(repeating: ",", count: 5_000)
        let strings = (0..<2_000).map { "\"s\\(v\($0))\"" }.joined(separator: " ")
        for tail in [names, commas, strings] {
            let text = "class A:B<" + tail + "\nstruct V: View { var body: some View { Text(\"x\") } }\n"
            XCTAssertEqual(lint("A.swift", text).filesLinted, 1)
        }
    }

    /// One file of many views (a generated screen catalogue, an app's code in one file) is read in
    /// time linear in its size. Each view here asks what once walked the whole file: a binding
    /// written behind a flag and handed on as `$on` (the type's defaults and properties), an
    /// initializer that stores its binding, another value's `other.on`, a `_store = .init(…)` of a
    /// `@StateObject`, `header` naming a member, a link inside `#if` (every directive before it),
    /// a stack in a member of `extension View` (every `View` extension, every member), and a
    /// suppression before a finding (every region). Asked per view, these cost the square of the
    /// file, and a file of this many views did not finish; a regression hangs the test. The
    /// findings are each view's own, as in a file of one.
    func testOneFileOfManyViewsIsReadInLinearTime() {
        func views(_ i: Int) -> String {
            """
            #if os(iOS)
            struct Row\(i): View {
                @Binding var on: Bool
                @StateObject var store: Store
                var shows = false
                let other: Flags
                init(on: Binding<Bool>) {
                    _on = on
                    _store = .init(wrappedValue: Store())
                }
                var body: some View {
                    NavigationLink("Open") { Detail\(i)(value: "") }
                    if shows { Toggle("On", isOn: $on) }
                    if other.on { Text("on") }
                    header
                }
                var header: some View { Text("h") }
            }
            #endif
            extension View {
                var stacked\(i): some View { NavigationStack { self } }
            }
            struct Detail\(i): View {
                let value: String
                var body: some View {
                    // patternlint:disable:next navigation-view-deprecated
                    NavigationView { Text(value) }
                }
            }

            """
        }
        let count = 6_000
        let one = lint("One.swift", "import SwiftUI\n" + views(0))
        let many = lint("Many.swift", "import SwiftUI\n" + (0..<count).map(views).joined())
        XCTAssertEqual(many.filesLinted, 1)
        XCTAssertEqual(one.findings.map(\.ruleID).sorted(), ["nested-navigation-stack", "state-not-private"])
        XCTAssertEqual(many.findings.count, count * one.findings.count)
        XCTAssertEqual(
            Dictionary(grouping: many.findings, by: \.ruleID).mapValues(\.count),
            ["nested-navigation-stack": count, "state-not-private": count])
    }

    /// One view of many state properties, each changed in its body: whether the view changes a
    /// seeded state is found in one walk over the type for all of them (a walk per property cost
    /// the square of the view, and scripts/stress-files' 20,000 properties ran for minutes).
    func testAViewOfManyStatePropertiesIsReadInLinearTime() {
        let count = 20_000
        let properties = (0..<count).map { "    @State var v\($0) = \($0)\n" }.joined()
        let writes = (0..<count).map { "v\($0) += 1; " }.joined()
        let source =
            "import SwiftUI\nstruct Big: View {\n\(properties)    var body: some View { Button(\"x\") { \(writes)} }\n}\n"
        let result = lint("Big.swift", source)
        XCTAssertEqual(result.findings.filter { $0.ruleID == "state-not-private" }.count, count)
    }
}
