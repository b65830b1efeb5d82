import SwiftLexer
import Support
import SwiftUIModel

/// Byte comparisons of code tokens against names a team rule carries (no `String` per token).
extension Structure {
    /// `A.B.member`: whether the tokens before the `.` at `dot` spell the base, last component first.
    func spellsBase(_ base: [[UInt8]], before dot: Int) -> Bool {
        var k = dot - 1
        for (position, component) in base.reversed().enumerated() {
            if position > 0 {
                guard punct(k, UInt8(ascii: ".")) else { return false }
                k -= 1
            }
            guard spells(k, component) else { return false }
            k -= 1
        }
        return true
    }

    /// Whether code token `index` is spelled `text` (UTF-8 bytes).
    @inline(__always) func spells(_ index: Int, _ text: [UInt8]) -> Bool {
        guard index >= 0, index < code.count else { return false }
        let token = code[index]
        guard token.length == text.count, !text.isEmpty, file.bytes[token.offset] == text[0] else { return false }
        // Read in place: a copy of the file's bytes per token costs a retain and a release each.
        return file.bytes.withUnsafeBufferPointer { bytes in
            text.withUnsafeBufferPointer { text in
                for k in 1..<max(1, text.count) where bytes[token.offset + k] != text[k] { return false }
                return true
            }
        }
    }

    /// Whether code token `index` is the operator spelled `literal` (`=`, `+=`, `?`).
    @inline(__always) func isOperator(_ index: Int, _ literal: StaticString) -> Bool {
        index >= 0 && index < code.count && code[index].kind == .operator && self.is(index, literal)
    }

    /// Whether a name-like token (identifier or keyword) stands at `index`.
    @inline(__always) func isWord(_ index: Int) -> Bool {
        index >= 0 && index < code.count && (code[index].kind == .identifier || code[index].kind == .keyword)
    }

    /// The first byte of token `index` (0 when out of range).
    @inline(__always) func firstByte(_ index: Int) -> UInt8 {
        guard index >= 0, index < code.count else { return 0 }
        return file.bytes[code[index].offset]
    }

    /// Whether whitespace (or a comment) separates token `index` from the one before it.
    func spaced(before index: Int) -> Bool {
        guard index > 0, index < code.count else { return true }
        return code[index - 1].end != code[index].offset
    }

    /// Source text of the code tokens in `range` with the whitespace between them dropped
    /// (`self . isOn` → `self.isOn`): how a metavariable's value is compared.
    func compactText(_ range: Range<Int>) -> String {
        let tokens = range.clamped(to: 0..<code.count)
        return code.withUnsafeBufferPointer { code in
            file.bytes.withUnsafeBufferPointer { Token.compactText(code[tokens], in: $0) }
        }
    }
}
