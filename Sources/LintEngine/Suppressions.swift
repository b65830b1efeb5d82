import SwiftLexer
import SwiftUIModel
import ProjectSettings
import Support

/// `// patternlint:disable rule…`, `:enable`, `:disable:next`, `:disable:this`, and `all`.
/// A `disable` holds from its line until an `enable` naming the rule (or `all`).
public struct Suppressions: Sendable {
    public struct Directive: Sendable {
        public enum Kind: String, Sendable {
            case disable, enable, disableNext = "disable:next", disableThis = "disable:this"
        }
        public var kind: Kind
        public var rules: [String]
        public var line: Int
        public var column: Int
        public var offset: Int
    }

    struct Region {
        var rules: [String]
        var lines: ClosedRange<Int>
        var directive: Int
    }

    public private(set) var directives: [Directive] = []
    private var regions: [Region] = []

    /// `//` or `/*`, then spaces or tabs, then `patternlint:`.
    static func mayBeDirective(_ token: Token, in bytes: [UInt8]) -> Bool {
        guard token.length >= 14 else { return false }
        var index = token.offset + 2
        while index < token.end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        let marker = "patternlint:".utf8
        guard token.end - index >= marker.count else { return false }
        return zip(bytes[index..<index + marker.count], marker).allSatisfy { $0 == $1 }
    }

    public init(_ file: SourceFile) {
        for token in file.comments {
            // Most comments are not directives: look at the bytes before building any string.
            guard Self.mayBeDirective(token, in: file.bytes) else { continue }
            let text = file.text(token)
            // Only a comment that *is* a directive: `// patternlint:…` or `/* patternlint:… */`.
            var body = Substring(text)
            if body.hasPrefix("//") {
                body = body.dropFirst(2)
            } else if body.hasPrefix("/*") {
                body = body.dropFirst(2)
            } else {
                continue
            }
            body = body.drop(while: { $0 == " " || $0 == "\t" })
            guard body.hasPrefix("patternlint:"), let marker = body.range(of: "patternlint:") else { continue }
            let rest = body[marker.upperBound...]
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" }).map(
                String.init)
            guard let command = words.first, let kind = Directive.Kind(rawValue: command) else { continue }
            var rules: [String] = []
            for word in words.dropFirst() {
                if word == "*/" || word.hasPrefix("-") { break } // `-- reason` ends the list
                rules.append(word.hasSuffix("*/") ? String(word.dropLast(2)) : word)
            }
            rules = rules.filter { !$0.isEmpty }
            if rules.isEmpty { rules = ["all"] }
            directives.append(
                Directive(
                    kind: kind, rules: rules, line: token.line, column: file.column(of: token), offset: token.offset))
        }
        for (index, directive) in directives.enumerated() {
            switch directive.kind {
            case .disableNext:
                regions.append(
                    Region(rules: directive.rules, lines: directive.line + 1...directive.line + 1, directive: index))
            case .disableThis:
                regions.append(Region(rules: directive.rules, lines: directive.line...directive.line, directive: index))
            case .enable: break
            case .disable:
                for rule in directive.rules {
                    let end = directives[(index + 1)...].first {
                        $0.kind == .enable && ($0.rules.contains(rule) || $0.rules.contains("all"))
                    }
                    let last = end.map { $0.line - 1 } ?? Int.max
                    regions.append(
                        Region(rules: [rule], lines: directive.line...max(directive.line, last), directive: index))
                }
            }
        }
    }

    /// The directive that suppresses `rule` on `line`, if any.
    public func suppressor(of rule: String, line: Int, except: Int? = nil) -> Int? {
        regions.first {
            $0.directive != except && $0.lines.contains(line) && ($0.rules.contains(rule) || $0.rules.contains("all"))
        }?.directive
    }
}
