import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory patternlint-fix [lint arguments]`: applies
/// the safe fixes findings carry (`--unsafe-fixes` for the rest), then lints again.
@main
struct PatternLintFixPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try PatternLintRun.lint(
            tool: context.tool(named: "patternlint").url, in: context.package.directoryURL, arguments: arguments,
            mayWrite: true)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PatternLintFixPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try PatternLintRun.lint(
            tool: context.tool(named: "patternlint").url, in: context.xcodeProject.directoryURL, arguments: arguments,
            mayWrite: true)
    }
}
#endif
