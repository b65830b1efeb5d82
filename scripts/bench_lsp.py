"""`scripts/bench lsp`: a running `patternlint lsp` on a tree of Swift files, driven as an editor
drives it (JSON-RPC over stdio): the first index, then didChange of one file to its
publishDiagnostics (wall and the server's CPU time), peak memory, the CPU it uses while idle, and
every file of the tree opened at once: the diagnostics must be `patternlint lint`'s findings.
Usage: bench_lsp.py BINARY ROOT [FILE] [EDITS]."""

import json
import os
import pathlib
import statistics
import subprocess
import sys
import time
import urllib.parse

from lsp_wire import Wire

binary, root = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2]).resolve()
path = pathlib.Path(sys.argv[3]).resolve() if len(sys.argv) > 3 and sys.argv[3] else sorted(file for file in root.rglob("*.swift") if file.is_file())[0]
edits = int(sys.argv[4]) if len(sys.argv) > 4 else 20
# BENCH_LSP_LOG=FILE keeps the server's log (with PATTERNLINT_TIMING=1, the time of each phase).
log = open(os.environ["BENCH_LSP_LOG"], "w") if os.environ.get("BENCH_LSP_LOG") else subprocess.DEVNULL
server = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log)


wire = Wire(server)
send, receive, published = wire.send, wire.receive, wire.published
cpu_seconds = wire.cpu_seconds


uri, text = path.as_uri(), path.read_text(errors="replace")
started = time.perf_counter()
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": root.as_uri(), "capabilities": {}}})
receive()
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}}})
diagnostics = published(uri)
first = (time.perf_counter() - started) * 1000
first_cpu = cpu_seconds()
version = 1


def edit_series(make):
    """Each edit sent, then timed until its diagnostics come: wall ms, and the server's CPU ms an edit."""
    global version
    latencies = []
    cpu_from = cpu_seconds()
    for edit in range(edits):
        version += 1
        sent = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": make(edit)}]}})
        published(uri)
        latencies.append((time.perf_counter() - sent) * 1000)
    return latencies, (cpu_seconds() - cpu_from) * 1000 / edits


# A comment growing at the end (no fact of the index moves), a word typed into the string literal
# nearest the middle of the file (the text a view shows: the index is kept when no fact it holds
# moves), and edits that move every line (a line break added and taken away at the top: the index
# merged each time).
lines = text.split("\n")
quoted = [number for number, line in enumerate(lines) if '"' in line and not line.lstrip().startswith("//")]
middle = min(quoted, key=lambda number: abs(number - len(lines) // 2)) if quoted else len(lines) // 2
column = lines[middle].index('"') + 1 if quoted else len(lines[middle])


def typed_word(edit):
    line = lines[middle][:column] + "word"[: edit % 4 + 1] + lines[middle][column:]
    return "\n".join(lines[:middle] + [line] + lines[middle + 1:])


latencies, edit_cpu = edit_series(lambda edit: text + "\n// typing" + "x" * edit)
typed, typed_cpu = edit_series(typed_word)
moved, moved_cpu = edit_series(lambda edit: "\n" * (edit % 2 + 1) + text)
time.sleep(1)  # what an edit left to free on another thread is done by now
idle_from = cpu_seconds()
time.sleep(3)
idle_cpu = cpu_seconds() - idle_from
status = pathlib.Path(f"/proc/{server.pid}/status").read_text().splitlines()
peak = next(line for line in status if line.startswith("VmHWM"))
resident = next(line for line in status if line.startswith("VmRSS"))

# Every file open at once: its diagnostics are the findings `patternlint lint` reports for it.
files = sorted(file for file in root.rglob("*.swift") if file.is_file())
for number, file in enumerate(files):
    if file != path:
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": file.as_uri(), "languageId": "swift", "version": 1,
                                          "text": file.read_text(errors="replace")}}})
text = path.read_text(errors="replace")
send({"jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": {"textDocument": {"uri": uri, "version": version + 1}, "contentChanges": [{"text": text}]}})
def file_of(uri):
    """A file URI's path: the server spells the URIs of files it was never sent as Foundation does."""
    return urllib.parse.unquote(urllib.parse.urlparse(uri).path)


shown = {}
pending = {str(file) for file in files}
while pending:
    message = receive()
    if message.get("method") == "textDocument/publishDiagnostics":
        key = file_of(message["params"]["uri"])
        shown[key] = sorted((d["code"], d["range"]["start"]["line"] + 1) for d in message["params"]["diagnostics"])
        pending.discard(key)
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
receive()
send({"jsonrpc": "2.0", "method": "exit"})
server.wait()

lint_started = time.perf_counter()
lint_cpu_from = os.times()
report = subprocess.run([binary, "lint", "--reporter", "json"], cwd=root, capture_output=True).stdout
lint_ms = (time.perf_counter() - lint_started) * 1000
lint_cpu = sum(getattr(os.times(), f) - getattr(lint_cpu_from, f) for f in ("children_user", "children_system"))
expected = {str(file): [] for file in files}
for finding in json.loads(report or b"[]"):
    expected.setdefault(str(root / finding["path"]), []).append((finding["rule"], finding["line"]))
expected = {key: sorted(value) for key, value in expected.items()}
differ = [key for key in expected if shown.get(key, []) != expected[key]]
size = sum(file.stat().st_size for file in files)
median = statistics.median(latencies)
print(f"lsp: {root}: {len(files)} Swift files, {size / 1e6:.1f} MB; edited {path.relative_to(root)} ({len(diagnostics)} diagnostics)")
print(f"  first index to first diagnostics: {first:.0f} ms, CPU {first_cpu * 1000:.0f} ms"
      f" (patternlint lint on the tree: {lint_ms:.0f} ms, CPU {lint_cpu * 1000:.0f} ms): {first / lint_ms:.2f}x")
print(f"  didChange -> publishDiagnostics over {edits} edits each (median, min, max; the server's CPU an edit):")
print(f"    a comment typed at the end: {median:.0f} ms, {min(latencies):.0f}, {max(latencies):.0f}; CPU {edit_cpu:.0f} ms")
print(f"    a word typed in a string:   {statistics.median(typed):.0f} ms, {min(typed):.0f}, {max(typed):.0f};"
      f" CPU {typed_cpu:.0f} ms")
print(f"    every line moved (merged):  {statistics.median(moved):.0f} ms, {min(moved):.0f}, {max(moved):.0f};"
      f" CPU {moved_cpu:.0f} ms")
print(f"  memory: peak {peak.split(':')[1].strip()} ({int(peak.split()[1]) * 1024 / size:.1f}x the Swift files),"
      f" resident when idle {resident.split(':')[1].strip()} ({int(resident.split()[1]) * 1024 / size:.1f}x);"
      f" CPU while idle for 3 s: {idle_cpu:.2f} s")
print(f"  every file open: {sum(map(len, shown.values()))} diagnostics, {sum(map(len, expected.values()))} findings"
      f" from patternlint lint; {len(differ)} file(s) differ" + (f", e.g. {differ[0]}" if differ else ""))
if differ:
    sys.exit(1)
