import CCMark
import Foundation
import Support

/// `notes export --html DIR`: one page per note, an index, wiki links turned into relative
/// links. cmark renders the markdown in its safe mode (raw HTML is dropped). Every file lands
/// inside DIR: page names come from sanitised permalinks and each path is checked before writing.
public enum HTMLExport {
    public struct Result: Sendable {
        public var written: [String]
        /// Attachments left out of the site, each with its reason.
        public var skipped: [String] = []
    }

    /// Marks a folder as a PatternLint export, which the next export may replace whole.
    static let marker = ".patternlint-export"

    /// The site is written into a sibling staging folder and then swapped in: a reader never sees
    /// half a site, and pages of deleted notes go. A folder holding anything else (not empty, not
    /// an earlier export) is refused rather than replaced.
    public static func write(_ graph: Graph, to folder: String, progress: ProgressCounter? = nil) throws -> Result {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        let manager = FileManager.default
        let parent = root.deletingLastPathComponent()
        try Folder.create(parent.path)
        // Made (empty) when missing, so there is always a folder to swap out below.
        try Folder.create(root.path)
        let entries = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        let earlierExport =
            entries.contains(marker)
            || (entries.contains("index.html") && entries.allSatisfy { $0.hasSuffix(".html") || !$0.contains(".") })
        guard entries.isEmpty || earlierExport else {
            throw WriteError(
                description:
                    "\(root.path): holds files PatternLint did not write; export into an empty folder or an earlier export"
            )
        }
        let staging = parent.appendingPathComponent(".\(root.lastPathComponent).patternlint-\(getpid())")
        try? manager.removeItem(at: staging)
        try Folder.create(staging.path)
        do {
            let site = SiteWriter(try ContainedFolder(staging.path))
            let pages = pageNames(for: graph.notes)
            var written: [String] = []
            progress?.begin("Writing pages", total: graph.notes.count)
            // Pages are made on every core, 512 at a time (a large vault is not all held at once),
            // and written in order.
            for batch in stride(from: 0, to: graph.notes.count, by: 512) {
                let count = min(512, graph.notes.count - batch)
                let rendered = ConcurrentSlots<String>(count: count)
                DispatchQueue.concurrentPerform(iterations: count) { offset in
                    rendered[offset] = render(note: batch + offset, in: graph, pages: pages)
                }
                for (offset, html) in rendered.take().enumerated() {
                    let index = batch + offset
                    try writeInside(site, relative: pages[index], contents: html ?? "")
                    written.append(root.appendingPathComponent(pages[index]).path)
                }
                progress?.advance(by: count)
            }
            let skipped = try copyAttachments(graph, into: site)
            try writeInside(site, relative: "index.html", contents: indexPage(graph, pages: pages))
            written.append(root.appendingPathComponent("index.html").path)
            try writeInside(
                site, relative: marker,
                contents: "Written by patternlint notes export; the next export replaces this folder.\n")
            let old = parent.appendingPathComponent(".\(root.lastPathComponent).patternlint-old-\(getpid())")
            try? manager.removeItem(at: old)
            guard rename(root.path, old.path) == 0 else {
                throw WriteError(description: "\(root.path): cannot replace it: \(String(cString: strerror(errno)))")
            }
            guard rename(staging.path, root.path) == 0 else {
                _ = rename(old.path, root.path)
                throw WriteError(description: "\(root.path): cannot replace it: \(String(cString: strerror(errno)))")
            }
            try? manager.removeItem(at: old)
            return Result(written: written, skipped: skipped)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    /// `swiftui/navigation/dual-initializer` → `swiftui/navigation/dual-initializer.html`; anything
    /// that is not a plain name segment is replaced, so no page can climb out of the folder.
    public static func pageNames(for notes: [Note]) -> [String] {
        var used = Set<String>()
        return notes.map { note in
            let segments = note.permalink.split(separator: "/").map { segment -> String in
                let cleaned = String(
                    segment.unicodeScalars.map { scalar -> Character in
                        let c = Character(scalar)
                        return (c.isLetter || c.isNumber) && scalar.isASCII || c == "-" || c == "_" ? c : "-"
                    })
                return cleaned.trimmingCharacters(in: CharacterSet(charactersIn: "-")).isEmpty ? "note" : cleaned
            }
            var base = segments.isEmpty ? "note" : segments.joined(separator: "/")
            if base == "index" { base = "index-note" }
            var name = base + ".html"
            var counter = 2
            while !used.insert(name).inserted {
                name = "\(base)-\(counter).html"
                counter += 1
            }
            return name
        }
    }

    static func writeInside(_ site: SiteWriter, relative: String, contents: String) throws {
        try writeInside(site, relative: relative, bytes: Array(contents.utf8))
    }

    static func writeInside(_ site: SiteWriter, relative: String, bytes: [UInt8]) throws {
        try site.write(relative, bytes: bytes)
    }

    /// Writes the site's files as new files in the staging folder (no reader sees it before the
    /// swap, so they are written straight) through `ContainedFolder`. Pages come in permalink
    /// order, a folder's together: the folder of the last file stays open for the next (one
    /// descriptor, whatever the number of folders).
    final class SiteWriter {
        let site: ContainedFolder
        private var last: (key: String, folder: OpenFolder)?

        init(_ site: ContainedFolder) { self.site = site }

        func write(_ relative: String, bytes: [UInt8]) throws {
            var components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard let name = components.popLast(), !name.isEmpty, name != ".", name != ".." else {
                throw WriteError(description: "\(relative): not a file name")
            }
            let key = components.joined(separator: "/")
            let folder =
                try last.flatMap { $0.key == key ? $0.folder : nil }
                ?? site.openFolder(components: components, creating: true)
            last = (key, folder)
            try folder.create(name, with: bytes, shownAs: relative)
        }
    }

    /// Relative URL from one page to another (`../b.html`).
    static func relativeURL(from page: String, to target: String) -> String {
        let depth = page.split(separator: "/").count - 1
        return String(repeating: "../", count: depth) + target
    }

    static func render(note index: Int, in graph: Graph, pages: [String]) -> String {
        let note = graph.notes[index]
        let page = pages[index]
        let markdown = linkedMarkdown(note: index, in: graph, pages: pages)
        var body = blockAnchors(markdownToHTML(markdown), ids: note.blockIDs.map(\.id))
        if body.isEmpty { body = "<p></p>" }
        var html = header(title: note.title, page: page)
        html += "<article>\n<p class=\"meta\">\(escape(note.permalink))"
        if !note.allTags.isEmpty {
            html += " · " + note.allTags.map { "<span class=\"tag\">#\(escape($0))</span>" }.joined(separator: " ")
        }
        html += "</p>\n" + body + "</article>\n"
        html +=
            "<section class=\"graph\"><h2>Neighbourhood</h2>\n"
            + GraphPicture.neighbourhood(of: index, in: graph, pages: pages, from: page) + "</section>\n"
        let backlinks = graph.backlinks(index)
        let rules = graph.rulesCiting(index)
        if !backlinks.isEmpty || !rules.isEmpty {
            html += "<aside><h2>Backlinks</h2><ul>\n"
            var seen = Set<Int>()
            for edge in backlinks where seen.insert(edge.source).inserted {
                html +=
                    "<li><a href=\"\(escape(relativeURL(from: page, to: pages[edge.source])))\">\(escape(graph.notes[edge.source].title))</a> <span class=\"kind\">\(escape(edge.link.kind))</span></li>\n"
            }
            for rule in rules {
                html += "<li>rule <code>\(escape(rule.ruleID))</code> <span class=\"kind\">cited by rule</span></li>\n"
            }
            html += "</ul></aside>\n"
        }
        return html + "</body>\n</html>\n"
    }

    /// The note's markdown with each wiki link (and `.md` link) replaced by a markdown link to
    /// its page, or by plain text marked broken. An embed standing alone on its line
    /// (`![[Note]]`, `![[Note#Heading]]`) becomes a quote of that note or section, once: embeds
    /// inside what is embedded stay links, so no cycle can grow a page.
    static func linkedMarkdown(
        note index: Int, in graph: Graph, pages: [String], page: String? = nil, expandEmbeds: Bool = true,
        work: LinkingWork? = nil
    ) -> String {
        let page = page ?? pages[index]
        let body = Array(graph.notes[index].body.utf8)
        var lineStarts = [0]
        for (offset, byte) in body.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        func lineEnd(_ line: Int) -> Int { line < lineStarts.count ? lineStarts[line] - 1 : body.count }
        // Each line's bytes without the spaces and tabs at its ends (`trimmed`), nil when nothing
        // is left: found once per line, as a line of many links would be decoded once per link.
        var contents: [Int: Range<Int>?] = [:]
        func content(_ line: Int) -> Range<Int>? {
            if let known = contents[line] { return known }
            var start = lineStarts[line - 1], end = lineEnd(line)
            while start < end, body[start].isSpaceOrTab { start += 1 }
            while end > start, body[end - 1].isSpaceOrTab { end -= 1 }
            let found = start < end ? start..<end : nil
            contents[line] = found
            work?.linesTrimmed += 1
            return found
        }
        let edges = graph.outgoing(index)
        let starts = byteOffsets(of: edges.map(\.link), in: body, lineStarts: lineStarts)
        var replacements: [(range: Range<Int>, text: String)] = []
        for (edge, start) in zip(edges, starts) {
            let link = edge.link
            let raw = Array(link.raw.utf8)
            // A link across lines is left as written.
            guard let start, !raw.contains(UInt8(ascii: "\n")) else { continue }
            let range = start..<start + raw.count
            guard range.upperBound <= lineEnd(link.line), body[range].elementsEqual(raw) else { continue }
            // The line, trimmed, is the link's text: the bytes there spell it, so it is alone when
            // they are all that is left of the line.
            let aloneOnItsLine = content(link.line).map { $0 == range } ?? raw.isEmpty
            let quoted =
                expandEmbeds && aloneOnItsLine && link.style == .embed && edge.target != nil && edge.target != index
                ? embedded(
                    edge.target!, anchor: link.anchor, in: graph, pages: pages, page: page,
                    url: url(of: edge, from: page, pages: pages)) : nil
            replacements.append((range, quoted ?? replacement(for: edge, from: page, in: graph, pages: pages)))
        }
        return String(decoding: applying(replacements, to: body), as: UTF8.self)
    }

    /// What linking one note's markdown did, for tests to count: work that grows with the links
    /// of one line, not with the line once per link.
    final class LinkingWork {
        var linesTrimmed = 0
    }

    /// Where each link starts in the body's bytes, from its line and column (in scalars): the
    /// links taken in line and column order, each line walked once (a walk from the line start per
    /// link made a long line of links quadratic).
    private static func byteOffsets(of links: [NoteLink], in body: [UInt8], lineStarts: [Int]) -> [Int?] {
        let order = links.indices.sorted { (links[$0].line, links[$0].column) < (links[$1].line, links[$1].column) }
        var starts = [Int?](repeating: nil, count: links.count)
        var cursor = (line: 0, column: 1, offset: 0)
        for position in order {
            let link = links[position]
            guard link.line >= 1, link.line <= lineStarts.count, link.column >= 1 else { continue }
            if cursor.line != link.line { cursor = (link.line, 1, lineStarts[link.line - 1]) }
            let end = link.line < lineStarts.count ? lineStarts[link.line] - 1 : body.count
            while cursor.column < link.column, cursor.offset < end {
                cursor.offset += 1
                while cursor.offset < end, body[cursor.offset] & 0xC0 == 0x80 { cursor.offset += 1 }
                cursor.column += 1
            }
            if cursor.column == link.column { starts[position] = cursor.offset }
        }
        return starts
    }

    private static func url(of edge: Graph.Edge, from page: String, pages: [String]) -> String {
        guard let target = edge.target else { return "" }
        var url = relativeURL(from: page, to: pages[target])
        if let anchor = edge.link.anchor, !anchor.isEmpty {
            // A block (`#^intro`) keeps its id; a heading is found by its slug.
            url += "#" + (anchor.hasPrefix("^") ? anchor : Slug.heading(anchor))
        }
        return url
    }

    /// A link as markdown pointing at its page, or its text marked missing or ambiguous.
    private static func replacement(for edge: Graph.Edge, from page: String, in graph: Graph, pages: [String]) -> String
    {
        let link = edge.link
        let label = link.label ?? (link.style == .markdown ? nil : link.target.isEmpty ? link.anchor : link.target)
        guard let target = edge.target else {
            if let attachment = graph.attachment(for: edge) {
                let url = relativeURL(from: page, to: attachmentPage(attachment)).addingPercentEncodingForLinks
                let name = escapeMarkdown(link.label ?? (attachment.relativePath as NSString).lastPathComponent)
                return link.style == .embed && attachment.isImage ? "![\(name)](\(url))" : "[\(name)](\(url))"
            }
            if case .ambiguous = edge.resolution { return "*\(escapeMarkdown(label ?? link.target))* (ambiguous link)" }
            return "*\(escapeMarkdown(label ?? link.target))* (missing note)"
        }
        let url = url(of: edge, from: page, pages: pages)
        guard link.style == .markdown else {
            return "[\(escapeMarkdown(label ?? graph.notes[target].title))](\(url))"
        }
        // The text runs to the `](` that opens the URL: it may hold brackets of its own
        // (`[![diagram](d.png)](other.md)`).
        let text =
            link.raw.range(of: "](", options: .backwards).map {
                String(link.raw[link.raw.index(after: link.raw.startIndex)..<$0.lowerBound])
            } ?? link.target
        return "[\(text)](\(url))"
    }

    /// The body with each range replaced. Where two overlap (`[[a]](b.md)` is a wiki link inside a
    /// markdown one), the later in the list wins: the markdown link, found after the block's wiki links.
    private static func applying(_ replacements: [(range: Range<Int>, text: String)], to body: [UInt8]) -> [UInt8] {
        var kept: [(order: Int, range: Range<Int>, text: String)] = []
        for (order, replacement) in replacements.enumerated().sorted(by: {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }) {
            if let last = kept.last, last.range.overlaps(replacement.range) {
                if order > last.order { kept[kept.count - 1] = (order, replacement.range, replacement.text) }
                continue
            }
            kept.append((order, replacement.range, replacement.text))
        }
        return ByteReplacements.apply(kept.map { ($0.range, $0.text) }, to: body)
    }

    /// A note, or one section of it, as a markdown quote headed by a link to it: its headings
    /// become bold lines, so the page's own heading ids stay where its links expect them.
    static func embedded(
        _ target: Int, anchor: String?, in graph: Graph, pages: [String], page: String, url: String
    ) -> String? {
        let note = graph.notes[target]
        let markdown = linkedMarkdown(note: target, in: graph, pages: pages, page: page, expandEmbeds: false)
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var title = note.title
        if let anchor, !anchor.isEmpty {
            let slug = Slug.heading(anchor)
            guard let position = note.headings.firstIndex(where: { $0.slug == slug }) else { return nil }
            let heading = note.headings[position]
            let end =
                note.headings[(position + 1)...].first(where: { $0.level <= heading.level })?.line ?? lines.count + 1
            guard heading.line >= 1, heading.line <= lines.count else { return nil }
            lines = Array(lines[heading.line..<min(max(heading.line, end - 1), lines.count)])
            title += " › " + heading.text
        } else if let first = lines.firstIndex(where: { !$0.trimmed.isEmpty }), lines[first].hasPrefix("# ") {
            lines.remove(at: first) // the note's own title: the quote's head link says it
        }
        while lines.first?.trimmed.isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmed.isEmpty == true { lines.removeLast() }
        var inFence = false
        let body = lines.map { line -> String in
            let content = line.trimmed
            if content.hasPrefix("```") || content.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, content.hasPrefix("#") else { return "> " + line }
            let text = content.drop(while: { $0 == "#" })
            guard text.isEmpty || text.first == " " else { return "> " + line }
            return "> **" + text.trimmed + "**"
        }
        let head = "> **[\(escapeMarkdown(title))](\(url))**"
        return ([head, ">"] + body).joined(separator: "\n")
    }

    static func markdownToHTML(_ markdown: String) -> String {
        guard let document = CMarkDocument(markdown: markdown) else { return "" }
        return withExtendedLifetime(document) {
            labelExamples(in: document.root)
            // Safe mode (the default): raw HTML and dangerous URLs are not passed through.
            guard let rendered = cmark_render_html(document.root, CMARK_OPT_DEFAULT) else { return "" }
            defer { free(rendered) }
            return headingIDs(String(cString: rendered))
        }
    }

    /// A fence's words after the language (`swift bad constant-binding`, `swift good`) are lost in
    /// HTML: each such block gets a small emphasised line above it saying what it is.
    static func labelExamples(in root: OpaquePointer) {
        var blocks: [(OpaquePointer, String)] = []
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                let info = cmark_node_get_fence_info(node)
            else { continue }
            let words = String(cString: info).split(separator: " ").dropFirst()
            if !words.isEmpty { blocks.append((node, words.joined(separator: " · "))) }
        }
        // Inserted after the walk: the iterator must not see the tree change under it.
        for (block, label) in blocks {
            let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH)
            let emphasis = cmark_node_new(CMARK_NODE_EMPH)
            let text = cmark_node_new(CMARK_NODE_TEXT)
            cmark_node_set_literal(text, "Example: " + label)
            cmark_node_append_child(emphasis, text)
            cmark_node_append_child(paragraph, emphasis)
            cmark_node_insert_before(block, paragraph)
        }
    }

    /// `<h2>Usage</h2>` → `<h2 id="usage">Usage</h2>`, with the slug `[[Note#Usage]]` links use;
    /// a repeated slug gets `-1`, `-2`, …. On bytes: cmark writes headings as `<hN>` exactly, and
    /// escapes any `<` of the text, so every `<hN>` is a heading (`<hr />` is not).
    static func headingIDs(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var used: [String: Int] = [:]
        var copied = 0
        var index = 0
        while index + 3 < bytes.count {
            let level = bytes[index + 2]
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "h"),
                level >= UInt8(ascii: "1"), level <= UInt8(ascii: "6"), bytes[index + 3] == UInt8(ascii: ">")
            else {
                index += 1
                continue
            }
            let contentStart = index + 4
            let closing: [UInt8] = Array("</h".utf8) + [level, UInt8(ascii: ">")]
            guard
                let close = bytes.withUnsafeBufferPointer({
                    $0.endsOfOccurrences(
                        of: String(decoding: closing, as: UTF8.self), in: contentStart..<bytes.count, limit: 1
                    )
                    .first
                })
            else { break }
            let innerEnd = close - closing.count
            let inner = String(decoding: bytes[contentStart..<innerEnd], as: UTF8.self)
            var slug = Slug.heading(unescape(stripTags(inner)))
            if let count = used[slug] {
                used[slug] = count + 1
                slug += "-\(count + 1)"
            } else {
                used[slug] = 0
            }
            out += bytes[copied..<index]
            out += "<h".utf8 + [level] + " id=\"\(escape(slug))\">".utf8
            out += bytes[contentStart..<close]
            index = close
            copied = close
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    static func stripTags(_ html: String) -> String {
        var out = "", inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                out.append(character)
            }
        }
        return out
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func indexPage(_ graph: Graph, pages: [String]) -> String {
        var html = header(title: "Pattern notes", page: "index.html")
        html +=
            "<h1>Pattern notes</h1>\n<section class=\"graph\">\n"
            + GraphPicture.vault(graph, pages: pages, from: "index.html") + "</section>\n<ul class=\"index\">\n"
        let order = graph.notes.indices.sorted {
            graph.notes[$0].title.lowercased() < graph.notes[$1].title.lowercased()
        }
        for index in order {
            let note = graph.notes[index]
            html += "<li><a href=\"\(escape(pages[index]))\">\(escape(note.title))</a>"
            if !note.allTags.isEmpty {
                html += " " + note.allTags.map { "<span class=\"tag\">#\(escape($0))</span>" }.joined(separator: " ")
            }
            html += "</li>\n"
        }
        return html + "</ul>\n</body>\n</html>\n"
    }

    static func header(title: String, page: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font: 16px/1.5 -apple-system, system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
        pre { background: #f5f5f7; padding: .75rem; overflow-x: auto; border-radius: 6px; }
        code { font: 14px ui-monospace, Menlo, monospace; }
        .meta, .kind { color: #777; font-size: 14px; }
        .tag { color: #0a6; }
        aside { border-top: 1px solid #ddd; margin-top: 2rem; }
        nav a { color: #555; }
        svg.graph { max-width: 100%; height: auto; border: 1px solid #eee; border-radius: 6px; }
        svg.graph a:hover text { fill: #0a6; text-decoration: underline; }
        </style>
        </head>
        <body>
        <nav><a href="\(escape(relativeURL(from: page, to: "index.html")))">All notes</a></nav>

        """
    }

    static func escape(_ text: String) -> String { Markup.escape(text) }

    static func escapeMarkdown(_ text: String) -> String {
        text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }
}

extension Note {
    /// A note with only a permalink, for computing its exported page name.
    public static func placeholder(permalink: String) -> Note {
        Note(
            path: "", relativePath: "", title: "", type: nil, permalink: permalink, tags: [], aliases: [], extra: [:],
            headings: [], codeBlocks: [], links: [], observations: [], bodySource: .kept(""), diagnostics: [])
    }
}
