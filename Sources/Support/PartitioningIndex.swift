extension RandomAccessCollection {
    /// The first index whose element satisfies `isPast`, found by halving: the elements must be
    /// ordered so that `isPast` is false for a prefix and true for the rest (`endIndex` when it
    /// holds for none). Sorted offsets, token starts and ends are read this way.
    @inlinable
    public func partitioningIndex(where isPast: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isPast(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
