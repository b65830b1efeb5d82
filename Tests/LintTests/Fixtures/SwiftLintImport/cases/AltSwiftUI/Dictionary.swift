let map = Dictionary(uniqueKeysWithValues: pairs)
let safe = Dictionary(pairs, uniquingKeysWith: { a, _ in a })
