"""Runs `patternlint mcp` under the official Python MCP SDK's stdio client and checks every
tool, a resource, a live note edit, malformed arguments, an out-of-workspace path, symbolic
links out of the workspace and a configured note folder outside it; and what an assistant needs
from the answers: instructions and tool annotations, names not found answered with the closest,
build_context in pages within max_chars, fixes as edits, read_note's front matter; and, over a
raw pipe, every request answered when stdin closes at once; the write tools (refused while writes
are off; with --allow-writes each one, and writes that would leave the note folders refused).
usage: python mcp_check.py PATTERNLINT WORKSPACE   (scripts/mcp-check sets both up)"""
import asyncio
import json
import os
import subprocess
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
try:  # the SDK renamed it in 2.x
    from mcp.shared.exceptions import McpError
except ImportError:
    from mcp.shared.exceptions import MCPError as McpError

binary, workspace = sys.argv[1], sys.argv[2]
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def text(result):
    return "".join(part.text for part in result.content if getattr(part, "text", None))


def field(thing, *names):
    """An attribute by the first of its names that the SDK has (2.x renamed them to snake case)."""
    for name in names:
        if hasattr(thing, name):
            return getattr(thing, name)
    return None


def is_error(result):
    return bool(getattr(result, "isError", None) or getattr(result, "is_error", None))


def apply_by_offset(source, edits):
    """The edits applied by byte offset and length, last first."""
    data = source.encode("utf-8")
    for edit in sorted(edits, key=lambda e: e["offset"], reverse=True):
        data = data[:edit["offset"]] + edit["replacement"].encode("utf-8") + data[edit["offset"] + edit["length"]:]
    return data.decode("utf-8")


def apply_by_line(source, edits):
    """The edits applied by start and end (1-based line, column in characters), last first."""
    starts = [0] + [index + 1 for index, char in enumerate(source) if char == "\n"]
    def place(point):
        return starts[point["line"] - 1] + point["column"] - 1
    for edit in sorted(edits, key=lambda e: place(e["start"]), reverse=True):
        source = source[:place(edit["start"])] + edit["replacement"] + source[place(edit["end"]):]
    return source


def answers_after_input_ends(count):
    """The ids answered when `count` requests are written and stdin closed at once."""
    lines = "".join(json.dumps({"jsonrpc": "2.0", "id": n, "method": "tools/call",
                                "params": {"name": "check_notes" if n % 2 else "lint", "arguments": {}}}) + "\n"
                    for n in range(1, count + 1))
    done = subprocess.run([binary, "mcp"], cwd=workspace, input=lines, capture_output=True, text=True, timeout=300)
    return sorted(json.loads(line).get("id") for line in done.stdout.splitlines() if line.strip())


async def main():
    params = StdioServerParameters(command=binary, args=["mcp"], cwd=workspace, env={**os.environ, "NO_COLOR": "1"})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            info = await session.initialize()
            server = getattr(info, "serverInfo", None) or getattr(info, "server_info", None)
            check(server is not None and server.name == "patternlint", "initialize names the server")
            instructions = getattr(info, "instructions", None) or ""
            check(all(tool in instructions for tool in ("search_notes", "read_note", "lint_snippet", "lint")),
                  f"initialize sends instructions naming the tools ({instructions[:60]}...)")
            listed = (await session.list_tools()).tools
            tools = {tool.name for tool in listed}
            readers = {"search_notes", "read_note", "build_context", "list_rules", "explain_rule", "lint",
                       "lint_snippet", "check_notes", "recent_activity"}
            writers = {"write_note", "edit_note", "move_note"}
            check(tools == readers | writers, f"lists the twelve tools ({sorted(tools)})")
            def hints(tool):
                marks = tool.annotations
                return (bool(marks and marks.title), field(marks, "readOnlyHint", "read_only_hint"),
                        field(marks, "idempotentHint", "idempotent_hint"), field(marks, "openWorldHint", "open_world_hint"))
            hinted = [tool.name for tool in listed if hints(tool) == (True, True, True, False)]
            check(sorted(hinted) == sorted(readers),
                  f"every reading tool has a title and reads only, in a closed world ({sorted(readers - set(hinted))} lack it)")
            marked = [tool.name for tool in listed if hints(tool) == (True, False, False, False)
                      and field(tool.annotations, "destructiveHint", "destructive_hint") is True]
            check(sorted(marked) == sorted(writers), f"the writing tools are marked as writing ({sorted(marked)})")
            refused = await session.call_tool("write_note", {"title": "Learned", "content": "Something."})
            check(is_error(refused) and "writes are off" in text(refused) and "mcp: { writes: true }" in text(refused)
                  and not os.path.exists(os.path.join(workspace, "notes", "learned.md")),
                  f"a write is refused while the workspace does not allow writes ({text(refused)[:80]})")

            hits = json.loads(text(await session.call_tool("search_notes", {"query": "navigation stack"})))
            check(any(hit["title"] == "NavigationStack Essentials" for hit in hits), "search_notes finds a built-in note")
            tagged = json.loads(text(await session.call_tool("search_notes", {"query": "checkout", "tag": "team"})))
            check([hit["title"] for hit in tagged] == ["Checkout Flow"], "search_notes filters by tag")

            note = json.loads(text(await session.call_tool("read_note", {"name": "Checkout Flow"})))
            check("Dual Initializer Pattern" in [link["resolved"] for link in note["links_out"]],
                  "read_note gives links out, resolved")
            check(note["observations"] and note["observations"][0]["category"] == "rule", "read_note gives observations")
            check(any(r["type"] == "implements" for r in note["relations"]), "read_note gives relations")
            matter = note["front_matter"]
            check(matter.get("title") == "Checkout Flow" and matter.get("permalink") == "team/checkout-flow"
                  and matter.get("tags") == ["team", "payments"], f"read_note gives the front matter it read ({matter})")
            check(note["markdown"].startswith("# Checkout Flow"),
                  f"read_note gives the markdown without leading blank lines ({note['markdown'][:20]!r})")
            dual = json.loads(text(await session.call_tool("read_note", {"name": "Dual Initializer Pattern"})))
            check("Checkout Flow" in [b["title"] for b in dual["backlinks"]], "read_note gives backlinks")

            context = json.loads(text(await session.call_tool("build_context", {"name": "Checkout Flow", "depth": 1})))
            check(context["root"]["title"] == "Checkout Flow"
                  and "Dual Initializer Pattern" in [n["title"] for n in context["related"]],
                  "build_context follows links")

            whole = json.loads(text(await session.call_tool(
                "build_context", {"name": "Checkout Flow", "depth": 2, "max_chars": 1000000})))
            everything = [n["title"] for n in whole["related"]]
            first = text(await session.call_tool("build_context", {"name": "Checkout Flow", "depth": 2}))
            check(len(first) <= 20000, f"build_context keeps to 20,000 characters by default ({len(first)})")
            paged, cursor, sizes, said = [], None, [], ""
            for _ in range(len(everything) + 2):
                arguments = {"name": "Checkout Flow", "depth": 2, "max_chars": 2000}
                if cursor is not None:
                    arguments["cursor"] = cursor
                answer = text(await session.call_tool("build_context", arguments))
                sizes.append(len(answer))
                page = json.loads(answer)
                paged += [n["title"] for n in page["related"]]
                said = said or page.get("cut", "")
                cursor = page["next_cursor"]
                if cursor is None:
                    break
            check(paged == everything and len(sizes) > 1 and max(sizes) <= 2000 and "cursor" in said,
                  f"build_context pages within max_chars, says what it cut, and the pages hold every related note "
                  f"once ({len(sizes)} pages of {sizes} characters: {said[:50]})")

            rules = json.loads(text(await session.call_tool("list_rules", {})))
            check(any(rule["id"] == "constant-binding" for rule in rules), "list_rules lists the rules")
            explained = json.loads(text(await session.call_tool("explain_rule", {"id": "constant-binding"})))
            check("## Triggering" in explained["rule"] and explained["note"], "explain_rule gives the rule and its note")

            linted = json.loads(text(await session.call_tool("lint", {"paths": ["Sources"]})))
            found = [(f["rule"], f["path"], f["line"]) for f in linted["findings"]]
            check(("constant-binding", "Sources/Help.swift", 3) in found, f"lint finds the frozen sheet ({found})")
            check(not any(path.startswith("Sources/Linked") for _, path, _ in found)
                  and any("Sources/Linked: leads outside" in problem for problem in linted["problems"]),
                  f"lint skips a symbolic link out of the workspace and says so ({linted['problems']})")
            check(linted["findings"][0]["note"]["permalink"] != "", "lint findings carry their note")

            counter = json.loads(text(await session.call_tool("lint", {"paths": ["Sources/Counter.swift"]})))
            fixes = [f["fix"] for f in counter["findings"] if f["rule"] == "state-not-private"]
            with open(os.path.join(workspace, "Sources", "Counter.swift"), encoding="utf-8") as handle:
                source = handle.read()
            check(len(fixes) == 1 and fixes[0]["applicability"] == "safe"
                  and "@State private var count" in apply_by_offset(source, fixes[0]["edits"])
                  and apply_by_offset(source, fixes[0]["edits"]) == apply_by_line(source, fixes[0]["edits"]),
                  f"lint findings carry their fix as edits, by offset and by line and column ({fixes})")

            snippet = json.loads(text(await session.call_tool("lint_snippet", {
                "path": "Sources/Home.swift",
                "source": "import SwiftUI\nstruct Home: View {\n    var body: some View { Pager(page: .constant(0)) }\n}\n"})))
            check([f["rule"] for f in snippet["findings"]] == ["constant-binding"]
                  and all(f["path"] == "Sources/Home.swift" for f in snippet["findings"]),
                  "lint_snippet lints with the tree as context (Pager writes its binding)")

            three = "import SwiftUI\nstruct Many: View {\n    var body: some View {\n" + "".join(
                f"        Text(\"{i}\").sheet(isPresented: .constant(true)) {{ Text(\"x\") }}\n" for i in range(3)) + "    }\n}\n"
            capped = json.loads(text(await session.call_tool("lint_snippet", {
                "path": "Sources/Many.swift", "source": three, "limit": 2})))
            check(len(capped["findings"]) == 2 and capped["omitted"] == 1,
                  f"lint_snippet gives at most `limit` findings and counts the rest ({len(capped['findings'])}, {capped.get('omitted')})")

            problems = json.loads(text(await session.call_tool("check_notes", {})))
            check(any(p["code"] == "broken-link" for p in problems), "check_notes reports the broken link")
            check(any(p["code"] == "example-drift" for p in problems),
                  "check_notes reports an example marked good that a rule flags, as notes check does")
            quiet = json.loads(text(await session.call_tool("check_notes", {"examples": False, "orphans": False})))
            check(not any(p["code"] in ("example-drift", "orphan") for p in quiet),
                  "check_notes leaves out examples and orphans when asked")

            resources = (await session.list_resources()).resources
            uris = [str(r.uri) for r in resources]
            check("note://team/checkout-flow" in uris, "every note is a resource")
            body = (await session.read_resource("note://team/checkout-flow")).contents[0].text
            check("# Checkout Flow" in body, "a note resource reads as markdown")
            try:  # the SDK's argument for a page changed between versions
                from mcp.types import PaginatedRequestParams
                listing = session.list_resources(params=PaginatedRequestParams(cursor="not-a-cursor"))
            except (ImportError, TypeError):
                listing = session.list_resources(cursor="not-a-cursor")
            try:
                await listing
                check(False, "a cursor the server did not give is an error")
            except McpError as error:
                check("cursor" in str(error), f"a cursor the server did not give is an error ({str(error)[:60]})")

            # An edit, an added and a removed note are seen without a restart.
            path = os.path.join(workspace, "notes", "checkout-flow.md")
            with open(path, "a") as handle:
                handle.write("\nRefunds go through [[Refund Policy]].\n")
            with open(os.path.join(workspace, "notes", "refund-policy.md"), "w") as handle:
                handle.write("---\ntitle: Refund Policy\ntags: [team]\n---\n# Refund Policy\nWithin 30 days.\n")
            await asyncio.sleep(1.1)
            note = json.loads(text(await session.call_tool("read_note", {"name": "Checkout Flow"})))
            check("Refund Policy" in [link["resolved"] for link in note["links_out"]], "an edited and an added note are seen")
            os.remove(os.path.join(workspace, "notes", "refund-policy.md"))
            await asyncio.sleep(1.1)
            hits = json.loads(text(await session.call_tool("search_notes", {"query": "refund"})))
            check(all(hit["title"] != "Refund Policy" for hit in hits), "a removed note is gone")

            # On Linux the server is told of changes (inotify), so they show at once, in new folders too;
            # elsewhere it looks at the files at most twice a second.
            settle = 0 if sys.platform.startswith("linux") else 1.1
            os.makedirs(os.path.join(workspace, "notes", "later"))
            with open(os.path.join(workspace, "notes", "later", "late.md"), "w") as handle:
                handle.write("# Late Arrival\nCame in a new folder.\n")
            await asyncio.sleep(settle)
            # Every word, as search now ranks any word's notes too (other notes say "late").
            hits = json.loads(
                text(await session.call_tool("search_notes", {"query": "late arrival", "all_words": True})))
            check([hit["title"] for hit in hits][:1] == ["Late Arrival"], "a note in a new folder is seen at once")
            with open(os.path.join(workspace, "notes", "later", "late.md"), "a") as handle:
                handle.write("Zebras welcome.\n")
            await asyncio.sleep(settle)
            hits = json.loads(text(await session.call_tool("search_notes", {"query": "zebras"})))
            check([hit["title"] for hit in hits] == ["Late Arrival"], "an edit in the new folder is seen at once")

            config = os.path.join(workspace, ".patternlint.yml")
            with open(config) as handle:
                good = handle.read()
            with open(config, "w") as handle:
                handle.write("notes: [notes\n")
            await asyncio.sleep(settle)
            for attempt in ("a call", "the next call"):
                try:
                    result = await session.call_tool("search_notes", {"query": "checkout"})
                    said, failed = text(result), is_error(result)
                except McpError as error:
                    said, failed = "a JSON-RPC error: " + str(error), False
                check(failed and ".patternlint.yml" in said,
                      f"after the configuration breaks, {attempt} is the tool's error naming it ({said[:70]})")
            with open(config, "w") as handle:
                handle.write(good)
            await asyncio.sleep(settle)
            hits = json.loads(text(await session.call_tool("search_notes", {"query": "checkout", "tag": "team"})))
            check([hit["title"] for hit in hits] == ["Checkout Flow"], "once it is fixed, calls answer again")

            for name, arguments, what in [
                ("read_note", {}, "a missing argument"),
                ("read_note", {"name": 42}, "a wrong type"),
                ("build_context", {"name": "Checkout Flow", "depth": 99}, "an out-of-range depth"),
                ("explain_rule", {"id": "no-such-rule"}, "an unknown rule"),
                ("lint", {"paths": ["/etc"]}, "a path outside the workspace"),
                ("lint_snippet", {"path": "../../x.swift", "source": "let x = 1"}, "a snippet path outside the workspace"),
                ("check_notes", {"examples": "yes"}, "a flag that is not a boolean"),
                ("lint", {"limit": 0}, "a finding limit out of range"),
                ("no_such_tool", {}, "an unknown tool"),
            ]:
                try:
                    result = await session.call_tool(name, arguments)
                    failed = getattr(result, "isError", None) or getattr(result, "is_error", None)
                    check(bool(failed), f"{what} is an error ({text(result)[:80]})")
                except McpError as error:
                    check(True, f"{what} is a JSON-RPC error ({str(error)[:80]})")
            check(len(json.loads(text(await session.call_tool("list_rules", {})))) > 0, "the server still answers")

            # A name or path not found is the tool's error naming the closest, for the model to correct itself.
            for name, arguments, closest in [
                ("read_note", {"name": "Checkout Flw"}, "Checkout Flow"),
                ("build_context", {"name": "Checkout Flw"}, "Checkout Flow"),
                ("explain_rule", {"id": "constant-bindng"}, "constant-binding"),
                ("lint", {"paths": ["Sorces"]}, "Sources"),
                ("lint", {"paths": ["Sources/Hlp.swift"]}, "Sources/Help.swift"),
            ]:
                result = await session.call_tool(name, arguments)
                check(is_error(result) and "closest: " + closest in text(result),
                      f"{name} {arguments} is the tool's error naming {closest} ({text(result)[:80]})")
            for arguments, what in [({"name": "Checkout Flow", "max_chars": 10}, "`max_chars`"),
                                    ({"name": "Checkout Flow", "cursor": "bogus"}, "cursor")]:
                result = await session.call_tool("build_context", arguments)
                check(is_error(result) and what in text(result), f"build_context {arguments} is the tool's error")

            # Bad arguments are the tool's own error (isError), which the model reads; a number too
            # large for an integer once killed the server.
            for name, arguments, what in [
                ("search_notes", {"query": "checkout", "limit": 1e30}, "a limit too large for an integer"),
                ("build_context", {"name": "Checkout Flow", "depth": 1.5}, "a depth that is not whole"),
                ("lint", {"paths": ["out_link"]}, "a path leading out of the workspace through a symbolic link"),
                ("lint", {"paths": ["out_link/Secret.swift"]}, "a file reached through a symbolic link out"),
            ]:
                result = await session.call_tool(name, arguments)
                check(is_error(result), f"{what} is the tool's error ({text(result)[:80]})")
            hits = json.loads(text(await session.call_tool("search_notes", {"query": "TOPSECRET"})))
            outside = await session.call_tool("read_note", {"name": "Outside Secret"})
            check(hits == [] and is_error(outside) and "TOPSECRET" not in text(outside),
                  "a configured note folder outside the workspace is not read")
            check(len(json.loads(text(await session.call_tool("list_rules", {})))) > 0, "and the server answers on")

    # Clients start servers in a folder of their own: --workspace alone must find the configuration.
    elsewhere = StdioServerParameters(command=binary, args=["mcp", "--workspace", workspace], cwd="/",
                                      env={**os.environ, "NO_COLOR": "1"})
    async with stdio_client(elsewhere) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tagged = json.loads(text(await session.call_tool("search_notes", {"query": "checkout", "tag": "team"})))
            check([hit["title"] for hit in tagged] == ["Checkout Flow"],
                  "started elsewhere with --workspace, it reads that workspace's configuration and notes")
            linted = json.loads(text(await session.call_tool("lint", {})))
            check(any(f["path"] == "Sources/Help.swift" for f in linted["findings"]),
                  "and lints its configured tree, paths relative to the workspace")

    await check_writes()


async def check_writes():
    """The write tools with --allow-writes: each writes inside the note folders and the next call
    sees it; what would leave them is refused."""
    params = StdioServerParameters(command=binary, args=["mcp", "--allow-writes"], cwd=workspace,
                                   env={**os.environ, "NO_COLOR": "1"})
    notes = os.path.join(workspace, "notes")
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            made = await session.call_tool("write_note", {
                "title": "Sheet Lessons", "folder": "notes/team", "tags": ["team/ios", "lessons"],
                "content": "# Sheet Lessons\n\nSee [[Checkout Flow]].\n\n## Findings\n\n- first\n"})
            answer = json.loads(text(made)) if not is_error(made) else {}
            written = os.path.join(notes, "team", "sheet-lessons.md")
            check(answer.get("created") is True and answer.get("permalink") == "team/sheet-lessons"
                  and os.path.exists(written), f"write_note writes a note into a note folder ({text(made)[:90]})")
            with open(written, encoding="utf-8") as handle:
                first = handle.read()
            check(first.startswith("---\ntitle: Sheet Lessons\n") and "tags: [team/ios, lessons]" in first,
                  "with front matter in the catalogue's form")
            hits = json.loads(text(await session.call_tool("search_notes", {"query": "sheet lessons", "tag": "team"})))
            check([hit["title"] for hit in hits][:1] == ["Sheet Lessons"], "the search index sees it at once (nested tag too)")
            again = await session.call_tool("write_note", {"title": "Sheet Lessons", "content": "Other."})
            check(is_error(again) and "replace: true" in text(again), "the same title again is refused without replace")
            replaced = await session.call_tool("write_note", {
                "title": "Sheet Lessons", "content": "# Sheet Lessons\n\nSee [[Checkout Flow]].\n\n## Findings\n\n- first\n",
                "tags": ["team/ios"], "replace": True})
            check(not is_error(replaced) and json.loads(text(replaced))["created"] is False, "and replaced with it")

            for operation, arguments, expect in [
                ("append", {"content": "Appended line."}, lambda t: t.rstrip().endswith("Appended line.")),
                ("prepend", {"content": "> Summary first."}, lambda t: "---\n> Summary first.\n" in t),
                ("replace_section", {"section": "Findings", "content": "- second\n- third"},
                 lambda t: "## Findings\n- second\n- third\n" in t and "- first" not in t),
                ("find_replace", {"find": "- third", "content": "- third, checked", "expected_replacements": 1},
                 lambda t: "- third, checked" in t),
            ]:
                result = await session.call_tool("edit_note", {"name": "Sheet Lessons", "operation": operation, **arguments})
                with open(written, encoding="utf-8") as handle:
                    now = handle.read()
                check(not is_error(result) and expect(now), f"edit_note {operation} ({text(result)[:70]})")
            miscount = await session.call_tool("edit_note", {
                "name": "Sheet Lessons", "operation": "find_replace", "find": "- ", "content": "* ", "expected_replacements": 1})
            check(is_error(miscount) and "occurs 2 times" in text(miscount), f"find_replace with another count is refused ({text(miscount)[:80]})")

            dry = json.loads(text(await session.call_tool("move_note", {"name": "Checkout Flow", "title": "Payment Flow", "dry_run": True})))
            check("+See [[Payment Flow]]." in dry["diff"] and os.path.exists(os.path.join(notes, "checkout-flow.md")),
                  "move_note dry_run answers the diff and writes nothing")
            moved = await session.call_tool("move_note", {"name": "Checkout Flow", "title": "Payment Flow", "folder": "notes/team"})
            answer = json.loads(text(moved)) if not is_error(moved) else {}
            with open(written, encoding="utf-8") as handle:
                lessons = handle.read()
            check(answer.get("to") == "notes/team/payment-flow.md" and "See [[Payment Flow]]." in lessons
                  and not os.path.exists(os.path.join(notes, "checkout-flow.md")),
                  f"move_note renames and moves a note and rewrites the links to it ({text(moved)[:100]})")
            read = json.loads(text(await session.call_tool("read_note", {"name": "Payment Flow"})))
            check("Sheet Lessons" in [b["title"] for b in read["backlinks"]], "the graph sees the move at once")

            recent = json.loads(text(await session.call_tool("recent_activity", {"days": 1})))
            titles = [n["title"] for n in recent["notes"]]
            check("Sheet Lessons" in titles and "Payment Flow" in titles and "Dual Initializer Pattern" not in titles,
                  f"recent_activity lists the notes changed lately, files only ({titles[:4]})")
            future = json.loads(text(await session.call_tool("recent_activity", {"since": "2999-01-01"})))
            check(future["notes"] == [], "and none changed after a time to come")

            for name, arguments, what in [
                ("write_note", {"title": "Escape", "content": "x", "folder": "Sources"}, "a folder that is no note folder"),
                ("write_note", {"title": "Escape", "content": "x", "folder": "../outside/notes"}, "a folder outside the workspace"),
                ("write_note", {"title": "Escape", "content": "x", "folder": "notes/../../outside"}, "`..` out of the note folders"),
                ("write_note", {"title": "Escape", "content": "x", "folder": "out_link/notes"}, "a symbolic link out of the workspace"),
                ("edit_note", {"name": "Dual Initializer Pattern", "operation": "append", "content": "x"}, "a built-in note"),
                ("move_note", {"name": "Payment Flow", "folder": "Sources"}, "a move out of the note folders"),
                ("edit_note", {"name": "Sheet Lessons", "operation": "replace_section", "section": "Nope", "content": "x"}, "a heading not there"),
            ]:
                result = await session.call_tool(name, arguments)
                check(is_error(result), f"{what} is refused ({text(result)[:90]})")
            check(not any(name.startswith("escape") for name in os.listdir(os.path.join(os.path.dirname(workspace), "outside", "notes")))
                  and not os.path.exists(os.path.join(workspace, "Sources", "escape.md")), "and nothing was written there")


asyncio.run(main())
answered = answers_after_input_ends(20)
check(answered == list(range(1, 21)), f"20 requests written and stdin closed: every one is answered ({answered})")
print(f"mcp-check: {'ok' if not failures else str(len(failures)) + ' failed'}")
sys.exit(1 if failures else 0)
