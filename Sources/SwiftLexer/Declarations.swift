/// Plain value types describing what the structure pass found. Token indices are into
/// `Structure.code` (the file's tokens without comments).
public enum TypeKind: String, Sendable {
    case `struct`, `class`, `enum`, actor, `extension`, `protocol`
}

public struct TypeDecl: Sendable {
    public var kind: TypeKind
    /// `Foo`, or `Foo.Bar` for an extension of a nested type.
    public var name: String
    public var nameToken: Int
    /// Inherited types and conformances as written, e.g. `["View", "SwiftUI.PreviewProvider"]`.
    public var inheritance: [String]
    public var attributes: [String]
    public var modifiers: [String]
    /// `{` and `}` of the body, when it has one.
    public var body: ClosedRange<Int>?
    /// The enclosing type, for nested types.
    public var parent: Int?

    /// Whether `name` is among the inherited types (`SwiftUI.View` counts as `View`).
    public func inherits(_ name: String) -> Bool {
        inheritance.contains { written in
            // `View`, or a qualified `SwiftUI.View`: compared in place, no string is built.
            if written == name { return true }
            let utf8 = written.utf8, suffix = name.utf8
            guard utf8.count > suffix.count else { return false }
            let start = utf8.index(utf8.endIndex, offsetBy: -suffix.count)
            return utf8[start...].elementsEqual(suffix) && utf8[utf8.index(before: start)] == UInt8(ascii: ".")
        }
    }
}

public struct Parameter: Sendable, Equatable {
    /// The argument label callers write; `nil` for `_`.
    public var label: String?
    public var name: String
    /// The type as written, without spaces: `Binding<Page>`, `@escaping()->Void`.
    public var type: String
    public var hasDefault: Bool
}

public struct PropertyDecl: Sendable {
    public var name: String
    public var nameToken: Int
    public var isLet: Bool
    /// `@State`, `@Binding`, `@Environment`, … (with `@`), arguments left out.
    public var attributes: [String]
    /// The token index of each attribute, parallel to `attributes`.
    public var attributeTokens: [Int]
    public var modifiers: [String]
    /// Token index of the first attribute or modifier, or of `var`/`let`.
    public var declarationStart: Int
    public var type: String?
    public var hasInitialValue: Bool
    /// A computed property or one with observers: `{` … `}`.
    public var body: ClosedRange<Int>?
    public var owner: Int?

    public var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
}

public struct FunctionDecl: Sendable {
    /// `init` for initializers.
    public var name: String
    public var nameToken: Int
    public var isInitializer: Bool
    public var parameters: [Parameter]
    public var attributes: [String]
    public var modifiers: [String]
    public var returnType: String?
    public var body: ClosedRange<Int>?
    public var owner: Int?
}

public struct CallArgument: Sendable {
    public var label: String?
    public var labelToken: Int?
    /// Code token indices of the value (after the label and colon).
    public var value: Range<Int>
}

public struct TrailingClosure: Sendable {
    public var label: String?
    public var body: ClosedRange<Int>
    /// The same call's next trailing closure in `Structure`'s store, or -1.
    var next: Int32 = -1
}

/// A call: stored compactly (token indices as `Int32`), read through the properties below.
public struct CallSite: Sendable {
    /// The last name before the parentheses or closure: `NavigationLink`, `sheet`, `constant`, `init`.
    public let callee: String
    private let callee32: Int32
    private let base32: Int32
    private let open32: Int32
    private let close32: Int32
    /// Trailing closures live in `Structure` (see `trailingClosures(of:)`), linked from here.
    var firstClosure: Int32 = -1
    var lastClosure: Int32 = -1
    private var lastClosureEnd32: Int32 = -1
    private let flags: UInt8

    init(
        callee: String, calleeToken: Int, isMember: Bool, isImplicitMember: Bool, baseToken: Int?,
        parentheses: ClosedRange<Int>?, isPattern: Bool
    ) {
        self.callee = callee
        callee32 = Int32(truncatingIfNeeded: calleeToken)
        base32 = baseToken.map { Int32(truncatingIfNeeded: $0) } ?? -1
        open32 = parentheses.map { Int32(truncatingIfNeeded: $0.lowerBound) } ?? -1
        close32 = parentheses.map { Int32(truncatingIfNeeded: $0.upperBound) } ?? -1
        flags = (isMember ? 1 : 0) | (isImplicitMember ? 2 : 0) | (isPattern ? 4 : 0)
    }

    public var calleeToken: Int { Int(callee32) }
    /// `.sheet(…)` or `Binding.constant(…)`: the callee follows a `.`.
    public var isMember: Bool { flags & 1 != 0 }
    /// `.constant(…)` with no base: an implicit member expression.
    public var isImplicitMember: Bool { flags & 2 != 0 }
    /// The call stands in a `case` pattern (`case .foo(let x)`), not an expression.
    public var isPattern: Bool { flags & 4 != 0 }
    /// Index of the token before the `.` of an explicit member call (`Binding` in `Binding.constant`).
    public var baseToken: Int? { base32 >= 0 ? Int(base32) : nil }
    /// `(` and `)`, when there are parentheses.
    public var parentheses: ClosedRange<Int>? { open32 >= 0 ? Int(open32)...Int(close32) : nil }
    /// `}` of the last trailing closure, or -1.
    public internal(set) var lastClosureEnd: Int {
        get { Int(lastClosureEnd32) }
        set { lastClosureEnd32 = Int32(truncatingIfNeeded: newValue) }
    }

    public var hasTrailingClosure: Bool { firstClosure >= 0 }

    /// First and last token of the whole call, from callee (or base) to its last closure.
    public var extent: ClosedRange<Int> {
        let start = baseToken ?? calleeToken
        let end = lastClosureEnd >= 0 ? lastClosureEnd : parentheses?.upperBound ?? calleeToken
        return start...max(start, end)
    }
}

public enum ScopeKind: Sendable, Equatable {
    case file
    case typeBody(Int)
    case function(Int)
    case property(Int)
    /// A closure; `call` when it is a trailing closure of that call.
    case closure(call: Int?)
    /// `if`/`for`/`while`/`switch`/`guard … else`/`do`/`catch`/`defer`/`repeat` bodies.
    case statement
    case preview
    case arguments(call: Int)
    /// `(…)` that is not an argument list, `[…]`, or an interpolation.
    case brackets
}

/// A bracketed region and what it belongs to; stored in 20 bytes, read through the properties.
public struct Scope: Sendable {
    private let tag: UInt8
    private let payload: Int32
    private let lower: Int32
    private let upper: Int32
    private let parent32: Int32

    init(kind: ScopeKind, range: ClosedRange<Int>, parent: Int) {
        switch kind {
        case .file: (tag, payload) = (0, -1)
        case .typeBody(let type): (tag, payload) = (1, Int32(truncatingIfNeeded: type))
        case .function(let function): (tag, payload) = (2, Int32(truncatingIfNeeded: function))
        case .property(let property): (tag, payload) = (3, Int32(truncatingIfNeeded: property))
        case .closure(let call): (tag, payload) = (4, call.map { Int32(truncatingIfNeeded: $0) } ?? -1)
        case .statement: (tag, payload) = (5, -1)
        case .preview: (tag, payload) = (6, -1)
        case .arguments(let call): (tag, payload) = (7, Int32(truncatingIfNeeded: call))
        case .brackets: (tag, payload) = (8, -1)
        }
        lower = Int32(truncatingIfNeeded: range.lowerBound)
        upper = Int32(truncatingIfNeeded: range.upperBound)
        parent32 = Int32(truncatingIfNeeded: parent)
    }

    public var kind: ScopeKind {
        switch tag {
        case 0: .file
        case 1: .typeBody(Int(payload))
        case 2: .function(Int(payload))
        case 3: .property(Int(payload))
        case 4: .closure(call: payload >= 0 ? Int(payload) : nil)
        case 5: .statement
        case 6: .preview
        case 7: .arguments(call: Int(payload))
        default: .brackets
        }
    }

    /// Opening and closing token (the whole file for `.file`).
    public var range: ClosedRange<Int> { Int(lower)...Int(upper) }
    public var parent: Int { Int(parent32) }
}
