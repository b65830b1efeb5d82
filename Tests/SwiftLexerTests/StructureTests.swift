import XCTest
@testable import SwiftLexer

final class StructureTests: XCTestCase {
    let sample = """
        import SwiftUI

        struct ChildView: SwiftUI.View, Equatable {
            @Binding var page: Page
            @State private var count = 0
            @Environment(\\.dismiss) private var dismiss
            let title: String
            var onDone: (() -> Void)?

            init(page: Binding<Page>, title: String = "x", _ extra: Int) {
                self._page = page
                self.title = title
            }

            var body: some View {
                NavigationStack {
                    List(items, id: \\.self) { item in
                        NavigationLink("Open", value: item)
                    }
                    .sheet(isPresented: $shown) { Sheet() }
                    .navigationTitle("Hi \\(name.uppercased())")
                }
            }

            func make<T>(_ value: T) -> some View { Text("\\(value)") }
        }

        enum Route: Hashable { case detail(Int), list }

        #Preview {
            ChildView(page: .constant(.home), title: "t", 1)
        }

        struct Old_Previews: PreviewProvider {
            static var previews: some View { ChildView(page: .constant(.home), title: "t", 1) }
        }
        """

    lazy var structure = Structure(SourceFile(path: "Sample.swift", text: sample))

    func testTypes() {
        XCTAssertEqual(structure.types.map(\.name), ["ChildView", "Route", "Old_Previews"])
        XCTAssertEqual(structure.types[0].inheritance, ["SwiftUI.View", "Equatable"])
        XCTAssertTrue(structure.types[0].inherits("View"))
        XCTAssertEqual(structure.types[1].kind, .enum)
        XCTAssertTrue(structure.types[2].inherits("PreviewProvider"))
        XCTAssertNotNil(structure.types[0].body)
    }

    func testProperties() {
        let members = structure.properties.filter { $0.owner == 0 }
        XCTAssertEqual(members.map(\.name), ["page", "count", "dismiss", "title", "onDone", "body"])
        XCTAssertEqual(members.map(\.attributes), [["@Binding"], ["@State"], ["@Environment"], [], [], []])
        XCTAssertEqual(members.map(\.modifiers), [[], ["private"], ["private"], [], [], []])
        XCTAssertEqual(members.map(\.type), ["Page", nil, nil, "String", "(()->Void)?", "someView"])
        XCTAssertEqual(members.map(\.hasInitialValue), [false, true, false, false, false, false])
        XCTAssertNil(members[0].body)
        XCTAssertNotNil(members[5].body, "computed body")
        XCTAssertTrue(members[3].isLet)
    }

    func testInitializersAndFunctions() {
        let inits = structure.functions.filter(\.isInitializer)
        XCTAssertEqual(inits.count, 1)
        XCTAssertEqual(inits[0].owner, 0)
        XCTAssertEqual(
            inits[0].parameters,
            [
                Parameter(label: "page", name: "page", type: "Binding<Page>", hasDefault: false),
                Parameter(label: "title", name: "title", type: "String", hasDefault: true),
                Parameter(label: nil, name: "extra", type: "Int", hasDefault: false),
            ])
        let make = structure.functions.first { $0.name == "make" }!
        XCTAssertEqual(make.parameters.map(\.label), [nil])
        XCTAssertEqual(make.returnType, "someView")
    }

    func testCallSites() {
        let callees = structure.calls.map(\.callee)
        XCTAssertEqual(
            Set(callees),
            [
                "NavigationStack", "List", "NavigationLink", "sheet", "Sheet", "navigationTitle",
                "uppercased", "Text", "ChildView", "constant",
            ] as Set<String>)
        let list = structure.calls.first { $0.callee == "List" }!
        XCTAssertEqual(structure.arguments(of: list).map(\.label), [nil, "id"])
        XCTAssertEqual(structure.trailingClosures(of: list).count, 1)
        let sheet = structure.calls.first { $0.callee == "sheet" }!
        XCTAssertTrue(sheet.isMember)
        XCTAssertFalse(sheet.isImplicitMember)
        XCTAssertEqual(structure.arguments(of: sheet).map(\.label), ["isPresented"])
        XCTAssertEqual(structure.text(structure.arguments(of: sheet)[0].value), "$shown")
        let constant = structure.calls.first { $0.callee == "constant" }!
        XCTAssertTrue(constant.isImplicitMember)
        let child = structure.calls.first { $0.callee == "ChildView" }!
        XCTAssertEqual(structure.arguments(of: child).map(\.label), ["page", "title", nil])
        XCTAssertFalse(structure.calls.contains { $0.callee == "detail" }, "an enum case declaration is not a call")
        XCTAssertFalse(structure.calls.contains { $0.callee == "make" }, "a function declaration is not a call")
    }

    func testScopesAndPreviews() {
        let link = structure.code.indices.first { structure.text($0) == "NavigationLink" }!
        let calls = structure.enclosingCalls(of: link).map { structure.calls[$0].callee }
        XCTAssertEqual(calls, ["List", "NavigationStack"])
        XCTAssertEqual(structure.enclosingType(of: link), 0)
        XCTAssertFalse(structure.isInPreview(link))
        let constants = structure.calls.filter { $0.callee == "constant" }
        XCTAssertEqual(constants.count, 2)
        XCTAssertTrue(constants.allSatisfy { structure.isInPreview($0.calleeToken) })
        XCTAssertEqual(structure.previews.count, 2)
    }

    func testLabeledTrailingClosuresAndGenericCallee() {
        let s = Structure(
            SourceFile(
                path: "t.swift",
                text: """
                    NavigationLink {
                        Detail()
                    } label: {
                        Text("x")
                    }
                    let b = Binding<Bool>.constant(true)
                    let c = Binding<[Int]>(get: { [] }, set: { _ in })
                    """))
        let link = s.calls.first { $0.callee == "NavigationLink" }!
        XCTAssertEqual(s.trailingClosures(of: link).map(\.label), [nil, "label"])
        let constant = s.calls.first { $0.callee == "constant" }!
        XCTAssertEqual(constant.baseToken.map { s.text($0) }, "Binding")
        XCTAssertTrue(constant.isMember)
        XCTAssertFalse(constant.isImplicitMember)
        let binding = s.calls.first { $0.callee == "Binding" }!
        XCTAssertEqual(s.arguments(of: binding).map(\.label), ["get", "set"])
    }

    func testStatementsAreNotCalls() {
        let s = Structure(
            SourceFile(
                path: "t.swift",
                text: """
                    func f() {
                        if flag { a() } else { b() }
                        for item in items { c() }
                        guard ok else { return }
                        switch value { default: break }
                        while running { d() }
                    }
                    """))
        XCTAssertEqual(s.calls.map(\.callee), ["a", "b", "c", "d"])
    }

    func testInterpolationArgumentsDoNotSplit() {
        let s = Structure(SourceFile(path: "t.swift", text: #"Text("\(value, specifier: "%.1f") km", bundle: .main)"#))
        let text = s.calls.first { $0.callee == "Text" }!
        XCTAssertEqual(s.arguments(of: text).map(\.label), [nil, "bundle"])
    }

    func testIfConfigInsideATypeBody() {
        let s = Structure(
            SourceFile(
                path: "t.swift",
                text: """
                    struct A: View {
                        #if DEBUG
                        @State private var debug = true
                        #endif
                        var body: some View { Text("a") }
                    }
                    """))
        XCTAssertEqual(s.properties.map(\.name), ["debug", "body"])
        XCTAssertEqual(s.properties[0].attributes, ["@State"])
    }

    func testDeepNestingDoesNotOverflow() {
        let depth = 100_000
        let text =
            String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
            + String(repeating: "{[", count: depth)
        let s = Structure(SourceFile(path: "deep.swift", text: text))
        XCTAssertEqual(s.closing[0], Int32(2 * depth - 1))
        XCTAssertEqual(s.code.count, 4 * depth)
    }
}

final class ConditionalChainTests: XCTestCase {
    func testModifierAfterIfConfigKeepsItsBase() {
        let s = Structure(
            SourceFile(
                path: "t.swift",
                text: """
                    NavigationStack {
                        Form { Text("a") }
                    }
                    #if !os(visionOS)
                    .background(Color.red)
                    #endif
                    .navigationTitle("x")
                    """))
        let title = s.calls.first { $0.callee == "navigationTitle" }!
        XCTAssertTrue(title.isMember)
        XCTAssertFalse(title.isImplicitMember)
        XCTAssertEqual(title.baseToken.map { s.text($0) }, "}")
    }
}

final class ParameterTests: XCTestCase {
    func testAttributesBeforeParameterNamesAreNotLabels() {
        let s = Structure(
            SourceFile(
                path: "t.swift", text: "struct A { init(@ViewBuilder content: () -> V, _ x: Int, for y: Int) {} }"))
        XCTAssertEqual(s.functions[0].parameters.map(\.label), ["content", nil, "for"])
        XCTAssertEqual(s.functions[0].parameters.map(\.name), ["content", "x", "y"])
    }

    /// A brace on its own line after a callee alone on its line is that call's trailing closure
    /// (the brace-on-its-own-line style); an `if` condition's body is not.
    func testTrailingClosureOnTheNextLine() {
        let s = Structure(
            SourceFile(
                path: "A.swift",
                bytes: Array(
                    """
                    var body: some View
                    {
                        NavigationStack
                        {
                            List { Text("a") }
                                .toolbar
                                {
                                    EditButton()
                                }
                        }
                    }
                    func f() {
                        if isReady
                        {
                            start()
                        }
                    }
                    """.utf8)))
        let stack = s.calls.firstIndex { $0.callee == "NavigationStack" }
        XCTAssertNotNil(stack)
        let list = s.calls.firstIndex { $0.callee == "List" }!
        XCTAssertEqual(s.enclosingCalls(of: s.calls[list].calleeToken).map { s.calls[$0].callee }, ["NavigationStack"])
        let edit = s.calls.firstIndex { $0.callee == "EditButton" }!
        XCTAssertEqual(
            s.enclosingCalls(of: s.calls[edit].calleeToken).map { s.calls[$0].callee }, ["toolbar", "NavigationStack"])
        XCTAssertFalse(s.calls.contains { $0.callee == "isReady" })
    }
}
