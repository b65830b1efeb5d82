import SwiftLexer
import SwiftUIModel
import ProjectSettings
import Support

/// `// patternlint:disable rule…`, `:enable`, `:disable:next`, `:disable:this`, `:disable:previous`
/// and `all`; and SwiftLint's own `// swiftlint:…` comments, which only rules imported from
/// SwiftLint heed (a team's SwiftLint comments were written about SwiftLint's rules: a blanket
/// `swiftlint:disable all` does not silence a check the team has never seen).
/// A `disable` holds from its line until an `enable` naming the rule (or `all`).
public struct Suppressions: Sendable {
    public struct Directive: Sendable {
        public enum Kind: String, Sendable {
            case disable, enable, disableNext = "disable:next", disableThis = "disable:this"
            case disablePrevious = "disable:previous"
        }
        /// Whose comment it is: `patternlint:` or `swiftlint:`.
        public enum Tool: String, Sendable { case patternlint, swiftlint }
        public var kind: Kind
        /// The names as regions key them: a `patternlint:` name with hyphens for underscores, a
        /// `swiftlint:` name behind `swiftlint:` (`all` and `custom_rules` as `swiftLintAll`).
        public var rules: [String]
        public var line: Int
        public var column: Int
        public var offset: Int
        public var tool: Tool = .patternlint
        /// The names as the comment wrote them.
        public var written: [String] = []
    }

    struct Region {
        var rules: [String]
        var lines: ClosedRange<Int>
        var directive: Int
    }

    public private(set) var directives: [Directive] = []
    private var regions: [Region] = []
    /// The regions of each rule name (and of `all`) as stretches of lines, for `suppressor`.
    private var stretches: [String: Stretches] = [:]

    /// What a `swiftlint:` comment's `all` and `custom_rules` key as: every imported rule.
    static let swiftLintAll = "swiftlint:all"

    /// `//` or `/*`, then spaces or tabs, then `patternlint:` or `swiftlint:`.
    static func mayBeDirective(_ token: Token, in bytes: [UInt8]) -> Bool {
        guard token.length >= 12 else { return false }
        var index = token.offset + 2
        while index < token.end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        for marker in ["patternlint:".utf8, "swiftlint:".utf8] where token.end - index >= marker.count {
            if zip(bytes[index..<index + marker.count], marker).allSatisfy({ $0 == $1 }) { return true }
        }
        return false
    }

    /// A rule name as a `patternlint:` comment's regions key it: SwiftLint's underscores read as
    /// our hyphens, so either spelling of an id names the rule.
    static func ourName(_ name: String) -> String {
        name.utf8.contains(UInt8(ascii: "_")) ? String(name.map { $0 == "_" ? "-" : $0 }) : name
    }

    /// The names a rule answers to in regions: its id and `all`; a rule imported from SwiftLint
    /// also its SwiftLint id (in either tool's comments, either spelling in ours), our id behind
    /// `swiftlint:`, and `swiftLintAll`.
    static func names(of rule: String, swiftLintID: String?) -> [String] {
        var names = [rule]
        if rule != "all" { names.append("all") }
        if let swiftLintID {
            let ours = ourName(swiftLintID)
            if ours != rule { names.append(ours) }
            names += ["swiftlint:" + swiftLintID, swiftLintAll]
            if swiftLintID != rule { names.append("swiftlint:" + rule) }
        }
        return names
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
            let tool: Directive.Tool
            if body.hasPrefix("patternlint:") {
                tool = .patternlint
                body = body.dropFirst("patternlint:".count)
            } else if body.hasPrefix("swiftlint:") {
                tool = .swiftlint
                body = body.dropFirst("swiftlint:".count)
            } else {
                continue
            }
            // SwiftLint reads the command up to the first space, so `disable` then a line break or
            // a tab is no command there (`Command(actionString:)`).
            if tool == .swiftlint, let command = body.split(separator: " ", maxSplits: 1).first,
                Directive.Kind(rawValue: String(command)) == nil
            {
                continue
            }
            let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" }).map(
                String.init)
            guard let command = words.first, let kind = Directive.Kind(rawValue: command) else { continue }
            var written: [String] = []
            for word in words.dropFirst() {
                if word == "*/" || word.hasPrefix("-") { break } // `-- reason` ends the list
                written.append(word.hasSuffix("*/") ? String(word.dropLast(2)) : word)
            }
            written = written.filter { !$0.isEmpty }
            // SwiftLint takes no command without rules; ours reads one as `all`.
            if written.isEmpty {
                guard tool == .patternlint else { continue }
                written = ["all"]
            }
            let rules =
                tool == .patternlint
                ? written.map(Self.ourName)
                : written.map { $0 == "all" || $0 == "custom_rules" ? Self.swiftLintAll : "swiftlint:" + $0 }
            directives.append(
                Directive(
                    kind: kind, rules: rules, line: token.line, column: file.column(of: token), offset: token.offset,
                    tool: tool, written: written))
        }
        // The first `enable` after each directive that names a rule (or `all`), from the last
        // directive back: a walk forward from every `disable` made many directives quadratic.
        var nextEnable: [[Int?]] = Array(repeating: [], count: directives.count)
        var enabling: [String: Int] = [:]
        // Each tool's `enable all` ends that tool's regions only.
        var enablingAll: [Directive.Tool: Int] = [:]
        for index in directives.indices.reversed() {
            let directive = directives[index]
            if directive.kind == .disable {
                nextEnable[index] = directive.rules.map { rule in
                    [enabling[rule], enablingAll[directive.tool]].compactMap { $0 }.min()
                }
            } else if directive.kind == .enable {
                for rule in directive.rules { enabling[rule] = index }
                if directive.rules.contains(directive.tool == .patternlint ? "all" : Self.swiftLintAll) {
                    enablingAll[directive.tool] = index
                }
            }
        }
        for (index, directive) in directives.enumerated() {
            switch directive.kind {
            case .disableNext:
                regions.append(
                    Region(rules: directive.rules, lines: directive.line + 1...directive.line + 1, directive: index))
            case .disableThis:
                regions.append(Region(rules: directive.rules, lines: directive.line...directive.line, directive: index))
            case .disablePrevious:
                let line = max(1, directive.line - 1)
                regions.append(Region(rules: directive.rules, lines: line...line, directive: index))
            case .enable: break
            case .disable:
                for (position, rule) in directive.rules.enumerated() {
                    let last = nextEnable[index][position].map { directives[$0].line - 1 } ?? Int.max
                    regions.append(
                        Region(rules: [rule], lines: directive.line...max(directive.line, last), directive: index))
                }
            }
        }
        // Each name's regions, the first of each directive only: a directive's other regions for
        // the same name (a name listed twice) hold the same lines.
        var members: [String: [Int]] = [:]
        for (position, region) in regions.enumerated() {
            for rule in region.rules {
                if let last = members[rule]?.last, regions[last].directive == region.directive { continue }
                members[rule, default: []].append(position)
            }
        }
        for (rule, positions) in members { stretches[rule] = Stretches(positions, of: regions) }
    }

    /// The directive that suppresses `rule` on `line`, if any: the first region (in `regions`'
    /// order) holding the line that names one of the rule's names (`names(of:swiftLintID:)`) and
    /// is not `except`'s. `swiftLintID`: a rule imported from SwiftLint, its id there, which lets
    /// `swiftlint:` comments silence it.
    public func suppressor(of rule: String, swiftLintID: String? = nil, line: Int, except: Int? = nil) -> Int? {
        suppressor(answeringTo: Self.names(of: rule, swiftLintID: swiftLintID), line: line, except: except)
    }

    /// The same for a rule answering to `names` (worked out once per run, not once per finding).
    public func suppressor(answeringTo names: [String], line: Int, except: Int? = nil) -> Int? {
        guard !regions.isEmpty else { return nil }
        // Of one name's regions holding the line, the first two come from different directives:
        // one of them is not `except`'s, when any is.
        func first(_ name: String) -> Int? {
            guard let holding = stretches[name]?.holding(line) else { return nil }
            if holding.first >= 0, regions[holding.first].directive != except { return holding.first }
            if holding.second >= 0, regions[holding.second].directive != except { return holding.second }
            return nil
        }
        var found: Int?
        for name in names {
            if let region = first(name), region < found ?? Int.max { found = region }
        }
        return found.map { regions[$0].directive }
    }

    /// One name's regions as stretches of lines over which the regions holding a line stay the
    /// same: a line's stretch is found by binary search (a walk over every region for each
    /// finding made a file of many directives and findings quadratic).
    struct Stretches {
        /// The first line of each stretch, ascending.
        var starts: [Int] = []
        /// The first two regions (positions in `regions`) holding each stretch; -1 for none.
        var first: [Int] = []
        var second: [Int] = []

        /// `positions`: the name's regions, ascending, at most one per directive.
        init(_ positions: [Int], of regions: [Region]) {
            // Where each region starts and stops holding, in line order; which of them hold
            // between two such lines is kept in a Fenwick tree over their order, so the first two
            // holding are found by counting.
            var events: [(line: Int, member: Int, delta: Int)] = []
            for (member, position) in positions.enumerated() {
                let lines = regions[position].lines
                events.append((lines.lowerBound, member, 1))
                if lines.upperBound < Int.max { events.append((lines.upperBound + 1, member, -1)) }
            }
            events.sort { $0.line < $1.line }
            var tree = [Int](repeating: 0, count: positions.count + 1)
            var holding = 0
            /// The member that is the `rank`-th holding (1-based), or -1.
            func member(ranked rank: Int) -> Int {
                guard rank <= holding else { return -1 }
                var at = 0, left = rank, step = 1
                while step * 2 <= positions.count { step *= 2 }
                while step > 0 {
                    if at + step <= positions.count, tree[at + step] < left {
                        at += step
                        left -= tree[at]
                    }
                    step /= 2
                }
                return at
            }
            var next = 0
            while next < events.count {
                let line = events[next].line
                while next < events.count, events[next].line == line {
                    var at = events[next].member + 1
                    while at <= positions.count {
                        tree[at] += events[next].delta
                        at += at & -at
                    }
                    holding += events[next].delta
                    next += 1
                }
                let a = member(ranked: 1), b = member(ranked: 2)
                starts.append(line)
                first.append(a >= 0 ? positions[a] : -1)
                second.append(b >= 0 ? positions[b] : -1)
            }
        }

        /// The first two regions holding the line, if any holds it.
        func holding(_ line: Int) -> (first: Int, second: Int)? {
            // The number of stretches starting at or before the line.
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= line { low = middle + 1 } else { high = middle }
            }
            guard low > 0, first[low - 1] >= 0 else { return nil }
            return (first[low - 1], second[low - 1])
        }
    }
}
