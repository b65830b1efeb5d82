import Foundation

/// Renders markdown for a terminal: headings, lists, quotes, code blocks; ANSI styles only when asked.
public struct TerminalRenderer {
    public var color: Bool
    public var width: Int

    public init(color: Bool, width: Int = 100) {
        self.color = color
        self.width = width
    }

    public enum Style: String {
        case bold = "1", dim = "2", italic = "3", underline = "4", cyan = "36", yellow = "33", green = "32", magenta =
            "35", red = "31", blue = "34"
    }

    public func styled(_ text: String, _ styles: Style...) -> String {
        guard color, !styles.isEmpty else { return text }
        return "\u{1B}[" + styles.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    public func render(markdown: String) -> String {
        guard let document = CMarkDocument(markdown: markdown) else { return markdown }
        return withExtendedLifetime(document) {
            var out: [String] = []
            renderBlocks(CMarkNode(pointer: document.root).children, prefix: "", depth: 0, into: &out)
            while out.last?.isEmpty == true { out.removeLast() }
            return out.joined(separator: "\n") + "\n"
        }
    }

    /// Quotes and lists nest this deep at most, emphasis and links likewise; past it (only a
    /// crafted file goes there) the rest is printed plain: recursing on 100,000 nested quotes
    /// overflowed the stack.
    static let maximumDepth = 48

    private func renderBlocks(_ blocks: [CMarkNode], prefix: String, depth: Int, into out: inout [String]) {
        for block in blocks {
            let isLeaf = [.paragraph, .heading, .codeBlock, .thematicBreak, .htmlBlock].contains(block.kind)
            if depth >= Self.maximumDepth, !isLeaf {
                renderPlain(block, prefix: prefix, into: &out)
                continue
            }
            switch block.kind {
            case .heading:
                let text = FlatInline.of(block, softBreak: UInt8(ascii: " ")).string
                let level = block.headingLevel
                if level <= 1 {
                    out.append(prefix + styled(text.uppercased(), .bold, .cyan))
                    out.append(prefix + styled(String(repeating: "═", count: min(width, text.count)), .cyan))
                } else if level == 2 {
                    out.append(prefix + styled(text, .bold, .cyan))
                    out.append(prefix + styled(String(repeating: "─", count: min(width, text.count)), .dim))
                } else {
                    out.append(prefix + styled(String(repeating: "#", count: level) + " " + text, .bold))
                }
                out.append(prefix)
            case .paragraph:
                for line in inline(block).split(separator: "\n", omittingEmptySubsequences: false) {
                    out.append(prefix + line)
                }
                out.append(prefix)
            case .codeBlock:
                let info = block.fenceInfo.trimmed
                if !info.isEmpty { out.append(prefix + styled("  ┌ " + info, .dim)) }
                var code = block.literal
                if code.hasSuffix("\n") { code.removeLast() }
                for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
                    out.append(prefix + styled("  │ ", .dim) + styled(String(line), .yellow))
                }
                out.append(prefix)
            case .blockQuote:
                var inner: [String] = []
                renderBlocks(block.children, prefix: "", depth: depth + 1, into: &inner)
                while inner.last?.isEmpty == true { inner.removeLast() }
                for line in inner { out.append(prefix + styled("▌ ", .dim) + line) }
                out.append(prefix)
            case .list:
                var number = block.listStart
                for item in block.children {
                    let marker = block.isOrderedList ? "\(number). " : "• "
                    number += 1
                    var inner: [String] = []
                    renderBlocks(item.children, prefix: "", depth: depth + 1, into: &inner)
                    while inner.last?.isEmpty == true { inner.removeLast() }
                    let pad = String(repeating: " ", count: marker.count)
                    for (index, line) in inner.enumerated()
                    where !(line.isEmpty && index > 0 && inner[index - 1].isEmpty) {
                        out.append(prefix + (index == 0 ? styled(marker, .dim) : pad) + line)
                    }
                }
                out.append(prefix)
            case .thematicBreak:
                out.append(prefix + styled(String(repeating: "─", count: 40), .dim))
                out.append(prefix)
            case .htmlBlock:
                break
            default:
                renderBlocks(block.children, prefix: prefix, depth: depth + 1, into: &out)
            }
        }
    }

    /// The paragraphs, headings and code below a block, one after the other, without walking
    /// down by recursion.
    private func renderPlain(_ block: CMarkNode, prefix: String, into out: inout [String]) {
        block.walk { node, entering in
            guard entering else { return true }
            switch node.kind {
            case .paragraph, .heading:
                out.append(prefix + FlatInline.of(node, softBreak: UInt8(ascii: " ")).string)
                return false
            case .codeBlock:
                for line in node.literal.split(separator: "\n") { out.append(prefix + "  │ " + line) }
                return false
            default:
                return true
            }
        }
        out.append(prefix)
    }

    /// Inline content with emphasis, code and links styled; soft breaks kept (tables stay readable).
    private func inline(_ node: CMarkNode, depth: Int = 0) -> String {
        guard depth < Self.maximumDepth else { return FlatInline.of(node).string }
        var out = ""
        for child in node.children {
            switch child.kind {
            case .text: out += child.literal
            case .softBreak, .lineBreak: out += "\n"
            case .code: out += styled("`" + child.literal + "`", .yellow)
            case .emphasis: out += styled(inline(child, depth: depth + 1), .italic)
            case .strong: out += styled(inline(child, depth: depth + 1), .bold)
            case .link:
                let text = inline(child, depth: depth + 1)
                out +=
                    styled(text, .underline, .blue)
                    + (child.url == text || child.url.isEmpty ? "" : styled(" (\(child.url))", .dim))
            case .image: out += styled("[image: \(inline(child, depth: depth + 1))]", .dim)
            case .htmlInline: out += child.literal
            default: out += inline(child, depth: depth + 1)
            }
        }
        return highlightWikiLinks(out)
    }

    private func highlightWikiLinks(_ text: String) -> String {
        guard color, text.contains("[[") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            out += rest[..<open.lowerBound]
            out += styled(String(rest[open.lowerBound..<close.upperBound]), .magenta)
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
