import ArgumentParser
import Foundation
import Support

/// `patternlint finish-write JOURNAL FOLDER…`, which a multi-file write (a rename's hundreds of
/// notes) runs for its swaps once its journal is written: in a process of its own, a kill of the
/// command that began the write cannot stop it halfway (a crash of this one is finished by the
/// next command from the journal). Not for people: hidden from `--help`.
struct FinishWriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish-write", abstract: "Finish a multi-file write from its journal (used internally).",
        shouldDisplay: false)

    @Argument var journal: String
    @Argument var folders: [String]

    func run() throws {
        // The swaps take milliseconds; an interrupt from the terminal waits for them.
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { _ = Foundation.signal(signal, SIG_IGN) }
        let contained = try folders.map { try ContainedFolder($0) }
        if case .failure(let error) = FileBatchJournal.finish(journal: journal, folders: contained) {
            throw CLIFailure(message: error.description, exitCode: ExitStatus.findings)
        }
    }

    /// Installs the finisher: this executable, run again, waited for.
    static func install() {
        // Tests die here, as a `kill -9` between the journal and the first swap would.
        if ProcessInfo.processInfo.environment["PATTERNLINT_TEST_KILL_AFTER_JOURNAL"] != nil {
            FileBatch.finisher = { _, _ in
                kill(getpid(), SIGKILL)
                return .success(())
            }
            return
        }
        guard let executable = executablePath else { return }
        FileBatch.finisher = { journal, folders in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["finish-write", journal] + folders
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            do { try process.run() } catch {
                // Without a second process, this one finishes the write itself.
                return FileBatchJournal.finish(
                    journal: journal, folders: folders.compactMap { try? ContainedFolder($0) })
            }
            let said = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                var message = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if message.hasPrefix("patternlint: ") { message.removeFirst("patternlint: ".count) }
                return .failure(
                    WriteError(description: message.isEmpty ? "\(journal): the write did not finish" : message))
            }
            return .success(())
        }
    }

    private static var executablePath: String? {
        #if os(Linux)
        if let real = RealPath.of("/proc/self/exe") { return real }
        #endif
        return Bundle.main.executablePath
    }
}
