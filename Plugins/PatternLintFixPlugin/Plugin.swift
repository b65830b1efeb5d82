import PackagePlugin

/// `swift package --allow-writing-to-package-directory patternlint-fix [lint arguments]`: applies
/// the safe fixes findings carry (`--unsafe-fixes` for the rest), then lints again.
@main
struct PatternLintFixPlugin: PatternLintCommand {
    static let mayWrite = true
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PatternLintFixPlugin: XcodeCommandPlugin {}
#endif
