/// Dotted names and paths split on an ASCII separator byte: `split(separator:)` on `Character`s
/// runs grapheme breaking over every byte, and rules split a name or a path of every file.
extension String {
    /// The text after the last `separator` (`Feature.Route` → `Route`), skipping empty pieces as
    /// `split(separator:).last` does; the whole text when it has no other piece.
    public func lastComponent(separatedBy separator: UInt8) -> String {
        var copy = self
        return copy.withUTF8 { bytes -> String? in
            var end = bytes.count
            while end > 0, bytes[end - 1] == separator { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != separator { start -= 1 }
            guard start < end, start > 0 || end < bytes.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        } ?? self
    }

    /// The non-empty pieces between `separator`s (`a//b/c` → `a`, `b`, `c`), as `split(separator:)`.
    public func components(separatedBy separator: UInt8) -> [String] {
        var copy = self
        return copy.withUTF8 { bytes in
            var pieces: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == separator {
                if start < index {
                    pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
            return pieces
        }
    }
}
