/// One file's findings and their order (`Finding.inFileOrder`), joined into the run's list by
/// moving them. A finding holds half a dozen strings: sorting findings copied each one it moved
/// and joining the files copied them all again (a retain per string each time, a release when
/// the copy was freed), where sorting positions and moving each finding once copies nothing.
struct FileFindings: Sendable {
    var findings: [Finding]
    /// Positions in `findings`, in file order.
    let order: [Int32]

    init(_ findings: [Finding]) {
        self.findings = findings
        order = findings.withUnsafeBufferPointer(Self.order)
    }

    /// The positions of `findings` by line, column, rule and message (`Finding.inFileOrder`), then
    /// as they came: the order a stable sort of the findings gives.
    static func order(of findings: UnsafeBufferPointer<Finding>) -> [Int32] {
        var order = Array(0..<Int32(findings.count))
        guard findings.count > 1, let base = findings.baseAddress else { return order }
        order.sort { left, right in
            let a = base + Int(left), b = base + Int(right)
            if Finding.inFileOrder(a.pointee, b.pointee) { return true }
            return !Finding.inFileOrder(b.pointee, a.pointee) && left < right
        }
        return order
    }

    /// The files' findings in one list: files by path, each file's findings in its order.
    static func joined(_ files: consuming [FileFindings?]) -> [Finding] {
        var groups: [FileFindings] = []
        for position in files.indices {
            guard let group = files[position], !group.findings.isEmpty else { continue }
            // Emptied here, so the group's findings have one owner and move without a copy.
            files[position] = nil
            groups.append(group)
        }
        groups.sort { $0.findings[0].path < $1.findings[0].path }
        let total = groups.reduce(0) { $0 + $1.findings.count }
        return [Finding](unsafeUninitializedCapacity: total) { target, count in
            for index in groups.indices {
                let order = groups[index].order
                groups[index].findings.withUnsafeMutableBufferPointer { source in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    for position in order {
                        (to + count).moveInitialize(from: from + Int(position), count: 1)
                        count += 1
                    }
                    // What was moved out is refilled with an empty finding, which the group's
                    // array then frees for nothing.
                    source.initialize(repeating: Finding.vacated)
                }
            }
        }
    }
}

extension Finding {
    /// A finding that holds no object: what a place a finding was moved out of is refilled with.
    static let vacated = Finding(
        ruleID: "", severity: .info, message: "", path: "", line: 0, column: 0, note: nil, sourceLine: "")
}
