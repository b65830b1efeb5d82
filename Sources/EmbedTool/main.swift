import CatalogGenerator
import Foundation

// Usage: EmbedTool ROOT [--check]
// Writes the files generated from the package at ROOT (see `GeneratedFiles`): the embedded
// catalogue, the rule registry and the README's rule table. With --check, writes nothing and
// exits 1 naming each one that is stale.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let root = arguments.first, arguments.count <= 2, arguments.count == 1 || arguments[1] == "--check" else {
    FileHandle.standardError.write(Data("usage: EmbedTool ROOT [--check]\n".utf8))
    exit(2)
}
let checkOnly = arguments.count == 2

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EmbedTool: \(message)\n".utf8))
    exit(1)
}

let stale: [GeneratedFile]
do {
    stale = try GeneratedFiles.stale(root: root)
} catch {
    fail("\(error)")
}
if checkOnly {
    for file in stale { print("\(file.path) is stale: run scripts/embed-catalog") }
    exit(stale.isEmpty ? 0 : 1)
}
for file in stale {
    do {
        try file.contents.write(toFile: root + "/" + file.path, atomically: true, encoding: .utf8)
        print("wrote \(file.path)")
    } catch {
        fail("cannot write \(file.path): \(error)")
    }
}
if stale.isEmpty { print("the generated files are up to date") }
