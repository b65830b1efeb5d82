import ArgumentParser
import Catalog
import Foundation
import BuiltinRules
import LintEngine
import Reporters
import SwiftUIModel
import Notes
import Support

/// Options every rule-aware command shares: configuration, extra notes and rule folders.
struct LintOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Configuration file (default: .patternlint.yml here or in a parent folder).", valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("notes"), help: ArgumentHelp("Add a folder of pattern notes. Repeatable.", valueName: "dir"))
    var notes: [String] = []

    @Option(name: .customLong("rules"), help: ArgumentHelp("Add a folder of rule files. Repeatable.", valueName: "dir"))
    var rules: [String] = []

    @OptionGroup var color: ColorOptions
}

/// The CLI's and the MCP server's lint session, loaded from the command line's options with the
/// rules and notes built into the binary.
extension LintSession {
    /// Loads everything; a bad configuration is an error (exit 2), unknown keys are warnings.
    /// With a boundary, no note or rule file whose real path leaves it is read.
    static func load(_ options: LintOptions, warn: Bool = true, within boundary: RealPathBoundary? = nil) throws
        -> LintSession
    {
        let origin = Origin(
            configPath: options.config, extraNotes: options.notes, extraRules: options.rules,
            builtinRuleFiles: BuiltinCatalog.ruleFiles, builtinRules: BuiltinRules.all,
            builtinNotes: BuiltinCatalog.noteSources, boundary: boundary)
        let session: LintSession
        do { session = try LintSession.load(origin) } catch { throw CLIFailure(message: "\(error)") }
        if warn { for warning in session.warnings { Terminal.warning(warning) } }
        return session
    }
}
