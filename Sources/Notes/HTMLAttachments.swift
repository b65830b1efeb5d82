import Foundation
import Support

extension HTMLExport {
    /// Where an attachment is copied in the site: `attachments/` and its path in its notes folder.
    static func attachmentPage(_ attachment: Attachment) -> String {
        "attachments/" + attachment.relativePath
    }

    /// Copies every attachment a link leads to into the site (each once; a file that cannot be
    /// read is left out, its links then lead nowhere, as `notes check` warns).
    static func copyAttachments(_ graph: Graph, into staging: URL) throws {
        var copied = Set<String>()
        for edge in graph.edges where edge.target == nil {
            guard let attachment = graph.attachment(for: edge), copied.insert(attachmentPage(attachment)).inserted,
                let bytes = try? FileContents.read(attachment.path, regularOnly: true)
            else { continue }
            try writeInside(staging, relative: attachmentPage(attachment), bytes: bytes)
        }
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
