import Dispatch
import Foundation

/// `PATTERNLINT_TIMING=1` prints how long each phase of a run took, on stderr.
public final class PhaseClock: @unchecked Sendable {
    private let enabled = ProcessInfo.processInfo.environment["PATTERNLINT_TIMING"] != nil
    private var last = DispatchTime.now().uptimeNanoseconds

    public init() {}

    public func mark(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        FileHandle.standardError.write(
            Data(
                String(
                    format: "timing: %-22@ %7.1f ms  rss %5d MB\n", phase as NSString,
                    Double(now - last) / 1e6, Self.residentMegabytes()
                ).utf8))
        last = now
    }

    /// Resident memory from `/proc/self/statm` (0 where there is none).
    static func residentMegabytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * 4096 / 1_000_000
    }
}

/// With `PATTERNLINT_TIMING` set: CPU time per rule, summed over files and threads.
public final class RuleTimer: @unchecked Sendable {
    public static let shared = RuleTimer()
    public let enabled = ProcessInfo.processInfo.environment["PATTERNLINT_TIMING"] != nil
    private let lock = NSLock()
    private var totals: [String: UInt64] = [:]
    public func add(_ id: String, _ nanos: UInt64) { lock.withLock { totals[id, default: 0] += nanos } }
    public func dump() {
        guard enabled else { return }
        for (id, total) in totals.sorted(by: { $0.value > $1.value }) {
            FileHandle.standardError.write(
                Data(String(format: "rule: %-40@ %7.1f ms\n", id as NSString, Double(total) / 1e6).utf8))
        }
    }
}
