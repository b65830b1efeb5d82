import Foundation
import XCTest

/// Issue 45: every evidence step names code that really is what the step says it is. A write is
/// an assignment, a compound assignment, a mutating call or the binding handed on (`$x`); a
/// `.constant(…)` step stands on the `.constant` argument; a stack step on a line that builds one;
/// a "shown here" step on a line that uses what it names.
struct EvidenceKinds {
    struct Step {
        var path: String
        var line: Int
        var column: Int
        var message: String
    }

    private static func regex(_ pattern: String) -> NSRegularExpression {
        try! NSRegularExpression(pattern: pattern)
    }
    // A write behind a condition the call leaves open says which before the code.
    private static let write = regex(
        #"^`[^`]+` writes `([^`]+)`(?: \(`[^`]+` is `mutating`\))?"#
            + #"(?:, only .*?, which (?:the tool cannot evaluate|this call does not decide))?: `"#)
    private static let constant = regex(#"^\s*(Binding\s*)?\.?constant\("#)
    private static let stackLine = regex(#"Navigation(Stack|View|SplitView)\b|\b[A-Z]\w*\s*[({]|\.\w+\s*[({]"#)
    private static let subject = regex(#"^`([^`]+)`"#)

    private static func matches(_ pattern: NSRegularExpression, _ text: String, anchored: Bool = true) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return pattern.firstMatch(in: text, options: anchored ? [.anchored] : [], range: range) != nil
    }

    private static func capture(_ pattern: NSRegularExpression, _ text: String) -> String? {
        guard let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// Whether the step is of its kind on `lineText` (the source line it points at); nil for a
    /// step of a kind this check does not know (it is then not counted).
    static func holds(_ step: Step, lineText: String) -> Bool? {
        let scalars = Array(lineText.unicodeScalars)
        let at = String(String.UnicodeScalarView(scalars.dropFirst(max(0, step.column - 1))))
        if let name = capture(write, step.message) {
            let quoted = NSRegularExpression.escapedPattern(for: name)
            // `name`, `self.name`, `parent.name`, then members, subscripts and optional chaining up
            // to an assignment or a call; or the binding handed on.
            let assigned = regex(
                #"^((self|parent|\w+)\.)?"# + quoted + #"\b(\??(\.\w+|\[[^\]]*\]))*\s*(=(?!=)|[-+*/%|&^]=|\(|\.\w+\()"#)
            let handedOn = regex(#"^[$_]"# + quoted + #"\b"#)
            let mutated = regex(#"^(\w+\.)?"# + quoted + #"(\.\w+)*\.\w+\("#)
            return matches(assigned, at) || matches(handedOn, at) || matches(mutated, at)
        }
        if step.message.contains("`.constant(…)` passed here") { return matches(constant, at) }
        if step.message.contains("is shown inside a navigation stack here") || step.message.contains("is built here") {
            guard let shown = capture(subject, step.message) else { return false }
            let last = NSRegularExpression.escapedPattern(for: String(shown.split(separator: ".").last ?? ""))
            return matches(regex(#"\b"# + last + #"\b"#), lineText, anchored: false)
        }
        if step.message.contains("navigation stack here") || step.message.contains("starts here") {
            return matches(stackLine, lineText, anchored: false)
        }
        return nil
    }

    /// Each finding's evidence in a JSON report, checked against the files under `folder`.
    static func check(report: Data, folder: URL) throws -> (checked: Int, bad: [String]) {
        let findings = try JSONSerialization.jsonObject(with: report) as? [[String: Any]] ?? []
        var lines: [String: [String]] = [:]
        var checked = 0
        var bad: [String] = []
        for finding in findings {
            for related in finding["related"] as? [[String: Any]] ?? [] {
                guard let path = related["path"] as? String, let line = related["line"] as? Int,
                    let column = related["column"] as? Int, let message = related["message"] as? String
                else { continue }
                if lines[path] == nil {
                    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
                    let text = (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
                    lines[path] = text.map { $0.components(separatedBy: "\n") } ?? []
                }
                guard let fileLines = lines[path], line >= 1, line <= fileLines.count else { continue }
                let step = Step(path: path, line: line, column: column, message: message)
                guard let holds = holds(step, lineText: fileLines[line - 1]) else { continue }
                checked += 1
                if !holds {
                    bad.append(
                        "\(folder.path)/\(path):\(line):\(column): \(message)\n    "
                            + fileLines[line - 1].trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return (checked, bad)
    }
}

extension CLITests {
    func checkEvidence(ofAppAt folder: URL, timeout: Double = 120) throws -> (checked: Int, bad: [String]) {
        let lint = try run(["lint", "--reporter", "json", "--no-baseline", "."], in: folder, timeout: timeout)
        XCTAssertTrue([0, 1].contains(lint.status), "\(folder.path): \(lint.stderr)")
        return try EvidenceKinds.check(report: Data(lint.stdout.utf8), folder: folder)
    }

    /// The check itself: a read under the binding's own name is not a write.
    func testTheEvidenceCheckTellsAWriteFromARead() {
        let step = EvidenceKinds.Step(
            path: "A.swift", line: 1, column: 5, message: "`Meter` writes `total`: `total: Int(total.wrappedValue)`")
        XCTAssertEqual(EvidenceKinds.holds(step, lineText: "    total: Int(total.wrappedValue),"), false)
        XCTAssertEqual(EvidenceKinds.holds(step, lineText: "    total = 3"), true)
        XCTAssertEqual(EvidenceKinds.holds(step, lineText: "    total += 1"), true)
        XCTAssertEqual(EvidenceKinds.holds(step, lineText: "    $total"), true)
        XCTAssertEqual(EvidenceKinds.holds(step, lineText: "    total == 3"), false)
        var constant = step
        constant.message = "`.constant(…)` passed here"
        constant.column = 16
        XCTAssertEqual(EvidenceKinds.holds(constant, lineText: "Pager(page: 1, .constant(2))"), true)
        constant.column = 1
        XCTAssertEqual(EvidenceKinds.holds(constant, lineText: "Pager(page: 1, .constant(2))"), false)
    }

    func testEvidenceOnTheSampleAppIsOfItsKind() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/NavigationDemo")
        let (checked, bad) = try checkEvidence(ofAppAt: app)
        XCTAssertGreaterThan(checked, 0)
        XCTAssertEqual(bad, [])
    }

    /// The corpora (`scripts/check-evidence APP…` sets PATTERNLINT_CORPUS to the apps' folders,
    /// separated by `:`): real apps are not in the repository, so without it the test is skipped.
    func testEvidenceOnTheCorpusIsOfItsKind() throws {
        guard let list = ProcessInfo.processInfo.environment["PATTERNLINT_CORPUS"], !list.isEmpty else {
            throw XCTSkip("PATTERNLINT_CORPUS names no app folders (scripts/check-evidence sets it)")
        }
        var checked = 0
        var bad: [String] = []
        for folder in list.split(separator: ":") {
            let found = try checkEvidence(ofAppAt: URL(fileURLWithPath: String(folder)), timeout: 1200)
            checked += found.checked
            bad += found.bad
        }
        print("check-evidence: \(checked) evidence steps checked, \(bad.count) not of their kind")
        XCTAssertEqual(bad, [], bad.joined(separator: "\n"))
    }
}
