import ArgumentParser
import Dispatch
import Foundation
import SwiftLexer

/// In-process timing of the lexer alone and lexer + structure on one thread (files read first).
/// Hidden: `scripts/bench lexer` is the way to run it.
struct BenchLexerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-lexer", abstract: "Time the lexer over Swift files (one core).", shouldDisplay: false)

    @OptionGroup var color: ColorOptions
    @Argument(help: "A folder of Swift files.") var folder: String
    @Option(help: "Repetitions; the best is reported.") var repetitions: Int = 3

    func run() throws {
        let paths =
            FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            }.sorted() ?? []
        let files = try paths.map { try readFile(folder + "/" + $0) }
        let bytes = files.reduce(0) { $0 + $1.count }
        let lines = files.reduce(0) { total, file in total + file.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
        guard bytes > 0 else { throw CLIFailure(message: "\(folder): no Swift files") }

        func best(_ work: () -> Int) -> (seconds: Double, tokens: Int) {
            var bestSeconds = Double.infinity
            var tokens = 0
            for _ in 0..<max(1, repetitions) {
                let start = DispatchTime.now().uptimeNanoseconds
                tokens = work()
                bestSeconds = min(bestSeconds, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return (bestSeconds, tokens)
        }
        let lexOnly = best { files.reduce(0) { $0 + Lexer.tokenize($1).code.count } }
        let sourceFiles = best { files.reduce(0) { $0 + SourceFile(path: "", bytes: $1).code.count } }
        let lexed = files.map { SourceFile(path: "", bytes: $0) }
        let structureOnly = best { lexed.reduce(0) { $0 + Structure($1).calls.count } }
        let withStructure = best {
            files.reduce(0) { total, file in
                let structure = Structure(SourceFile(path: "", bytes: file))
                return total + structure.code.count + structure.calls.count
            }
        }
        let megabytes = Double(bytes) / 1e6
        func report(_ name: String, _ result: (seconds: Double, tokens: Int)) -> String {
            String(
                format: "  %@ %.3f s  %7.1f MB/s  %11.0f lines/s", name, result.seconds, megabytes / result.seconds,
                Double(lines) / result.seconds)
        }
        print(
            "lexer: \(files.count) files, \(String(format: "%.1f", megabytes)) MB, \(lines) lines, \(lexOnly.tokens) tokens (one core)"
        )
        print(report("tokens only:        ", lexOnly))
        print(report("tokens + lines:     ", sourceFiles))
        print(report("structure alone:    ", structureOnly))
        print(report("tokens + structure: ", withStructure))
    }
}
