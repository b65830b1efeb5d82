import Foundation
import Support
import SwiftLexer
import SwiftUIModel

/// `comment: "/\\b(TODO|FIXME)\\b(?!\\(#\\d+\\))/"` (or plain text the comment contains) — in
/// comments only, of the kinds `comment_kinds:` lists (`line`, `block`, `doc`; default all).
/// The finding points at the match inside the comment.
struct CommentMatcher: TeamMatcher {
    enum Kind: String, CaseIterable, Sendable { case line, block, doc }

    let text: String?
    /// Charged to the rule's budget, as a `regex:` rule's scans are.
    let regex: BoundedRegex?
    let kinds: Set<Kind>
    /// Texts the regex needs, worked out once: a comment without one is not searched.
    let required: [[UInt8]]?

    init(text: String?, regex: BoundedRegex?, kinds: Set<Kind>) {
        self.text = text
        self.regex = regex
        self.kinds = kinds
        required = regex.flatMap { RequiredLiterals.of($0.pattern) }
    }

    static func parse(_ map: inout SpecMap) throws -> CommentMatcher {
        guard let source = try map.string("comment"), !source.isEmpty else {
            throw map.problem("`\(map.place).comment` needs a text or a `/regex/`")
        }
        let kinds = try (map.strings("comment_kinds") ?? Kind.allCases.map(\.rawValue)).map { name in
            guard let kind = Kind(rawValue: name) else {
                throw map.problem("`\(map.place).comment_kinds`: `\(name)` is not line, block or doc")
            }
            return kind
        }
        if source.count >= 2, source.hasPrefix("/"), source.hasSuffix("/") {
            do {
                let regex = try BoundedRegex(String(source.dropFirst().dropLast()))
                return CommentMatcher(text: nil, regex: regex, kinds: Set(kinds))
            } catch {
                throw map.problem("`\(map.place).comment`: `\(source)` is not a valid regular expression")
            }
        }
        return CommentMatcher(text: source, regex: nil, kinds: Set(kinds))
    }

    /// Whether `needle` occurs within `range` of the file's bytes (read in place).
    static func holds(_ bytes: [UInt8], _ range: Range<Int>, _ needle: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            // An empty needle is not found (as a search for its occurrences finds none).
            !needle.isEmpty
                && needle.withUnsafeBufferPointer {
                    UnsafeBufferPointer(rebasing: haystack[range]).containsOccurrence(of: $0)
                }
        }
    }

    static func kind(of comment: Token, _ bytes: [UInt8]) -> Kind? {
        func at(_ k: Int) -> UInt8 { comment.offset + k < comment.end ? bytes[comment.offset + k] : 0 }
        guard at(0) == UInt8(ascii: "/") else { return nil } // a shebang
        if at(1) == UInt8(ascii: "/") { return at(2) == UInt8(ascii: "/") && at(3) != UInt8(ascii: "/") ? .doc : .line }
        return at(2) == UInt8(ascii: "*") && at(3) != UInt8(ascii: "/") && at(3) != UInt8(ascii: "*") ? .doc : .block
    }

    func matches(in file: TeamFile, within: Range<Int>?, bindings: [String: String]) -> [TeamMatch] {
        let bytes = file.bytes
        var found: [TeamMatch] = []
        // A comment without one of the regex's required texts cannot match: not run there.
        for comment in file.s.file.comments {
            guard let kind = Self.kind(of: comment, bytes), kinds.contains(kind) else { continue }
            if let required, !required.contains(where: { Self.holds(bytes, comment.offset..<comment.end, $0) }) {
                continue
            }
            let body = Array(bytes[comment.offset..<comment.end])
            guard let hits = offsets(in: body, budget: file.budget) else {
                // A spent budget turns the rule off (`RegexBudget.bounded`); ICU giving up on
                // this comment is said in this file.
                if !file.budget.isSpent {
                    var note = file.match(at: 0, range: 0..<0)
                    note.gaveUp = true
                    found.append(note)
                }
                continue
            }
            for hit in hits {
                let match = file.match(
                    at: comment.offset + hit.lowerBound, range: comment.offset..<comment.end,
                    text: String(decoding: body[hit], as: UTF8.self))
                if let within, !within.contains(match.token) { continue }
                var withAnchor = match
                withAnchor.anchors["comment"] = comment.offset
                found.append(withAnchor)
            }
        }
        return found
    }

    /// Byte ranges of the matches in one comment's bytes; nil when the scan stopped short.
    private func offsets(in body: [UInt8], budget: RegexBudget) -> [Range<Int>]? {
        if let text {
            return body.endsOfOccurrences(of: text).map { ($0 - text.utf8.count)..<$0 }
        }
        guard let regex else { return [] }
        let string = String(decoding: body, as: UTF8.self)
        let (found, stopped) = regex.matches(in: string, budget: budget)
        if stopped { return nil }
        if found.isEmpty { return [] }
        let utf16 = Array(string.utf16)
        return found.map { range in
            // UTF-16 offsets back to bytes (a comment may hold any text).
            func bytesBefore(_ unit: Int) -> Int {
                String(decoding: utf16[..<min(unit, utf16.count)], as: UTF16.self).utf8.count
            }
            return bytesBefore(range.lowerBound)..<bytesBefore(range.upperBound)
        }
    }

    var anchorNames: [String] { ["comment"] }

    func defaultMessage(_ match: TeamMatch) -> String {
        "the comment's `\(match.text)` does not follow the team's format"
    }

    var readsComments: Bool { true }
    var includesPreviewsByDefault: Bool { true }

    var requiredTexts: [[UInt8]]? {
        if let text { return [Array(text.utf8)] }
        return required
    }
}
