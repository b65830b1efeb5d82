"""`scripts/bench lsp`: a running `patternlint lsp` on a tree of Swift files, driven as an editor
drives it (JSON-RPC over stdio): the first index, then didChange of one file to its
publishDiagnostics (the 150 ms typing pause included, and without it), peak memory, and the CPU
it uses while idle. Usage: bench_lsp.py BINARY ROOT [FILE] [EDITS]."""

import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

DEBOUNCE_MS = 150
binary, root = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2]).resolve()
path = pathlib.Path(sys.argv[3]).resolve() if len(sys.argv) > 3 and sys.argv[3] else sorted(root.rglob("*.swift"))[0]
edits = int(sys.argv[4]) if len(sys.argv) > 4 else 20
server = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


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
latencies = []
for edit in range(edits):
    text += f"\n// edit {edit}"
    sent = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": {"textDocument": {"uri": uri, "version": edit + 2}, "contentChanges": [{"text": text}]}})
    published(uri)
    latencies.append((time.perf_counter() - sent) * 1000)
idle_from = cpu_seconds()
time.sleep(2)
idle_cpu = cpu_seconds() - idle_from
peak = next(line for line in pathlib.Path(f"/proc/{server.pid}/status").read_text().splitlines() if line.startswith("VmHWM"))
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
receive()
send({"jsonrpc": "2.0", "method": "exit"})
server.wait()

lint_started = time.perf_counter()
subprocess.run([binary, "lint", "--reporter", "json"], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
lint_ms = (time.perf_counter() - lint_started) * 1000
files = list(root.rglob("*.swift"))
size = sum(file.stat().st_size for file in files)
median = statistics.median(latencies)
print(f"lsp: {root}: {len(files)} Swift files, {size / 1e6:.1f} MB; edited {path.relative_to(root)} ({len(diagnostics)} diagnostics)")
print(f"  first index to first diagnostics: {first:.0f} ms (patternlint lint on the tree: {lint_ms:.0f} ms)")
print(f"  didChange -> publishDiagnostics: median {median:.0f} ms, min {min(latencies):.0f}, max {max(latencies):.0f}"
      f" over {edits} edits; {median - DEBOUNCE_MS:.0f} ms after the {DEBOUNCE_MS} ms typing pause")
print(f"  peak memory {peak.split(':')[1].strip()}; CPU while idle for 2 s: {idle_cpu:.2f} s")
