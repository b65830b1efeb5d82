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
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "patternlint exited with status \(process.terminationStatus)")
        }
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
