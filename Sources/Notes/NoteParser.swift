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
