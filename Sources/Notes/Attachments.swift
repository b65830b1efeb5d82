import Support

/// A file beside the notes that is not a note (`diagram.png`, `spec.pdf`): what Obsidian's
/// `![[diagram.png]]` and `[[spec.pdf]]` lead to.
public struct Attachment: Sendable, Equatable {
    /// As the notes' paths are spelt (under the folder given).
    public var path: String
    /// Relative to the notes folder it was found in.
    public var relativePath: String

    /// Whether a link target names a file other than a note: its last part has an extension of
    /// one to five letters and digits, with a letter, that is not `md` (`diagram.png`, `a.tar.gz`;
    /// not `Swift 5.9`, `v1.2 Release`).
    public static func looksLikeFile(_ target: String) -> Bool {
        let name = target.split(separator: "/").last ?? Substring(target)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ext = name[name.index(after: dot)...].utf8
        return (1...5).contains(ext.count) && ext.allSatisfy(\.isASCIILetterOrDigit)
            && ext.contains(where: { !$0.isASCIIDigit }) && String(decoding: ext, as: UTF8.self).lowercased() != "md"
    }

    /// Image files an embed shows inline.
    public var isImage: Bool {
        let lowered = relativePath.lowercased()
        return [".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".bmp"].contains { lowered.hasSuffix($0) }
    }
}

/// Attachments by the names a link may give them, built on the first attachment link.
struct AttachmentIndex: Sendable {
    private var byPath: [String: Int] = [:]
    private var byName: [String: [Int]] = [:]
    private var byTrailingPath: [String: [Int]] = [:]
    let attachments: [Attachment]

    init(_ attachments: [Attachment]) {
        self.attachments = attachments
        for (position, attachment) in attachments.enumerated() {
            let path = attachment.relativePath.lowercased()
            if byPath[path] == nil { byPath[path] = position }
            let display = ResolutionIndex.normalized(attachment.path).lowercased()
            if byPath[display] == nil { byPath[display] = position }
            var rest = Substring(path)
            byName[String(path.split(separator: "/").last ?? ""), default: []].append(position)
            while let slash = rest.firstIndex(of: "/") {
                rest = rest[rest.index(after: slash)...]
                byTrailingPath[String(rest), default: []].append(position)
            }
        }
    }

    /// As Obsidian finds them: a path from the note's folder, a path from the notes folder, a
    /// trailing part of a path, then the file name alone (the first by path when several share it).
    func find(_ target: String, from sourcePath: String) -> Attachment? {
        var name = target.trimmed
        while name.hasPrefix("./") { name.removeFirst(2) }
        let lowered = name.lowercased()
        let folder = sourcePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        if !lowered.hasPrefix("/"),
            let found = byPath[
                ResolutionIndex.normalized(folder.isEmpty ? lowered : folder.lowercased() + "/" + lowered)]
        {
            return attachments[found]
        }
        let fromRoot = lowered.hasPrefix("/") ? String(lowered.dropFirst()) : lowered
        if let found = byPath[fromRoot] { return attachments[found] }
        if fromRoot.contains("/"), let found = byTrailingPath[fromRoot]?.first { return attachments[found] }
        return byName[fromRoot]?.first.map { attachments[$0] }
    }
}

extension Graph {
    /// The file an unresolved link leads to, when it names one beside the notes.
    public func attachment(for edge: Edge) -> Attachment? {
        guard edge.target == nil, Attachment.looksLikeFile(edge.link.target) else { return nil }
        return attachmentIndex.value.find(edge.link.target, from: notes[edge.source].path)
    }
}
