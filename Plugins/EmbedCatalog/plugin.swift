import Foundation
import PackagePlugin

/// Compiles the package's `Rules/*.md` and `notes/**/*.md` into the `Catalog` module, so a
/// `patternlint` binary copied anywhere still carries (and can explain) its built-in catalogue.
@main
struct EmbedCatalog: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["Rules", "notes"].map { root.appendingPathComponent($0) }
        var inputs: [URL] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == "md" {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedCatalog.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) catalogue files",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: [root.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
