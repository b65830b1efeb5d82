import CCMark
import CMarkArena
import Foundation

/// A thin, owning wrapper around a cmark document, the only door to libcmark in the package.
final class CMarkDocument {
    let root: OpaquePointer

    init?(markdown: String) {
        // A Swift string is valid UTF-8 already: cmark need not check it again.
        let options = CMARK_OPT_SOURCEPOS
        var markdown = markdown
        // The string's own bytes, without the copy `utf8CString` makes (cmark takes a length).
        let parsed: OpaquePointer? = markdown.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                guard let start = text.baseAddress else { return cmark_parse_document("", 0, options) }
                return cmark_parse_document(start, text.count, options)
            }
        }
        guard let parsed else { return nil }
        root = parsed
    }

    deinit { cmark_node_free(root) }

    /// Parses with this thread's arena (CMarkArena) and hands `body` the document: every node
    /// goes at once when `body` returns, without a free per node. Nothing of the tree may
    /// outlive `body` (copy what is kept); cmark's renderers, whose output is freed with
    /// `free`, must not run on it.
    static func withArenaParse<Result>(_ markdown: String, _ body: (CMarkNode) -> Result) -> Result? {
        patternlint_arena_begin()
        defer { patternlint_arena_end() }
        var markdown = markdown
        let parsed: OpaquePointer? = markdown.withUTF8 { buffer in
            guard let parser = cmark_parser_new_with_mem(CMARK_OPT_SOURCEPOS, arenaAllocator) else { return nil }
            defer { cmark_parser_free(parser) }
            buffer.withMemoryRebound(to: CChar.self) { text in
                if let start = text.baseAddress { cmark_parser_feed(parser, start, text.count) }
            }
            return cmark_parser_finish(parser)
        }
        guard let parsed else { return nil }
        return body(CMarkNode(pointer: parsed))
    }
}

/// cmark's allocator interface, pointing at the arena's functions; made once, never freed.
private nonisolated(unsafe) let arenaAllocator: UnsafeMutablePointer<cmark_mem> = {
    let allocator = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    allocator.initialize(
        to: cmark_mem(
            calloc: patternlint_arena_calloc, realloc: patternlint_arena_realloc, free: patternlint_arena_free))
    return allocator
}()

/// A borrowed cmark node; valid while its document lives.
struct CMarkNode {
    let pointer: OpaquePointer

    enum Kind {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock, paragraph, heading,
            thematicBreak, text, softBreak, lineBreak, code, htmlInline, customInline, emphasis, strong,
            link, image, other
    }

    var kind: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: return .customBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: return .customInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        default: return .other
        }
    }

    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
    var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
    /// 1-based, in bytes of the start line.
    var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }

    /// Visits the nodes below this one in document order, without recursion and without arrays:
    /// containers are met entering and leaving, leaves (text, code, breaks) entering only. When
    /// `visit` answers false on entering a container, its children are skipped.
    ///
    /// In cmark's iterator order, without one (an iterator per paragraph was an allocation and a
    /// call per event): a container with no children is left right after it is entered; one
    /// whose children are skipped is not left.
    func walk(_ visit: (CMarkNode, _ entering: Bool) -> Bool) {
        guard var node = cmark_node_first_child(pointer) else { return }
        while true {
            let descend = visit(CMarkNode(pointer: node), true)
            if !Self.isLeaf(node) {
                if let child = cmark_node_first_child(node) {
                    if descend {
                        node = child
                        continue
                    }
                } else {
                    _ = visit(CMarkNode(pointer: node), false)
                }
            }
            // The next sibling, leaving the parents that have none.
            var current = node
            while true {
                if let next = cmark_node_next(current) {
                    node = next
                    break
                }
                guard let parent = cmark_node_parent(current), parent != pointer else { return }
                _ = visit(CMarkNode(pointer: parent), false)
                current = parent
            }
        }
    }

    /// The node kinds cmark's iterator enters without leaving.
    private static func isLeaf(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT,
            CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
            true
        default: false
        }
    }

    var parent: CMarkNode? { cmark_node_parent(pointer).map(CMarkNode.init) }
    var isFirstChild: Bool { cmark_node_previous(pointer) == nil }
    var firstChild: CMarkNode? { cmark_node_first_child(pointer).map(CMarkNode.init) }

    var children: [CMarkNode] {
        var result: [CMarkNode] = []
        var child = cmark_node_first_child(pointer)
        while let current = child {
            result.append(CMarkNode(pointer: current))
            child = cmark_node_next(current)
        }
        return result
    }
}

/// Inline content flattened to UTF-8 bytes, with a flag per byte telling whether it came from a code span.
/// Every marker the walkers look for (`[`, `]`, `` ` ``) is ASCII, so bytes serve as well as scalars.
struct FlatInline {
    var bytes: [UInt8] = []
    /// Where code spans' text stands in `bytes`, in order (most paragraphs have none: a flag per
    /// byte cost more than the text it marked).
    var codeRanges: [Range<Int>] = []

    /// Whether byte `index` is part of a code span's text.
    func inCode(_ index: Int) -> Bool {
        guard !codeRanges.isEmpty else { return false }
        var low = 0, high = codeRanges.count
        while low < high {
            let middle = (low + high) / 2
            if codeRanges[middle].upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < codeRanges.count && codeRanges[low].contains(index)
    }
    /// Destinations of the markdown links met on the way, in order.
    var markdownLinkURLs: [String] = []

    mutating func append(_ text: UnsafePointer<CChar>?, code: Bool = false) {
        guard let text else { return }
        let buffer = UnsafeRawBufferPointer(start: text, count: strlen(text))
        let start = bytes.count
        bytes.append(contentsOf: buffer)
        if code, !buffer.isEmpty { codeRanges.append(start..<bytes.count) }
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    var string: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Walks the inline children of a leaf block without recursion.
    static func of(_ block: CMarkNode, softBreak: UInt8 = UInt8(ascii: "\n"), capacity: Int = 0) -> FlatInline {
        var flat = FlatInline()
        flat.refill(from: block, softBreak: softBreak, capacity: capacity)
        return flat
    }

    /// `of`, in this value's buffers (emptied first): the parser reuses one for every paragraph.
    mutating func refill(from block: CMarkNode, softBreak: UInt8 = UInt8(ascii: "\n"), capacity: Int = 0) {
        // Emptied only when they hold something: most paragraphs have no code and no markdown
        // link, and emptying an array costs as much as a small append.
        if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
        if !codeRanges.isEmpty { codeRanges.removeAll(keepingCapacity: true) }
        if !markdownLinkURLs.isEmpty { markdownLinkURLs.removeAll(keepingCapacity: true) }
        bytes.reserveCapacity(capacity)
        var flat = self
        self = FlatInline()
        defer { self = flat }
        block.walk { node, entering in
            switch node.kind {
            case .text, .htmlInline: flat.append(cmark_node_get_literal(node.pointer))
            case .customInline:
                flat.append(cmark_node_get_literal(node.pointer))
                return false
            case .code: flat.append(cmark_node_get_literal(node.pointer), code: true)
            case .softBreak: flat.append(softBreak)
            case .lineBreak: flat.append(UInt8(ascii: "\n"))
            case .link, .image:
                // `[[T]]` with a `[T]: url` definition arrives as `[`, LINK(T), `]`: restore the brackets.
                if entering {
                    flat.append(UInt8(ascii: "["))
                } else {
                    flat.append(UInt8(ascii: "]"))
                    if node.kind == .link { flat.markdownLinkURLs.append(node.url) }
                }
            default: break
            }
            return true
        }
    }
}
