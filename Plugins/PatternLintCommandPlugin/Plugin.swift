import Foundation
import PackagePlugin

/// `swift package patternlint [lint arguments]`: lints the package from its folder (its
/// `.patternlint.yml`, its `included`), passing the arguments on. It may not write: fixing is
/// `swift package --allow-writing-to-package-directory patternlint-fix`, the one that asks the
/// package manager for that permission.
@main
struct PatternLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try PatternLintRun.lint(
            tool: context.tool(named: "patternlint").url, in: context.package.directoryURL, arguments: arguments,
            mayWrite: false)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PatternLintCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try PatternLintRun.lint(
            tool: context.tool(named: "patternlint").url, in: context.xcodeProject.directoryURL, arguments: arguments,
            mayWrite: false)
    }
}
#endif
