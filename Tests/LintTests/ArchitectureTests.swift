import Foundation
import XCTest

/// The README's architecture table is the manifest's targets and their dependencies, and the
/// layers stay small enough to read: no hand-written file over 700 lines, no target over 5,000.
/// What is over a ceiling today is listed with its size, may not grow, and must leave the list
/// once it is under (so the list only shrinks).
final class ArchitectureTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let fileCeiling = 700
    static let targetCeiling = 5_000
    /// Written by `scripts/embed-catalog`, not by hand.
    static let generated: Set<String> = [
        "Sources/Catalog/EmbeddedCatalog.swift", "Sources/BuiltinRules/BuiltinRuleRegistry.swift",
    ]
    /// Over a ceiling today (issue 48, item 7): the size each may not exceed.
    static let overFileCeiling: [String: Int] = [:]
    static let overTargetCeiling: [String: Int] = [
        "LintEngine": 10_803,
        "Notes": 7_446,
    ]

    func testTheREADMETableIsTheManifestsTargets() throws {
        let manifest = try Self.manifestTargets()
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let table = try XCTUnwrap(Self.section(of: readme), "README.md has no targets table")
        var listed: [String: [String]] = [:]
        for line in table.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let depends =
                cells[2].hasPrefix("(")
                ? []
                : cells[2].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty }
            XCTAssertNil(listed[name], "README lists `\(name)` twice")
            listed[name] = depends
        }
        XCTAssertEqual(
            Set(listed.keys), Set(manifest.keys), "README's targets table and Package.swift name different targets")
        for (name, depends) in manifest {
            guard let written = listed[name] else { continue }
            XCTAssertEqual(
                written, depends, "README: `\(name)` depends on \(depends.joined(separator: ", ")) in Package.swift")
        }
    }

    func testNoHandWrittenFileOrTargetOutgrowsItsCeiling() throws {
        var linesByTarget: [String: Int] = [:]
        let sources = Self.root + "/Sources"
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: sources))
        var seenOver: Set<String> = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let path = "Sources/" + relative
            guard !Self.generated.contains(path) else { continue }
            let text = try String(contentsOfFile: Self.root + "/" + path, encoding: .utf8)
            let lines = text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            linesByTarget[String(relative.prefix { $0 != "/" }), default: 0] += lines
            if Self.overFileCeiling[path] != nil { seenOver.insert(path) }
            Self.hold(path, lines: lines, to: Self.fileCeiling, recorded: Self.overFileCeiling[path])
        }
        XCTAssertEqual(seenOver, Set(Self.overFileCeiling.keys), "a listed file no longer exists: drop it")
        for (target, lines) in linesByTarget {
            Self.hold(
                "target \(target)", lines: lines, to: Self.targetCeiling, recorded: Self.overTargetCeiling[target])
        }
    }

    /// A file or target within its ceiling; one recorded over it may not grow, and must leave the
    /// list once under it.
    static func hold(_ name: String, lines: Int, to ceiling: Int, recorded: Int?) {
        if let recorded {
            XCTAssertLessThanOrEqual(lines, recorded, "\(name) grew past its recorded \(recorded) lines: split it")
            XCTAssertGreaterThan(lines, ceiling, "\(name) is under \(ceiling) lines now: drop it from the list")
        } else {
            XCTAssertLessThanOrEqual(lines, ceiling, "\(name) has \(lines) lines, over \(ceiling): split it by job")
        }
    }

    static func section(of readme: String) -> Substring? {
        guard let start = readme.range(of: "<!-- targets: from Package.swift"),
            let end = readme.range(of: "<!-- end of targets -->", range: start.upperBound..<readme.endIndex)
        else { return nil }
        return readme[start.upperBound..<end.lowerBound]
    }

    /// Each library, executable and system-library target of `Package.swift` and the names it
    /// depends on in order (targets by name, products by their product name), read from the
    /// manifest's text: running SwiftPM from a test would contend for the build folder's lock.
    static func manifestTargets() throws -> [String: [String]] {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        var result: [String: [String]] = [:]
        let kinds = [".target(", ".executableTarget(", ".systemLibrary("]
        var cursor = text.startIndex
        while let found = kinds.compactMap({ text.range(of: $0, range: cursor..<text.endIndex) }).min(by: {
            $0.lowerBound < $1.lowerBound
        }) {
            let body = balanced(text, from: found.upperBound)
            cursor = body.upperBound
            let call = text[body]
            guard let name = firstQuoted(in: call, after: "name:") else { continue }
            var depends: [String] = []
            if let list = call.range(of: "dependencies:") {
                let open = call[list.upperBound...].firstIndex(of: "[")!
                let items = call[balanced(text, from: text.index(after: open), open: "[", close: "]")]
                var rest = items[...]
                while let quote = rest.firstIndex(of: "\"") {
                    let after = rest.index(after: quote)
                    guard let end = rest[after...].firstIndex(of: "\"") else { break }
                    let prefix = rest[..<quote]
                    // `.product(name: "X", package: "y")`: the product's name, not its package's.
                    if prefix.hasSuffix("package: ") {
                    } else {
                        depends.append(String(rest[after..<end]))
                    }
                    rest = rest[rest.index(after: end)...]
                }
            }
            result[name] = depends
        }
        return result
    }

    static func firstQuoted(in text: Substring, after label: String) -> String? {
        guard let at = text.range(of: label), let open = text[at.upperBound...].firstIndex(of: "\""),
            let close = text[text.index(after: open)...].firstIndex(of: "\"")
        else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// The text from `start` to the bracket that closes the one opened just before it.
    static func balanced(_ text: String, from start: String.Index, open: Character = "(", close: Character = ")")
        -> Range<String.Index>
    {
        var depth = 1
        var index = start
        while index < text.endIndex {
            let c = text[index]
            if c == open {
                depth += 1
            } else if c == close {
                depth -= 1
                if depth == 0 { return start..<index }
            }
            index = text.index(after: index)
        }
        return start..<text.endIndex
    }
}
