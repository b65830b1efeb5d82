import ArgumentParser
import LintEngine

/// `patternlint version`, as `swiftlint version` prints it (`--version` prints the same).
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print the version (as --version does).")

    func run() throws { Terminal.write(PatternLintVersion.current + "\n") }
}
