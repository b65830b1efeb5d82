"""JSON-RPC with `Content-Length` framing to a `patternlint lsp` process, as the bench scripts
drive it (scripts/bench_lsp.py, scripts/bench_lsp_notes.py)."""

import json
import os
import pathlib
import sys


class Wire:
    def __init__(self, server):
        self.server = server

    def send(self, message):
        body = json.dumps(message).encode()
        self.server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.server.stdin.flush()

    def receive(self):
        length = None
        while (line := self.server.stdout.readline()) != b"\r\n":
            if not line:
                sys.exit("bench: the server ended")
            if line.lower().startswith(b"content-length"):
                length = int(line.split(b":")[1])
        return json.loads(self.server.stdout.read(length))

    def published(self, uri):
        """The next diagnostics published for `uri` (other messages are passed over)."""
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def cpu_seconds(self):
        fields = pathlib.Path(f"/proc/{self.server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
