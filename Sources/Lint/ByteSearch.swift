/// Substring search on UTF-8 bytes (Foundation's string search is slow on Linux). Naive, which is
/// right for what it is asked: type names and project files, with short needles.
extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// Where each occurrence of `needle` ends, at most `limit` of them, left to right.
    func endsOfOccurrences(of needle: some RandomAccessCollection<UInt8>, limit: Int = .max) -> [Int] {
        guard let first = needle.first, needle.count <= count else { return [] }
        var ends: [Int] = []
        var index = startIndex
        while index + needle.count <= endIndex, ends.count < limit {
            if self[index] == first, self[index..<index + needle.count].elementsEqual(needle) {
                ends.append(index + needle.count)
                index += needle.count
            } else {
                index += 1
            }
        }
        return ends
    }
}
