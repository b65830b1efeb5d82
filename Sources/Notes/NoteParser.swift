import Foundation
import Support

/// Turns one markdown file into a `Note`: front matter with Yams, the body with cmark.
public enum NoteParser {
    /// A note from a file's bytes. With `reread`, the note does not keep its body but reads it
    /// again from there when asked.
    public static func parse(
        path: String, relativePath: String, data: [UInt8], reread: (@Sendable () throws -> [UInt8])? = nil
    ) -> Note {
        let (text, diagnostics) = decode(data, path: path)
        // Valid UTF-8 without a byte order mark: the file's bytes are the text's, no copy made of them.
        let same = diagnostics.isEmpty && !data.starts(with: [0xEF, 0xBB, 0xBF])
        var note = parse(
            path: path, relativePath: relativePath, text: text, diagnostics: diagnostics, bytes: same ? data : nil)
        if let reread { note.bodySource = .reread(reread) }
        return note
    }

    /// A note's names from its front matter alone, without parsing its markdown: nil unless the
    /// front matter is valid UTF-8, reads without a problem and declares the title (else the title
    /// comes from the text, and only `parse` can say it). No headings, links or observations.
    static func names(
        path: String, relativePath: String, data: [UInt8], reread: @escaping @Sendable () throws -> [UInt8]
    ) -> Note? {
        var start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard data[start...].starts(with: "---".utf8), !data.contains(0) else { return nil }
        // The opening line, then lines up to the closing `---` or `...`.
        func lineEnd(_ from: Int) -> Int {
            var end = from
            while end < data.count, data[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        }
        func content(_ from: Int, _ end: Int) -> ArraySlice<UInt8> {
            var end = end
            while end > from, [UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(data[end - 1]) {
                end -= 1
            }
            return data[from..<end]
        }
        var end = lineEnd(start)
        guard content(start, end).elementsEqual("---".utf8), end < data.count else { return nil }
        start = end + 1
        // The lines as `FrontMatterParser.split` gives them: without `\r` and trailing spaces.
        var yamlBytes: [UInt8] = []
        while start < data.count {
            end = lineEnd(start)
            let line = content(start, end)
            if line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) {
                guard let yaml = String(validating: yamlBytes.dropLast(), as: UTF8.self),
                    case .success(let matter) = FrontMatterParser.parse(yaml), let title = matter.title
                else { return nil }
                var note = Note(
                    path: path, relativePath: relativePath, title: title, type: matter.type,
                    permalink: matter.permalink.map(normalizedPermalink)
                        ?? Slug.permalink(fromRelativePath: relativePath),
                    tags: matter.tags, aliases: matter.aliases, extra: matter.extra, headings: [], codeBlocks: [],
                    links: [], observations: [], bodySource: .reread(reread), diagnostics: [])
                note.titleIsDeclared = true
                note.permalinkIsDeclared = matter.permalink != nil
                return note
            }
            yamlBytes += line
            yamlBytes.append(UInt8(ascii: "\n"))
            start = end + 1
        }
        return nil
    }

    /// The body of a note read from these bytes, as `parse` makes it.
    static func body(of data: [UInt8]) -> String {
        FrontMatterParser.split(decode(data, path: "").text).body
    }

    /// The text of a file: without a byte order mark, invalid UTF-8 replaced; none for a binary file.
    private static func decode(_ data: [UInt8], path: String) -> (text: String, diagnostics: [NoteDiagnostic]) {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        // memchr: a byte-by-byte look for NUL cost as much as validating the whole text.
        let hasNUL = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 0, buffer.count) != nil } ?? false
        }
        if hasNUL {
            return (
                "",
                [
                    NoteDiagnostic(
                        .error, "unreadable", path: path, line: 1,
                        "binary file (contains NUL bytes); not read as a note")
                ]
            )
        }
        if let valid = String(validating: bytes, as: UTF8.self) { return (valid, []) }
        return (
            String(decoding: bytes, as: UTF8.self),
            [
                NoteDiagnostic(
                    .warning, "encoding", path: path, line: 1,
                    "not valid UTF-8; invalid bytes were replaced with U+FFFD")
            ]
        )
    }

    public static func parse(path: String, relativePath: String, text: String) -> Note {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return parse(path: path, relativePath: relativePath, text: text, diagnostics: [])
    }

    /// With `bytes`, the text's UTF-8 (read from the file already).
    private static func parse(
        path: String, relativePath: String, text: String, diagnostics: [NoteDiagnostic], bytes: [UInt8]? = nil
    ) -> Note {
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
        var body = BodyWalker(path: path, source: text, bytes: bytes)
        body.walk(split.body)
        let records = body.finishRecords()
        let stem = Note.stemOf(relativePath)
        let title = matter.title ?? body.headings.first(where: { $0.level == 1 })?.text ?? stem
        return Note(
            path: path, relativePath: relativePath, title: title, type: matter.type,
            permalink: matter.permalink.map(normalizedPermalink) ?? Slug.permalink(fromRelativePath: relativePath),
            tags: matter.tags, aliases: matter.aliases, extra: matter.extra,
            headings: body.headings.withExactCapacity(), codeBlocks: body.codeBlocks.withExactCapacity(),
            links: records.links, observations: records.observations, blockIDs: body.blockIDs.withExactCapacity(),
            inlineTags: body.inlineTags.withExactCapacity(), bodySource: .kept(split.body), diagnostics: diagnostics,
            titleIsDeclared: matter.title != nil, permalinkIsDeclared: matter.permalink != nil)
    }

    static func normalizedPermalink(_ value: String) -> String {
        var value = value.trimmed
        if value.hasPrefix("memory://") { value.removeFirst("memory://".count) }
        // `permalink: /` is a site's home page (Obsidian Publish): kept, not emptied.
        guard value.contains(where: { $0 != "/" }) else { return value.isEmpty ? value : "/" }
        while value.hasPrefix("/") { value.removeFirst() }
        while value.hasSuffix("/") { value.removeLast() }
        return value
    }
}

extension Note {
    /// The file name without `.md` (in any case): `Views/Sheets.md` → `Sheets`.
    static func stemOf(_ relativePath: String) -> String {
        let bytes = relativePath.utf8
        var last = Substring(relativePath)
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            let after = relativePath[bytes.index(after: slash)...]
            // A trailing slash names the component before it.
            last = after.isEmpty ? (relativePath.split(separator: "/").last ?? last) : after
        }
        return last.withoutMarkdownExtension
    }
}

/// Walks the cmark block tree and collects headings, code blocks, links and observations.
struct BodyWalker {
    let path: String
    /// The file's UTF-8 bytes and where each line starts; lines are decoded only where links are.
    let bytes: [UInt8]
    let lineStarts: [Int]
    /// Whether a line ends in `\r\n`: then a block's source is copied without the `\r`s.
    let hasCarriageReturn: Bool
    var headings: [Heading] = []
    var codeBlocks: [CodeBlock] = []
    var blockIDs: [BlockID] = []
    /// Each once, in order of appearance.
    var inlineTags: [String] = []
    var seenInlineTags = Set<String>()
    /// The links' and observations' records go to one buffer for the note; the links and
    /// observations are made when it is complete.
    private var records = NoteRecords.Builder()
    private var links: [(record: UInt32, style: LinkStyle)] = []
    private var observations: [UInt32] = []
    private var section: String?
    /// The section's heading text and the usual kinds, each shared by the note's links.
    private var sharedSection: Int?
    private var sharedDefaultKind: Int?
    private var sharedRelatedKind: Int?
    private var sharedKinds: [(kind: [UInt8], index: Int)] = []

    /// What a link's kind comes from: none said (`links_to`), a "Related" section, or the word of a
    /// relation (`implements [[…]]`), read in place.
    enum LinkKind {
        case plain, related
        case word(Slice<UnsafeBufferPointer<UInt8>>)
    }
    /// Links under a "Related…" heading are `related`; decided once per heading.
    private var sectionIsRelated = false
    /// Buffers one paragraph after another fills, kept for the next: a link-dense note made and
    /// freed them for every paragraph with a link. Taken out while in use and put back (a move,
    /// where a fresh one cost a release per empty buffer and a copy a retain per buffer).
    private var spareFlat: FlatInline? = FlatInline()
    private var spareSource: BlockSource? = BlockSource(firstLine: 0)
    private var spareASTCandidates: [ASTCandidate]? = []
    private var spareSourceCandidates: [SourceCandidate]? = []

    /// With `utf8`, the source's UTF-8 as read from the file (not copied again).
    init(path: String, source: String, bytes utf8: [UInt8]? = nil) {
        self.path = path
        bytes = utf8 ?? Array(source.utf8)
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24)
        bytes.withUnsafeBufferPointer { buffer in
            // memchr looks at many bytes a step.
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
        }
        lineStarts = starts
        hasCarriageReturn = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 0x0D, buffer.count) != nil } ?? false
        }
    }

    mutating func walk(_ markdown: String) {
        _ = CMarkDocument.withArenaParse(markdown) { walk($0) }
    }

    private mutating func walk(_ root: CMarkNode) {
        // The file's bytes and line starts as buffers for the whole walk: read from the walker in
        // the closure, they cost a retain and a release each for every paragraph.
        let (bytes, lineStarts) = (self.bytes, self.lineStarts)
        bytes.withUnsafeBufferPointer { bytes in
            lineStarts.withUnsafeBufferPointer { lineStarts in walk(root, bytes: bytes, lineStarts: lineStarts) }
        }
    }

    private mutating func walk(
        _ root: CMarkNode, bytes: UnsafeBufferPointer<UInt8>, lineStarts: UnsafeBufferPointer<Int>
    ) {
        root.walk { node, entering in
            guard entering else { return true }
            switch node.kind {
            case .heading:
                let text = FlatInline.of(node, softBreak: UInt8(ascii: " ")).string.trimmed
                headings.append(
                    Heading(level: node.headingLevel, text: text, slug: Slug.heading(text), line: node.startLine))
                section = text
                sharedSection = nil
                sectionIsRelated = text.containsIgnoringASCIICase("related")
                collectLinks(in: node, listItem: false)
            case .paragraph:
                // One look at the source says what the paragraph may hold; it is flattened once.
                let marks = ParagraphMarks(bytes: bytes, lineStarts: lineStarts, node)
                guard marks.bracket || marks.hash else {
                    collectObsidianMarks(in: node, marks: marks, flat: nil)
                    break
                }
                var flat = spareFlat.take() ?? FlatInline()
                flat.refill(from: node, capacity: marks.length)
                if marks.bracket {
                    // The first paragraph of a list item may be an observation or start with a relation.
                    collectLinks(in: node, flat: flat, listItem: node.isFirstChild && node.parent?.kind == .item)
                }
                collectObsidianMarks(in: node, marks: marks, flat: flat)
                spareFlat = consume flat
            case .codeBlock:
                codeBlocks.append(CodeBlock(info: node.fenceInfo.trimmed, content: node.literal, line: node.startLine))
            case .item, .document, .blockQuote, .list, .customBlock:
                return true
            default:
                break
            }
            return false
        }
    }

    func finishRecords() -> (links: [NoteLink], observations: [Observation]) {
        let finished = records.finish()
        return (
            links.map { NoteLink(records: finished, record: $0.record, style: $0.style) },
            observations.map { Observation(records: finished, record: $0) }
        )
    }

    private mutating func addLink<Raw: Collection<UInt8>, Name: Collection<UInt8>, Context: Collection<UInt8>>(
        raw: Raw, target: Name, anchor: Name?, label: Name?, style: LinkStyle,
        position: (line: Int, column: Int), kind: LinkKind, context: Context?
    ) {
        // The first link: room for the records of the rest (a link-dense note's are half its size).
        if links.isEmpty { records.reserve(max(256, bytes.count / 2)) }
        let kindIndex: Int
        switch kind {
        case .plain:
            if sharedDefaultKind == nil { sharedDefaultKind = records.share(NoteLink.defaultKind) }
            kindIndex = sharedDefaultKind!
        case .related:
            kindIndex = relatedKindIndex()
        case .word(let word) where word.elementsEqual("related".utf8):
            kindIndex = relatedKindIndex()
        case .word(let word):
            // A note's relations repeat a few kinds: each shared once (the first 16 kinds looked
            // up along a list; a note with more shares the rest anew, in bounded time).
            if let known = sharedKinds.first(where: { $0.kind.elementsEqual(word) }) {
                kindIndex = known.index
            } else {
                kindIndex = records.share(bytes: word)
                if sharedKinds.count < 16 { sharedKinds.append((Array(word), kindIndex)) }
            }
        }
        if let section, sharedSection == nil { sharedSection = records.share(section) }
        let record = records.addLink(
            line: position.line, column: position.column, kind: kindIndex, section: sharedSection, raw: raw,
            target: target, anchor: anchor, label: label, context: context)
        links.append((record, style))
    }

    private mutating func relatedKindIndex() -> Int {
        if sharedRelatedKind == nil { sharedRelatedKind = records.share("related") }
        return sharedRelatedKind!
    }

    /// The source of a block: its lines, each without a trailing `\r` and ended by `\n`, and
    /// where each line starts in it, to turn an offset back into a file line and column. In a file
    /// without `\r` (most) these are the file's own bytes, `range` the block's lines: no copy.
    private struct BlockSource {
        /// The file's bytes, or a copy of the block's lines; the block is `range` of them.
        var bytes: [UInt8] = []
        var range: Range<Int> = 0..<0
        var firstLine: Int
        /// Where each of the block's lines starts in `bytes`.
        var lineStarts: [Int] = []
        /// `bytes` is the file's own (shared, never written).
        var inPlace = false

        /// The last position asked for: links come left to right, so the next one on the same line
        /// counts on from there (counting from the line start each time made a long line of links
        /// quadratic: 50,000 links on one line took 16 s).
        var last: (offset: Int, line: Int, column: Int)? = nil

        mutating func refill(firstLine: Int) {
            // The file's bytes are let go, not emptied (that would copy them first).
            if inPlace { bytes = [] } else if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
            inPlace = false
            if !lineStarts.isEmpty { lineStarts.removeAll(keepingCapacity: true) }
            range = 0..<0
            self.firstLine = firstLine
            last = nil
        }

        /// 1-based line and column (in Unicode scalars) of a byte offset.
        mutating func position(of offset: Int) -> (line: Int, column: Int) {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            var from = lineStarts[low], column = 1
            if let last, last.line == low, last.offset <= offset { (from, column) = (last.offset, last.column) }
            for byte in bytes[from..<offset] where byte & 0xC0 != 0x80 { column += 1 }
            last = (offset, low, column)
            return (firstLine + low, column)
        }

    }

    /// The block's source, in the spare buffers (or the file's bytes, when it has no `\r`).
    /// Fills `source` (the spare one, taken out by the caller) in place: returned, it was copied,
    /// a retain and a release per buffer for every block with a link.
    private func fillSource(_ source: inout BlockSource, from block: CMarkNode) {
        source.refill(firstLine: block.startLine)
        let lastLine = max(block.startLine, block.endLine)
        if !hasCarriageReturn, block.startLine >= 1, lastLine <= lineStarts.count {
            source.bytes = bytes
            source.inPlace = true
            source.lineStarts.append(contentsOf: lineStarts[(block.startLine - 1)..<lastLine])
            source.range =
                lineStarts[block.startLine - 1]..<(lastLine < lineStarts.count ? lineStarts[lastLine] : bytes.count)
            return
        }
        for number in block.startLine...lastLine {
            source.lineStarts.append(source.bytes.count)
            if number >= 1, number <= lineStarts.count {
                var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
                if end > lineStarts[number - 1], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                source.bytes.append(contentsOf: bytes[lineStarts[number - 1]..<end])
            }
            source.bytes.append(UInt8(ascii: "\n"))
        }
        source.range = 0..<source.bytes.count
    }

    /// The length of the block's source lines when they hold a `[`: without one there is no link or observation.
    private func sourceLengthWithBracket(_ block: CMarkNode) -> Int? {
        let first = max(1, block.startLine), last = min(lineStarts.count, max(block.startLine, block.endLine))
        guard first <= last else { return nil }
        let end = last < lineStarts.count ? lineStarts[last] : bytes.count
        let lines = bytes[lineStarts[first - 1]..<end]
        return lines.contains(UInt8(ascii: "[")) ? lines.count : nil
    }

    private mutating func collectLinks(in block: CMarkNode, listItem: Bool) {
        guard let sourceLength = sourceLengthWithBracket(block) else { return }
        collectLinks(in: block, flat: FlatInline.of(block, capacity: sourceLength), listItem: listItem)
    }

    private mutating func collectLinks(in block: CMarkNode, flat: FlatInline, listItem: Bool) {
        if listItem, let observation = Self.observation(flat) {
            let bytes = flat.bytes
            observations.append(
                records.addObservation(
                    line: block.startLine, category: bytes[observation.category], text: bytes[observation.text],
                    tags: observation.tags.map { bytes[$0] }))
        }
        // Most paragraphs have no link at all: skip the source work for them.
        guard !flat.markdownLinkURLs.isEmpty || Self.hasDoubleBracket(flat.bytes) else { return }
        var fromAST = spareASTCandidates.take() ?? []
        Self.wikiCandidates(in: flat, into: &fromAST)
        // The block's own source, to place links and to drop escaped `\[\[` that cmark unescaped.
        var source = spareSource.take() ?? BlockSource(firstLine: 0)
        fillSource(&source, from: block)
        var fromSource = spareSourceCandidates.take() ?? []
        Self.sourceCandidates(in: source.bytes, range: source.range, into: &fromSource)

        var astIndex = 0
        var relationUsed = false
        let relation = listItem ? Self.relationType(flat) : nil
        // Read in place through buffers: a slice of an array per link part costs a retain and
        // a release each, and a string per part an allocation (480,000 links in a dense vault).
        let flatBytes = flat.bytes, sourceBytes = source.bytes
        flatBytes.withUnsafeBufferPointer { flatBuffer in
            sourceBytes.withUnsafeBufferPointer { sourceBuffer in
                for candidate in fromSource {
                    var found = astIndex
                    while found < fromAST.count,
                        !Self.sameIgnoringMarkup(flatBuffer[fromAST[found].inner], sourceBuffer[candidate.inner])
                    {
                        found += 1
                    }
                    guard found < fromAST.count else { continue }
                    astIndex = found + 1
                    let ast = fromAST[found]
                    var kind = LinkKind.plain
                    if let relation, !relationUsed, found == 0 {
                        kind = .word(flatBuffer[relation])
                        relationUsed = true
                    } else if sectionIsRelated {
                        kind = .related
                    }
                    let raw = sourceBuffer[candidate.start..<candidate.end]
                    let style: LinkStyle = candidate.embed ? .embed : .wiki
                    let position = source.position(of: candidate.start)
                    let after = flatBuffer[ast.after]
                    let asciiContext = !after.contains { $0 >= 0x80 }
                    let context = asciiContext ? Self.trimmedASCIIContext(after).map { flatBuffer[$0] } : nil
                    let wideContext = asciiContext ? nil : Self.trimmedContext(ArraySlice(after)).map { Array($0.utf8) }
                    // The text inside the brackets as written: Obsidian reads no emphasis in a link
                    // (`[[Target *Note*]]` names "Target *Note*"), where cmark's text drops the `*`.
                    let written = sourceBuffer[candidate.inner]
                    let inner =
                        Self.isEmphasisDropped(from: written, in: flatBuffer[ast.inner])
                        ? written : flatBuffer[ast.inner]
                    // A link broken over lines reads as one line.
                    let joined: [UInt8]? =
                        inner.contains(UInt8(ascii: "\n"))
                        ? inner.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 } : nil
                    func add(_ inner: Slice<UnsafeBufferPointer<UInt8>>, _ context: Slice<UnsafeBufferPointer<UInt8>>?)
                    {
                        let parts = Self.innerParts(inner)
                        addLink(
                            raw: raw, target: inner[parts.target], anchor: parts.anchor.map { inner[$0] },
                            label: parts.label.map { inner[$0] }, style: style, position: position, kind: kind,
                            context: context)
                    }
                    // The context in place, or the copy a non-ASCII one was trimmed into.
                    func add(_ inner: Slice<UnsafeBufferPointer<UInt8>>) {
                        if let wideContext {
                            wideContext.withUnsafeBufferPointer { add(inner, $0[...]) }
                        } else {
                            add(inner, context)
                        }
                    }
                    if let joined {
                        joined.withUnsafeBufferPointer { add($0[...]) }
                    } else {
                        add(inner)
                    }
                }
            }
        }
        collectMarkdownLinks(flat.markdownLinkURLs, source: &source)
        spareSource = consume source
        spareASTCandidates = consume fromAST
        spareSourceCandidates = consume fromSource
    }

    private mutating func collectMarkdownLinks(_ urls: [String], source: inout BlockSource) {
        let bytes = source.bytes
        let blockEnd = source.range.upperBound
        var searchFrom = source.range.lowerBound
        for url in urls {
            guard !url.isEmpty, !url.hasPrefix("#"), !url.containsIgnoringASCIICase("://"),
                !url.hasPrefixIgnoringASCIICase("mailto:")
            else {
                continue
            }
            var target = url
            var anchor: String?
            if let hash = target.firstIndex(of: "#") {
                anchor = String(target[target.index(after: hash)...])
                target = String(target[..<hash])
            }
            target = target.removingPercentEncoding ?? target
            guard target.hasSuffixIgnoringASCIICase(".md") || !target.utf8.contains(UInt8(ascii: ".")) else { continue }
            // Only inline links `[text](url)` are placed; reference-style ones have no `](` in the source.
            // A destination may be written in angle brackets: `[text](<my note.md>)`.
            var needle = "](" + url
            func find(_ needle: String) -> Int? {
                bytes.withUnsafeBufferPointer {
                    $0.endsOfOccurrences(of: needle, in: searchFrom..<blockEnd, limit: 1).first
                }
            }
            var found = find(needle)
            if found == nil {
                needle = "](<" + url
                found = find(needle)
            }
            guard let found else { continue }
            let at = found - needle.utf8.count
            // A link's `[` comes after the one before it ends: scanning further back for one that
            // is missing would make a line of such links quadratic.
            let floor = searchFrom
            searchFrom = found
            var depth = 0
            var open = at
            while open > floor {
                open -= 1
                if bytes[open] == UInt8(ascii: "]") { depth += 1 }
                if bytes[open] == UInt8(ascii: "[") { if depth == 0 { break }; depth -= 1 }
            }
            var end = searchFrom
            while end < blockEnd, bytes[end] != UInt8(ascii: ")") { end += 1 }
            addLink(
                raw: bytes[open..<min(end + 1, blockEnd)], target: target.utf8, anchor: anchor?.utf8, label: nil,
                style: .markdown, position: source.position(of: open), kind: sectionIsRelated ? .related : .plain,
                context: nil as ArraySlice<UInt8>?)
        }
    }

    // MARK: - Scanning

    /// A `[[…]]` in cmark's text: what is inside the brackets, and the rest of its line.
    struct ASTCandidate { var inner: Range<Int>; var after: Range<Int> }
    struct SourceCandidate { var start: Int; var inner: Range<Int>; var end: Int; var embed: Bool }

    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

    static func hasDoubleBracket(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            Self.doubleBracket.withUnsafeBufferPointer { bytes.containsOccurrence(of: $0) }
        }
    }

    private static let doubleBracket: [UInt8] = [openBracket, openBracket]

    /// `[[…]]` in cmark's flattened text whose brackets are not inside a code span.
    static func wikiCandidates(in flat: FlatInline) -> [ASTCandidate] {
        var result: [ASTCandidate] = []
        wikiCandidates(in: flat, into: &result)
        return result
    }

    /// `wikiCandidates` into a buffer (emptied first) the parser reuses.
    static func wikiCandidates(in flat: FlatInline, into result: inout [ASTCandidate]) {
        if !result.isEmpty { result.removeAll(keepingCapacity: true) }
        flat.bytes.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return }
            var i = 0
            while i + 1 < s.count {
                // The next `[` (memchr), then the same tests a step at a time would make there.
                guard let found = memchr(base + i, Int32(openBracket), s.count - i - 1) else { return }
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard s[i + 1] == openBracket, !flat.inCode(i), !flat.inCode(i + 1) else {
                    i += 1
                    continue
                }
                var j = i + 2
                var close: Int?
                while j + 1 < s.count {
                    if s[j] == closeBracket, s[j + 1] == closeBracket, !flat.inCode(j) { close = j; break }
                    if s[j] == openBracket, s[j + 1] == openBracket, !flat.inCode(j) { break }
                    j += 1
                }
                guard let end = close else { i += 2; continue }
                // Context: the rest of the line, up to the next link, at most 300 characters.
                var lineEnd = end + 2
                var taken = 0
                while lineEnd < s.count {
                    let byte = s[lineEnd]
                    if byte & 0xC0 != 0x80 {
                        if taken == 300 || byte == UInt8(ascii: "\n")
                            || (byte == openBracket && lineEnd + 1 < s.count && s[lineEnd + 1] == openBracket)
                        {
                            break
                        }
                        taken += 1
                    }
                    lineEnd += 1
                }
                result.append(ASTCandidate(inner: (i + 2)..<end, after: (end + 2)..<lineEnd))
                i = end + 2
            }
        }
    }

    /// `[[…]]` in raw source, honouring backslash escapes and code spans.
    static func sourceCandidates(in s: [UInt8]) -> [SourceCandidate] {
        var result: [SourceCandidate] = []
        sourceCandidates(in: s, into: &result)
        return result
    }

    /// `sourceCandidates` into a buffer (emptied first) the parser reuses.
    static func sourceCandidates(in s: [UInt8], into result: inout [SourceCandidate]) {
        sourceCandidates(in: s, range: 0..<s.count, into: &result)
    }

    /// `sourceCandidates` of `range` of the bytes (a block's lines in its file), offsets in `s`.
    static func sourceCandidates(in s: [UInt8], range: Range<Int>, into result: inout [SourceCandidate]) {
        let backslash = UInt8(ascii: "\\"), backtick = UInt8(ascii: "`")
        if !result.isEmpty { result.removeAll(keepingCapacity: true) }
        s.withUnsafeBufferPointer { s in
            let end = range.upperBound
            func backtickRun(at index: Int) -> Int {
                var j = index
                while j < end, s[j] == backtick { j += 1 }
                return j - index
            }
            var i = range.lowerBound
            while i < end {
                let c = s[i]
                if c == backslash { i += 2; continue }
                if c == backtick {
                    let run = backtickRun(at: i)
                    var j = i + run
                    var closed = false
                    while j < end {
                        if s[j] == backtick {
                            let other = backtickRun(at: j)
                            if other == run { i = j + run; closed = true; break }
                            j += other
                        } else {
                            j += 1
                        }
                    }
                    if !closed { i += run }
                    continue
                }
                if c == openBracket, i + 1 < end, s[i + 1] == openBracket {
                    var j = i + 2
                    var close: Int?
                    while j + 1 < end {
                        if s[j] == closeBracket, s[j + 1] == closeBracket { close = j; break }
                        if s[j] == openBracket, s[j + 1] == openBracket { break }
                        j += 1
                    }
                    if let close {
                        let embed = i > range.lowerBound && s[i - 1] == UInt8(ascii: "!")
                        result.append(
                            SourceCandidate(
                                start: embed ? i - 1 : i, inner: (i + 2)..<close, end: close + 2, embed: embed))
                        i = close + 2
                        continue
                    }
                }
                i += 1
            }
        }
    }

    /// Whether `flat` is `written` with only some `*` and `_` left out (cmark read them as emphasis).
    static func isEmphasisDropped<Bytes: Collection<UInt8>>(from written: Bytes, in flat: Bytes) -> Bool
    where Bytes.Index == Int {
        guard written.count > flat.count else { return false }
        var j = flat.startIndex
        for byte in written {
            if j < flat.endIndex, flat[j] == byte {
                j += 1
            } else if byte != UInt8(ascii: "*"), byte != UInt8(ascii: "_") {
                return false
            }
        }
        return j == flat.endIndex
    }

    /// For pairing source and AST candidates: markup and spacing do not count.
    static func sameIgnoringMarkup<Bytes: Collection<UInt8>>(_ a: Bytes, _ b: Bytes) -> Bool where Bytes.Index == Int {
        func ignored(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: " "),
                UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return true
            default: return false
            }
        }
        var i = a.startIndex, j = b.startIndex
        while true {
            while i < a.endIndex, ignored(a[i]) { i += 1 }
            while j < b.endIndex, ignored(b[j]) { j += 1 }
            guard i < a.endIndex, j < b.endIndex else { return i == a.endIndex && j == b.endIndex }
            guard a[i] == b[j] else { return false }
            i += 1
            j += 1
        }
    }

    static func splitInner(_ inner: String) -> (target: String, anchor: String?, label: String?) {
        var left = Substring(inner)
        var label: String?
        if let bar = inner.utf8.firstIndex(of: UInt8(ascii: "|")) {
            left = inner[..<bar]
            label = inner[inner.utf8.index(after: bar)...].trimmed
        }
        var anchor: String?
        if let hash = left.utf8.firstIndex(of: UInt8(ascii: "#")) {
            anchor = left[left.utf8.index(after: hash)...].trimmed
            left = left[..<hash]
        }
        return (left.trimmed, anchor, label)
    }

    /// `splitInner` of a link's bytes (no line break in them), without making the whole as a string first.
    static func splitInner(bytes: ArraySlice<UInt8>) -> (target: String, anchor: String?, label: String?) {
        func trimmed(_ part: ArraySlice<UInt8>) -> String {
            var start = part.startIndex, end = part.endIndex
            while start < end, part[start].isSpaceOrTab { start += 1 }
            while end > start, part[end - 1].isSpaceOrTab { end -= 1 }
            return String(decoding: part[start..<end], as: UTF8.self)
        }
        var left = bytes
        var label: String?
        if let bar = bytes.firstIndex(of: UInt8(ascii: "|")) {
            left = bytes[..<bar]
            label = trimmed(bytes[(bar + 1)...])
        }
        var anchor: String?
        if let hash = left.firstIndex(of: UInt8(ascii: "#")) {
            anchor = trimmed(left[(hash + 1)...])
            left = left[..<hash]
        }
        return (trimmed(left), anchor, label)
    }

    /// Where a link's target, `#anchor` and `|label` stand in its inner bytes, each trimmed of
    /// spaces and tabs (`splitInner` without making strings).
    static func innerParts<Bytes: Collection<UInt8>>(_ bytes: Bytes)
        -> (target: Range<Int>, anchor: Range<Int>?, label: Range<Int>?) where Bytes.Index == Int
    {
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var start = range.lowerBound, end = range.upperBound
            while start < end, bytes[start].isSpaceOrTab { start += 1 }
            while end > start, bytes[end - 1].isSpaceOrTab { end -= 1 }
            return start..<end
        }
        var left = bytes.startIndex..<bytes.endIndex
        var label: Range<Int>?
        if let bar = bytes.firstIndex(of: UInt8(ascii: "|")) {
            left = bytes.startIndex..<bar
            label = trimmed((bar + 1)..<bytes.endIndex)
        }
        var anchor: Range<Int>?
        if let hash = bytes[left].firstIndex(of: UInt8(ascii: "#")) {
            anchor = trimmed((hash + 1)..<left.upperBound)
            left = left.lowerBound..<hash
        }
        return (trimmed(left), anchor, label)
    }

    /// `trimmedContextBytes` of ASCII text, as the range it keeps.
    static func trimmedASCIIContext<Bytes: Collection<UInt8>>(_ text: Bytes) -> Range<Int>? where Bytes.Index == Int {
        var start = text.startIndex, end = text.endIndex
        while start < end,
            text[start].isSpaceOrTab || text[start] == UInt8(ascii: "-") || text[start] == UInt8(ascii: ":")
        {
            start += 1
        }
        while end > start, text[end - 1].isSpaceOrTab { end -= 1 }
        guard start < end else { return nil }
        for index in start..<end where !asciiPunctuation[Int(text[index])] { return start..<end }
        return nil
    }

    /// Unicode's punctuation among ASCII.
    private static let asciiPunctuation: [Bool] = (0..<128).map { "!\"#%&'()*,-./:;?@[\\]_{}".utf8.contains(UInt8($0)) }

    /// `trimmedContext` as bytes: an ASCII context (most) is a slice of the text, no string made.
    static func trimmedContextBytes(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard text.allSatisfy({ $0 < 0x80 }) else { return trimmedContext(text).map { Array($0.utf8)[...] } }
        var bytes = text.drop(while: { $0.isSpaceOrTab || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") })
        while bytes.last?.isSpaceOrTab == true { bytes = bytes.dropLast() }
        return bytes.isEmpty || bytes.allSatisfy({ asciiPunctuation[Int($0)] }) ? nil : bytes
    }

    static func trimmedContext(_ text: ArraySlice<UInt8>) -> String? {
        if text.allSatisfy({ $0 < 0x80 }) {
            return trimmedContextBytes(text).map { String(decoding: $0, as: UTF8.self) }
        }
        var text = Substring(String(decoding: text, as: UTF8.self))
        while let first = text.first,
            first == " " || first == "\t" || first == "-" || first == "–" || first == "—" || first == ":"
        {
            text = text.dropFirst()
        }
        let result = text.trimmed
        return result.isEmpty || result.allSatisfy({ $0.isPunctuation }) ? nil : result
    }

    /// `relation_type [[Target]]` at the start of a list item: where the relation's word stands in
    /// the flattened text.
    static func relationType(_ flat: FlatInline) -> Range<Int>? {
        let bytes = flat.bytes
        var i = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
        let start = i
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x80 {
                guard byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") else { break }
                i += 1
            } else {
                let (scalar, length) = bytes.scalar(at: i)
                guard scalar.properties.isAlphabetic else { break }
                i += length
            }
        }
        guard i > start, i < bytes.count, bytes[i].isSpaceOrTab else { return nil }
        let word = start..<i
        while i < bytes.count, bytes[i].isSpaceOrTab { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == openBracket, bytes[i + 1] == openBracket else { return nil }
        return word
    }

    /// `[category] text #tag` at the start of a list item: the category's, the text's and each
    /// tag's bytes in the flattened text (ranges: no string or slice made per list item).
    static func observation(_ flat: FlatInline) -> (
        category: Range<Int>, text: Range<Int>, tags: [Range<Int>]
    )? {
        flat.bytes.withUnsafeBufferPointer { bytes in
            // Cheap test first: most list items are not observations.
            var first = 0
            while first < bytes.count, bytes[first] == UInt8(ascii: " ") { first += 1 }
            guard first + 1 < bytes.count, bytes[first] == openBracket, bytes[first + 1] != openBracket else {
                return nil
            }
            // `[category] rest`, both trimmed of spaces and tabs.
            var close = first + 1
            while close < bytes.count, bytes[close] != closeBracket { close += 1 }
            guard close < bytes.count else { return nil }
            var categoryStart = first + 1, categoryEnd = close
            while categoryStart < categoryEnd, bytes[categoryStart].isSpaceOrTab { categoryStart += 1 }
            while categoryEnd > categoryStart, bytes[categoryEnd - 1].isSpaceOrTab { categoryEnd -= 1 }
            guard categoryStart < categoryEnd, !bytes[categoryStart..<categoryEnd].contains(openBracket) else {
                return nil
            }
            var end = bytes.count
            while end > close + 1, bytes[end - 1].isSpaceOrTab { end -= 1 }
            var restStart = close + 1
            while restStart < end, bytes[restStart].isSpaceOrTab { restStart += 1 }
            guard restStart == end || bytes[restStart] != UInt8(ascii: "(") else { return nil } // a markdown link
            // Words starting with `#` are tags, without the trailing punctuation of a sentence.
            func trailing(_ byte: UInt8) -> Bool {
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
                    UInt8(ascii: "?"), UInt8(ascii: ")"):
                    true
                default: false
                }
            }
            var tags: [Range<Int>] = []
            var index = restStart
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") || byte.isSpaceOrTab {
                    index += 1
                    continue
                }
                var wordEnd = index
                while wordEnd < end, bytes[wordEnd] != UInt8(ascii: "\n"), !bytes[wordEnd].isSpaceOrTab { wordEnd += 1 }
                if byte == UInt8(ascii: "#"), wordEnd - index > 1 {
                    var tagStart = index + 1, tagEnd = wordEnd
                    while tagEnd > tagStart, trailing(bytes[tagEnd - 1]) { tagEnd -= 1 }
                    while tagStart < tagEnd, trailing(bytes[tagStart]) { tagStart += 1 }
                    tags.append(tagStart..<tagEnd)
                }
                index = wordEnd
            }
            return (categoryStart..<categoryEnd, restStart..<end, tags)
        }
    }
}
