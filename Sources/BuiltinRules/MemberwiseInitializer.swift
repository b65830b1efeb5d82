import SwiftLexer

extension Structure {
    /// The types whose own declaration (not an extension) declares an `init`: Swift makes them no
    /// memberwise initializer, so callers cannot pass their stored properties, `@State` or
    /// `@StateObject` included.
    func typesWithoutMemberwiseInitializer() -> Set<Int> {
        Set(functions.lazy.filter(\.isInitializer).compactMap(\.owner).filter { self.types[$0].kind != .extension })
    }
}
