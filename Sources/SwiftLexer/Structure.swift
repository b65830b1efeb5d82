/// The light structural pass over a file's tokens: brackets, type declarations with members,
/// initializers and functions with parameters, call sites with argument labels and trailing
/// closures, scopes, and preview regions. Still lexical: no type checking.
///
/// ```swift
/// let file = SourceFile(path: "A.swift", text: "struct A: View { init(page: Binding<Int>) {} }")
/// let structure = Structure(file)
/// structure.types[0].name                          // "A"
/// structure.functions[0].parameters[0].type        // "Binding<Int>"
/// ```
public struct Structure: Sendable {
    public let file: SourceFile
    /// The file's tokens without comments; every index below points into this array.
    public let code: [Token]
    /// For an opening bracket (or a string segment ending in `\(`), its closing partner; else -1.
    public let closing: BracketPartners.Closing
    /// For a closing bracket (or a string segment starting with `)`), its opening partner; else -1.
    public let opening: BracketPartners.Opening
    public private(set) var types: [TypeDecl] = []
    public private(set) var properties: [PropertyDecl] = []
    /// Functions and initializers (`isInitializer`).
    public private(set) var functions: [FunctionDecl] = []
    public private(set) var calls: [CallSite] = []
    /// Every trailing closure; a call links to its own.
    private var closureStore: [TrailingClosure] = []
    public private(set) var scopes: [Scope] = []
    /// Innermost scope of each code token.
    public private(set) var scopeOf: [Int32] = []
    /// Token ranges of `#Preview` bodies and `PreviewProvider` type bodies.
    public private(set) var previews: [ClosedRange<Int>] = []
    /// The declarations by owner and by type name (see `properties(of:)`, `types(named:)`).
    private(set) var declarations = DeclarationIndex()

    public init(_ file: SourceFile) {
        self.file = file
        code = file.code
        (closing, opening) = (file.brackets.closing, file.brackets.opening)
        // The builder writes each token's scope straight into the result array.
        let partial = self
        var built: StructureBuilder?
        scopeOf = [Int32](unsafeUninitializedCapacity: max(1, code.count)) { buffer, initialized in
            // The builder reads tokens and bytes through unchecked pointers, valid for the run only.
            partial.code.withUnsafeBufferPointer { code in
                partial.file.bytes.withUnsafeBufferPointer { bytes in
                    var builder = StructureBuilder(
                        structure: partial, code: code, bytes: bytes, scopeBuffer: buffer.baseAddress!)
                    builder.run()
                    builder.callAt.deallocate()
                    built = builder
                }
            }
            initialized = partial.code.count
        }
        let builder = built!
        types = builder.types
        properties = builder.properties
        functions = builder.functions
        calls = builder.calls
        closureStore = builder.closureStore
        scopes = builder.scopes
        previews = builder.previews
        declarations = DeclarationIndex(types: types, properties: properties, functions: functions)
    }

    // MARK: Queries

    /// The call's arguments: label (if any) and value tokens, split at top-level commas.
    public func arguments(of call: CallSite) -> [CallArgument] {
        guard let parentheses = call.parentheses, parentheses.upperBound > parentheses.lowerBound else { return [] }
        return splitAtCommas(parentheses.lowerBound + 1..<parentheses.upperBound).map { piece in
            let first = piece.lowerBound
            if piece.count >= 2, code[first].kind == .identifier || code[first].kind == .keyword,
                punct(first + 1, UInt8(ascii: ":"))
            {
                return CallArgument(label: text(first), labelToken: first, value: first + 2..<piece.upperBound)
            }
            return CallArgument(label: nil, labelToken: nil, value: piece)
        }
    }

    public func argument(of call: CallSite, labeled label: String) -> CallArgument? {
        arguments(of: call).first { $0.label == label }
    }

    public func trailingClosures(of call: CallSite) -> [TrailingClosure] {
        var result: [TrailingClosure] = []
        var next = call.firstClosure
        while next >= 0 {
            result.append(closureStore[Int(next)])
            next = closureStore[Int(next)].next
        }
        return result
    }

    @inline(__always) public func punct(_ index: Int, _ byte: UInt8) -> Bool {
        guard index >= 0, index < code.count else { return false }
        let token = code[index]
        return token.kind == .punctuation && token.length == 1 && file.bytes[token.offset] == byte
    }

    /// Splits a token range at commas that are not nested in brackets or generic arguments.
    public func splitAtCommas(_ range: Range<Int>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        var j = range.lowerBound
        var angle = 0
        let bytes = file.bytes
        while j < range.upperBound {
            if closing[j] >= 0, Int(closing[j]) < range.upperBound {
                j = Int(closing[j]) + 1
                continue
            }
            let t = code[j]
            if t.kind == .operator {
                // Commas inside generic arguments (`Dictionary<K, V>`) do not split.
                if t.length == 1, bytes[t.offset] == UInt8(ascii: "<") { angle += 1 }
                if bytes[t.end - 1] == UInt8(ascii: ">"), angle > 0, t.length <= 2 { angle -= t.length }
            } else if t.kind == .punctuation, t.length == 1, bytes[t.offset] == UInt8(ascii: ","), angle <= 0 {
                pieces.append(start..<j)
                start = j + 1
            }
            j += 1
        }
        if start < range.upperBound { pieces.append(start..<range.upperBound) }
        return pieces
    }

    public func text(_ index: Int) -> String { file.text(code[index]) }

    /// Whether token `index` is spelled `literal`. Inlinable: rules ask it of nearly every token,
    /// and inlined, the length test against the literal rejects almost all of them at once.
    @inlinable public func `is`(_ index: Int, _ literal: StaticString) -> Bool {
        index >= 0 && index < code.count && code[index].length == literal.utf8CodeUnitCount
            && file.token(code[index], is: literal)
    }

    /// Source text of a token range, as written (spaces and line breaks kept).
    public func text(_ range: Range<Int>) -> String {
        guard let first = range.first, range.upperBound <= code.count, range.upperBound > first else { return "" }
        return String(decoding: file.bytes[code[first].offset..<code[range.upperBound - 1].end], as: UTF8.self)
    }

    /// Calls whose arguments or trailing closures contain the token, innermost first.
    public func enclosingCalls(of index: Int) -> [Int] {
        var result: [Int] = []
        forEachEnclosingScope(of: index) { scope in
            switch scope.kind {
            case .arguments(let call), .closure(let call?): result.append(call)
            default: break
            }
            return true
        }
        return result
    }

    /// The innermost call around the token (its arguments or trailing closure), if any.
    public func innermostCall(of index: Int) -> Int? {
        var found: Int?
        forEachEnclosingScope(of: index) { scope in
            switch scope.kind {
            case .arguments(let call), .closure(let call?): found = call; return false
            default: return true
            }
        }
        return found
    }

    /// The innermost type declaration whose body holds the token.
    public func enclosingType(of index: Int) -> Int? {
        var found: Int?
        forEachEnclosingScope(of: index) { scope in
            if case .typeBody(let type) = scope.kind { found = type; return false }
            return true
        }
        return found
    }

    /// Visits the scopes around a token, innermost first, without allocating; stop by returning false.
    @inlinable public func forEachEnclosingScope(of index: Int, _ body: (Scope) -> Bool) {
        var current = Int(scopeOf[index])
        while true {
            if !body(scopes[current]) || current == 0 { return }
            current = scopes[current].parent
        }
    }

    /// Binary search over the preview ranges (sorted by start), so files with many previews stay linear.
    public func isInPreview(_ index: Int) -> Bool {
        var low = 0, high = previews.count
        while low < high {
            let mid = (low + high) / 2
            if previews[mid].lowerBound <= index { low = mid + 1 } else { high = mid }
        }
        // `low` is the first range starting after the token; a few before it may hold it (nesting is rare).
        var candidate = low - 1
        while candidate >= 0, low - candidate <= 4 {
            if previews[candidate].contains(index) { return true }
            candidate -= 1
        }
        return false
    }
}
