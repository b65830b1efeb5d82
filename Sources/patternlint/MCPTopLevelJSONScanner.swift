import Foundation

/// Just enough of a JSON reader to find members at the top level of a message: it steps over the
/// values before them without decoding them (a request line can hold megabytes of source).
struct TopLevelJSONScanner {
    let bytes: [UInt8]
    var index = 0

    mutating func requestID() -> Any? {
        guard take(UInt8(ascii: "{")) else { return nil }
        while let key = string() {
            guard take(UInt8(ascii: ":")) else { return nil }
            if decoded(key) as? String == "id" { return idValue() }
            guard skipValue(), take(UInt8(ascii: ",")) else { return nil }
        }
        return nil
    }

    /// The raw values of the named members of the JSON object the bytes hold, or nil when they
    /// hold no whole object (a batch, a fragment, a line cut short).
    mutating func members(named names: Set<String>) -> [String: ArraySlice<UInt8>]? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var found: [String: ArraySlice<UInt8>] = [:]
        if take(UInt8(ascii: "}")) { return found }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
            skipSpaces()
            let start = index
            guard skipValue() else { return nil }
            if let name = decoded(key) as? String, names.contains(name) { found[name] = bytes[start..<index] }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { return nil }
        skipSpaces()
        return index == bytes.count ? found : nil
    }

    /// Whether the next byte, past spaces, is `byte`; it is taken if so.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpaces()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// A string token, quotes and escapes as written, or nil when there is none or it is cut off.
    mutating func string() -> ArraySlice<UInt8>? {
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return bytes[start..<index]
            default: index += 1
            }
        }
        return nil
    }

    /// A string, or a number that is a whole `Int`; nil for anything else.
    mutating func idValue() -> Any? {
        skipSpaces()
        if let token = string() { return decoded(token) as? String }
        let start = index
        while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil } // the number may go on past what was read
        return Int(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Steps over one value: a string, an object or array with all they hold, or a literal.
    mutating func skipValue() -> Bool {
        skipSpaces()
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "\"") { return string() != nil }
        guard bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
            while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            return index < bytes.count
        }
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard string() != nil else { return false }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    return true
                }
            default: break
            }
            index += 1
        }
        return false
    }

    func decoded(_ token: ArraySlice<UInt8>) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(token), options: .fragmentsAllowed)
    }
}
