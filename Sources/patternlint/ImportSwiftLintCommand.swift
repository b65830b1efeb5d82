import ArgumentParser
import Foundation
import BuiltinRules
import LintEngine
import SwiftLintImport
import Reporters
import Support
import SwiftUIModel

/// `patternlint import-swiftlint PATH --to DIR`: a `.swiftlint.yml`'s `custom_rules` as rule
/// files in DIR, each citing a stub note in DIR/notes.
struct ImportSwiftLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-swiftlint",
        abstract: "Turn a .swiftlint.yml's custom_rules into rule files and stub pattern notes.",
        discussion: """
            Writes DIR/<id>.md for each rule (ids with hyphens) and DIR/notes/<id>.md, a stub note \
            with the rule's name, message and regex for the team to fill in. A regex that is only \
            literal text becomes `text:`; any other keeps SwiftLint's semantics through `regex:` \
            (match_kinds, excluded_match_kinds, capture_group, included/excluded as path regexes). \
            The configuration's top-level included/excluded become each rule's paths/excluded_paths \
            (globs from the .swiftlint.yml's folder), and each rule keeps its SwiftLint id \
            (`swiftlint_id:`), so the team's `// swiftlint:disable` comments silence it. \
            A local `parent_config` / `child_config` is merged in as SwiftLint merges it; one given \
            as a URL is named, not fetched (download it and import it too). \
            Rules SwiftLint itself refuses are named and left out. Files already in DIR that differ \
            are kept unless --overwrite. Then add `rules: [DIR]` and `notes: [DIR/notes]` to \
            .patternlint.yml. Exit 2 when the configuration cannot be read.
            """)

    @Argument(help: "A .swiftlint.yml, or a folder holding one.") var path: String
    @Option(help: ArgumentHelp("Folder for the rule files (created if missing).", valueName: "dir")) var to: String
    @Flag(help: "Replace rule and note files already in DIR that differ.") var overwrite = false
    @Flag(help: "Print what was imported as JSON.") var json = false

    func run() throws {
        var source = path
        if FolderListing.isFolder(source) == true {
            source = (source as NSString).appendingPathComponent(".swiftlint.yml")
        }
        let configuration: SwiftLintConfiguration
        do {
            configuration = try SwiftLintConfigReader.readMerged(path: source)
        } catch {
            throw CLIFailure(message: "\(error)")
        }
        let builtin = Set(BuiltinRules.byID.keys)
        let importer = SwiftLintImporter(
            rules: configuration.rules, sourcePath: source, taken: builtin, paths: configuration.paths)
        var written = 0, unchanged = 0
        var kept: [String] = []
        // Every file lands in DIR by real path, through no link: a checkout decides what DIR holds.
        let folder: ContainedFolder
        do { folder = try ContainedFolder(to, create: true) } catch { throw CLIFailure(message: "\(error)") }
        // Every place is checked before anything is written: a link out of DIR writes nothing.
        var planned: [(target: String, text: [UInt8], existing: [UInt8]?)] = []
        for rule in importer.imported {
            for (file, text) in [(rule.ruleFile, rule.ruleText), (rule.noteFile, rule.noteText)] {
                let target = (to as NSString).appendingPathComponent(file)
                do {
                    _ = try folder.locate(target)
                    planned.append(
                        (target, Array(text.utf8), FolderListing.exists(target) ? try folder.read(target) : nil))
                } catch {
                    throw CLIFailure(message: "\(error); nothing written")
                }
            }
        }
        for (target, text, existing) in planned {
            if let existing {
                if existing == text {
                    unchanged += 1
                    continue
                }
                if !overwrite {
                    kept.append(target)
                    continue
                }
            }
            do {
                try folder.write(text, to: target, expected: existing)
                written += 1
            } catch {
                throw CLIFailure(message: "\(error)")
            }
        }
        if json {
            let objects: [[String: Any]] =
                importer.imported.map {
                    ["swiftlint": $0.key, "id": $0.id, "form": $0.form.rawValue, "notes": $0.notes]
                }
                + importer.skipped.map { ["swiftlint": $0.key, "skipped": $0.reason] }
                + (importer.paths.isEmpty || importer.imported.isEmpty
                    ? [] : [["included": importer.paths.included, "excluded": importer.paths.excluded]])
                + configuration.merged.map { ["merged": $0] }
                + configuration.unread.map { ["unread": $0.value, "key": $0.key, "reason": $0.reason] }
            let data = try JSONSerialization.data(
                withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            Terminal.write(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            Terminal.write(
                report(
                    importer, configuration: configuration, source: source, written: written, unchanged: unchanged,
                    kept: kept))
        }
    }

    func report(
        _ importer: SwiftLintImporter, configuration: SwiftLintConfiguration, source: String, written: Int,
        unchanged: Int, kept: [String]
    ) -> String {
        var out = "\(source): \(Terminal.plural(importer.imported.count + importer.skipped.count, "custom rule"))\n"
        for file in configuration.merged { out += "  merged in: \(file)\n" }
        for entry in configuration.unread { out += "  \(entry.key) \(entry.value): not read: \(entry.reason)\n" }
        let width = importer.imported.map(\.id.count).max() ?? 10
        for rule in importer.imported {
            out +=
                "  " + rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + rule.form.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0) + "  "
                + (rule.key == rule.id ? "" : "(\(rule.key)) ") + rule.notes.joined(separator: "; ") + "\n"
        }
        for skipped in importer.skipped { out += "  \(skipped.key): not imported: \(skipped.reason)\n" }
        if !importer.paths.isEmpty, !importer.imported.isEmpty {
            func list(_ globs: [String]) -> String { globs.isEmpty ? "none" : globs.joined(separator: ", ") }
            out += "The configuration's included (\(list(importer.paths.included))) and excluded"
            out += " (\(list(importer.paths.excluded))) are kept as each rule's paths / excluded_paths, from the"
            out += " folder of the .swiftlint.yml: put .patternlint.yml there, or adjust them.\n"
        }
        out += "Imported \(Terminal.plural(importer.imported.count, "rule")): \(importer.textCount) as literal text, "
        out += "\(importer.regexCount) through regex; \(importer.skipped.count) not imported.\n"
        out += "Wrote \(Terminal.plural(written, "file")) to \(to) (\(unchanged) unchanged)"
        out +=
            kept.isEmpty
            ? ".\n" : "; kept \(kept.count) that differ (--overwrite replaces them): \(kept.joined(separator: ", ")).\n"
        out += "Each rule is marked `examples: todo` until it has examples; each note is a stub to fill in.\n"
        out +=
            "In .patternlint.yml:\n  rules: [\(to)]\n  notes: [\((to as NSString).appendingPathComponent("notes"))]\n"
        return out
    }
}
