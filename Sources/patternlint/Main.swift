import ArgumentParser
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel

@main
struct Main {
    /// Runs the command line; usage errors exit 2 (as documented), not ArgumentParser's 64.
    static func main() {
        #if os(Linux)
        // Linting allocates and frees many mid-sized arrays; keep freed memory in the process
        // instead of handing it back to the kernel and faulting it in again (glibc's
        // M_TRIM_THRESHOLD = -1, M_TOP_PAD = -2, M_MMAP_THRESHOLD = -3).
        _ = glibcMallopt(-1, 512 << 20)
        _ = glibcMallopt(-2, 64 << 20)
        _ = glibcMallopt(-3, 32 << 20)
        #endif
        FinishWriteCommand.install()
        do {
            var command = try PatternLint.parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            Terminal.error(failure.message)
            exit(failure.exitCode)
        } catch {
            let code = PatternLint.exitCode(for: error)
            if code == .validationFailure {
                Terminal.error(PatternLint.fullMessage(for: error))
                exit(ExitStatus.usageOrIO)
            }
            PatternLint.exit(withError: error)
        }
    }
}

/// The exit codes every command keeps to.
enum ExitStatus {
    static let clean: Int32 = 0
    /// Findings (or note errors) at or above the failing severity.
    static let findings: Int32 = 1
    /// Usage, configuration or I/O error.
    static let usageOrIO: Int32 = 2
    /// `--strict-baseline`: a baseline entry matches no finding any more.
    static let staleBaseline: Int32 = 3
}

/// An error that ends the run with a message and an exit code.
struct CLIFailure: Error {
    var message: String
    var exitCode: Int32 = ExitStatus.usageOrIO
}

struct PatternLint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patternlint",
        abstract: "Holds SwiftUI code to a team's markdown pattern notes.",
        discussion: """
            Lint Swift files for SwiftUI navigation anti-patterns; every finding links
            to the pattern note that explains the fix.

            Examples:
              patternlint lint Sources/               lint a folder
              patternlint explain constant-binding    a rule and its pattern note
              patternlint notes show "Dual Initializer Pattern"
              patternlint notes check --notes docs/patterns
              patternlint install-hook                lint staged files on commit

            Exit codes: 0 clean (or only warnings and infos), 1 an error finding or
            note error (warnings too with --strict), 2 usage, configuration or I/O
            error.
            """,
        version: PatternLintVersion.current,
        subcommands: [
            LintCommand.self, RulesCommand.self, ExplainCommand.self, NotesCommand.self, TokensCommand.self,
            InitCommand.self, InstallHookCommand.self, ImportSwiftLintCommand.self, MCPCommand.self, LSPCommand.self,
            BenchLexerCommand.self, FinishWriteCommand.self, VersionCommand.self,
        ]
    )
}

enum Terminal {
    /// `1 file`, `2 files`.
    static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    static func plural(_ count: Int, _ word: String, _ words: String) -> String {
        "\(count) \(count == 1 ? word : words)"
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data(("patternlint: " + message + "\n").utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data(("patternlint: warning: " + message + "\n").utf8))
    }

    /// ANSI colour only on a terminal, never with NO_COLOR or --no-color.
    static func useColor(disabled: Bool, fileDescriptor: Int32 = STDOUT_FILENO) -> Bool {
        guard !disabled, ProcessInfo.processInfo.environment["NO_COLOR"] == nil else { return false }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
        return isatty(fileDescriptor) == 1
    }

    /// Writes to stdout in one go (large outputs are not line-buffered one print at a time).
    /// Writes straight from the string's UTF-8 (reports can be megabytes), retrying short writes.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32 = STDOUT_FILENO) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return } // a closed pipe (`| head`, a pager quit early): nothing more to say
            offset += written
        }
    }

    /// Long reading (`explain`, `notes show`) goes through a pager on a terminal, as git does:
    /// `$PAGER`, else `less`, with `LESS=FRX` unless `LESS` is set (print a text that fits the
    /// screen and quit, keep colours). Not on a pipe, nor with `PAGER=cat` or an empty `PAGER`,
    /// nor when the text fits the screen.
    static func page(_ text: String) {
        let environment = ProcessInfo.processInfo.environment
        let pager = environment["PAGER"] ?? "less"
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, !pager.trimmingCharacters(in: .whitespaces).isEmpty, pager != "cat",
            ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0,
            text.utf8.lazy.filter({ $0 == UInt8(ascii: "\n") }).count >= Int(size.ws_row)
        else { return write(text) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", pager]
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        process.environment = pagerEnvironment
        let input = Pipe()
        process.standardInput = input
        do { try process.run() } catch { return write(text) }
        // A pager quit before the end closes the pipe: that must not kill us.
        signal(SIGPIPE, SIG_IGN)
        var text = text
        let descriptor = input.fileHandleForWriting.fileDescriptor
        text.withUTF8 { write($0, to: descriptor) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

#if os(Linux)
@_silgen_name("mallopt")
func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// `--no-color`, accepted by every command (colour is used only on a terminal, and never with
/// `NO_COLOR` set or `TERM=dumb`).
struct ColorOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "No ANSI colours, even on a terminal (as NO_COLOR does).")
    var noColor = false

    /// Whether to colour what goes to stdout.
    var enabled: Bool { Terminal.useColor(disabled: noColor) }
}
