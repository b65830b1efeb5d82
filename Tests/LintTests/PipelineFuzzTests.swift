import Foundation
import XCTest

@testable import BuiltinRules
@testable import LintEngine
@testable import ProjectSettings
@testable import Reporters
@testable import SwiftUIModel

/// The whole pipeline (lexer, structure, summaries, index, every rule, fixes) on mutated real
/// Swift: flipped bytes, truncations, inserted `"""`, `#"`, `\(`, `<`, `/*`, NUL and invalid UTF-8.
/// Each input must finish (a watchdog fails the test after `FUZZ_HANG_SECONDS`, far above any
/// normal time: a hang detector, not a timing assertion) without a crash, a problem or a finding
/// outside the file (a NUL byte makes it a binary file, named and skipped). `scripts/fuzz` runs the same test with `FUZZ_INPUTS=100000` over a corpus of
/// real apps and prints how the slowest inputs compare with the norm for their size.
final class PipelineFuzzTests: XCTestCase {
    static let environment = ProcessInfo.processInfo.environment
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Seed files: `FUZZ_CORPUS` (a folder of Swift files), else the examples and repro inputs.
    func seeds() throws -> [[UInt8]] {
        let folders =
            Self.environment["FUZZ_CORPUS"].map { [URL(fileURLWithPath: $0)] } ?? [
                Self.fixtures.appendingPathComponent("Fixtures"),
                Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                    "Examples"),
            ]
        var files: [[UInt8]] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == "swift" {
                if let data = try? Data(contentsOf: url), data.count <= 96_000, !data.isEmpty {
                    files.append(Array(data))
                }
            }
        }
        return files
    }

    /// xorshift64: the same inputs on every machine for a given seed.
    struct Random {
        var state: UInt64
        init(state: UInt64) { self.state = state == 0 ? 0x9E37_79B9_7F4A_7C15 : state }
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
    }

    static let insertions: [[UInt8]] = [
        Array("\"\"\"".utf8), Array("#\"".utf8), Array("\\(".utf8), Array("<".utf8), Array("/*".utf8), [0],
        [0xFF], [0xC3], Array("#\"\"\"#".utf8), Array("{".utf8), Array("}".utf8), Array("\"".utf8),
        Array("NavigationStack {".utf8), Array(".sheet(isPresented: .constant(true)) {".utf8),
    ]

    static func mutate(_ seed: [UInt8], _ random: inout Random) -> [UInt8] {
        var bytes = seed
        for _ in 0...random.below(4) {
            let at = random.below(bytes.count + 1)
            switch random.below(4) {
            case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= UInt8(1 << random.below(8))
            case 1: bytes.removeSubrange(at...)
            default: bytes.insert(contentsOf: insertions[random.below(insertions.count)], at: at)
            }
        }
        return bytes
    }

    func testMutatedRealFilesGoThroughThePipeline() throws {
        let count = Int(Self.environment["FUZZ_INPUTS"] ?? "") ?? 300
        let hangLimit = Double(Self.environment["FUZZ_HANG_SECONDS"] ?? "") ?? 30
        var random = Random(state: UInt64(Self.environment["FUZZ_SEED"] ?? "") ?? 18)
        let seeds = try seeds()
        XCTAssertFalse(seeds.isEmpty)
        var configuration = Configuration()
        configuration.optInRules = CatalogFixture.catalog.entries.filter(\.metadata.optIn).map(\.metadata.id)
        let linter = Linter(catalog: CatalogFixture.catalog, configuration: configuration)
        // Per input: size and nanoseconds, for the report.
        var timings: [(size: Int, nanoseconds: UInt64)] = []
        timings.reserveCapacity(count)
        let watchdog = DispatchQueue(label: "fuzz-watchdog")
        for index in 0..<count {
            let input = Self.mutate(seeds[random.below(seeds.count)], &random)
            // A hang is reported with the input, written where it can be read again.
            let item = DispatchWorkItem {
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("patternlint-fuzz-hang.swift")
                try? Data(input).write(to: path)
                FileHandle.standardError.write(Data("fuzz: input \(index) still running; saved to \(path.path)\n".utf8))
            }
            watchdog.asyncAfter(deadline: .now() + hangLimit, execute: item)
            // A crash cannot save its input: with FUZZ_SAVE, each one is written before it runs.
            if let save = Self.environment["FUZZ_SAVE"] { try? Data(input).write(to: URL(fileURLWithPath: save)) }
            let start = DispatchTime.now().uptimeNanoseconds
            let result = linter.lint([LintInput(path: "Fuzz.swift") { input }])
            timings.append((input.count, DispatchTime.now().uptimeNanoseconds - start))
            item.cancel()
            // A NUL byte makes it a binary file, skipped and named: the one problem allowed.
            XCTAssertTrue(result.problems.allSatisfy { $0.hasPrefix("Fuzz.swift: binary file") }, "\(result.problems)")
            XCTAssertTrue(result.findings.allSatisfy { $0.path == "Fuzz.swift" && $0.line >= 1 }, "input \(index)")
            if timings.last!.nanoseconds > UInt64(hangLimit * 1e9) {
                XCTFail("input \(index) took over \(hangLimit) s")
            }
        }
        if Self.environment["FUZZ_REPORT"] != nil { report(timings) }
    }

    /// Each input's time against the median time of inputs of its size (by powers of two).
    func report(_ timings: [(size: Int, nanoseconds: UInt64)]) {
        func bucket(_ size: Int) -> Int { size <= 1 ? 0 : Int(log2(Double(size))) }
        var medians: [Int: Double] = [:]
        for (key, group) in Dictionary(grouping: timings, by: { bucket($0.size) }) {
            let sorted = group.map { Double($0.nanoseconds) / Double(max($0.size, 64)) }.sorted()
            medians[key] = sorted[sorted.count / 2]
        }
        let ratios = timings.map { Double($0.nanoseconds) / Double(max($0.size, 64)) / medians[bucket($0.size)]! }
        let total = timings.reduce(0) { $0 + $1.nanoseconds }
        let worst = ratios.enumerated().max { $0.element < $1.element }!
        let line = String(
            format:
                "fuzz: %d inputs, %.1f MB, %.1f s in lint; slowest against its size's median: %.1fx (input %d, %d bytes, %.1f ms); over 100x: %d; over 10x: %d\n",
            timings.count, Double(timings.reduce(0) { $0 + $1.size }) / 1e6, Double(total) / 1e9, worst.element,
            worst.offset, timings[worst.offset].size, Double(timings[worst.offset].nanoseconds) / 1e6,
            ratios.filter { $0 > 100 }.count, ratios.filter { $0 > 10 }.count)
        FileHandle.standardError.write(Data(line.utf8))
    }
}
