import BuiltinRules
import LintEngine
import Reporters
import Support
import SwiftUIModel
import Notes

/// Each note's path key (the absolute, standardised path documents are known by), worked out once
/// per session and looked up after: `PathKey.of` builds a Foundation URL, which asks the file
/// system, so a look-up by scanning would cost a file-system call per note.
struct NoteKeys {
    private var indexByKey: [String: Int] = [:]
    private var keyByPath: [String: String] = [:]

    init(_ notes: [Note]) {
        for (index, note) in notes.enumerated() { add(path: note.path, key: PathKey.of(note.path), index: index) }
    }

    mutating func add(path: String, key: String, index: Int) {
        keyByPath[path] = key
        if indexByKey[key] == nil { indexByKey[key] = index }
    }

    /// The note known by this key.
    func index(of key: String) -> Int? { indexByKey[key] }

    /// A note's (or any file's) path as a key: looked up when it is a note's.
    func key(ofPath path: String) -> String { keyByPath[path] ?? PathKey.of(path) }
}
