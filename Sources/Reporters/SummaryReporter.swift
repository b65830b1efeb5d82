import Foundation
import LintEngine
import Support

/// SwiftLint's `summary`: a table of the rules that reported, with how many errors, warnings and
/// infos each, most findings first, and a total.
public struct SummaryReporter: Reporter {
    public static let name = "summary"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var counts: [String: (error: Int, warning: Int, info: Int)] = [:]
        for finding in result.findings {
            var count = counts[finding.ruleID] ?? (0, 0, 0)
            switch finding.severity {
            case .error: count.error += 1
            case .warning: count.warning += 1
            case .info: count.info += 1
            }
            counts[finding.ruleID] = count
        }
        let rows = counts.sorted {
            let a = $0.value.error + $0.value.warning + $0.value.info
            let b = $1.value.error + $1.value.warning + $1.value.info
            return a != b ? a > b : $0.key < $1.key
        }
        let header = ["rule", "errors", "warnings", "infos", "total"]
        var table: [[String]] = rows.map {
            [
                $0.key, "\($0.value.error)", "\($0.value.warning)", "\($0.value.info)",
                "\($0.value.error + $0.value.warning + $0.value.info)",
            ]
        }
        let errors = rows.reduce(0) { $0 + $1.value.error }
        let warnings = rows.reduce(0) { $0 + $1.value.warning }
        let infos = rows.reduce(0) { $0 + $1.value.info }
        table.append(["Total", "\(errors)", "\(warnings)", "\(infos)", "\(errors + warnings + infos)"])
        let widths = header.indices.map { column in ([header] + table).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| "
                + cells.enumerated().map { column, cell in
                    column == 0
                        ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[column] - cell.count) + cell
                }.joined(separator: " | ") + " |\n"
        }
        let rule = "+" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "+") + "+\n"
        return rule + line(header) + rule + table.dropLast().map(line).joined() + rule + line(table.last!) + rule
    }
}
