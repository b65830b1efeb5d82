import SwiftLexer

/// What the project index keeps of an initializer: what other files' rules ask of it (its
/// parameters). A summary of every file is kept for an editor's whole session, and the whole
/// declaration (attributes, modifiers, token positions, body) was a sixth of it.
public struct DeclaredInitializer: Sendable, Equatable {
    public var parameters: [Parameter]

    init(_ function: FunctionDecl) {
        parameters = function.parameters
    }
}

/// What the project index keeps of a stored property: its name, attributes (`@Binding`), type
/// as written and whether it has a value (the memberwise initializer's parameters).
public struct DeclaredProperty: Sendable, Equatable {
    public var name: String
    public var attributes: [String]
    public var type: String?
    public var hasInitialValue: Bool

    init(_ property: PropertyDecl) {
        name = property.name
        attributes = property.attributes
        type = property.type
        hasInitialValue = property.hasInitialValue
    }
}
