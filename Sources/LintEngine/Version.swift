import SwiftUIModel
import ProjectSettings
import Support

/// The one place the version is written: `--version`, SARIF's driver, the MCP server and the
/// artifact bundle (scripts/artifactbundle reads it here). CHANGELOG.md says what each holds.
public enum PatternLintVersion {
    public static let current = "0.2.0-dev"
}
