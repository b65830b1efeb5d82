extension Graph {
    /// Makes rule files part of the graph: each citation that resolves (as a link would) counts
    /// as a link to its note, so a note a rule cites is no orphan and lists the rule among its
    /// backlinks. Citations that resolve to nothing are left to the rule catalogue to report.
    public mutating func cite(_ citations: [RuleCitation]) {
        var citing: [Int: [RuleCitation]] = [:]
        for citation in citations {
            guard case .resolved(let note) = resolve(citation.target) else { continue }
            citing[note, default: []].append(citation)
        }
        for note in citing.keys { citing[note]!.sort { $0.ruleID < $1.ruleID } }
        citingRules = citing
    }

    /// The rules citing a note, by id.
    public func rulesCiting(_ note: Int) -> [RuleCitation] { citingRules[note] ?? [] }
}
