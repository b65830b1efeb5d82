#!/usr/bin/env python3
"""Obsidian's link rules, written independently of PatternLint, to measure its graph against.

    scripts/obsidian-links.py VAULT [GRAPH.json]

Reads every note under VAULT (hidden folders left out, as Obsidian leaves them out) and resolves
each internal link as Obsidian's help vault documents it ("Internal links", "Aliases"):

- a link names a file by its path from the vault root, `.md` optional, or by its name (or a
  trailing part of its path) when that is unique enough: the file in the linking note's folder,
  else the one with the shortest path (fewest folders). Case is ignored. `./` and `../` are read
  from the linking note's folder. Two files at the same shortest depth, neither beside the note,
  are counted as ambiguous here (Obsidian picks one; no rule says which), unless only one is
  spelt in the link's case.
- aliases, `title:` and Publish `permalink:` properties never resolve a link: an alias is a
  suggestion that inserts `[[Note|alias]]`.
- `[[#Heading]]` leads to the note itself; `[[Note#H1#H2]]` to Note.
- links are not read in front matter, fenced or inline code, `%%comments%%`, or when escaped
  (`\\[\\[`); markdown links `[text](Some%20note.md)` are URL-decoded; URLs are not links.
- the text inside `[[…]]` is taken literally: `[[A *B*]]` names a file called `A *B*`.

Prints the counts; with GRAPH.json (`patternlint notes graph --format json --no-builtin-notes
--notes VAULT`), compares the note-to-note edges (as multisets of source → target) and prints
precision, recall, and the links each side calls broken or ambiguous.
"""

import collections
import json
import os
import re
import sys
import urllib.parse


def notes_under(root):
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.lower().endswith(".md") and not name.startswith("."):
                found.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return found


FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def body_text(text):
    """The text links are read from: front matter, fenced code and comments blanked."""
    lines = text.split("\n")
    if lines and lines[0].lstrip("\ufeff").rstrip() == "---":
        for end in range(1, len(lines)):
            if lines[end].rstrip() in ("---", "..."):
                for i in range(end + 1):
                    lines[i] = ""
                break
    fence = None
    for i, line in enumerate(lines):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)
            lines[i] = ""
        elif fence is not None:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) \
                    and line.strip() == match.group(1):
                fence = None
            lines[i] = ""
    text = "\n".join(lines)
    text = re.sub(r"%%.*?%%", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    # Code spans: a run of backticks up to the next run of the same length, within a paragraph.
    text = re.sub(r"(`+)((?:(?!\n[ \t>]*\n).)+?)(?<!`)\1(?!`)",
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return text


WIKI = re.compile(r"(?<!\\)!?\[\[([^\[\]\n]+?)\]\]")
MARKDOWN = re.compile(r"(?<![\\\]])!?\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\(\s*(<[^>\n]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+\"[^\"\n]*\")?\s*\)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def links_in(text):
    """Each internal link's target (without heading, block or display text), as written."""
    body = body_text(text)
    targets = []
    for match in WIKI.finditer(body):
        inner = match.group(1)
        # In a table the bar is written `\|`.
        inner = inner.split("|", 1)[0]
        if inner.endswith("\\"):
            inner = inner[:-1]
        targets.append(inner.split("#", 1)[0].strip())
    without_wiki = WIKI.sub(lambda m: " " * len(m.group(0)), body)
    for match in MARKDOWN.finditer(without_wiki):
        dest = match.group(1)
        if dest.startswith("<"):
            dest = dest[1:-1]
        if SCHEME.match(dest) or dest.startswith("//"):
            continue
        dest = urllib.parse.unquote(dest.split("#", 1)[0]).strip()
        if not dest and "#" not in match.group(1):
            continue
        targets.append(dest)
    return targets


def normalized(path):
    parts = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
            continue
        parts.append(part)
    return "/".join(parts)


class Vault:
    def __init__(self, paths):
        self.paths = paths
        self.by_path = collections.defaultdict(list)
        self.by_name = collections.defaultdict(list)
        for path in paths:
            key = path[:-3].lower()
            self.by_path[key].append(path)
            self.by_name[key.rsplit("/", 1)[-1]].append(path)

    def resolve(self, target, source):
        """The note a link leads to, "unresolved", "ambiguous", or None for a file that is not a note."""
        found = self.resolve_note(target, source)
        # `[[Figure 1.png]]`: a file with its extension (a dot inside a note's name, `v1.2`, is kept).
        if found == "unresolved" and re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", target) \
                and not target.lower().endswith(".md"):
            return None
        return found

    def resolve_note(self, target, source):
        if target == "":
            return source
        folder = source.rsplit("/", 1)[0] if "/" in source else ""
        if target.startswith("./") or target.startswith("../"):
            target = normalized((folder + "/" if folder else "") + target)
        target = target.lstrip("/")
        lowered = target.lower()
        key = lowered[:-3] if lowered.endswith(".md") else lowered
        if not key:
            return "unresolved"
        exact = self.by_path.get(key, [])
        if len(exact) == 1:
            return exact[0]
        if len(exact) > 1:
            spelt = [p for p in exact if p[:-3] == (target[:-3] if lowered.endswith(".md") else target)]
            return spelt[0] if len(spelt) == 1 else "ambiguous"
        name = key.rsplit("/", 1)[-1]
        candidates = [p for p in self.by_name.get(name, []) if p[:-3].lower().endswith("/" + key)]
        if not candidates:
            return "unresolved"
        beside = [p for p in candidates if p[:-3].lower() == (folder.lower() + "/" + key)]
        if len(beside) == 1:
            return beside[0]
        depth = min(p.count("/") for p in candidates)
        nearest = [p for p in candidates if p.count("/") == depth]
        if len(nearest) > 1:
            # Told apart by case only: the one spelt as the link spells it.
            spelt = target[:-3] if lowered.endswith(".md") else target
            nearest = [p for p in nearest if p[:-3] == spelt or p[:-3].endswith("/" + spelt)] or nearest
        return nearest[0] if len(nearest) == 1 else "ambiguous"


def reference(root):
    paths = notes_under(root)
    vault = Vault(paths)
    edges = collections.Counter()
    broken = collections.Counter()
    ambiguous = collections.Counter()
    for source in paths:
        with open(os.path.join(root, source), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for target in links_in(text):
            found = vault.resolve(target, source)
            if found is None:
                continue
            if found == "unresolved":
                broken[(source, target)] += 1
            elif found == "ambiguous":
                ambiguous[(source, target)] += 1
            else:
                edges[(source, found)] += 1
    return paths, edges, broken, ambiguous


def tool_edges(graph_path, root):
    with open(graph_path, encoding="utf-8") as f:
        graph = json.load(f)
    prefix = os.path.abspath(root).rstrip("/") + "/"

    def relative(path):
        path = os.path.abspath(path)
        return path[len(prefix):] if path.startswith(prefix) else path

    edges = collections.Counter()
    status = collections.Counter()
    for link in graph["links"]:
        status[link["status"]] += 1
        if link["status"] == "resolved" and link.get("target"):
            edges[(relative(link["source"]), relative(link["target"]))] += 1
    return edges, status


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    paths, edges, broken, ambiguous = reference(root)
    print(f"reference: {len(paths)} notes, {sum(edges.values())} edges, "
          f"{sum(broken.values())} unresolved, {sum(ambiguous.values())} ambiguous")
    if len(sys.argv) < 3:
        return
    found, status = tool_edges(sys.argv[2], root)
    common = sum((edges & found).values())
    precision = common / max(1, sum(found.values()))
    recall = common / max(1, sum(edges.values()))
    print(f"tool: {sum(found.values())} edges; links by status: {dict(sorted(status.items()))}")
    print(f"precision {precision:.4f} recall {recall:.4f} ({common} edges agree)")
    if "-v" in sys.argv:
        for (source, target), count in sorted((found - edges).items())[:40]:
            print(f"  tool only: {source} -> {target} x{count}")
        for (source, target), count in sorted((edges - found).items())[:40]:
            print(f"  reference only: {source} -> {target} x{count}")


if __name__ == "__main__":
    main()
