import SwiftLexer

/// The tokens of a stored property's initial value as written on its declaration's line:
/// `@ObservedObject var model = Model()` gives `Model ( )`. Nil when the property has none there
/// (a value continued on the next line is not read: the rules asking want a whole shape).
enum PropertyInitialValue {
    static func tokens(of property: PropertyDecl, in s: Structure) -> Range<Int>? {
        guard property.hasInitialValue, property.body == nil else { return nil }
        let line = s.code[property.nameToken].line
        var j = property.nameToken + 1
        var equals: Int?
        while j < s.code.count, s.code[j].line == line {
            if s.closing[j] >= 0 {
                j = Int(s.closing[j]) + 1
                continue
            }
            if s.code[j].kind == .operator, s.is(j, "=") {
                equals = j
                break
            }
            j += 1
        }
        guard let equals else { return nil }
        var end = equals + 1
        while end < s.code.count, s.code[end].line == line {
            if s.punct(end, UInt8(ascii: ";")) || s.punct(end, UInt8(ascii: "}")) { break }
            if s.closing[end] >= 0 {
                // A bracket that closes on a later line: the value goes on past this line.
                guard s.code[Int(s.closing[end])].line == line else { return nil }
                end = Int(s.closing[end]) + 1
                continue
            }
            end += 1
        }
        // `= Model()` then `.environment…` on the next line would continue the expression.
        if end < s.code.count, s.punct(end, UInt8(ascii: ".")) || s.code[end].kind == .operator { return nil }
        return equals + 1 < end ? equals + 1..<end : nil
    }
}
