import Foundation
import SwiftLexer

/// A rule implemented in Swift: its type and the id its `id` property gives.
public struct RuleType: Sendable, Equatable {
    public var id: String
    /// As code names it: `ConstantBindingRule`, or `Outer.Inner` for a nested type.
    public var typeName: String
    public var path: String
}

/// Finds the rule types in Swift source with the project's own lexer (so a commented-out
/// declaration or one inside a string is not one): every type declared to conform to `Rule` or
/// `ProjectRule` (or `CollectingRule`), with the string literal of its `id` property.
public enum RuleTypes {
    static func scan(folder: String, relativeTo root: String) throws -> [RuleType] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var types: [RuleType] = []
        for name in names.sorted() where name.hasSuffix(".swift") {
            let path = folder + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            types += try inSource(text, path: String(path.dropFirst(root.count + 1)))
        }
        try checkIDsAreUnique(types)
        return types.sorted { $0.id < $1.id }
    }

    /// The rule types one file declares; a rule type whose `id` is not a plain string literal is an
    /// error, since the registry could not say which rule file it implements.
    public static func inSource(_ text: String, path: String) throws -> [RuleType] {
        let structure = Structure(SourceFile(path: path, text: text))
        var found: [RuleType] = []
        for (index, type) in structure.types.enumerated() where isRuleDeclaration(type) {
            let name = qualifiedName(index, in: structure)
            guard let id = idLiteral(ofType: index, in: structure) else {
                throw GenerationError(
                    "\(path): `\(name)` conforms to `\(type.inheritance.joined(separator: ", "))` but has no `let id = \"…\"` with a string literal; the registry cannot tell which rule file it implements"
                )
            }
            found.append(RuleType(id: id, typeName: name, path: path))
        }
        return found
    }

    static func isRuleDeclaration(_ type: TypeDecl) -> Bool {
        type.kind != .extension && type.kind != .protocol
            && (type.inherits("Rule") || type.inherits("ProjectRule") || type.inherits("CollectingRule"))
    }

    static func qualifiedName(_ index: Int, in structure: Structure) -> String {
        let type = structure.types[index]
        guard let parent = type.parent else { return type.name }
        return qualifiedName(parent, in: structure) + "." + type.name
    }

    /// `"x"` in `let id = "x"` (or `let id: String = "x"`) declared in the type itself.
    static func idLiteral(ofType index: Int, in structure: Structure) -> String? {
        let property = structure.properties.first { $0.owner == index && $0.name == "id" && !$0.isStatic }
        guard let property, property.hasInitialValue, property.body == nil else { return nil }
        var token = property.nameToken + 1
        while token < structure.code.count, !structure.is(token, "=") { token += 1 }
        let value = token + 1
        guard value < structure.code.count, structure.code[value].kind == .string else { return nil }
        // `"a" + suffix` is not a literal the generator can read.
        if value + 1 < structure.code.count, structure.code[value + 1].kind == .operator { return nil }
        return plainLiteral(structure.text(value))
    }

    /// The text of `"…"` without escapes or interpolation; nil for anything else.
    static func plainLiteral(_ token: String) -> String? {
        guard token.count >= 2, token.hasPrefix("\""), token.hasSuffix("\""), !token.contains("\\") else { return nil }
        let inner = token.dropFirst().dropLast()
        return inner.isEmpty || inner.contains("\"") ? nil : String(inner)
    }

    static func checkIDsAreUnique(_ types: [RuleType]) throws {
        var owners: [String: RuleType] = [:]
        for type in types {
            if let other = owners[type.id] {
                throw GenerationError(
                    "rule `\(type.id)` is declared by `\(other.typeName)` (\(other.path)) and `\(type.typeName)` (\(type.path))"
                )
            }
            owners[type.id] = type
        }
    }

    /// A rule type whose id has no rule file would be registered for nothing: say which file to write.
    static func checkEachHasARuleFile(_ types: [RuleType], ruleFiles: [RuleFile]) throws {
        let ids = Set(ruleFiles.map(\.id))
        for type in types where !ids.contains(type.id) {
            throw GenerationError(
                "\(type.path): `\(type.typeName)` implements rule `\(type.id)`, which has no rule file: write Rules/\(type.id).md"
            )
        }
    }
}
