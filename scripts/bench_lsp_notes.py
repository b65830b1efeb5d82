"""`scripts/bench lsp-notes`: a running `patternlint lsp` on a workspace whose note folder is a
generated vault, driven as an editor drives it: the first note opened to its `notes check`
diagnostics; prose typed into it to the answer of a completion (which reads the graph with the
buffer: kept, as the facts stand); a link added to it to its new diagnostics (the graph made again
and checked). Usage: bench_lsp_notes.py BINARY WORKSPACE [EDITS]."""

import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

from lsp_wire import Wire

binary, root = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2]).resolve()
edits = int(sys.argv[3]) if len(sys.argv) > 3 else 10
note = sorted((root / "notes").rglob("*.md"))[len(list((root / "notes").rglob("*.md"))) // 2]
server = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


wire = Wire(server)
send, receive, published = wire.send, wire.receive, wire.published


uri, text = note.as_uri(), note.read_text()
started = time.perf_counter()
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": root.as_uri(), "capabilities": {}}})
receive()
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
published(uri)
first = (time.perf_counter() - started) * 1000
version = 1


def series(make, wait):
    global version
    latencies = []
    for edit in range(edits):
        version += 1
        sent = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": make(edit)}]}})
        wait()
        latencies.append((time.perf_counter() - sent) * 1000)
    return latencies


def outline():
    """The note's outline: answered from the graph with the buffer (a small answer)."""
    send({"jsonrpc": "2.0", "id": 100 + version, "method": "textDocument/documentSymbol",
          "params": {"textDocument": {"uri": uri}}})
    while receive().get("id") != 100 + version:
        pass


# Prose keeps the diagnostics as they are (nothing is published), so its edits wait for an outline;
# each link added on a new line is a new broken link, so those wait for the diagnostics.
prose = series(lambda edit: text + "\nSee" + " and then" * (edit + 1), outline)
links = series(lambda edit: text + "\n" + "".join(f"[[Missing {n}]]\n" for n in range(edit + 1)), lambda: published(uri))
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
receive()
send({"jsonrpc": "2.0", "method": "exit"})
server.wait()
count = len(list((root / "notes").rglob("*.md")))
print(f"lsp notes: {root}: {count} notes; edited {note.relative_to(root)}")
print(f"  first note opened to its diagnostics: {first:.0f} ms")
print(f"  prose typed, didChange -> outline answered:    median {statistics.median(prose):.0f} ms"
      f" (min {min(prose):.0f}, max {max(prose):.0f})")
print(f"  a link added, didChange -> publishDiagnostics: median {statistics.median(links):.0f} ms"
      f" (min {min(links):.0f}, max {max(links):.0f})")
