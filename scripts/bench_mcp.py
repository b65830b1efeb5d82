"""Times MCP `search_notes` calls against `patternlint mcp`, speaking JSON-RPC over stdio directly
(no SDK, so the client adds nothing measurable). Prints each query's median and worst time.
usage: python3 bench_mcp.py PATTERNLINT NOTES_DIR [ROUNDS=20]"""
import json
import os
import statistics
import subprocess
import sys
import time

binary, notes = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 20
queries = ["navigation", "navigation stack", "nav", "sheet modal detail", "note 4242", "alias 17",
           "relates", "s", "router path destination column", "nothing-like-this"]

launched = time.perf_counter()
# The notes are the workspace: the server reads no notes outside its workspace.
server = subprocess.Popen([binary, "mcp", "--workspace", notes, "--notes", "."], cwd=notes,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "NO_COLOR": "1"})
next_id = 0


def call(method, params=None, notify=False):
    global next_id
    message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    if not notify:
        next_id += 1
        message["id"] = next_id
    server.stdin.write((json.dumps(message) + "\n").encode())
    server.stdin.flush()
    if notify:
        return None
    while True:
        answer = json.loads(server.stdout.readline())
        if answer.get("id") == next_id:
            if "error" in answer:
                raise SystemExit(f"bench: {method}: {answer['error']}")
            return answer["result"]


call("initialize", {"protocolVersion": "2025-03-26", "capabilities": {},
                    "clientInfo": {"name": "bench", "version": "1"}})
call("notifications/initialized", notify=True)
print(f"search_notes on {notes}: {rounds} calls a query")
print(f"  start-up (graph loaded and indexed before the first answer): {time.perf_counter() - launched:.2f} s")
worst_median = 0.0
for query in queries:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        result = call("tools/call", {"name": "search_notes", "arguments": {"query": query}})
        times.append((time.perf_counter() - started) * 1000)
    hits = len(json.loads(result["content"][0]["text"]))
    median = statistics.median(times)
    worst_median = max(worst_median, median)
    print(f"  {query!r:34} {hits:2} hits  median {median:6.1f} ms  worst {max(times):6.1f} ms")
print(f"  slowest query's median: {worst_median:.1f} ms (target <= 20 ms)")
server.stdin.close()
server.wait(timeout=10)
