import Foundation

/// Turns one markdown file into a `Note`: front matter with Yams, the body with cmark.
public enum NoteParser {
    public static func parse(path: String, relativePath: String, data: [UInt8]) -> Note {
        var bytes = data[...]
        var diagnostics: [NoteDiagnostic] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.contains(0) {
            diagnostics.append(
                NoteDiagnostic(
                    .error, "unreadable", path: path, line: 1, "binary file (contains NUL bytes); not read as a note"))
            return parse(path: path, relativePath: relativePath, text: "", diagnostics: diagnostics)
        }
        let text: String
        if let valid = String(validating: bytes, as: UTF8.self) {
            text = valid
        } else {
            text = String(decoding: bytes, as: UTF8.self)
            diagnostics.append(
                NoteDiagnostic(
                    .warning, "encoding", path: path, line: 1,
                    "not valid UTF-8; invalid bytes were replaced with U+FFFD"))
        }
        return parse(path: path, relativePath: relativePath, text: text, diagnostics: diagnostics)
    }

    public static func parse(path: String, relativePath: String, text: String) -> Note {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return parse(path: path, relativePath: relativePath, text: text, diagnostics: [])
    }

    private static func parse(path: String, relativePath: String, text: String, diagnostics: [NoteDiagnostic]) -> Note {
        var diagnostics = diagnostics
        let split = FrontMatterParser.split(text)
        var matter = FrontMatter()
        if split.unclosed {
            diagnostics.append(
                NoteDiagnostic(
                    .warning, "unclosed-front-matter", path: path, line: 1,
                    "front matter opened with `---` is never closed; the whole file is read as markdown"))
        } else if let yaml = split.yaml {
            switch FrontMatterParser.parse(yaml) {
            case .success(let parsed): matter = parsed
            case .failure(let problem):
                diagnostics.append(
                    NoteDiagnostic(
                        .error, "bad-front-matter", path: path,
                        line: split.yamlFirstLine
                            + min(
                                problem.line,
                                max(1, yaml.split(separator: "\n", omittingEmptySubsequences: false).count)) - 1,
                        "malformed YAML front matter: \(problem.message)"))
            }
        }
        var body = BodyWalker(path: path, source: text)
        body.walk(split.body)
        let stem = Note.stemOf(relativePath)
        let title = matter.title ?? body.headings.first(where: { $0.level == 1 })?.text ?? stem
        return Note(
            path: path, relativePath: relativePath, title: title, type: matter.type,
            permalink: matter.permalink.map(normalizedPermalink) ?? Slug.permalink(fromRelativePath: relativePath),
            tags: matter.tags, aliases: matter.aliases, extra: matter.extra,
            headings: body.headings, codeBlocks: body.codeBlocks, links: body.links,
            observations: body.observations, body: split.body, diagnostics: diagnostics)
    }

    static func normalizedPermalink(_ value: String) -> String {
        var value = value.trimmed
        if value.hasPrefix("memory://") { value.removeFirst("memory://".count) }
        while value.hasPrefix("/") { value.removeFirst() }
        while value.hasSuffix("/") { value.removeLast() }
        return value
    }
}

extension Note {
    static func stemOf(_ relativePath: String) -> String {
        let last = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        return last.lowercased().hasSuffix(".md") ? String(last.dropLast(3)) : last
    }
}

/// Walks the cmark block tree and collects headings, code blocks, links and observations.
struct BodyWalker {
    let path: String
    /// The file's UTF-8 bytes and where each line starts; lines are decoded only where links are.
    let bytes: [UInt8]
    let lineStarts: [Int]
    var headings: [Heading] = []
    var codeBlocks: [CodeBlock] = []
    var links: [NoteLink] = []
    var observations: [Observation] = []
    private var section: String?

    init(path: String, source: String) {
        self.path = path
        bytes = Array(source.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    mutating func walk(_ markdown: String) {
        guard let document = CMarkDocument(markdown: markdown) else { return }
        withExtendedLifetime(document) { walk(CMarkNode(pointer: document.root)) }
    }

    private mutating func walk(_ root: CMarkNode) {
        // Explicit stack: (node, is first paragraph of a list item).
        var stack: [(CMarkNode, Bool)] = root.children.reversed().map { ($0, false) }
        while let (node, firstInItem) = stack.popLast() {
            switch node.kind {
            case .heading:
                let text = FlatInline.of(node, softBreak: " ").string.trimmed
                headings.append(
                    Heading(level: node.headingLevel, text: text, slug: Slug.heading(text), line: node.startLine))
                section = text
                collectLinks(in: node, listItem: false)
            case .paragraph:
                collectLinks(in: node, listItem: firstInItem)
            case .codeBlock:
                codeBlocks.append(CodeBlock(info: node.fenceInfo.trimmed, content: node.literal, line: node.startLine))
            case .item:
                let children = node.children
                stack.append(
                    contentsOf: children.enumerated().reversed().map {
                        ($0.element, $0.offset == 0 && $0.element.kind == .paragraph)
                    })
            case .document, .blockQuote, .list, .customBlock:
                stack.append(contentsOf: node.children.reversed().map { ($0, false) })
            default:
                break
            }
        }
    }

    /// One source line as scalars, `\r` removed.
    private func line(_ number: Int) -> [Unicode.Scalar] {
        guard number >= 1, number <= lineStarts.count else { return [] }
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > lineStarts[number - 1], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(end - lineStarts[number - 1])
        var decoder = UTF8()
        var iterator = bytes[lineStarts[number - 1]..<end].makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: return scalars
            }
        }
    }

    /// Whether the block's source lines hold a `[` at all: without one there is no link or observation.
    private func sourceHasBracket(_ block: CMarkNode) -> Bool {
        let first = max(1, block.startLine), last = min(lineStarts.count, max(block.startLine, block.endLine))
        guard first <= last else { return false }
        let end = last < lineStarts.count ? lineStarts[last] : bytes.count
        return bytes[lineStarts[first - 1]..<end].contains(UInt8(ascii: "["))
    }

    private mutating func collectLinks(in block: CMarkNode, listItem: Bool) {
        guard sourceHasBracket(block) else { return }
        let flat = FlatInline.of(block)
        if listItem, let observation = Self.observation(flat, line: block.startLine) {
            observations.append(observation)
        }
        // Most paragraphs have no link at all: skip the source work for them.
        guard
            flat.markdownLinks.isEmpty == false
                || flat.scalars.indices.dropLast().contains(where: {
                    flat.scalars[$0] == "[" && flat.scalars[$0 + 1] == "["
                })
        else { return }
        let fromAST = Self.wikiCandidates(in: flat)
        // The block's own source, to place links and to drop escaped `\[\[` that cmark unescaped.
        var source: [Unicode.Scalar] = []
        var positions: [(line: Int, column: Int)] = []
        for number in block.startLine...max(block.startLine, block.endLine) {
            let scalars = line(number)
            for (index, scalar) in scalars.enumerated() {
                source.append(scalar)
                positions.append((number, index + 1))
            }
            source.append("\n")
            positions.append((number, scalars.count + 1))
        }
        let fromSource = Self.sourceCandidates(in: source)

        var astIndex = 0
        var relationUsed = false
        let relation = listItem ? Self.relationType(flat) : nil
        let astKeys = fromAST.map { Self.normalized($0.inner.unicodeScalars) }
        for candidate in fromSource {
            let key = Self.normalized(source[candidate.inner])
            var match: Int?
            var probe = astIndex
            while probe < fromAST.count {
                if astKeys[probe] == key { match = probe; break }
                probe += 1
            }
            guard let found = match else { continue }
            astIndex = found + 1
            let ast = fromAST[found]
            let (target, anchor, label) = Self.splitInner(ast.inner)
            var kind = NoteLink.defaultKind
            if let relation, !relationUsed, found == 0 {
                kind = relation
                relationUsed = true
            } else if let section, section.lowercased().contains("related") {
                kind = "related"
            }
            let position = positions[candidate.start]
            links.append(
                NoteLink(
                    raw: String(scalars: source[candidate.start..<candidate.end]),
                    target: target, anchor: anchor, label: label, style: candidate.embed ? .embed : .wiki,
                    line: position.line, column: position.column, kind: kind, section: section,
                    context: ast.after))
        }
        collectMarkdownLinks(flat.markdownLinks, source: source, positions: positions)
    }

    private mutating func collectMarkdownLinks(
        _ found: [(url: String, text: String)], source: [Unicode.Scalar], positions: [(line: Int, column: Int)]
    ) {
        var searchFrom = 0
        for (url, _) in found {
            let lowered = url.lowercased()
            guard !url.isEmpty, !url.hasPrefix("#"), !lowered.contains("://"), !lowered.hasPrefix("mailto:") else {
                continue
            }
            var target = url
            var anchor: String?
            if let hash = target.firstIndex(of: "#") {
                anchor = String(target[target.index(after: hash)...])
                target = String(target[..<hash])
            }
            target = target.removingPercentEncoding ?? target
            guard target.lowercased().hasSuffix(".md") || !target.contains(".") else { continue }
            // Only inline links `[text](url)` are placed; reference-style ones have no `](` in the source.
            let needle = Array("](".unicodeScalars) + Array(url.unicodeScalars)
            guard let at = Self.find(needle, in: source, from: searchFrom) else { continue }
            searchFrom = at + needle.count
            var depth = 0
            var open = at
            while open > 0 {
                open -= 1
                if source[open] == "]" { depth += 1 }
                if source[open] == "[" { if depth == 0 { break }; depth -= 1 }
            }
            var end = searchFrom
            while end < source.count, source[end] != ")" { end += 1 }
            let position = positions[open]
            links.append(
                NoteLink(
                    raw: String(scalars: source[open..<min(end + 1, source.count)]),
                    target: target, anchor: anchor, label: nil, style: .markdown,
                    line: position.line, column: position.column,
                    kind: (section?.lowercased().contains("related") ?? false) ? "related" : NoteLink.defaultKind,
                    section: section, context: nil))
        }
    }

    // MARK: - Scanning

    struct ASTCandidate { var inner: String; var after: String? }
    struct SourceCandidate { var start: Int; var inner: Range<Int>; var end: Int; var embed: Bool }

    /// `[[…]]` in cmark's flattened text whose brackets are not inside a code span.
    static func wikiCandidates(in flat: FlatInline) -> [ASTCandidate] {
        let s = flat.scalars
        var result: [ASTCandidate] = []
        var i = 0
        while i + 1 < s.count {
            guard s[i] == "[", s[i + 1] == "[", !flat.inCode[i], !flat.inCode[i + 1] else { i += 1; continue }
            var j = i + 2
            var close: Int?
            while j + 1 < s.count {
                if s[j] == "]", s[j + 1] == "]", !flat.inCode[j] { close = j; break }
                if s[j] == "[", s[j + 1] == "[", !flat.inCode[j] { break }
                j += 1
            }
            guard let end = close else { i += 2; continue }
            let inner = String(scalars: s[(i + 2)..<end].map { $0 == "\n" ? " " : $0 })
            // Context: the rest of the line, up to the next link, at most 300 characters.
            var lineEnd = end + 2
            while lineEnd < s.count, lineEnd < end + 302, s[lineEnd] != "\n",
                !(s[lineEnd] == "[" && lineEnd + 1 < s.count && s[lineEnd + 1] == "[")
            { lineEnd += 1 }
            let after = trimmedContext(String(scalars: s[(end + 2)..<lineEnd]))
            result.append(ASTCandidate(inner: inner, after: after))
            i = end + 2
        }
        return result
    }

    /// `[[…]]` in raw source, honouring backslash escapes and code spans.
    static func sourceCandidates(in s: [Unicode.Scalar]) -> [SourceCandidate] {
        var result: [SourceCandidate] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "\\" { i += 2; continue }
            if c == "`" {
                let run = backtickRun(s, at: i)
                var j = i + run
                var closed = false
                while j < s.count {
                    if s[j] == "`" {
                        let other = backtickRun(s, at: j)
                        if other == run { i = j + run; closed = true; break }
                        j += other
                    } else {
                        j += 1
                    }
                }
                if !closed { i += run }
                continue
            }
            if c == "[", i + 1 < s.count, s[i + 1] == "[" {
                var j = i + 2
                var close: Int?
                while j + 1 < s.count {
                    if s[j] == "]", s[j + 1] == "]" { close = j; break }
                    if s[j] == "[", s[j + 1] == "[" { break }
                    j += 1
                }
                if let end = close {
                    let embed = i > 0 && s[i - 1] == "!"
                    result.append(
                        SourceCandidate(start: embed ? i - 1 : i, inner: (i + 2)..<end, end: end + 2, embed: embed))
                    i = end + 2
                    continue
                }
            }
            i += 1
        }
        return result
    }

    private static func backtickRun(_ s: [Unicode.Scalar], at index: Int) -> Int {
        var j = index
        while j < s.count, s[j] == "`" { j += 1 }
        return j - index
    }

    private static func find(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = from
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], Array(haystack[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }

    /// For pairing source and AST candidates: markup and spacing do not count.
    static func normalized<S: Sequence<Unicode.Scalar>>(_ text: S) -> [Unicode.Scalar] {
        text.filter { !["*", "_", "`", "\\", " ", "\t", "\n", "\r"].contains($0) }
    }

    static func splitInner(_ inner: String) -> (target: String, anchor: String?, label: String?) {
        var left = inner
        var label: String?
        if let bar = inner.firstIndex(of: "|") {
            left = String(inner[..<bar])
            label = String(inner[inner.index(after: bar)...]).trimmed
        }
        var anchor: String?
        if let hash = left.firstIndex(of: "#") {
            anchor = String(left[left.index(after: hash)...]).trimmed
            left = String(left[..<hash])
        }
        return (left.trimmed, anchor, label)
    }

    static func trimmedContext(_ text: String) -> String? {
        var text = Substring(text)
        while let first = text.first,
            first == " " || first == "\t" || first == "-" || first == "–" || first == "—" || first == ":"
        {
            text = text.dropFirst()
        }
        let result = text.trimmed
        return result.isEmpty || result.allSatisfy({ $0.isPunctuation }) ? nil : result
    }

    /// `relation_type [[Target]]` at the start of a list item.
    static func relationType(_ flat: FlatInline) -> String? {
        let scalars = flat.scalars
        var i = 0
        while i < scalars.count, scalars[i] == " " { i += 1 }
        let start = i
        while i < scalars.count,
            scalars[i].properties.isAlphabetic || scalars[i] == "_" || scalars[i] == "-"
                || ("0"..."9").contains(scalars[i])
        { i += 1 }
        guard i > start, i < scalars.count, scalars[i] == " " || scalars[i] == "\t" else { return nil }
        let word = String(scalars: scalars[start..<i])
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        guard i + 1 < scalars.count, scalars[i] == "[", scalars[i + 1] == "[" else { return nil }
        return word
    }

    /// `[category] text #tag` at the start of a list item.
    static func observation(_ flat: FlatInline, line: Int) -> Observation? {
        // Cheap test first: most list items are not observations.
        guard let first = flat.scalars.firstIndex(where: { $0 != " " }), flat.scalars[first] == "[",
            first + 1 < flat.scalars.count, flat.scalars[first + 1] != "["
        else { return nil }
        let text = flat.string.trimmed
        guard let close = text.firstIndex(of: "]") else { return nil }
        let category = String(text[text.index(after: text.startIndex)..<close]).trimmed
        guard !category.isEmpty, !category.contains("[") else { return nil }
        let rest = String(text[text.index(after: close)...]).trimmed
        guard !rest.hasPrefix("(") else { return nil } // a markdown link, not an observation
        let tags = rest.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
            .filter { $0.hasPrefix("#") && $0.count > 1 }
            .map { String($0.dropFirst()).trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?)")) }
        return Observation(category: category, text: rest, tags: tags, line: line)
    }
}
