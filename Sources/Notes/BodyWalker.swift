import Foundation
import Support

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

    /// Whether the block stands in a quote: `> - [!info] …` is Obsidian's callout, no observation.
    private static func inQuote(_ block: CMarkNode) -> Bool {
        var node = block.parent
        while let current = node {
            if current.kind == .blockQuote { return true }
            node = current.parent
        }
        return false
    }

    /// The block's first line from where the block starts on it.
    private func firstLineSource(_ block: CMarkNode) -> ArraySlice<UInt8> {
        let line = block.startLine
        guard line >= 1, line <= lineStarts.count else { return [] }
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let start = min(end, lineStarts[line - 1] + max(0, block.startColumn - 1))
        return bytes[start..<end]
    }

    private mutating func collectLinks(in block: CMarkNode, listItem: Bool) {
        guard let sourceLength = sourceLengthWithBracket(block) else { return }
        collectLinks(in: block, flat: FlatInline.of(block, capacity: sourceLength), listItem: listItem)
    }

    private mutating func collectLinks(in block: CMarkNode, flat: FlatInline, listItem: Bool) {
        // A `[` cmark's text starts with but the source does not (`**[Git](url)**`, `` `[a]` ``), or
        // one that opens a link, is no category.
        if listItem,
            let observation = Self.observation(
                flat,
                startsWithLink: block.firstChild?.kind == .link || block.firstChild?.kind == .image
                    || firstLineSource(block).first != UInt8(ascii: "[")),
            !Self.inQuote(block)
        {
            let bytes = flat.bytes
            var tags = observation.tags.map { bytes[$0] }
            if !tags.isEmpty, var escaped = escapedTagCounts(block) {
                tags.removeAll { tag in
                    let name = String(decoding: tag, as: UTF8.self)
                    guard let count = escaped[name], count > 0 else { return false }
                    escaped[name] = count - 1
                    return true
                }
            }
            let context = observation.context.map { bytes[$0] }
            let line = block.startLine
            let category = bytes[observation.category]
            if let text = Self.textKeepingCode(flat, observation.text) {
                observations.append(
                    records.addObservation(line: line, category: category, text: text, tags: tags, context: context))
            } else {
                observations.append(
                    records.addObservation(
                        line: line, category: category, text: bytes[observation.text], tags: tags, context: context))
            }
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
        let relation = listItem ? Self.relation(flat, source: firstLineSource(block)) : nil
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
                    var isRelation = false
                    if let relation, !relationUsed, found == 0 {
                        kind = .word(flatBuffer[relation.type])
                        relationUsed = true
                        isRelation = true
                    } else if sectionIsRelated {
                        kind = .related
                    }
                    let raw = sourceBuffer[candidate.start..<candidate.end]
                    let style: LinkStyle = candidate.embed ? .embed : .wiki
                    let position = source.position(of: candidate.start)
                    let after = flatBuffer[ast.after]
                    // A relation's context is its `(…)`; a plain link's, the rest of its line.
                    let asciiContext = isRelation || !after.contains { $0 >= 0x80 }
                    let context =
                        isRelation
                        ? relation?.context.map { flatBuffer[$0] }
                        : asciiContext ? Self.trimmedASCIIContext(after).map { flatBuffer[$0] } : nil
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
}
