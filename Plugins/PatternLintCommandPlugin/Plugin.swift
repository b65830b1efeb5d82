import PackagePlugin

/// `swift package patternlint [lint arguments]`: lints the package from its folder (its
/// `.patternlint.yml`, its `included`), passing the arguments on. It may not write: fixing is
/// `swift package --allow-writing-to-package-directory patternlint-fix`, the one that asks the
/// package manager for that permission.
@main
struct PatternLintCommandPlugin: PatternLintCommand {
    static let mayWrite = false
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PatternLintCommandPlugin: XcodeCommandPlugin {}
#endif
