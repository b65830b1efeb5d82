#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory the allocator holds free back to the system. A long-running process (the
/// language server) calls it once a burst of work is over: glibc keeps what a lint freed (a
/// file's tokens, an index replaced) for reuse, and a server that indexed a tree once would
/// otherwise keep its peak as resident memory for the rest of the session.
public enum ReturnFreedMemory {
    #if canImport(Glibc)
    /// glibc's `malloc_trim` and `mallopt`, looked up at run time (their header is not in Swift's
    /// Glibc module, and another C library may not have them).
    private static let trim = function("malloc_trim", as: (@convention(c) (Int) -> Int32).self)
    private static let setOption = function("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }
    #endif

    /// Caps glibc's allocation arenas (one per thread that met contention, by default up to eight
    /// a core): memory a worker thread freed in its own arena is not reused by the others, and a
    /// server's kept index, built on the workers and replaced on its queue, ends up spread over
    /// half-empty arenas. Call it before the first threads start.
    public static func limitArenas(to count: Int32) {
        #if canImport(Glibc)
        let arenaMax: Int32 = -8 // M_ARENA_MAX in <malloc.h>
        _ = setOption?(arenaMax, count)
        #endif
    }

    public static func now() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
