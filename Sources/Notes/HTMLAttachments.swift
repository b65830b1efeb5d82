import Foundation
import Support

extension HTMLExport {
    /// Where an attachment is copied in the site: `attachments/` and its path in its notes folder.
    static func attachmentPage(_ attachment: Attachment) -> String {
        "attachments/" + attachment.relativePath
    }

    /// Copies every attachment a link leads to into the site (each once). A site is published, so
    /// an attachment is read only inside the notes folder it was found in, through no link out of
    /// it (a link to `/etc/passwd` or `/proc/self/environ` committed beside the notes is left out
    /// with a warning); a file that cannot be read is left out too, its links then lead nowhere.
    static func copyAttachments(_ graph: Graph, into staging: SiteWriter) throws -> [String] {
        var copied = Set<String>()
        var skipped: [String] = []
        for edge in graph.edges where edge.target == nil {
            guard let attachment = graph.attachment(for: edge), copied.insert(attachmentPage(attachment)).inserted
            else { continue }
            let bytes: [UInt8]
            do {
                bytes = try ContainedFolder(attachment.notesFolder).read(attachment.path)
            } catch {
                skipped.append("\(error); not copied into the site")
                continue
            }
            try writeInside(staging, relative: attachmentPage(attachment), bytes: bytes)
        }
        return skipped
    }
}

extension Attachment {
    /// The notes folder it was found in (`path` without `relativePath`).
    var notesFolder: String {
        guard path.hasSuffix(relativePath) else { return PathText.parent(path) }
        let folder = String(path.dropLast(relativePath.utf8.count))
        return folder.isEmpty ? "." : folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }
}

extension String {
    /// A relative path as a markdown link destination: spaces and parentheses encoded.
    var addingPercentEncodingForLinks: String {
        var out = ""
        for character in self {
            switch character {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<": out += "%3C"
            case ">": out += "%3E"
            default: out.append(character)
            }
        }
        return out
    }
}
