import ArgumentParser
import Foundation
import Notes
import SwiftLexer
import Support

struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Dump the lexer's tokens for a Swift file.",
        discussion: """
            jsonl: one object per token per line, {"kind", "offset", "length", "line", "column"}; offsets \
            0-based bytes, line and column 1-based (column in bytes). Kinds: identifier, keyword, attribute, \
            directive, number, string, regex, comment, operator, punctuation. Lexer diagnostics go to stderr.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, jsonl }

    @OptionGroup var color: ColorOptions
    @Argument(help: "A Swift file.") var file: String
    @Option(help: "text (aligned, with token text) or jsonl.") var format: Format = .text

    func run() throws {
        let bytes = try readFile(file)
        let source = SourceFile(path: file, bytes: bytes)
        var out = ""
        out.reserveCapacity(source.tokens.count * 64)
        for token in source.tokens {
            switch format {
            case .jsonl:
                out +=
                    "{\"kind\":\"\(token.kind)\",\"offset\":\(token.offset),\"length\":\(token.length),\"line\":\(token.line),\"column\":\(source.column(of: token))}\n"
            case .text:
                let position = "\(token.line):\(source.column(of: token))"
                out +=
                    position.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + token.kind.description.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + Self.printable(source.text(token)) + "\n"
            }
            if out.utf8.count > 1 << 20 {
                Terminal.write(out)
                out = ""
            }
        }
        Terminal.write(out)
        for diagnostic in source.diagnostics {
            Terminal.warning("\(file):\(diagnostic.line):\(diagnostic.column): \(diagnostic.message)")
        }
    }

    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar.value < 0x20 ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}

/// Reads a whole file, or fails with a message naming it (exit 2).
func readFile(_ path: String) throws -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CLIFailure(message: "\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw CLIFailure(message: "\(path): is a folder, not a file") }
    do {
        return try FileContents.read(path)
    } catch {
        throw CLIFailure(message: "\(error)")
    }
}
