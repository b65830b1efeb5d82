import Foundation

#if canImport(Glibc)
import Glibc
import SwiftLexer
import Support
import SwiftUIModel
#endif

/// ICU's C regex API: the engine `NSRegularExpression` runs on Linux (swift-foundation-icu's
/// `swift_uregex_*`, already loaded with Foundation), called directly so that every regex rule of
/// a file shares one UTF-16 copy of it (`NSRegularExpression` transcodes the file for each call)
/// and a runaway match is stopped by ICU's own step limit (a progress callback costs more than
/// the match on most patterns). Same pattern, same flags, same engine: the same matches. Where
/// the symbols are not found (a static build, macOS) the rules use `NSRegularExpression`.
final class ICURegex: @unchecked Sendable {
    private typealias Open =
        @convention(c) (
            UnsafePointer<UInt16>, Int32, UInt32, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>
        ) -> OpaquePointer?
    private typealias Clone = @convention(c) (OpaquePointer, UnsafeMutablePointer<Int32>) -> OpaquePointer?
    private typealias Close = @convention(c) (OpaquePointer) -> Void
    private typealias SetText =
        @convention(c) (OpaquePointer, UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Void
    private typealias FindNext = @convention(c) (OpaquePointer, UnsafeMutablePointer<Int32>) -> Int8
    private typealias Bound = @convention(c) (OpaquePointer, Int32, UnsafeMutablePointer<Int32>) -> Int32
    private typealias SetLimit = @convention(c) (OpaquePointer, Int32, UnsafeMutablePointer<Int32>) -> Void

    private struct API {
        let open: Open
        let clone: Clone
        let close: Close
        let setText: SetText
        let findNext: FindNext
        let start: Bound
        let end: Bound
        let setTimeLimit: SetLimit
    }

    private static let api: API? = {
        #if os(Linux)
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(address, to: T.self)
        }
        guard let open = symbol("swift_uregex_open", Open.self), let clone = symbol("swift_uregex_clone", Clone.self),
            let close = symbol("swift_uregex_close", Close.self),
            let setText = symbol("swift_uregex_setText", SetText.self),
            let findNext = symbol("swift_uregex_findNext", FindNext.self),
            let start = symbol("swift_uregex_start", Bound.self), let end = symbol("swift_uregex_end", Bound.self),
            let setTimeLimit = symbol("swift_uregex_setTimeLimit", SetLimit.self)
        else { return nil }
        return API(
            open: open, clone: clone, close: close, setText: setText, findNext: findNext, start: start, end: end,
            setTimeLimit: setTimeLimit)
        #else
        return nil
        #endif
    }()

    /// `UREGEX_MULTILINE | UREGEX_DOTALL`: `.anchorsMatchLines` and `.dotMatchesLineSeparators`.
    private static let flags: UInt32 = 8 | 32
    private let compiled: OpaquePointer
    private let api: API

    /// The compiled pattern, or nil when ICU's C API is not reachable (or does not take the pattern).
    init?(_ pattern: String) {
        guard let api = Self.api else { return nil }
        let units = Array(pattern.utf16)
        var status: Int32 = 0
        let compiled = units.withUnsafeBufferPointer { buffer in
            api.open(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, Int32(buffer.count), Self.flags, nil, &status)
        }
        guard status <= 0, let compiled else { return nil }
        self.compiled = compiled
        self.api = api
    }

    deinit { api.close(compiled) }

    /// One match: the whole match's UTF-16 range and the group's start (nil when it took no part).
    struct Found {
        var range: Range<Int>
        var groupStart: Int?
    }

    /// Every match in `text`, leftmost and without overlaps; `stopped` when ICU gave up (its step
    /// limit, or its backtracking stack).
    func matches(in text: UnsafeBufferPointer<UInt16>, group: Int, stepLimit: Int32) -> (found: [Found], stopped: Bool)
    {
        var status: Int32 = 0
        // A compiled pattern may not be shared between threads; a clone shares its tables.
        guard let matcher = api.clone(compiled, &status), status <= 0 else { return ([], true) }
        defer { api.close(matcher) }
        api.setTimeLimit(matcher, stepLimit, &status)
        api.setText(matcher, text.baseAddress ?? UnsafePointer(bitPattern: 2)!, Int32(text.count), &status)
        var found: [Found] = []
        while status <= 0, api.findNext(matcher, &status) != 0, status <= 0 {
            let start = Int(api.start(matcher, 0, &status)), end = Int(api.end(matcher, 0, &status))
            let groupStart = group == 0 ? start : Int(api.start(matcher, Int32(group), &status))
            found.append(Found(range: start..<max(start, end), groupStart: groupStart >= 0 ? groupStart : nil))
        }
        return (found, status > 0)
    }
}
