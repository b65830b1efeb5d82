import Foundation
import MCP
import Support

/// Each line read, judged before the SDK sees it, so that what it would answer wrongly is answered
/// here as JSON-RPC 2.0 asks. The SDK answers a line it cannot decode with a parse error under a
/// made-up id (no client waits on it, and the end of input then waits for the request's answer);
/// takes a request whose id is neither a string nor an integer (`1.5`, `true`, `{}`) for a
/// notification and never answers; answers a message without `method` with a parse error, and an
/// empty batch under a made-up id.
enum MessageScreen {
    enum Verdict {
        /// For the SDK: the line, with any number a double cannot hold written as one it can.
        case pass([UInt8])
        /// Not for the SDK: this error is the answer.
        case refuse(Data)
        /// The client's answer to a request of ours that is not well formed: nothing to say to it.
        case ignore
    }

    static func screen(_ line: [UInt8]) -> Verdict {
        let decoder = JSONDecoder()
        var read = line
        var decoded = try? decoder.decode(Value.self, from: Data(read))
        if decoded == nil, let clamped = clampingNumbers(line) {
            read = clamped
            decoded = try? decoder.decode(Value.self, from: Data(read))
        }
        guard let decoded else {
            // The id when the line is a whole object that shows one (a lone surrogate `\udfff`
            // further on is legal JSON text Swift cannot hold); null when there is none to read.
            var whole = TopLevelJSONScanner(bytes: line)
            let id = whole.members(named: []) != nil ? OverlongRequest.requestID(in: line) : nil
            return .refuse(errorAnswer(id: id, code: -32700, message: "Parse error: " + reason(line)))
        }
        // A batch is the SDK's to answer, item by item; an empty one has no item to answer under.
        if decoded == .array([]) {
            return .refuse(errorAnswer(id: nil, code: -32600, message: "Invalid Request: an empty batch"))
        }
        guard case .object(let members) = decoded else { return .pass(read) }
        let isAnswer = members["method"] == nil && (members["result"] != nil || members["error"] != nil)
        func invalid(_ why: String, id: Any?) -> Verdict {
            isAnswer ? .ignore : .refuse(errorAnswer(id: id, code: -32600, message: "Invalid Request: " + why))
        }
        switch members["id"] {
        case nil, .int, .string, .data: break // a string that reads as a data URL is still a string
        default: return invalid("`id` must be a string or an integer", id: nil)
        }
        let id = members["id"] == nil ? nil : OverlongRequest.requestID(in: read)
        guard members["jsonrpc"] == .string("2.0") else { return invalid(#"`jsonrpc` must be "2.0""#, id: id) }
        if isAnswer { return .pass(read) }
        switch members["method"] {
        case .string, .data: return .pass(read)
        case nil: return invalid("no `method`", id: id)
        default: return invalid("`method` must be a string", id: id)
        }
    }

    /// A JSON-RPC error answer; `id` a string, an `Int`, or nil for id null.
    static func errorAnswer(id: Any?, code: Int, message: String) -> Data {
        let answer: [String: Any] = [
            "jsonrpc": "2.0", "id": id ?? NSNull(), "error": ["code": code, "message": message],
        ]
        return (try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])) ?? Data()
    }

    /// Why Foundation cannot read the line, in its words when it has them.
    private static func reason(_ line: [UInt8]) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(line), options: .fragmentsAllowed)
        } catch {
            if let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
                return "the line is not JSON this server reads: \(detail.clipped(to: 200))"
            }
        }
        return "the line is not JSON this server reads"
    }

    /// The line with each number a double cannot hold written as the nearest one it can: past the
    /// largest, the largest, with its sign; nearer 0 than the smallest, 0. The SDK's decoder
    /// refuses a whole message over one such number (`limit: 1e400`), where the tool says which
    /// argument is out of range, as it does for `1e30`. Nil when no number needed it.
    static func clampingNumbers(_ line: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        var changed = false
        var index = 0
        while index < line.count {
            let start = index
            if line[index] == UInt8(ascii: "\"") {
                // A string, escapes and all: digits in it are text.
                index += 1
                while index < line.count, line[index] != UInt8(ascii: "\"") {
                    index += line[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(index + 1, line.count)
                result += line[start..<index]
                continue
            }
            guard line[index] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index])
            else {
                result.append(line[index])
                index += 1
                continue
            }
            while index < line.count, "+-.eE0123456789".utf8.contains(line[index]) { index += 1 }
            let token = line[start..<index]
            let value = Double(String(decoding: token, as: UTF8.self))
            let mantissa = token.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            if let value, value.isInfinite {
                result += Array("\(value < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)".utf8)
                changed = true
            } else if value == 0, mantissa.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) {
                result += Array("0".utf8)
                changed = true
            } else {
                result += token
            }
        }
        return changed ? result : nil
    }
}
