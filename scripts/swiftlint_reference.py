#!/usr/bin/env python3
"""An independent reading of a .swiftlint.yml's custom rules, to check `import-swiftlint` against.

SwiftLint cannot be built here (SourceKit and its dependencies are not in the package mirror), so
this reimplements the part of its custom-rule semantics that needs no SourceKit: the regex over the
whole file (Python's `re` with the options SwiftLint gives NSRegularExpression: anchors match
at line ends, `.` matches a line end), the configuration's top-level included/excluded, the
rule's own included/excluded path regexes (searched in the absolute path), and the disable commands
`swiftlint:disable`, `enable`, `:next`, `:this`, `:previous` for the rule's id or `all`.

Kinds (`match_kinds` / `excluded_match_kinds`) come from a small scanner of its own: comments,
string literals (with `#` delimiters and triple quotes), keywords, numbers, attributes and other
words as identifiers; a match is kept as SwiftLint keeps it (no kind outside `match_kinds`, none
of `excluded_match_kinds`). Rules naming any other kind (typeidentifier, a doc comment's parts…)
are listed as not checked. Prints JSON: {rule_id: {"checked": bool, "all": [[path, line]...], "kept": [...]}}.

Usage: swiftlint_reference.py APP_DIR
"""
import fnmatch
import json
import os
import re
import sys

import yaml

COMMAND = re.compile(r"swiftlint:(disable|enable)(:next|:this|:previous)?((?:\s+[\w.]+)+)")


KEYWORDS = set("""associatedtype class deinit enum extension fileprivate func import init inout internal let
open operator private precedencegroup protocol public rethrows static struct subscript typealias var break case
catch continue default defer do else fallthrough for guard if in repeat return throw switch where while as Any
false is nil self Self super throws true try await async some any""".split())
CHECKABLE = {"identifier", "comment", "string", "keyword", "number", "attribute.builtin", "attribute.id"}


def classify(text):
    """Per character: 'c' comment, 's' string literal, ' ' code."""
    marks = bytearray(b" " * len(text))
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            marks[i:end] = b"c" * (end - i)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            marks[i:j] = b"c" * (j - i)
            i = j
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:i + 20])):
            hashes = len(text[i:]) - len(text[i:].lstrip("#"))
            start = i
            i += hashes
            triple = text.startswith('"""', i)
            close = ('"""' if triple else '"') + "#" * hashes
            i += 3 if triple else 1
            while i < n:
                if hashes == 0 and text[i] == "\\":
                    i += 2
                    continue
                if text.startswith(close, i):
                    i += len(close)
                    break
                if not triple and text[i] == "\n":
                    break
                i += 1
            marks[start:i] = b"s" * (i - start)
        else:
            i += 1
    return marks


def kinds_in(text, marks, start, end):
    kinds = set()
    if b"c" in marks[start:end]:
        kinds.add("comment")
    if b"s" in marks[start:end]:
        kinds.add("string")
    code = "".join(ch if marks[k] == 32 else " " for k, ch in enumerate(text[start:end], start))
    # A word cut by the match's edge is still that word's kind.
    left = start
    while left > 0 and marks[left - 1] == 32 and (text[left - 1].isalnum() or text[left - 1] == "_"):
        left -= 1
    for word in re.finditer(r"[@#]?[A-Za-z_0-9]+", text[left:start] + code):
        token = word.group(0)
        if token[0] in "@#":
            kinds.add("attribute.builtin")
        elif token[0].isdigit():
            kinds.add("number")
        elif token in KEYWORDS:
            kinds.add("keyword")
        else:
            kinds.add("identifier")
    return kinds


def scoped(regex):
    """ICU takes `(?-s)` anywhere as turning a flag off from there on; Python only as `(?-s:...)`."""
    leading = re.match(r"\(\?([a-z]*-[a-z]+)\)", regex)
    return f"(?{leading.group(1)}:{regex[leading.end():]})" if leading else regex


def find_config(root):
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        if ".swiftlint.yml" in files:
            return os.path.join(folder, ".swiftlint.yml")
    return None


def as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def path_matches(rel, pattern):
    pattern = pattern.rstrip("/")
    if any(c in pattern for c in "*?["):
        return fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(rel, pattern + "/*")
    return rel == pattern or rel.startswith(pattern + "/")


def swift_files(base, config):
    included = as_list(config.get("included"))
    excluded = as_list(config.get("excluded"))
    for folder, dirs, files in os.walk(base):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, base)
            if included and not any(path_matches(rel, p) for p in included):
                continue
            if any(path_matches(rel, p) for p in excluded):
                continue
            yield path, rel


def disabled_lines(text, rule_id):
    """Lines on which rule_id is disabled, from SwiftLint's commands (line granularity)."""
    lines = text.split("\n")
    off = set()
    region_from = None
    for number, line in enumerate(lines, start=1):
        for match in COMMAND.finditer(line):
            action, modifier, ids = match.group(1), match.group(2), match.group(3).split()
            if rule_id not in ids and "all" not in ids:
                continue
            if modifier is None:
                if action == "disable" and region_from is None:
                    region_from = number
                elif action == "enable" and region_from is not None:
                    off.update(range(region_from, number + 1))
                    region_from = None
            elif action == "disable":
                target = {":next": number + 1, ":this": number, ":previous": number - 1}[modifier]
                off.add(target)
    if region_from is not None:
        off.update(range(region_from, len(lines) + 1))
    return off


def load(path, depth=8):
    """The configuration with its local parent_config / child_config merged in (a URL is skipped)."""
    with open(path, encoding="utf-8") as handle:
        config = yaml.safe_load(handle) or {}
    rules = {}
    for key in ("parent_config", "child_config"):
        other = config.get(key)
        if not isinstance(other, str) or other.startswith(("http://", "https://")) or depth <= 1:
            continue
        merged = load(os.path.join(os.path.dirname(path), other), depth - 1)
        if key == "parent_config":
            rules = {**(merged.get("custom_rules") or {}), **rules}
            # The file's own paths, or else its parent's (as the importer reads them).
            if not config.get("included") and not config.get("excluded"):
                for paths in ("included", "excluded"):
                    if merged.get(paths):
                        config[paths] = merged[paths]
        else:
            config["custom_rules"] = {**(config.get("custom_rules") or {}), **(merged.get("custom_rules") or {})}
    config["custom_rules"] = {**rules, **(config.get("custom_rules") or {})}
    return config


def main():
    root = os.path.abspath(sys.argv[1])
    config_path = find_config(root)
    if config_path is None:
        print(json.dumps({}))
        return
    config = load(config_path)
    base = os.path.dirname(config_path)
    rules = config.get("custom_rules") or {}
    files = list(swift_files(base, config))
    result = {}
    for rule_id, rule in rules.items():
        rule = rule or {}
        match_kinds = set(as_list(rule.get("match_kinds")))
        excluded_kinds = set(as_list(rule.get("excluded_match_kinds")))
        if not (match_kinds | excluded_kinds) <= CHECKABLE or "regex" not in rule:
            result[rule_id] = {"checked": False, "all": [], "kept": []}
            continue
        pattern = re.compile(scoped(rule["regex"]), re.M | re.S)
        included = [re.compile(p) for p in as_list(rule.get("included"))]
        excluded = [re.compile(p) for p in as_list(rule.get("excluded"))]
        found, kept = [], []
        for path, rel in files:
            if included and not any(p.search(path) for p in included):
                continue
            if any(p.search(path) for p in excluded):
                continue
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
            off = None
            marks = classify(text) if match_kinds or excluded_kinds else None
            for match in pattern.finditer(text):
                if marks is not None:
                    kinds = kinds_in(text, marks, match.start(), match.end())
                    if match_kinds and not kinds <= match_kinds:
                        continue
                    if kinds & excluded_kinds:
                        continue
                line = text.count("\n", 0, match.start()) + 1
                found.append([rel, line])
                if off is None:
                    off = disabled_lines(text, rule_id)
                if line not in off:
                    kept.append([rel, line])
        result[rule_id] = {"checked": True, "all": found, "kept": kept}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
