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

binary, root = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2]).resolve()
path = pathlib.Path(sys.argv[3]).resolve() if len(sys.argv) > 3 and sys.argv[3] else sorted(root.rglob("*.swift"))[0]
edits = int(sys.argv[4]) if len(sys.argv) > 4 else 20
# BENCH_LSP_LOG=FILE keeps the server's log (with PATTERNLINT_TIMING=1, the time of each phase).
log = open(os.environ["BENCH_LSP_LOG"], "w") if os.environ.get("BENCH_LSP_LOG") else subprocess.DEVNULL
server = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log)


def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    length = None
    while (line := server.stdout.readline()) != b"\r\n":
        if not line:
            sys.exit("bench: the server ended")
        if line.lower().startswith(b"content-length"):
            length = int(line.split(b":")[1])
    return json.loads(server.stdout.read(length))


def published(uri):
    while True:
        message = receive()
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            return message["params"]["diagnostics"]


def cpu_seconds():
    fields = pathlib.Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
latencies = []
for edit in range(edits):
    text += f"\n// edit {edit}"
    sent = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": {"textDocument": {"uri": uri, "version": edit + 2}, "contentChanges": [{"text": text}]}})
    published(uri)
    latencies.append((time.perf_counter() - sent) * 1000)
edit_cpu = cpu_seconds() - first_cpu
idle_from = cpu_seconds()
time.sleep(3)
idle_cpu = cpu_seconds() - idle_from
peak = next(line for line in pathlib.Path(f"/proc/{server.pid}/status").read_text().splitlines() if line.startswith("VmHWM"))

# Every file open at once: its diagnostics are the findings `patternlint lint` reports for it.
files = sorted(root.rglob("*.swift"))
for number, file in enumerate(files):
    if file != path:
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": file.as_uri(), "languageId": "swift", "version": 1,
                                          "text": file.read_text(errors="replace")}}})
text = path.read_text(errors="replace")
send({"jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": {"textDocument": {"uri": uri, "version": edits + 2}, "contentChanges": [{"text": text}]}})
shown = {}
pending = {file.as_uri() for file in files}
while pending:
    message = receive()
    if message.get("method") == "textDocument/publishDiagnostics":
        shown[message["params"]["uri"]] = sorted((d["code"], d["range"]["start"]["line"] + 1) for d in message["params"]["diagnostics"])
        pending.discard(message["params"]["uri"])
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
receive()
send({"jsonrpc": "2.0", "method": "exit"})
server.wait()

lint_started = time.perf_counter()
lint_cpu_from = os.times()
report = subprocess.run([binary, "lint", "--reporter", "json"], cwd=root, capture_output=True).stdout
lint_ms = (time.perf_counter() - lint_started) * 1000
lint_cpu = sum(getattr(os.times(), f) - getattr(lint_cpu_from, f) for f in ("children_user", "children_system"))
expected = {file.as_uri(): [] for file in files}
for finding in json.loads(report or b"[]"):
    expected.setdefault((root / finding["path"]).as_uri(), []).append((finding["rule"], finding["line"]))
expected = {key: sorted(value) for key, value in expected.items()}
differ = [key for key in expected if shown.get(key, []) != expected[key]]
size = sum(file.stat().st_size for file in files)
median = statistics.median(latencies)
print(f"lsp: {root}: {len(files)} Swift files, {size / 1e6:.1f} MB; edited {path.relative_to(root)} ({len(diagnostics)} diagnostics)")
print(f"  first index to first diagnostics: {first:.0f} ms, CPU {first_cpu * 1000:.0f} ms"
      f" (patternlint lint on the tree: {lint_ms:.0f} ms, CPU {lint_cpu * 1000:.0f} ms): {first / lint_ms:.2f}x")
print(f"  didChange -> publishDiagnostics: median {median:.0f} ms, min {min(latencies):.0f}, max {max(latencies):.0f}"
      f" over {edits} edits; server CPU {edit_cpu * 1000 / edits:.0f} ms an edit")
print(f"  peak memory {peak.split(':')[1].strip()} ({int(peak.split()[1]) * 1024 / size:.1f}x the Swift files);"
      f" CPU while idle for 3 s: {idle_cpu:.2f} s")
print(f"  every file open: {sum(map(len, shown.values()))} diagnostics, {sum(map(len, expected.values()))} findings"
      f" from patternlint lint; {len(differ)} file(s) differ" + (f", e.g. {differ[0]}" if differ else ""))
if differ:
    sys.exit(1)
