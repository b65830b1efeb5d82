"""Mutated vaults through every notes command (see scripts/fuzz-notes).
usage: python3 fuzz_notes.py PATTERNLINT ROUNDS SEED FOLDER..."""
import glob
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

binary, rounds, seed, folders = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
sources = sorted(f for folder in folders for f in glob.glob(os.path.join(folder, "**", "*.md"), recursive=True))
rng = random.Random(seed)
pieces = [b"[[", b"]]", b"![[", b"---\n", b"\n---\n", b"#", b"- [x] ", b"](", b"`", b"```", b"\r", b"\x00",
          b"\xff\xfe", b"> ", b"  - ", b"|", b"[^", b"<!--", b"&", b"\t", b"\\", b"[a]: ", b"#tag ",
          b"- relates_to [[", b"title: ", b"aliases: [", b"&a [*a, *a]", b"\xe2\x80", b"*", b"_"]


def mutate(data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 12)):
        choice, at = rng.random(), rng.randint(0, len(data))
        if choice < 0.4:
            data[at:at] = rng.choice(pieces) * rng.randint(1, 50)
        elif choice < 0.6 and data:
            del data[at:at + rng.randint(1, 200)]
        elif choice < 0.8 and data:
            data[min(at, len(data) - 1)] = rng.randint(0, 255)
        else:
            data = data[:at]
    return bytes(data)


work = tempfile.mkdtemp(prefix="fuzz-notes-")
bad = 0
started = time.time()
for round_number in range(rounds):
    vault = os.path.join(work, f"v{round_number}")
    os.makedirs(vault)
    for index in range(40):
        with open(rng.choice(sources), "rb") as source, open(os.path.join(vault, f"n{index}.md"), "wb") as out:
            out.write(mutate(source.read()))
    for command in [["notes", "list"], ["notes", "check"], ["notes", "graph", "--format", "json"],
                    ["notes", "export", "--html", vault + "-site"], ["notes", "show", "n3.md"],
                    ["notes", "search", "the", "a"]]:
        began = time.time()
        try:
            code = subprocess.run([binary] + command + ["--no-builtin-notes", "--notes", vault],
                                  capture_output=True, timeout=30).returncode
        except subprocess.TimeoutExpired:
            code = "hang"
        took = time.time() - began
        if code == "hang" or code < 0 or code >= 128 or took > 5:
            bad += 1
            print(f"fuzz-notes: round {round_number}, {' '.join(command)}: exit {code}, {took:.1f} s; vault kept in {vault}")
            break
    else:
        shutil.rmtree(vault)
    shutil.rmtree(vault + "-site", ignore_errors=True)
print(f"fuzz-notes: {rounds} vaults of 40 notes from {len(sources)} files, seed {seed}, "
      f"{time.time() - started:.0f} s: {bad} crashed, hung or took over 5 s")
sys.exit(1 if bad else 0)
