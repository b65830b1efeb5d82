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
/// and a scan's steps are counted by ICU itself: its match callback, called every 10,000
/// backtracking state saves, charges the rule's `RegexBudget` and stops the scan once it is
/// spent (`NSRegularExpression`'s progress block costs more than the match on most patterns).
/// Same pattern, same flags, same engine: the same matches. Where the symbols are not found (a
/// static build, macOS) the rules use `NSRegularExpression`.
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
    private typealias Callback = @convention(c) (UnsafeRawPointer?, Int32) -> Int8
    private typealias SetCallback =
        @convention(c) (OpaquePointer, Callback?, UnsafeRawPointer?, UnsafeMutablePointer<Int32>) -> Void

    private struct API {
        let open: Open
        let clone: Clone
        let close: Close
        let setText: SetText
        let findNext: FindNext
        let start: Bound
        let end: Bound
        let setMatchCallback: SetCallback
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
            let setMatchCallback = symbol("swift_uregex_setMatchCallback", SetCallback.self)
        else { return nil }
        return API(
            open: open, clone: clone, close: close, setText: setText, findNext: findNext, start: start, end: end,
            setMatchCallback: setMatchCallback)
        #else
        return nil
        #endif
    }()

    /// `UREGEX_MULTILINE | UREGEX_DOTALL`: `.anchorsMatchLines` and `.dotMatchesLineSeparators`
    /// (SwiftLint's options, `SwiftLintRegex.options`).
    static let swiftLintFlags: UInt32 = 8 | 32
    /// No flags: `NSRegularExpression`'s default options (a `/…/` in a comment or name rule).
    static let defaultFlags: UInt32 = 0
    private let compiled: OpaquePointer
    private let api: API

    /// The compiled pattern, or nil when ICU's C API is not reachable (or does not take the pattern).
    init?(_ pattern: String, flags: UInt32) {
        guard let api = Self.api else { return nil }
        let units = Array(pattern.utf16)
        var status: Int32 = 0
        let compiled = units.withUnsafeBufferPointer { buffer in
            api.open(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, Int32(buffer.count), flags, nil, &status)
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

    /// Charges the state saves since the last call to the budget `context` points at; false
    /// (stop the scan) once it is spent.
    private static let charge: Callback = { context, _ in
        guard let context else { return 1 }
        return Unmanaged<RegexBudget>.fromOpaque(context).takeUnretainedValue().spend() ? 1 : 0
    }

    /// Every match in `text`, leftmost and without overlaps (the first only, with `first`), each
    /// step charged to `budget`; `stopped` when the scan did not go to the end: the budget is
    /// spent, or ICU gave up on this text (its backtracking stack).
    func matches(in text: UnsafeBufferPointer<UInt16>, group: Int = 0, first: Bool = false, budget: RegexBudget)
        -> (found: [Found], stopped: Bool)
    {
        if budget.isSpent { return ([], true) }
        budget.allow(text.count)
        var status: Int32 = 0
        // A compiled pattern may not be shared between threads; a clone shares its tables.
        guard let matcher = api.clone(compiled, &status), status <= 0 else { return ([], true) }
        defer { api.close(matcher) }
        var found: [Found] = []
        withExtendedLifetime(budget) {
            let context = UnsafeRawPointer(Unmanaged.passUnretained(budget).toOpaque())
            api.setMatchCallback(matcher, Self.charge, context, &status)
            api.setText(matcher, text.baseAddress ?? UnsafePointer(bitPattern: 2)!, Int32(text.count), &status)
            while status <= 0, api.findNext(matcher, &status) != 0, status <= 0 {
                let start = Int(api.start(matcher, 0, &status)), end = Int(api.end(matcher, 0, &status))
                let groupStart = group == 0 ? start : Int(api.start(matcher, Int32(group), &status))
                found.append(Found(range: start..<max(start, end), groupStart: groupStart >= 0 ? groupStart : nil))
                if first { break }
            }
        }
        return (found, status > 0)
    }
}
