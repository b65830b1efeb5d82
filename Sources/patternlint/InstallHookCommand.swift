import ArgumentParser
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Notes
import Support

struct InstallHookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-hook",
        abstract: "Install (or remove) a git pre-commit hook that runs `patternlint lint --staged`.",
        discussion:
            "The hook runs $PATTERNLINT when set, else this very binary (its absolute path is recorded), else the one on PATH, so it works where git runs hooks without your shell's PATH (GUI clients); and a commit staging no Swift or markdown file passes without it. A hook that PatternLint did not write is never replaced unless --force. With the pre-commit framework, use .pre-commit-hooks.yaml instead."
    )

    @OptionGroup var color: ColorOptions
    @Flag(help: "Replace a pre-commit hook that PatternLint did not write.") var force = false
    @Flag(help: "Remove the hook PatternLint installed.") var uninstall = false

    static let marker = PreCommitHookScript.marker

    func run() throws {
        let path: String
        do { path = try Git.preCommitHookPath() } catch {
            throw CLIFailure(message: "not in a git repository: \(error)")
        }
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        let ours = existing?.contains(Self.marker) ?? false
        if uninstall {
            guard let existing else { Terminal.write("no pre-commit hook at \(path)\n"); return }
            guard existing.contains(Self.marker) else {
                throw CLIFailure(message: "\(path) was not written by patternlint; leaving it alone")
            }
            try FileManager.default.removeItem(atPath: path)
            Terminal.write("removed \(path)\n")
            return
        }
        if existing != nil, !ours, !force {
            throw CLIFailure(
                message: "\(path) already exists and was not written by patternlint; use --force to replace it")
        }
        let script = PreCommitHookScript.text(binary: Self.binaryPath())
        do {
            try Folder.create(PathText.parent(path))
            try AtomicFile.write(script, to: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch let error as WriteError {
            throw CLIFailure(message: error.description)
        } catch {
            throw CLIFailure(message: "\(path): cannot make it executable: \(Folder.inWords(error))")
        }
        Terminal.write("installed \(path)\n")
    }

    /// The running binary's absolute path (a hook must find it where PATH does not), else the
    /// `patternlint` on PATH, else `$PATTERNLINT`, else the bare name.
    static func binaryPath() -> String {
        if let running = Bundle.main.executableURL?.resolvingSymlinksInPath().path, running.hasPrefix("/") {
            return running
        }
        let environment = ProcessInfo.processInfo.environment
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = String(folder) + "/patternlint"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return environment["PATTERNLINT"] ?? "patternlint"
    }
}
