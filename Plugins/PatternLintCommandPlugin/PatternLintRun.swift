import Foundation
import PackagePlugin

/// Runs `patternlint lint` for the command plugins (shared by both through a symbolic link: a
/// plugin target cannot depend on a library).
enum PatternLintRun {
    /// The package manager's own flags, which it also hands to the plugin.
    static let packageManagerFlags: Set<String> = ["--allow-writing-to-package-directory", "--disable-sandbox"]

    static func lint(tool: URL, in folder: URL, arguments: [String], mayWrite: Bool) throws {
        // `swift package patternlint --fix --allow-writing-to-package-directory`: the flag after the
        // verb reaches the plugin too. Where the package manager sandboxes plugins (macOS), only
        // `patternlint-fix`, which declares the permission, may write.
        let allowed = mayWrite || arguments.contains("--allow-writing-to-package-directory")
        var arguments = arguments.filter { !packageManagerFlags.contains($0) }
        if !allowed, arguments.contains("--fix"), !arguments.contains("--dry-run") {
            Diagnostics.error(
                "`--fix` rewrites files: run `swift package --allow-writing-to-package-directory patternlint-fix` (or add `--dry-run` to see the diff)"
            )
            throw Failure(description: "--fix needs the patternlint-fix command")
        }
        if mayWrite, !arguments.contains("--fix") { arguments.insert("--fix", at: 0) }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = folder
        // The package manager echoes all a plugin writes, standard error too, on its standard
        // output, where the summary then followed `--reporter json`'s document. The report stays
        // on standard output; what the tool says on standard error is handed on as progress
        // messages, which the package manager writes to its standard error.
        let messages = Pipe()
        process.standardError = messages
        try process.run()
        forwardLines(of: messages.fileHandleForReading)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "patternlint exited with status \(process.terminationStatus)")
        }
    }

    /// Each line read as a progress message, until the tool closes its standard error.
    static func forwardLines(of handle: FileHandle) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            pending += chunk
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                Diagnostics.progress(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending = pending[pending.index(after: newline)...]
            }
            if chunk.isEmpty { break }
        }
        if !pending.isEmpty { Diagnostics.progress(String(decoding: pending, as: UTF8.self)) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}

/// Both command plugins: the same run, one that may write and one that may not.
protocol PatternLintCommand: CommandPlugin {
    static var mayWrite: Bool { get }
}

extension PatternLintCommand {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try PatternLintRun.lint(
            tool: context.tool(named: "patternlint").url, in: context.package.directoryURL, arguments: arguments,
            mayWrite: Self.mayWrite)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PatternLintCommand {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try PatternLintRun.lint(
            tool: context.tool(named: "patternlint").url, in: context.xcodeProject.directoryURL, arguments: arguments,
            mayWrite: Self.mayWrite)
    }
}
#endif
