import Foundation
import PackagePlugin

/// Lints a target's Swift files on every build, with the package's `.patternlint.yml`: findings
/// appear as build warnings and errors, each with its pattern note. The command declares the
/// target's files and the configuration as inputs and a stamp file as output, so the build system
/// runs it again only when one of them changes: an unchanged target costs nothing.
@main
struct PatternLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !files.isEmpty else { return [] }
        return try [
            LintCommand.make(
                tool: context.tool(named: "patternlint").url, name: target.name, files: files,
                root: context.package.directoryURL, work: context.pluginWorkDirectoryURL)
        ]
    }
}

enum LintCommand {
    static func make(tool: URL, name: String, files: [URL], root: URL, work: URL) -> Command {
        let configuration = root.appendingPathComponent(".patternlint.yml")
        let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
        // A Swift file holding only a comment: the package manager compiles outputs it knows and
        // copies others into the target as resources, which an app does not want.
        let stamp = work.appendingPathComponent("PatternLintStamp-\(name).swift")
        var arguments = ["lint", "--absolute-paths", "--quiet", "--no-color", "--stamp", stamp.path]
        if hasConfiguration { arguments += ["--config", configuration.path] }
        arguments += files.map(\.path)
        // The configured baseline is not an input: SwiftPM 6.3 keeps a plugin's commands across
        // builds (editing the configuration does not make it ask again), so a baseline deleted
        // later failed the build as a missing input. A run that failed runs again anyway.
        return .buildCommand(
            displayName: "PatternLint \(name)", executable: tool, arguments: arguments,
            inputFiles: files + (hasConfiguration ? [configuration] : []), outputFiles: [stamp])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PatternLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        guard !files.isEmpty else { return [] }
        return try [
            LintCommand.make(
                tool: context.tool(named: "patternlint").url, name: target.displayName, files: files,
                root: context.xcodeProject.directoryURL, work: context.pluginWorkDirectoryURL)
        ]
    }
}
#endif
