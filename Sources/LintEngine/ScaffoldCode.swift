import SwiftLexer
import SwiftUIModel

/// Where one file holds code that never ships to a user: a `#Preview` or `PreviewProvider`, a
/// `#if DEBUG` branch, the whole of a test file or of a file in a preview or demo folder, and the
/// types it declares (which the project index may show only such code builds). What a rule finds
/// there reaches nobody, so every built-in rule's finding there is reported at `info` at most, with
/// its evidence, and says why (as SwiftLint leaves test code to its own severities). Taken in pass 1,
/// while the tokens are there, for both passes.
struct ScaffoldCode: Sendable {
    /// Why the whole file never ships, when it does not.
    var wholeFile: String?
    /// Byte ranges of previews and `#if DEBUG` branches, by start, with why each never ships.
    var ranges: [(bytes: Range<Int>, why: String)] = []
    /// The file's type declarations with a body: name, enclosing type, and lines from the name to `}`.
    var types: [(name: String, parent: Int?, lines: ClosedRange<Int>)] = []

    static let none = ScaffoldCode()

    init() {}

    init(_ file: LintFile) {
        let s = file.structure
        if file.importsTestFramework {
            wholeFile = "in a file that imports a test framework"
        } else if SwiftUINames.isScaffoldPath(file.path) {
            wholeFile = "in a preview or demo folder"
        }
        guard wholeFile == nil else { return }
        var ranges = s.previews.map { (bytes: s.byteRange($0.lowerBound..<($0.upperBound + 1)), why: "in a preview") }
        if file.vocabulary.contains(.debug) {
            ranges += s.debugOnlyRanges().map { (bytes: s.byteRange($0), why: "in `#if DEBUG` code") }
        }
        self.ranges = ranges.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound }
        types = s.types.compactMap { type in
            type.body.map { (type.name, type.parent, s.code[type.nameToken].line...s.code[$0.upperBound].line) }
        }
    }

    /// Why the byte at `offset` never ships, or nil when it may.
    func why(at offset: Int) -> String? {
        if let wholeFile { return wholeFile }
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].bytes.lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        // Ranges nest (a preview in `#if DEBUG`) but rarely deeply: a few before the first
        // range starting after the offset may hold it.
        var candidate = low - 1
        while candidate >= 0, low - candidate <= 4 {
            if ranges[candidate].bytes.contains(offset) { return ranges[candidate].why }
            candidate -= 1
        }
        return nil
    }

    /// The innermost type declared around `line` that `built` names (or one enclosing it), if any.
    func scaffoldType(around line: Int, in built: [String: ProjectIndex.Construction]) -> String? {
        var innermost: Int?
        for index in types.indices where types[index].lines.contains(line) {
            if innermost.map({ types[$0].lines.lowerBound <= types[index].lines.lowerBound }) ?? true {
                innermost = index
            }
        }
        var type = innermost
        while let index = type {
            if built[types[index].name] != nil { return types[index].name }
            type = types[index].parent
        }
        return nil
    }
}

extension Finding {
    /// At `info`, saying why (`… (in a preview, which never ships). See: …`): the note keeps the
    /// end of the message.
    mutating func soften(_ why: String, suffix: String) {
        severity = .info
        let reason = " (\(why), which never ships)"
        if !suffix.isEmpty, message.hasSuffix(suffix) {
            message = String(message.dropLast(suffix.count)) + reason + suffix
        } else {
            message += reason
        }
    }
}
