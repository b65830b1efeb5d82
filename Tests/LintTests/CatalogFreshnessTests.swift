import Catalog
import Foundation
import XCTest

/// The catalogue compiled into the binary is the markdown in Rules/ and notes/: after editing a
/// rule or a note, `scripts/embed-catalog` writes Sources/Catalog/EmbeddedCatalog.swift again.
final class CatalogFreshnessTests: XCTestCase {
    func testTheEmbeddedCatalogueMatchesTheMarkdown() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var onDisk: [String: String] = [:]
        for folder in ["Rules", "notes"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == "md" {
                let relative = folder + "/" + url.path.dropFirst(base.path.count + 1)
                onDisk[relative] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        let embedded = Dictionary(BuiltinCatalog.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { a, _ in a })
        let stale = Set(onDisk.keys).symmetricDifference(embedded.keys).union(
            onDisk.keys.filter { embedded[$0] != nil && embedded[$0] != onDisk[$0] })
        XCTAssertEqual(stale.sorted(), [], "the embedded catalogue is stale: run scripts/embed-catalog")
    }
}
