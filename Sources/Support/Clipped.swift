extension StringProtocol {
    /// The text cut to `width` characters with an ellipsis: for echoing what a user or a file
    /// gave back in a message (a 1 MB note name made a 2 MB error).
    public func clipped(to width: Int) -> String {
        count > width ? String(prefix(Swift.max(0, width - 1))) + "…" : String(self)
    }
}
