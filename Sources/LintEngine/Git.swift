import Dispatch
import Foundation
import Support
import SwiftUIModel
import ProjectSettings

/// The few git queries the pre-commit and PR modes need. Nothing here writes to the working
/// tree or the index.
public enum Git {
    /// Runs git; a non-zero exit throws a problem carrying git's own message.
    @discardableResult
    public static func run(_ arguments: [String], input: Data? = nil, in folder: String? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = Pipe(), errors = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do {
            try process.run()
        } catch {
            throw LintProblem("cannot run git: \(error.localizedDescription)")
        }
        if let input {
            // Written from another thread: git may fill its output pipe before reading all input.
            DispatchQueue.global().async {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        // stderr is drained on another thread so neither pipe can fill up and stall git.
        let errorBox = ConcurrentSlots<Data>(count: 1)
        let errorReader = DispatchQueue(label: "git-stderr")
        errorReader.async { errorBox[0] = errors.fileHandleForReading.readDataToEndOfFile() }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorReader.sync {}
        let errorData = errorBox[0] ?? Data()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw LintProblem(
                "git \(arguments.first ?? ""): \(message.isEmpty ? "exit \(process.terminationStatus)" : message)")
        }
        return data
    }

    /// Staged `.swift` files (added, copied, modified, renamed), relative to the current folder.
    public static func stagedSwiftFiles(in folder: String? = nil) throws -> [String] {
        let data = try run(
            ["diff", "--cached", "--name-only", "--diff-filter=ACMR", "--relative", "-z", "--", "*.swift"], in: folder)
        return paths(data)
    }

    /// Every path the commit being made changes, relative to the current folder: added, changed,
    /// deleted, and both sides of a rename (a note deleted or moved breaks the links to it).
    public static func stagedPaths(in folder: String? = nil) throws -> [String] {
        let data = try run(["diff", "--cached", "--name-only", "--no-renames", "--relative", "-z"], in: folder)
        return paths(data)
    }

    /// The paths git printed with `-z` (NUL after each).
    private static func paths(_ data: Data) -> [String] {
        data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { !$0.isEmpty }
    }

    /// The staged (index) content of each path, read in one `git cat-file --batch`.
    public static func stagedContents(_ paths: [String], in folder: String? = nil) throws -> [String: [UInt8]] {
        guard !paths.isEmpty else { return [:] }
        let request = paths.map { ":./\($0)\n" }.joined()
        let data = [UInt8](try run(["cat-file", "--batch"], input: Data(request.utf8), in: folder))
        var contents: [String: [UInt8]] = [:]
        var index = 0
        for path in paths {
            guard let newline = data[index...].firstIndex(of: 0x0A) else {
                throw LintProblem("git cat-file: output ended early at \(path)")
            }
            let header = String(decoding: data[index..<newline], as: UTF8.self)
            index = newline + 1
            let parts = header.split(separator: " ")
            guard parts.count == 3, parts[1] == "blob", let size = Int(parts[2]) else {
                throw LintProblem("\(path): not in the index (\(header))")
            }
            contents[path] = Array(data[index..<index + size])
            index += size + 1
        }
        return contents
    }

    /// Lines added or changed since `revision` in each file, relative to the current folder;
    /// untracked files count as wholly changed (`nil`).
    public static func changedLines(since revision: String, in folder: String? = nil) throws -> [String: Set<Int>?] {
        do {
            _ = try run(["rev-parse", "--is-inside-work-tree"], in: folder)
        } catch {
            // Outside a repository (or without git) a revision means nothing: say which.
            let message = "\(error)"
            throw LintProblem(
                message.contains("not a git repository")
                    ? "not a git repository (\(folder ?? "the current folder") is in none)" : message)
        }
        do {
            _ = try run(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: folder)
        } catch {
            throw LintProblem("unknown revision `\(revision)`")
        }
        let diff = String(
            decoding: try run(
                ["diff", "--unified=0", "--no-color", "--no-ext-diff", "--relative", revision, "--"], in: folder),
            as: UTF8.self)
        var result: [String: Set<Int>?] = [:]
        var current: String?
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                let target = diffPath(line.dropFirst(4))
                current = target == "/dev/null" ? nil : target.hasPrefix("b/") ? String(target.dropFirst(2)) : target
                if let current, result[current] == nil { result[current] = Set<Int>() }
            } else if line.hasPrefix("@@"), let current,
                let plus = line.split(separator: " ").first(where: { $0.hasPrefix("+") })
            {
                let numbers = plus.dropFirst().split(separator: ",")
                guard let start = Int(numbers[0]) else { continue }
                let count = numbers.count > 1 ? Int(numbers[1]) ?? 1 : 1
                if count > 0 {
                    var lines = result[current].flatMap { $0 } ?? Set<Int>()
                    lines.formUnion(start..<start + count)
                    result[current] = lines
                }
            }
        }
        let untracked = try run(["ls-files", "--others", "--exclude-standard", "-z"], in: folder)
        for path in paths(untracked) {
            result[path] = .some(nil)
        }
        return result
    }

    /// A path on a `+++` line as git writes it: C-quoted (`"b/caf\\303\\251.swift"`) when it holds a
    /// quote, backslash, control or non-ASCII byte, and followed by a tab when it holds a space.
    /// Read raw, such paths matched no file, so `--changed-since` dropped their findings.
    static func diffPath(_ text: Substring) -> String {
        guard text.hasPrefix("\""), text.count >= 2 else {
            return String(text.hasSuffix("\t") ? text.dropLast() : text)
        }
        var bytes: [UInt8] = []
        var index = text.utf8.index(after: text.utf8.startIndex)
        let utf8 = text.utf8
        while index < utf8.endIndex, utf8[index] != UInt8(ascii: "\"") {
            var byte = utf8[index]
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\\"), index < utf8.endIndex {
                let escape = utf8[index]
                index = utf8.index(after: index)
                switch escape {
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(escape - UInt8(ascii: "0"))
                    for _ in 0..<2
                    where index < utf8.endIndex && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(utf8[index]) {
                        value = value * 8 + Int(utf8[index] - UInt8(ascii: "0"))
                        index = utf8.index(after: index)
                    }
                    byte = UInt8(truncatingIfNeeded: value)
                case UInt8(ascii: "t"): byte = 0x09
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "r"): byte = 0x0D
                case UInt8(ascii: "a"): byte = 0x07
                case UInt8(ascii: "b"): byte = 0x08
                case UInt8(ascii: "f"): byte = 0x0C
                case UInt8(ascii: "v"): byte = 0x0B
                default: byte = escape // \\ and \"
                }
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where git looks for the pre-commit hook (honours worktrees and `core.hooksPath`).
    public static func preCommitHookPath() throws -> String {
        let path = String(decoding: try run(["rev-parse", "--git-path", "hooks/pre-commit"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return path
    }
}

/// Path comparison that does not care about `./` or relative versus absolute spelling.
public enum PathKey {
    public static func of(_ path: String) -> String {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        // The path's own storage when it is already the key: an editor keeps every file's path
        // and key, and the set of them, for the whole session.
        return key == path ? path : key
    }
}
