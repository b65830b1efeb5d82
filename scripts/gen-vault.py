#!/usr/bin/env python3
"""Generates a benchmark vault: N notes of 2-4 KB with front matter, code, tables, 3-8 wiki links.
With a third argument L (`--links` density), each note instead carries about L wiki links, written
as Basic Memory writes them: `## Observations` (`- [category] text #tag`) and `## Relations`
(`- relation_type [[Target]]`), plus links in the prose.
usage: gen-vault.py OUT [COUNT=10000] [LINKS]"""
import os, random, sys

out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000
dense = int(sys.argv[3]) if len(sys.argv) > 3 else 0
rng = random.Random(42)
words = "navigation stack binding state view router path destination sheet modal list detail split column".split()
os.makedirs(out, exist_ok=True)
for i in range(count):
    folder = os.path.join(out, f"area{i % 20}")
    os.makedirs(folder, exist_ok=True)
    parts = [f"---\ntitle: Note {i}\ntype: pattern\ntags: [{rng.choice(words)}, {rng.choice(words)}]\naliases: [Alias {i}]\n---\n\n# Note {i}\n"]
    links = rng.randint(3, 8)
    size = rng.randint(2000, 4000)
    body = []
    while sum(map(len, body)) < size:
        kind = rng.random()
        if kind < 0.15:
            body.append("```swift\nstruct V%d: View {\n    var body: some View { Text(\"[[not a link]]\") }\n}\n```\n" % rng.randint(0, 999))
        elif kind < 0.25:
            body.append("| key | value |\n|---|---|\n| a | `b` |\n| c | d |\n")
        elif kind < 0.35:
            body.append("## " + " ".join(rng.choice(words) for _ in range(3)).title() + "\n")
        else:
            body.append(" ".join(rng.choice(words) for _ in range(40)) + ".\n")
    if dense:
        # A third of the links in the prose, the rest as relations; observations beside them.
        for _ in range(dense // 3):
            pos = rng.randrange(len(body))
            body.insert(pos, f"See [[Note {rng.randrange(count)}]] for the {rng.choice(words)} case.\n")
        body.append("## Observations\n")
        for _ in range(rng.randint(4, 8)):
            body.append(f"- [{rng.choice(['rule', 'fact', 'question', 'tip'])}] {rng.choice(words)} {rng.choice(words)} #{rng.choice(words)}\n")
        body.append("## Relations\n")
        for _ in range(dense - dense // 3):
            kind = rng.choice(["relates_to", "implements", "extends", "part_of", "depends_on"])
            body.append(f"- {kind} [[Note {rng.randrange(count)}]]\n")
    else:
        for _ in range(links):
            target = rng.randrange(count)
            pos = rng.randrange(len(body))
            body.insert(pos, f"- relates_to [[Note {target}]] - reason {rng.randint(0, 9)}\n")
    parts.append("\n".join(body))
    with open(os.path.join(folder, f"note-{i}.md"), "w") as f:
        f.write("\n".join(parts))
