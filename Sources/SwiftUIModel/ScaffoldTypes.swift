/// The types only code that never ships builds: a preview host, a gallery or a demo screen
/// reached from `#Preview`, a `PreviewProvider`, a test or a `#if DEBUG` branch, and the types
/// only those build in turn. What is wrong in them reaches no user.
enum ScaffoldTypes {
    /// Each such type with one of the sites that build it (evidence for the finding it softens).
    /// A type is one when it is built somewhere and every site building it never ships or stands
    /// in another such type; a type nothing in the run builds is not (the system or a package
    /// may), nor one `alsoBuiltElsewhere` names (called in code whose sites the index does not
    /// record). One walk: each site waits on its owner at most once.
    static func find(
        _ constructions: [String: [ViewConstruction]], alsoBuiltElsewhere: Set<String>
    ) -> [String: ViewConstruction] {
        // Per type, how many of its sites are not yet known to be scaffolding.
        var pending: [String: Int] = [:]
        // Per owner, the types it builds at sites that wait on it.
        var waiting: [String: [String]] = [:]
        var found: [String: ViewConstruction] = [:]
        var ready: [String] = []
        for (type, sites) in constructions where !sites.isEmpty && !alsoBuiltElsewhere.contains(type) {
            var open = 0
            for site in sites where !site.neverShips {
                // Built by the type itself (a recursive tree) or by no type: it ships.
                guard let owner = site.owner, owner != type else {
                    open = Int.max
                    break
                }
                open += 1
                waiting[owner, default: []].append(type)
            }
            pending[type] = open
            if open == 0 { ready.append(type) }
        }
        while let type = ready.popLast() {
            guard found[type] == nil, let sites = constructions[type] else { continue }
            found[type] = sites.first(where: \.neverShips) ?? sites.first
            for built in waiting[type] ?? [] {
                guard let open = pending[built], open != Int.max else { continue }
                pending[built] = open - 1
                if open == 1 { ready.append(built) }
            }
        }
        return found
    }
}
