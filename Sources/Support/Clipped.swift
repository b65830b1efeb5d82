extension StringProtocol {
    /// The text cut to `width` characters with an ellipsis: for echoing what a user or a file
    /// gave back in a message, which must stay readable whatever the input's size.
    public func clipped(to width: Int) -> String {
        count > width ? String(prefix(Swift.max(0, width - 1))) + "…" : String(self)
    }
}

extension Collection where Element == String {
    /// The first `limit` joined, and how many more there are: a message names a few of a list a
    /// crafted vault can make thousands long.
    public func joined(separator: String, atMost limit: Int) -> String {
        let shown = prefix(limit).joined(separator: separator)
        return count > limit ? shown + " and \(count - limit) more" : shown
    }
}
