import Support

/// The links and observations of one note, as records one after the other in one buffer, with
/// the strings they share (kinds, section headings). A vault may hold hundreds of thousands of
/// links: a `NoteLink` or `Observation` is a reference to its note's records and where its own
/// starts, and reads its fields from there. Numbers are LEB128; a string is its byte count + 1
/// (0 for none) followed by its UTF-8.
public final class NoteRecords: Sendable {
    private let bytes: [UInt8]
    /// Where each shared string starts in `bytes`, and its length.
    private let sharedSpans: [(start: Int, count: Int)]

    private init(bytes: [UInt8], sharedSpans: [(start: Int, count: Int)]) {
        self.bytes = bytes
        self.sharedSpans = sharedSpans
    }

    func shared(_ index: Int?) -> String? {
        guard let index else { return nil }
        let span = sharedSpans[index]
        return String(decoding: bytes[span.start..<(span.start + span.count)], as: UTF8.self)
    }

    func number(_ at: inout Int) -> Int {
        var value = 0, shift = 0
        while true {
            let byte = bytes[at]
            at += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    func string(_ at: inout Int) -> String? {
        let length = number(&at)
        guard length > 0 else { return nil }
        defer { at += length - 1 }
        return String(decoding: bytes[at..<(at + length - 1)], as: UTF8.self)
    }

    func skipString(_ at: inout Int) {
        at += max(0, number(&at) - 1)
    }

    struct Builder {
        private var bytes: [UInt8] = []
        private var sharedSpans: [(start: Int, count: Int)] = []

        /// Where the next record starts.
        var position: UInt32 { UInt32(bytes.count) }

        /// Room for this many bytes of records, so the buffer does not grow a step at a time.
        mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

        /// A string records will share (a kind, a section heading); its index.
        mutating func share(_ string: String) -> Int { share(bytes: string.utf8) }

        mutating func share<Bytes: Collection<UInt8>>(bytes text: Bytes) -> Int {
            let start = bytes.count
            bytes.append(contentsOf: text)
            sharedSpans.append((start, bytes.count - start))
            return sharedSpans.count - 1
        }

        mutating func append<Bytes: Collection<UInt8>>(_ text: Bytes?) {
            guard let text else { return append(number: 0) }
            append(number: text.count + 1)
            bytes.append(contentsOf: text)
        }

        mutating func append(number: Int) {
            var value = max(0, number)
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        /// The buffer grew as records came; the note keeps an exact copy.
        func finish() -> NoteRecords {
            NoteRecords(bytes: bytes.withExactCapacity(), sharedSpans: sharedSpans.withExactCapacity())
        }
    }
}
