/// FNV-1a over bytes, 64 bits: a stable hash (the same in every run, unlike `Hasher`), cheap next
/// to whatever read the bytes. Baseline fingerprints, the fixer's digest of what it analysed and
/// the index's name sets use it.
public enum FNV1a {
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
