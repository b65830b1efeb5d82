import SwiftLexer
import Support
import SwiftUIModel
/// SwiftLint's syntax kinds (SourceKitten's `SyntaxKind`), by the short names `match_kinds` and
/// `excluded_match_kinds` take. PatternLint computes them from its own tokens the way SwiftLint's
/// SwiftSyntax bridge does (`SwiftSyntaxKindBridge`), so a kind filter keeps and drops the same
/// matches without SourceKit.
public enum SwiftLintKind: UInt8, CaseIterable, Sendable {
    case argument, attributeBuiltin, attributeID, buildconfigID, buildconfigKeyword, comment, commentMark
    case commentURL, docComment, docCommentField, identifier, keyword, number, objectLiteral, parameter
    case placeholder, string, stringInterpolationAnchor, typeidentifier, poundDirectiveKeyword, `operator`

    /// The short name, as a `.swiftlint.yml` writes it (lowercased, as SwiftLint compares).
    public var shortName: String {
        switch self {
        case .argument: "argument"
        case .attributeBuiltin: "attribute.builtin"
        case .attributeID: "attribute.id"
        case .buildconfigID: "buildconfig.id"
        case .buildconfigKeyword: "buildconfig.keyword"
        case .comment: "comment"
        case .commentMark: "comment.mark"
        case .commentURL: "comment.url"
        case .docComment: "doccomment"
        case .docCommentField: "doccomment.field"
        case .identifier: "identifier"
        case .keyword: "keyword"
        case .number: "number"
        case .objectLiteral: "objectliteral"
        case .parameter: "parameter"
        case .placeholder: "placeholder"
        case .string: "string"
        case .stringInterpolationAnchor: "string_interpolation_anchor"
        case .typeidentifier: "typeidentifier"
        case .poundDirectiveKeyword: "pounddirective.keyword"
        case .operator: "operator"
        }
    }

    /// SwiftLint lowercases the name before looking it up (`SyntaxKind(shortName:)`).
    public init?(shortName: String) {
        let wanted = shortName.lowercased()
        guard let kind = Self.allCases.first(where: { $0.shortName == wanted }) else { return nil }
        self = kind
    }
}

/// A set of kinds in one word.
public struct SwiftLintKindSet: Sendable, Equatable, Hashable {
    public var bits: UInt32

    public init(bits: UInt32 = 0) { self.bits = bits }

    public init(_ kinds: some Sequence<SwiftLintKind>) {
        bits = kinds.reduce(0) { $0 | (1 << $1.rawValue) }
    }

    public func contains(_ kind: SwiftLintKind) -> Bool { bits & (1 << kind.rawValue) != 0 }
    public var isEmpty: Bool { bits == 0 }
    public func intersects(_ other: SwiftLintKindSet) -> Bool { bits & other.bits != 0 }
    public func subtracting(_ other: SwiftLintKindSet) -> SwiftLintKindSet {
        SwiftLintKindSet(bits: bits & ~other.bits)
    }
    public mutating func insert(_ kind: SwiftLintKind) { bits |= 1 << kind.rawValue }
    public var kinds: [SwiftLintKind] { SwiftLintKind.allCases.filter(contains) }

    /// `SyntaxKind.allKinds`: what `match_kinds` is subtracted from. The operator and `#if`
    /// kinds the bridge produces are not in it, so `match_kinds` never drops a match for them.
    public static let all = SwiftLintKindSet([
        .argument, .attributeBuiltin, .attributeID, .buildconfigID, .buildconfigKeyword, .comment, .commentMark,
        .commentURL, .docComment, .docCommentField, .identifier, .keyword, .number, .objectLiteral, .parameter,
        .placeholder, .string, .stringInterpolationAnchor, .typeidentifier,
    ])

    /// Kinds that cover most of a file's bytes: a filter that allows one of them leaves regions too
    /// many and too small to be worth matching one by one.
    static let dense = SwiftLintKindSet([.identifier, .keyword, .typeidentifier, .argument])
}
