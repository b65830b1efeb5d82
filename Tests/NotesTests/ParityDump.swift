import Foundation
import Notes
import XCTest

/// Not a check by itself: with PL_DUMP_DIR and PL_DUMP_OUT set, writes every field of every note
/// of a folder, so `scripts/notes-parity` can hold a change of the parser to the same results.
final class ParityDump: XCTestCase {
    func testDumpEveryFieldWhenAsked() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let folder = environment["PL_DUMP_DIR"], let out = environment["PL_DUMP_OUT"] else { return }
        var text = ""
        func optional(_ value: String?) -> String { value.map { $0.debugDescription } ?? "nil" }
        let vault = Vault.load(roots: [folder])
        for note in vault.notes {
            text += "NOTE \(note.path) | \(note.relativePath) | \(note.title) | \(optional(note.type)) | "
            text += "\(note.permalink) | \(note.tags) | \(note.aliases) | \(note.extra.sorted { $0.key < $1.key })\n"
            var hash: UInt64 = 1_469_598_103_934_665_603
            for byte in note.body.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
            text += "  BODY \(note.body.utf8.count) \(hash)\n"
            for heading in note.headings { text += "  H \(heading)\n" }
            for block in note.codeBlocks {
                text += "  C \(block.info) \(block.line) \(block.content.debugDescription)\n"
            }
            for link in note.links {
                text += "  L \(link.raw.debugDescription) target \(link.target.debugDescription) "
                text += "anchor \(optional(link.anchor)) label \(optional(link.label)) \(link.style) "
                text += "\(link.line):\(link.column) kind \(link.kind) section \(optional(link.section)) "
                text += "context \(optional(link.context))\n"
            }
            for observation in note.observations { text += "  O \(observation)\n" }
            for block in note.blockIDs { text += "  B ^\(block.id) \(block.line)\n" }
            if !note.inlineTags.isEmpty { text += "  T \(note.inlineTags)\n" }
            for diagnostic in note.diagnostics { text += "  D \(diagnostic)\n" }
        }
        for diagnostic in vault.loadDiagnostics { text += "LD \(diagnostic)\n" }
        try text.write(toFile: out, atomically: true, encoding: .utf8)
    }
}
